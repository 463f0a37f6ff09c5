import { useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  Button,
  CheckboxField,
  CloseIcon,
  Dialog,
  DialogBackdrop,
  domId,
  ErrorMessage,
  Field,
  findErrorMessage,
  focusElement,
  IconButton,
  Input,
  isApiError,
  isEmail,
  request,
  selectBoot,
  useAppSelector,
  useEmployerDomain,
  useScrollable,
  useTranslation,
  type SearchAddress,
  type Translation,
} from '@careers/shared';
import type { MailSentResponse } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';
import { addressOptions } from '../../search/address';
import { JOB_ALERTS_PATH, jobAlertBody } from '../jobAlertBody';
import jobAlertsCss from '../jobAlerts.css';

export interface JobAlertDialogProps {
  /** The search the alert is for (the page's address). */
  address: SearchAddress;
  /** The employer's privacy text (`loggedOutNotificationConfig.privacyText`), shown as plain text. */
  privacyText?: string | undefined;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  finalFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

type FieldErrors = { email?: string; consent?: string };

/** The email check: required, then an address (loose, as the server checks it). */
function emailError(t: Translation['t'], email: string): string | undefined {
  if (email === '') return t('jobAlerts.errors.emailRequired');
  if (!isEmail(email, 'loose')) return t('jobAlerts.errors.emailInvalid');
  return undefined;
}

/**
 * A failed call as the form shows it. A 400 naming `email` goes on the field (the server's words are a schema
 * check's, so the form's own are shown); a 429 or a refusal (403 `job_alerts_disabled`) shows the server's words
 * (written in the page's language); anything else the form's "could not be set up".
 */
function readFailure(error: unknown, t: Translation['t']): { field?: 'email'; message: string } {
  const failed = t('jobAlerts.errors.failed');
  if (!isApiError(error)) return { message: failed };
  if (error.status === 400 && error.field === 'email')
    return { field: 'email', message: t('jobAlerts.errors.emailInvalid') };
  if (error.kind === 'rateLimited') return { message: findErrorMessage(error.body) ?? failed };
  if (error.status === 403 && error.kind === 'http' && error.messageKey === undefined)
    return { message: error.message };
  return { message: failed };
}

/**
 * "Get job alerts by email" (docs/product/search.md#job-alerts-by-email): the visitor's email and their consent to
 * the employer's privacy text, posted with the search's parameters to `POST /api/pcsx/job_alerts`. On 202 the
 * dialog says where the confirmation link went, and focus moves to that message. Errors go on the field they name
 * (focus moves there) or above the form. Escape, the close button and "Close" close it; focus goes back to the
 * button that opened it. Loaded on demand (chunk `search-job-alerts`), with its style sheet.
 */
export default function JobAlertDialog({ address, privacyText, finalFocusRef, onClose }: JobAlertDialogProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const domain = useEmployerDomain();
  const reactId = useId();
  const ids = {
    title: domId('cw-job-alert-title-', reactId),
    email: domId('cw-job-alert-email-', reactId),
    privacy: domId('cw-job-alert-privacy-', reactId),
    consent: domId('cw-job-alert-consent-', reactId),
    error: domId('cw-job-alert-error-', reactId),
  };
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const privacyRef = useRef<HTMLDivElement>(null);
  const privacyScrolls = useScrollable(privacyRef);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const privacy = privacyText?.trim() ? privacyText.trim() : null;

  // Before paint: the submit button that held focus is gone with the form, so until the message has it a key
  // (Escape) would reach the page instead of the dialog.
  useLayoutEffect(() => {
    if (sentTo !== null) focusElement(sentRef.current);
  }, [sentTo]);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    if (next.email) focusElement(emailRef.current);
    else if (next.consent) focusElement(consentRef.current);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const typed = email.trim();
    const checked: FieldErrors = {
      email: emailError(t, typed),
      consent: consent ? undefined : t('jobAlerts.errors.consent'),
    };
    setFormError(null);
    if (checked.email || checked.consent) {
      showErrors(checked);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      // `hl`: the confirmation mail and the alerts are written in the page's language.
      const answer = await request<MailSentResponse | undefined>(
        `${JOB_ALERTS_PATH}?hl=${encodeURIComponent(i18n.language)}`,
        {
          method: 'POST',
          body: jobAlertBody(address, { domain, email: typed, options: addressOptions(boot) }),
          silent: true,
        },
      );
      setSentTo(answer?.data.email || typed);
    } catch (failed) {
      const failure = readFailure(failed, t);
      setSubmitting(false);
      if (failure.field === 'email') showErrors({ email: failure.message });
      else setFormError(failure.message);
    }
  };

  return (
    <DialogBackdrop>
      {/* The widget lives in a shadow root: the dialog's sheet comes with its lazy chunk, not the first load. */}
      <style>{jobAlertsCss}</style>
      <Dialog
        labelledBy={ids.title}
        onClose={onClose}
        initialFocusRef={emailRef}
        finalFocusRef={finalFocusRef}
        size="small"
        className="cw-job-alert"
      >
        <h2 id={ids.title} className="cw-dialog__title">
          {t('jobAlerts.heading')}
        </h2>
        {sentTo === null ? (
          <>
            <IconButton className="cw-dialog__close" label={t('jobAlerts.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
            <p className="cw-job-alert__intro">{t('jobAlerts.intro')}</p>
            <form
              className="cw-dialog__form"
              noValidate
              onSubmit={(event) => void submit(event)}
              aria-describedby={formError ? ids.error : undefined}
            >
              {formError ? (
                <ErrorMessage id={ids.error} role="alert">
                  {formError}
                </ErrorMessage>
              ) : null}
              <Field id={ids.email} label={t('jobAlerts.email')} error={errors.email} required>
                {(control) => (
                  <Input
                    {...control}
                    ref={emailRef}
                    type="email"
                    name="email"
                    autoComplete="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                )}
              </Field>
              {privacy ? (
                <div
                  id={ids.privacy}
                  ref={privacyRef}
                  className="cw-job-alert__privacy"
                  role="region"
                  aria-label={t('jobAlerts.privacyLabel')}
                  // A Tab stop only while it scrolls: then the keyboard can scroll it; otherwise an empty stop.
                  tabIndex={privacyScrolls ? 0 : undefined}
                >
                  {privacy}
                </div>
              ) : null}
              <CheckboxField
                id={ids.consent}
                ref={consentRef}
                name="consent"
                label={t('jobAlerts.consent')}
                describedBy={privacy ? ids.privacy : undefined}
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                error={errors.consent}
                required
              />
              <div className="cw-dialog__actions">
                <Button type="submit" loading={submitting}>
                  {submitting ? t('jobAlerts.submitting') : t('jobAlerts.submit')}
                </Button>
              </div>
            </form>
          </>
        ) : (
          <>
            <p ref={sentRef} tabIndex={-1} className="cw-job-alert__sent">
              {t('jobAlerts.sent', { email: sentTo })}
            </p>
            <div className="cw-dialog__actions">
              <Button onClick={onClose}>{t('jobAlerts.close')}</Button>
            </div>
          </>
        )}
      </Dialog>
    </DialogBackdrop>
  );
}
