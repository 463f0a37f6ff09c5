import { useTranslation, EmptyState, ErrorState, LoadingState, Skeleton, Spinner } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { Row, Section } from './Section';

const retry = () => {};

/** Spinner, LoadingState, Skeleton, EmptyState and ErrorState (default texts and the widget's own). */
export function FeedbackSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Section title={t('feedback.title')}>
      <Row title={t('feedback.spinners')}>
        <Spinner size="small" />
        <Spinner />
        <Spinner size="large" />
      </Row>
      <Row title={t('states.loading')}>
        <LoadingState />
        <LoadingState label={t('feedback.loadingOffers')} />
      </Row>
      <Row title={t('feedback.skeleton')}>
        <Skeleton width={40} height={40} shape="circle" />
        <span className="cw-catalogue-stack">
          <Skeleton width={240} height={16} shape="text" />
          <Skeleton width={160} height={16} shape="text" />
        </span>
        <Skeleton width={200} height={96} />
      </Row>
      <Row title={t('states.empty')}>
        <EmptyState />
        <EmptyState framed title={t('feedback.emptyCustom')}>
          {t('feedback.emptyCustomBody')}
        </EmptyState>
      </Row>
      <Row title={t('states.error')}>
        <ErrorState />
        <ErrorState onRetry={retry} />
      </Row>
    </Section>
  );
}
