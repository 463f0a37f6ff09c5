import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import { isApiError } from '../http/apiError';
import { AUTH_NAMESPACE } from './prepareAuth';
import { reloadPage } from './reload';

/** Sign-in call (JSON). The server answers `{ data: { ok: true, next } }` and sets the session cookie. */
export const LOGIN_PATH = '/api/auth/login';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export interface LoginDialogProps {
  /** Employer domain (group id) to sign in to. */
  domain: string;
  /** Where the server should send the candidate after signing in (a same-site path); the current page by default. */
  next?: string;
  /** The dialog was closed without signing in (close button or Escape). */
  onClose: () => void;
  /** Signed in. Default: reload the page, so the server renders it for the candidate. */
  onSignedIn?: () => void;
}

type FieldErrors = { email?: string; password?: string };

/**
 * The sign-in modal for protected pages: email and password, each labelled, with their errors tied to the field
 * (`aria-describedby`), and the server's error above the form. Posts JSON to `/api/auth/login` through the
 * shared `request` (CSRF header, cookies). Render it only while open.
 */
export function LoginDialog({ domain, next, onClose, onSignedIn = reloadPage }: LoginDialogProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    title: `cw-login-title-${id}`,
    intro: `cw-login-intro-${id}`,
    email: `cw-login-email-${id}`,
    emailError: `cw-login-email-error-${id}`,
    password: `cw-login-password-${id}`,
    passwordError: `cw-login-password-error-${id}`,
    error: `cw-login-error-${id}`,
  };
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    const trimmed = email.trim();
    if (trimmed === '') errors.email = t('login.errors.emailRequired');
    else if (!EMAIL_PATTERN.test(trimmed)) errors.email = t('login.errors.emailInvalid');
    if (password === '') errors.password = t('login.errors.passwordRequired');
    return errors;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validate();
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) {
      focusElement(errors.email ? emailRef.current : passwordRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await request(LOGIN_PATH, {
        method: 'POST',
        body: { email: email.trim(), password, domain, next: next ?? `${window.location.pathname}${window.location.search}` },
        silent: true,
      });
      onSignedIn();
    } catch (error) {
      const message = isApiError(error)
        ? error.messageKey
          ? t(`common:${error.messageKey}`, { defaultValue: error.message })
          : error.message
        : t('login.errors.failed');
      setFormError(message || t('login.errors.failed'));
      setSubmitting(false);
      focusElement(passwordRef.current);
    }
  };

  return (
    <div className="cw-login-overlay">
      <Dialog className="cw-login" labelledBy={ids.title} aria-describedby={ids.intro} initialFocusRef={emailRef} onClose={onClose}>
        <h2 id={ids.title} className="cw-login__title">
          {t('login.title')}
        </h2>
        <p id={ids.intro} className="cw-login__intro">
          {t('login.intro')}
        </p>
        <button type="button" className="cw-icon-button cw-login__close" aria-label={t('login.close')} onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z" />
          </svg>
        </button>
        <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={formError ? ids.error : undefined}>
          {formError && (
            <p id={ids.error} className="cw-login__error" role="alert">
              {formError}
            </p>
          )}
          <div className="cw-login__field">
            <label htmlFor={ids.email} className="cw-login__label">
              {t('login.email')}
            </label>
            <input
              ref={emailRef}
              id={ids.email}
              className="cw-login__input"
              type="email"
              name="email"
              autoComplete="username"
              required
              aria-required="true"
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? ids.emailError : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            {fieldErrors.email && (
              <p id={ids.emailError} className="cw-login__field-error">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div className="cw-login__field">
            <label htmlFor={ids.password} className="cw-login__label">
              {t('login.password')}
            </label>
            <input
              ref={passwordRef}
              id={ids.password}
              className="cw-login__input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              aria-required="true"
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {fieldErrors.password && (
              <p id={ids.passwordError} className="cw-login__field-error">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button type="submit" className="cw-login__submit" aria-disabled={submitting ? true : undefined}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
      </Dialog>
    </div>
  );
}
