import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  EmptyState,
  ErrorState,
  Link,
  Skeleton,
  Tag,
  VisuallyHidden,
  domId,
  navigate,
  notify,
  requestLogin,
  selectBoot,
  seoTitleFor,
  setPageTitle,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useRoute,
  useTranslation,
  type HttpQueryError,
} from '@careers/shared';
import type { FormValues } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { FormRenderer } from '../../renderer/FormRenderer';
import { useCandidateFormQuery, useSaveCandidateFormMutation, type CandidateForm } from '../endpoints';
import { centreHref, readFormId } from '../paths';
import { formatDate } from './dates';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A failure's text: the server's words, else the shared layer's message in the page language. */
function errorText(error: HttpQueryError, t: Translate): string {
  return error.messageKey ? t(error.messageKey, { ns: 'common' }) : error.message;
}

const signIn = () => requestLogin({ routes: ['formView'] });

/**
 * One assigned form (`/careers/forms/:formId`, page `formView`; docs/product/apply-and-drafts.md#form-view): answered
 * and submitted while open or in progress (the answers can be saved to finish later), read-only once completed. An
 * unknown id (or another candidate's form) says so with a way back to the centre; the address without an id goes to the
 * centre.
 */
export function FormViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const match = useRoute();
  const { searchParams } = useLocation();
  const centre = centreHref(searchParams);
  const raw = match?.params.formId;
  const formId = readFormId(raw);
  // /careers/forms (not another page the address has moved to meanwhile).
  const noForm = match?.route.page === 'formView' && !raw;

  // /careers/forms: the forms are chosen in the centre.
  useEffect(() => {
    if (noForm) navigate(centre, { replace: true });
  }, [noForm, centre]);

  if (!raw) {
    return (
      <Frame title={t('centre.heading')}>
        <p>
          <Link href={centre} className="cw-link">
            {t('centre.form.toCentre')}
          </Link>
        </p>
      </Frame>
    );
  }
  if (formId === null) return <NotFound centre={centre} />;
  return <AssignedFormPage key={formId} formId={formId} centre={centre} />;
}

/** The page's section and heading around a state (loading, a failure). */
function Frame({ title, busy, children }: { title: string; busy?: boolean; children: ReactNode }) {
  const headingId = domId('cw-assigned-title-', useId());
  return (
    <section className="cw-forms cw-assigned" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h1 id={headingId} className="cw-forms__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** The way back to the forms centre, under a page's message and above a form. */
function BackToCentre({ centre, className }: { centre: string; className?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className={className}>
      <Link href={centre} className="cw-link">
        {t('centre.form.backToCentre')}
      </Link>
    </p>
  );
}

function NotFound({ centre }: { centre: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Frame title={t('centre.form.notFoundHeading')}>
      <EmptyState framed title={t('centre.form.notFound')}>
        {t('centre.form.notFoundBody')}
      </EmptyState>
      <BackToCentre centre={centre} />
    </Frame>
  );
}

/** Loads the form, then shows it to answer (open, in progress) or to read (completed). */
function AssignedFormPage({ formId, centre }: { formId: number; centre: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const hl = i18n.language;
  const query = useCandidateFormQuery({ formId, domain, hl });
  const boot = useAppSelector(selectBoot);
  // A submit refused because the form was completed meanwhile (409): said above the completed form.
  const [completedMeanwhile, setCompletedMeanwhile] = useState<string | null>(null);

  const seoTitle = seoTitleFor(boot?.pcsxConfig, 'formView');
  const company = boot?.pcsxConfig.branding?.companyName ?? null;
  // The page title's order (docs/product/shell.md#page-title): the page's SEO title, else "Careers at {company}"; a
  // form is not a position.
  useEffect(() => {
    setPageTitle({ seoTitle, company });
  }, [seoTitle, company]);

  if (query.isLoading || (query.isFetching && !query.data)) {
    return (
      <Frame title={t('centre.form.heading')} busy>
        <VisuallyHidden>{t('centre.form.loading')}</VisuallyHidden>
        <div className="cw-forms__skeleton" aria-hidden="true">
          <Skeleton width="40%" height={16} shape="text" />
          <Skeleton width="100%" height={48} />
          <Skeleton width="100%" height={48} />
          <Skeleton width="100%" height={48} />
        </div>
      </Frame>
    );
  }

  if (query.error || !query.data) {
    const error = query.error as HttpQueryError | undefined;
    if (error?.status === 404 || error?.status === 400) return <NotFound centre={centre} />;
    if (error?.status === 401) {
      return (
        <Frame title={t('centre.form.heading')}>
          <EmptyState framed title={t('centre.form.signInNeeded')}>
            <Button onClick={signIn}>{t('centre.form.signIn')}</Button>
          </EmptyState>
        </Frame>
      );
    }
    return (
      <Frame title={t('centre.form.heading')}>
        <ErrorState
          message={t('centre.form.loadError')}
          onRetry={() => void query.refetch()}
          retryLabel={t('centre.retry')}
        />
        <BackToCentre centre={centre} />
      </Frame>
    );
  }

  const { data } = query;
  return (
    <FormFrame data={data} centre={centre}>
      {data.status === 'completed' ? (
        <CompletedForm data={data} notice={completedMeanwhile} />
      ) : (
        <EditForm data={data} formId={formId} domain={domain} hl={hl} onCompletedMeanwhile={setCompletedMeanwhile} />
      )}
    </FormFrame>
  );
}

/** The loaded form's page: a way back to the centre, its title and its status. */
function FormFrame({ data, centre, children }: { data: CandidateForm; centre: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { status } = data;
  // Not a landmark of its own: the form's sections are (a section often bears the form's title).
  return (
    <div className="cw-forms cw-assigned">
      <BackToCentre centre={centre} className="cw-assigned__back" />
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-assigned__header">
        <h1 className="cw-forms__title">{data.assignment.title}</h1>
        <Tag tone={status === 'completed' ? 'success' : status === 'in_progress' ? 'warning' : 'info'}>
          <VisuallyHidden>{t('centre.statusPrefix')}</VisuallyHidden>
          {t(`centre.status.${status}`)}
        </Tag>
      </div>
      {children}
    </div>
  );
}

/** A completed form: when it was completed and the answers, read-only. */
function CompletedForm({ data, notice }: { data: CandidateForm; notice: string | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [values] = useState(() => data.values);
  const completedAt = data.assignment.completed_at;
  const date = completedAt ? formatDate(completedAt, i18n.language) : '';
  const { searchParams } = useLocation();
  return (
    <>
      {notice && (
        <p className="cw-forms__problem" role="alert">
          {notice}
        </p>
      )}
      <p className="cw-assigned__note">{date ? t('centre.form.completedOn', { date }) : t('centre.form.completed')}</p>
      <FormRenderer
        form={data.form}
        initialValues={values}
        mode="view"
        onSubmit={() => undefined}
        footer={
          <Button variant="secondary" href={centreHref(searchParams, 'completed')}>
            {t('centre.form.toCompleted')}
          </Button>
        }
      />
    </>
  );
}

interface EditFormProps {
  data: CandidateForm;
  formId: number;
  domain: string;
  hl: string;
  onCompletedMeanwhile: (message: string) => void;
}

/** An open or in-progress form: its answers so far, saving them to finish later, and submitting. */
function EditForm({ data, formId, domain, hl, onCompletedMeanwhile }: EditFormProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { searchParams } = useLocation();
  const [save] = useSaveCandidateFormMutation();
  // The starting answers, once: a later answer of the server (saved progress) does not reset what is typed.
  const [initialValues] = useState(() => data.values);
  const latest = useRef<FormValues>(data.values);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const onValuesChange = useCallback((values: FormValues) => {
    latest.current = values;
  }, []);

  /** A refused save or submit: said above the form (its fields' messages on the fields). */
  const failed = useCallback(
    (error: HttpQueryError, fallback: string) => {
      if (error.status === 400 && error.errors) setServerErrors({ ...error.errors });
      else if (error.status === 409) onCompletedMeanwhile(errorText(error, t));
      else if (error.status === 401) {
        setNeedsSignIn(true);
        signIn();
      } else if (error.status === 400 || error.status === 404 || error.status === 413) setProblem(errorText(error, t));
      else setProblem(fallback);
    },
    [onCompletedMeanwhile, t],
  );

  const start = () => {
    setProblem(null);
    setNeedsSignIn(false);
    setServerErrors(undefined);
  };

  const saveProgress = async () => {
    if (saving) return;
    start();
    setSaving(true);
    try {
      const assignment = await save({ formId, domain, hl, values: latest.current, submit: false }).unwrap();
      if (mounted.current) setSavedAt(assignment.updated_at);
    } catch (caught) {
      if (mounted.current) failed(caught as HttpQueryError, t('centre.form.saveError'));
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const onSubmit = async (values: FormValues) => {
    start();
    try {
      await save({ formId, domain, hl, values, submit: true }).unwrap();
      notify.success(t('centre.form.submitted', { title: data.assignment.title }));
      navigate(centreHref(searchParams, 'completed'));
    } catch (caught) {
      if (mounted.current) failed(caught as HttpQueryError, t('centre.form.submitError'));
    }
  };

  const restoredAt = data.status === 'in_progress' ? formatDate(data.assignment.updated_at, i18n.language) : '';
  const savedText = savedAt ? formatTime(savedAt, i18n.language) : '';

  return (
    <>
      <p className="cw-assigned__note">{t('centre.form.intro')}</p>
      {restoredAt && <p className="cw-assigned__note">{t('centre.form.restored', { date: restoredAt })}</p>}
      <p className="cw-assigned__saved" role="status" aria-live="polite">
        {savedText ? t('centre.form.saved', { time: savedText }) : ''}
      </p>
      {problem && (
        <p className="cw-forms__problem" role="alert">
          {problem}
        </p>
      )}
      {needsSignIn && (
        <div className="cw-forms__problem" role="alert">
          <p>{t('centre.form.signInNeeded')}</p>
          <Button variant="secondary" onClick={signIn}>
            {t('centre.form.signIn')}
          </Button>
        </div>
      )}
      <FormRenderer
        form={data.form}
        initialValues={initialValues}
        onSubmit={onSubmit}
        serverErrors={serverErrors}
        submitLabel={t('centre.form.submit')}
        onValuesChange={onValuesChange}
        footer={
          <Button variant="secondary" onClick={() => void saveProgress()} loading={saving}>
            {saving ? t('centre.form.saving') : t('centre.form.saveProgress')}
          </Button>
        }
      />
    </>
  );
}

/** The time of a save, in the page language ("3:45 PM"); '' when invalid. */
function formatTime(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
}
