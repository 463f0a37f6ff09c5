import { useEffect, useId } from 'react';
import {
  Card,
  EmptyState,
  ErrorState,
  Link,
  Skeleton,
  Tabs,
  Tag,
  VisuallyHidden,
  domId,
  navigate,
  selectBoot,
  seoTitleFor,
  setPageTitle,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useTranslation,
  type Tone,
} from '@careers/shared';
import type { AssignedForm, FormAssignmentStatus, FormsCentreTab, FormsCentreTabId } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { useFormsListQuery } from '../endpoints';
import { CENTRE_TABS, centreHref, tabOf } from '../paths';
import { formatDate } from './dates';

const statusTones: Record<FormAssignmentStatus, Tone> = {
  open: 'info',
  in_progress: 'warning',
  completed: 'success',
};

/** How many skeleton rows stand in for the list while it loads. */
const SKELETON_ROWS = 2;

/**
 * The forms centre (`/careers/forms/center`, page `documentCenter`, `forms_list`;
 * docs/product/apply-and-drafts.md#forms-centre): the forms the employer assigned to the candidate, by tab (open and in
 * progress; completed) with their counts, each opening its form view. A failed list is logged only
 * (docs/product/apply-and-drafts.md#forms-centre): the candidate sees a calm message with a retry.
 */
export function FormsCentrePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { searchParams } = useLocation();
  const domain = useEmployerDomain();
  const hl = i18n.language;
  const tab = tabOf(searchParams);
  const headingId = domId('cw-centre-title-', useId());
  const list = useFormsListQuery({ tab, domain, hl });
  const boot = useAppSelector(selectBoot);

  const seoTitle = seoTitleFor(boot?.pcsxConfig, 'documentCenter');
  const company = boot?.pcsxConfig.branding?.companyName ?? null;
  const heading = t('centre.heading');
  // The page title's order (docs/product/shell.md#page-title): the page's SEO title, else "Careers at {company}" (the
  // heading names the page on it).
  useEffect(() => {
    setPageTitle({ seoTitle, company });
  }, [seoTitle, company]);

  // Form center errors are logged only: the candidate gets a calm message and a retry.
  const { error } = list;
  useEffect(() => {
    if (error) console.error('[careers] forms centre: the forms list could not be loaded', error);
  }, [error]);

  // The tabs stay while another tab loads (the last answer's); its list is only the current tab's.
  const tabs: readonly FormsCentreTab[] =
    list.data?.tabs ?? CENTRE_TABS.map((id) => ({ id, label: t(`centre.tabs.${id}`), count: -1 }));
  const forms = list.currentData?.forms;

  const select = (next: FormsCentreTabId) => navigate(centreHref(searchParams, next), { replace: true });

  let body;
  if (forms) {
    body =
      forms.length === 0 ? (
        <EmptyState framed title={t(`centre.empty.${tab}`)}>
          {t(`centre.emptyBody.${tab}`)}
        </EmptyState>
      ) : (
        <ul className="cw-centre__list" aria-label={tabs.find((item) => item.id === tab)?.label}>
          {forms.map((form) => (
            <li key={form.id}>
              <AssignedFormCard form={form} />
            </li>
          ))}
        </ul>
      );
  } else if (error && !list.isFetching) {
    body = (
      <ErrorState message={t('centre.loadError')} onRetry={() => void list.refetch()} retryLabel={t('centre.retry')}>
        {t('centre.loadErrorBody')}
      </ErrorState>
    );
  } else {
    body = <ListSkeleton label={t('centre.loading')} />;
  }

  return (
    <section className="cw-forms cw-centre" aria-labelledby={headingId}>
      <h1 id={headingId} className="cw-forms__title">
        {heading}
      </h1>
      <p className="cw-centre__intro">{t('centre.intro')}</p>
      <Tabs
        items={tabs.map((item) => ({ value: item.id, label: <TabLabel tab={item} /> }))}
        selected={tab}
        onSelect={select}
        label={t('centre.tabsLabel')}
        className="cw-centre__tabs"
        panelClassName="cw-centre__panel"
      >
        <div aria-busy={!forms && !error ? true : undefined}>{body}</div>
      </Tabs>
    </section>
  );
}

/** A tab's label and its count (a count of -1: not known yet, a placeholder of the same size). */
function TabLabel({ tab }: { tab: FormsCentreTab }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <span>{tab.label}</span>
      {tab.count >= 0 ? (
        <>
          <span className="cw-centre__count" aria-hidden="true">
            {tab.count}
          </span>
          <VisuallyHidden>{t('centre.tabCount', { count: tab.count })}</VisuallyHidden>
        </>
      ) : (
        <span className="cw-centre__count cw-centre__count--pending" aria-hidden="true" />
      )}
    </>
  );
}

/** One assigned form: its title (the link to its form view), its status and its dates. */
function AssignedFormCard({ form }: { form: AssignedForm }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const titleId = domId('cw-centre-form-', useId());
  const dates: Array<{ key: string; at: string }> = [{ key: 'centre.dates.assigned', at: form.assigned_at }];
  if (form.status === 'in_progress') dates.push({ key: 'centre.dates.updated', at: form.updated_at });
  if (form.status === 'completed' && form.completed_at)
    dates.push({ key: 'centre.dates.completed', at: form.completed_at });
  return (
    <Card as="article" className="cw-centre__form" aria-labelledby={titleId}>
      <h2 id={titleId} className="cw-centre__form-title">
        <Link href={form.href} className="cw-centre__form-link">
          {form.title}
        </Link>
      </h2>
      <Tag tone={statusTones[form.status]} className="cw-centre__status">
        <VisuallyHidden>{t('centre.statusPrefix')}</VisuallyHidden>
        {t(`centre.status.${form.status}`)}
      </Tag>
      <ul className="cw-centre__dates">
        {dates.map(({ key, at }) => {
          const text = formatDate(at, i18n.language);
          return text ? (
            <li key={key}>
              <time dateTime={at}>{t(key, { date: text })}</time>
            </li>
          ) : null;
        })}
      </ul>
    </Card>
  );
}

/** Rows of the list's size while it loads, so that nothing moves when the forms arrive. */
function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="cw-centre__list" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: SKELETON_ROWS }, (_, key) => (
        <Card key={key} className="cw-centre__form" aria-hidden="true">
          <Skeleton width="55%" height={24} shape="text" className="cw-centre__form-title" />
          <Skeleton width={96} height={22} className="cw-centre__status" />
          <Skeleton width="40%" height={18} shape="text" className="cw-centre__dates" />
        </Card>
      ))}
    </div>
  );
}
