import { useState } from 'react';
import {
  apiDownloadClick,
  useTranslation,
  Button,
  Card,
  CheckboxField,
  ConfirmDialog,
  ErrorState,
  Field,
  i18n,
  Input,
  isHttpAlert,
  navigate,
  notify,
  Select,
  selectBoot,
  Skeleton,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  type HttpQueryError,
} from '@careers/shared';
import type { CandidateSettings } from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import {
  downloadUrl,
  SETTINGS_URLS,
  useCandidateSettingsQuery,
  useDeleteAccountMutation,
  useUpdateSettingsMutation,
} from '../endpoints';
import settingsCss from '../settings.css';
import { leavePage } from '../leave';
import { EmailSection } from './EmailSection';
import { useCareersPageTitle } from '../../dashboard/pageTitle';

const isAborted = (error: unknown) => (error as Partial<HttpQueryError> | undefined)?.kind === 'aborted';

/** The page's address with `hl` set to the language (so a reload keeps it). */
function withLanguage(pathname: string, search: URLSearchParams, language: string): string {
  const params = new URLSearchParams(search);
  params.set('hl', language);
  return `${pathname}?${params.toString()}`;
}

/** The delete confirmation: type the account's email, then delete (Cancel first, Escape closes). */
function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  async function submit() {
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setError(t('settings.delete.mismatch'));
      return;
    }
    try {
      const result = await deleteAccount({ domain, confirm: typed.trim() }).unwrap();
      notify.success(t('settings.delete.done'));
      const next = new URLSearchParams({ ...(domain ? { domain } : {}) }).toString();
      leavePage(next ? `${result.next}?${next}` : result.next);
    } catch (failure) {
      if (isAborted(failure)) return;
      const field = (failure as Partial<HttpQueryError>).field;
      setError(field === 'confirm' ? t('settings.delete.mismatch') : t('settings.delete.failed'));
    }
  }

  return (
    <ConfirmDialog
      title={t('settings.delete.dialogTitle')}
      confirmLabel={t('settings.delete.confirm')}
      cancelLabel={t('settings.delete.cancel')}
      busy={isLoading}
      onConfirm={() => void submit()}
      onCancel={onClose}
      field={
        <Field label={t('settings.delete.confirmLabel')} error={error ?? undefined} required announceError>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      }
    >
      <p>{t('settings.delete.warning')}</p>
      <p>{t('settings.delete.instructions', { email })}</p>
    </ConfirmDialog>
  );
}

function SettingsForm({ settings }: { settings: CandidateSettings }) {
  const { t } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const { pathname, searchParams } = useLocation();
  const [update, { isLoading }] = useUpdateSettingsMutation();
  const [deleting, setDeleting] = useState(false);
  // Each language named in itself, by the starting data (docs/product/languages.md#choosing-the-language).
  const languageNames = useAppSelector(selectBoot)?.languageNames ?? {};
  const hl = i18n.language;

  async function save(change: Parameters<typeof update>[0], after?: () => Promise<unknown> | void) {
    // The toasts in the page's language when they show: `t` of this render keeps the language it was drawn in, and
    // `after` may have changed it (the page's one i18next instance knows the language now).
    const now = () => i18n.getFixedT(i18n.language, NAMESPACE);
    try {
      await update(change).unwrap();
      await after?.();
      notify.success(now()('settings.saved'));
    } catch (failure) {
      // An HTTP alert (session timed out, 429 ...) already told the candidate: no second message for it.
      if (!isAborted(failure) && !isHttpAlert(failure)) notify.error(now()('settings.saveFailed'));
    }
  }

  const changeLanguage = (language: string) =>
    save({ domain, hl, language }, async () => {
      await i18n.changeLanguage(language);
      navigate(withLanguage(pathname, searchParams, language), { replace: true });
    });

  return (
    <>
      <Card as="section" className="cw-settings__section" aria-labelledby="cw-settings-language">
        <h2 id="cw-settings-language" className="cw-settings__heading">
          {t('settings.language.title')}
        </h2>
        <Field label={t('settings.language.label')} help={t('settings.language.help')}>
          {(control) => (
            <Select
              {...control}
              value={settings.language}
              disabled={isLoading}
              onChange={(event) => void changeLanguage(event.target.value)}
            >
              {settings.supportedLanguages.map((language) => (
                <option key={language} value={language} lang={language}>
                  {languageNames[language] ?? language}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Card>

      <Card as="section" className="cw-settings__section" aria-labelledby="cw-settings-alerts">
        <h2 id="cw-settings-alerts" className="cw-settings__heading">
          {t('settings.alerts.title')}
        </h2>
        {settings.savedSearchAlertsOffered ? (
          <>
            <CheckboxField
              label={t('settings.alerts.all')}
              help={t('settings.alerts.allHelp')}
              checked={settings.savedSearchAlerts}
              disabled={isLoading}
              onChange={(event) => void save({ domain, hl, savedSearchAlerts: event.target.checked })}
            />
            {settings.savedSearches.length === 0 ? (
              <p className="cw-settings__muted">{t('settings.alerts.none')}</p>
            ) : (
              <fieldset className="cw-settings__searches" disabled={isLoading || !settings.savedSearchAlerts}>
                <legend>{t('settings.alerts.each')}</legend>
                {settings.savedSearches.map((search) => (
                  <CheckboxField
                    key={search.id}
                    label={
                      [search.query, search.location].filter(Boolean).join(' · ') || t('settings.alerts.everything')
                    }
                    checked={search.alerts}
                    onChange={(event) =>
                      void save({ domain, hl, savedSearches: [{ id: search.id, alerts: event.target.checked }] })
                    }
                  />
                ))}
              </fieldset>
            )}
          </>
        ) : (
          <p className="cw-settings__muted">{t('settings.alerts.notOffered')}</p>
        )}
      </Card>

      <EmailSection email={settings.email} />

      <Card as="section" className="cw-settings__section" aria-labelledby="cw-settings-data">
        <h2 id="cw-settings-data" className="cw-settings__heading">
          {t('settings.data.title')}
        </h2>
        <p>{t('settings.data.description')}</p>
        <div className="cw-settings__actions">
          <Button
            variant="secondary"
            href={downloadUrl(SETTINGS_URLS.myData, { domain })}
            download
            onClick={apiDownloadClick({ fallbackName: 'my-data.json' })}
          >
            {t('settings.data.download')}
          </Button>
        </div>
      </Card>

      <Card as="section" accent="danger" className="cw-settings__section" aria-labelledby="cw-settings-delete">
        <h2 id="cw-settings-delete" className="cw-settings__heading">
          {t('settings.delete.title')}
        </h2>
        <p>{t('settings.delete.description')}</p>
        <div className="cw-settings__actions">
          <Button variant="disruptive" onClick={() => setDeleting(true)}>
            {t('settings.delete.open')}
          </Button>
        </div>
      </Card>
      {deleting && <DeleteAccountDialog email={settings.email} onClose={() => setDeleting(false)} />}
    </>
  );
}

/**
 * /careers/settings: language, saved-search alerts, the account's email, the candidate's data download and deleting
 * the account.
 */
export function SettingsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  useCareersPageTitle('settings');
  const { data, isLoading, isError, refetch } = useCandidateSettingsQuery({ domain, hl: i18n.language });
  return (
    <section className="cw-settings" aria-labelledby="cw-settings-title">
      <style>{settingsCss}</style>
      <h1 id="cw-settings-title" className="cw-settings__title">
        {t('settings.title')}
      </h1>
      {isLoading && (
        <div className="cw-settings__skeleton" role="status" aria-label={t('settings.loading')}>
          <Skeleton width="100%" height={120} />
          <Skeleton width="100%" height={120} />
        </div>
      )}
      {isError && !data && <ErrorState message={t('settings.loadFailed')} onRetry={() => void refetch()} />}
      {data && <SettingsForm settings={data} />}
    </section>
  );
}
