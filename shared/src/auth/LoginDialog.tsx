import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Dialog, DialogBackdrop } from '../ui/Dialog';
import { Button } from '../ui/Button';
import { ErrorMessage, Field, Input } from '../ui/Field';
import { CloseIcon, IconButton } from '../ui/IconButton';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import { isApiError } from '../http/apiError';
import { isHttpAlert } from '../http/notices';
import { AUTH_NAMESPACE } from './prepareAuth';
import { reloadPage } from './reload';
import { isEmail } from '../contract/form-rules/email';

/** Sign-in call (JSON). The server answers `{ data: { ok: true, next } }` and sets the session cookie. */
export const LOGIN_PATH = '/api/auth/login';

/** The actions a signed-out visitor may be asked to sign in for, each with its own intro (`login.reasons.*`). */
export type LoginReason = 'saveJob' | 'addToCart' | 'saveSearch';

/**
 * Why the dialog asks for sign-in, which sets its intro (the dialog's description):
 * - `'protectedPage'`: the page itself is for signed-in candidates (the sign-in gate of a protected route);
 * - `'general'`: a public page asks for sign-in (the modal, `show_login_modal=1`), for what signing in offers;
 * - a {@link LoginReason}: the action the visitor asked for, e.g. "Sign in to save this job."
 */
export type LoginIntro = 'protectedPage' | 'general' | LoginReason;

/** The text key of each intro. */
const INTRO_KEYS = {
  protectedPage: 'login.intro',
  general: 'login.reasons.general',
  saveJob: 'login.reasons.saveJob',
  addToCart: 'login.reasons.addToCart',
  saveSearch: 'login.reasons.saveSearch',
} as const satisfies Record<LoginIntro, string>;

export interface LoginDialogProps {
  /** Employer domain (group id) to sign in to. */
  domain: string;
  /** Where the server should send the candidate after signing in (a same-site path); the current page by default. */
  next?: string;
  /** The dialog was closed without signing in (close button or Escape). */
  onClose: () => void;
  /** Signed in. Default: reload the page, so the server renders it for the candidate. */
  onSignedIn?: () => void;
  /** Why sign-in is asked for, shown under the title (see {@link LoginIntro}); `'protectedPage'` by default. */
  intro?: LoginIntro;
}

type FieldErrors = { email?: string; password?: string };

/**
 * The sign-in modal: a title, an intro saying why sign-in is asked for (`intro`; the dialog's description), then
 * email and password, each labelled, with their errors tied to the field (`aria-describedby`), and the server's
 * error above the form. Posts JSON to `/api/auth/login` through the
 * shared `request` (CSRF header, cookies). Render it only while open.
 */
export function LoginDialog({
  domain,
  next,
  onClose,
  onSignedIn = reloadPage,
  intro = 'protectedPage',
}: LoginDialogProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    title: `cw-login-title-${id}`,
    intro: `cw-login-intro-${id}`,
    email: `cw-login-email-${id}`,
    password: `cw-login-password-${id}`,
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
    else if (!isEmail(trimmed, 'loose')) errors.email = t('login.errors.emailInvalid');
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
        body: {
          email: email.trim(),
          password,
          domain,
          next: next ?? `${window.location.pathname}${window.location.search}`,
        },
        silent: true,
      });
      onSignedIn();
    } catch (error) {
      // An HTTP alert (429, invalid CSRF ...) is already announced by the page's toast: the form says only that
      // signing in failed, rather than the same words twice.
      const message = isApiError(error)
        ? isHttpAlert(error)
          ? t('login.errors.failed')
          : error.messageKey
            ? t(`common:${error.messageKey}`, { defaultValue: error.message })
            : error.message
        : t('login.errors.failed');
      setFormError(message || t('login.errors.failed'));
      setSubmitting(false);
      focusElement(passwordRef.current);
    }
  };

  return (
    <DialogBackdrop>
      <Dialog
        size="small"
        labelledBy={ids.title}
        aria-describedby={ids.intro}
        initialFocusRef={emailRef}
        onClose={onClose}
      >
        <h2 id={ids.title} className="cw-dialog__title">
          {t('login.title')}
        </h2>
        <IconButton className="cw-dialog__close" label={t('login.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <p id={ids.intro} className="cw-login__intro">
          {t(INTRO_KEYS[intro])}
        </p>
        <form
          className="cw-login__form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-describedby={formError ? ids.error : undefined}
        >
          {formError && (
            <ErrorMessage id={ids.error} className="cw-login__error" role="alert">
              {formError}
            </ErrorMessage>
          )}
          <Field id={ids.email} label={t('login.email')} error={fieldErrors.email} required>
            {(control) => (
              <Input
                {...control}
                ref={emailRef}
                // A text box for the email keyboard: HTML allows autocomplete="username" (what password managers
                // pair with the password) on text inputs, not on type="email" (issue 22). Checked by isEmail.
                type="text"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                name="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Field id={ids.password} label={t('login.password')} error={fieldErrors.password} required>
            {(control) => (
              <Input
                {...control}
                ref={passwordRef}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" block loading={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </Dialog>
    </DialogBackdrop>
  );
}
