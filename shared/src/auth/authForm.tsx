import { useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { i18n } from '../i18n/i18n';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';
import { ErrorMessage, Field, Input } from '../ui/Field';
import { focusElement } from '../ui/focus';
import { isApiError } from '../http/apiError';
import { findErrorMessage } from '../http/errorMessage';
import { isHttpAlert } from '../http/notices';
import { isEmail } from '../contract/form-rules/email';
import type { MailSentResponse } from '../contract/account';
import { AUTH_NAMESPACE } from './prepareAuth';

/** Where the server sends the candidate once signed in: the path given, else the current page. */
export function nextPath(next: string | undefined): string {
  return next ?? `${window.location.pathname}${window.location.search}`;
}

/** The email check of every screen of the dialog: required, then an address (loose, as the server checks it). */
export function emailError(t: TFunction, email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return t('login.errors.emailRequired');
  if (!isEmail(trimmed, 'loose')) return t('login.errors.emailInvalid');
  return undefined;
}

/** The address a mail went to, as the server says it (what the candidate should look for), else as typed. */
export function mailedTo(answer: MailSentResponse | undefined, typed: string): string {
  return answer?.data.email || typed;
}

/** A failed call, as a screen shows it: the text, and the request field and error code the server named. */
export interface Failure {
  message: string;
  status?: number;
  field?: string;
  code?: string;
}

/**
 * Reads a failed call of the dialog. The page's toast already announces the HTTP alerts (session timed out, invalid
 * CSRF, 429), so the form says only that the call failed, rather than the same words twice; but a 429 that carries
 * the server's own words (how long to wait for a new code) shows them. `fallbackKey` is the screen's "failed" text.
 */
export function readFailure(error: unknown, t: TFunction, fallbackKey: string): Failure {
  const fallback = t(fallbackKey);
  if (!isApiError(error)) return { message: fallback };
  const { status, field, code } = error;
  let message: string | undefined;
  if (error.kind === 'rateLimited') message = findErrorMessage(error.body);
  else if (isHttpAlert(error)) message = undefined;
  else if (error.messageKey) message = t(`common:${error.messageKey}`, { defaultValue: error.message });
  else message = error.message;
  return { message: message || fallback, status, field, code };
}

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/** The email box of every screen, for the email keyboard and the password managers. */
export function EmailField({ id, value, onChange, error, label, ref }: EmailFieldProps) {
  return (
    <Field id={id} label={label} error={error} required>
      {(control) => (
        <Input
          {...control}
          ref={ref}
          // A text box for the email keyboard: HTML allows autocomplete="username" (what password managers
          // pair with the password) on text inputs, not on type="email" (issue 22). Checked by isEmail.
          type="text"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          name="email"
          autoComplete="username"
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A screen's error that belongs to no field, above its form (which it describes), announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <ErrorMessage id={id} className="cw-login__error" role="alert">
      {message}
    </ErrorMessage>
  );
}

interface EmailOnlyFormProps {
  /** Ids of the email box and of the form's error. */
  ids: { email: string; error: string };
  email: string;
  onEmailChange: (email: string) => void;
  /**
   * Makes the call with the email (as typed, trimmed) and moves on; a rejection is the failure the form shows. The
   * screen is left on success, so the form stays busy until then.
   */
  send: (email: string) => Promise<void>;
  /** Keys of the submit button's text, idle and busy, and of the error of a failure without words of its own. */
  keys: { submit: string; submitting: string; failed: string };
}

/**
 * A screen's form of one email box (a sign-in code, a password reset): checked before the call; an error naming
 * `email` goes on the box, any other above the form; focus goes back to the box.
 */
export function EmailOnlyForm({ ids, email, onEmailChange, send, keys }: EmailOnlyFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const emailRef = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const error = emailError(t, email);
    setFieldError(error);
    setFormError(null);
    if (error) {
      focusElement(emailRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await send(email.trim());
    } catch (failed) {
      const failure = readFailure(failed, t, keys.failed);
      if (failure.field === 'email') setFieldError(failure.message);
      else setFormError(failure.message);
      setSubmitting(false);
      focusElement(emailRef.current);
    }
  };

  return (
    <form
      className="cw-login__form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={formError ? ids.error : undefined}
    >
      <FormError id={ids.error} message={formError} />
      <EmailField
        id={ids.email}
        ref={emailRef}
        label={t('login.email')}
        value={email}
        onChange={onEmailChange}
        error={fieldError}
      />
      <Button type="submit" block loading={submitting}>
        {submitting ? t(keys.submitting) : t(keys.submit)}
      </Button>
    </form>
  );
}

/**
 * A call's address with the page's language (`hl`): the server writes the mail it sends in it, and its links open
 * pages in it (docs/product/accounts-and-mail.md#the-mail).
 */
export function inPageLanguage(path: string): string {
  return `${path}?hl=${encodeURIComponent(i18n.language || 'en')}`;
}
