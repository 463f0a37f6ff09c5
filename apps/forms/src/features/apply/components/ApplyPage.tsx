import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  EmptyState,
  ErrorState,
  Link,
  Skeleton,
  VisuallyHidden,
  requestLogin,
  selectBoot,
  selectIsLoggedIn,
  seoTitleFor,
  setPageTitle,
  sitePath,
  skipToken,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useTranslation,
  type HttpQueryError,
} from '@careers/shared';
import type { FormValues } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { FormRenderer } from '../../renderer/FormRenderer';
import { useApplyFormQuery, useApplyMutation, type ApplyError, type ApplyForm, type ApplyResult } from '../endpoints';
import { useDraft, type DraftStatus } from '../useDraft';
import { ApplyConfirmation } from './ApplyConfirmation';
import { ApplyPositions } from './ApplyPositions';

/** `pid` as the API takes it: one position id, or up to 20 comma-joined (the job cart). */
const PID_PATTERN = /^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,19}$/;

/** The position ids of the address, without repeats; null when `pid` is missing or malformed. */
export function readPositionIds(pid: string | null): number[] | null {
  if (pid === null || !PID_PATTERN.test(pid)) return null;
  return [...new Set(pid.split(',').map(Number))];
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A failure's text: the server's words, else the shared layer's message in the page language. */
function errorText(error: HttpQueryError, t: Translate): string {
  return error.messageKey ? t(error.messageKey, { ns: 'common' }) : error.message;
}

/**
 * The application page (`/careers/apply?pid=1`, `/careers/apply/private`; docs/product/apply-and-drafts.md#apply-page):
 * the positions of `pid`, their application form prefilled (profile or draft), applying, and the confirmation. A
 * signed-in candidate's answers are kept as a draft while they type.
 */
export function ApplyPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { searchParams } = useLocation();
  const domain = useEmployerDomain();
  const hl = i18n.language;
  const pid = searchParams.get('pid');
  const positionIds = useMemo(() => readPositionIds(pid), [pid]);
  // Links to other careers pages keep the page's `domain` parameter (the host page's employer), when it has one.
  const kept = { domain: searchParams.get('domain') };
  const searchHref = sitePath('/careers/:query?/:location?', {}, kept);

  const applyForm = useApplyFormQuery(positionIds && pid ? { domain, pid, hl } : skipToken);
  const [submitted, setSubmitted] = useState<ApplyResult | null>(null);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const boot = useAppSelector(selectBoot);

  // The page title: the employer's SEO title for the apply page, else "position | company" (one position).
  const positions = applyForm.data?.positions;
  const company = boot?.pcsxConfig.branding?.companyName ?? null;
  const seoTitle = seoTitleFor(boot?.pcsxConfig, 'applyPage');
  useEffect(() => {
    setPageTitle({ seoTitle, positionName: positions?.length === 1 ? positions[0]!.name : null, company });
  }, [positions, seoTitle, company]);

  if (!positionIds) {
    return (
      <Frame title={t('apply.heading')}>
        <EmptyState framed title={t('apply.invalidPid')}>
          <Link href={searchHref} className="cw-link">
            {t('apply.backToSearch')}
          </Link>
        </EmptyState>
      </Frame>
    );
  }

  if (submitted) {
    return (
      <ApplyConfirmation
        positions={submitted.positions}
        isLoggedIn={isLoggedIn}
        searchHref={searchHref}
        applicationsHref={sitePath('/careers/applications', {}, kept)}
      />
    );
  }

  if (applyForm.isLoading || (applyForm.isFetching && !applyForm.data)) {
    return (
      <Frame title={t('apply.heading')} busy>
        <VisuallyHidden>{t('apply.loading')}</VisuallyHidden>
        <div className="cw-forms__skeleton">
          <Skeleton width="60%" height={24} shape="text" />
          <Skeleton width="40%" height={16} shape="text" />
          <Skeleton width="100%" height={48} />
          <Skeleton width="100%" height={48} />
          <Skeleton width="100%" height={48} />
        </div>
      </Frame>
    );
  }

  if (applyForm.error || !applyForm.data) {
    const error = applyForm.error as HttpQueryError | undefined;
    if (error?.status === 404) {
      return (
        <Frame title={t('apply.heading')}>
          <EmptyState framed title={t('apply.notOpen')}>
            <Link href={searchHref} className="cw-link">
              {t('apply.backToSearch')}
            </Link>
          </EmptyState>
        </Frame>
      );
    }
    if (error?.status === 401) {
      return (
        <Frame title={t('apply.heading')}>
          <EmptyState framed title={t('apply.signInNeeded')}>
            <Button onClick={() => requestLogin({ routes: ['applyPage'] })}>{t('apply.signIn')}</Button>
          </EmptyState>
        </Frame>
      );
    }
    return (
      <Frame title={t('apply.heading')}>
        <ErrorState
          message={t('apply.loadError')}
          onRetry={() => void applyForm.refetch()}
          retryLabel={t('apply.retry')}
        />
      </Frame>
    );
  }

  return (
    <ApplyFormView
      key={pid}
      data={applyForm.data}
      domain={domain}
      hl={hl}
      positionIds={positionIds}
      searchHref={searchHref}
      onApplied={setSubmitted}
    />
  );
}

/** The page's section and heading around a state (loading, a failure). */
function Frame({ title, busy, children }: { title: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className="cw-forms cw-apply" aria-labelledby="cw-apply-title" aria-busy={busy || undefined}>
      <h1 id="cw-apply-title" className="cw-forms__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

interface ApplyFormViewProps {
  data: ApplyForm;
  domain: string;
  hl: string;
  positionIds: number[];
  searchHref: string;
  onApplied: (result: ApplyResult) => void;
}

/** The positions, the form, the draft's status and what applying answered. */
function ApplyFormView({ data, domain, hl, positionIds, searchHref, onApplied }: ApplyFormViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [apply] = useApplyMutation();
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);

  const draftTarget = useMemo(
    () => (isLoggedIn ? { domain, positionIds, hl } : null),
    [isLoggedIn, domain, positionIds, hl],
  );
  const draft = useDraft(draftTarget);

  const { positions, form, values, draftUpdatedAt } = data;
  const open = useMemo(() => positions.filter((position) => !position.applied), [positions]);
  const openIds = useMemo(() => open.map((position) => position.id), [open]);

  const onSubmit = useCallback(
    async (answers: FormValues) => {
      setProblem(null);
      setNeedsSignIn(false);
      setServerErrors(undefined);
      await draft.stop();
      try {
        onApplied(await apply({ domain, positionIds: openIds, values: answers, hl }).unwrap());
      } catch (caught) {
        const error = caught as ApplyError;
        if (error.status === 400 && error.errors) setServerErrors({ ...error.errors });
        else if (error.status === 401) {
          setNeedsSignIn(true);
          requestLogin({ routes: ['applyPage'] });
        } else if (error.status === 409 || error.status === 400 || error.status === 404) {
          setProblem(errorText(error, t));
        } else setProblem(t('apply.submitError'));
      }
    },
    [apply, domain, openIds, hl, draft, onApplied, t],
  );

  const title =
    positions.length === 1
      ? t('apply.titleOne', { name: positions[0]!.name })
      : t('apply.titleSeveral', { count: positions.length });

  return (
    <section className="cw-forms cw-apply" aria-labelledby="cw-apply-title">
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-apply__header">
        <h1 id="cw-apply-title" className="cw-forms__title">
          {title}
        </h1>
        <ApplyPositions positions={positions} />
      </div>
      {open.length === 0 ? (
        <EmptyState framed title={t('apply.allApplied', { count: positions.length })}>
          <Link href={searchHref} className="cw-link">
            {t('apply.backToSearch')}
          </Link>
        </EmptyState>
      ) : (
        <>
          {open.length < positions.length && <p className="cw-apply__text">{t('apply.someApplied')}</p>}
          {draftUpdatedAt && <DraftRestored at={draftUpdatedAt} />}
          {draftTarget && <DraftStatusLine status={draft.status} />}
          {problem && (
            <p className="cw-forms__problem" role="alert">
              {problem}
            </p>
          )}
          {needsSignIn && (
            <div className="cw-forms__problem" role="alert">
              <p>{t('apply.signInNeeded')}</p>
              <Button variant="secondary" onClick={() => requestLogin({ routes: ['applyPage'] })}>
                {t('apply.signIn')}
              </Button>
            </div>
          )}
          <FormRenderer
            form={form}
            initialValues={values}
            onSubmit={onSubmit}
            serverErrors={serverErrors}
            submitLabel={t('apply.submit')}
            onValuesChange={draft.onValuesChange}
          />
        </>
      )}
    </section>
  );
}

/** "We restored your draft from …", the date in the page language. */
function DraftRestored({ at }: { at: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const text = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
  return <p className="cw-apply__note">{t('apply.draft.restored', { date: text })}</p>;
}

const draftTexts: Record<Exclude<DraftStatus, 'idle'>, string> = {
  saving: 'apply.draft.saving',
  saved: 'apply.draft.saved',
  failed: 'apply.draft.failed',
};

/** The draft's state, announced politely; always in the page so that its changes are read out. */
function DraftStatusLine({ status }: { status: DraftStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="cw-apply__draft" role="status" aria-live="polite">
      {status === 'idle' ? '' : t(draftTexts[status])}
    </p>
  );
}
