import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';
import { Field, Input } from '../ui/Field';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import { AUTH_NAMESPACE } from './prepareAuth';
import { EmailField, emailError, FormError, nextPath, readFailure } from './authForm';

/** Sign-in call (JSON). The server answers `{ data: { ok: true, next } }` and sets the session cookie. */
const LOGIN_PATH = '/api/auth/login';

interface PasswordSignInProps {
  /** Prefix of the screen's element ids. */
  idPrefix: string;
  domain: string;
  next?: string;
  /** The email, kept by the dialog across its screens. */
  email: string;
  onEmailChange: (email: string) => void;
  /** The email box, focused when the dialog opens. */
  emailRef: RefObject<HTMLInputElement | null>;
  onSignedIn: () => void;
  onForgotPassword: () => void;
  onEmailCode: () => void;
  /** Opens the sign-up screen; absent where the employer does not let candidates create an account. */
  onCreateAccount?: () => void;
}

type FieldErrors = { email?: string; password?: string };

/**
 * The dialog's first screen: email and password, posted as JSON to `/api/auth/login`, the server's error above the
 * form; then the other ways in (a password reset, a mailed code, a new account).
 */
export function PasswordSignIn({
  idPrefix,
  domain,
  next,
  email,
  onEmailChange,
  emailRef,
  onSignedIn,
  onForgotPassword,
  onEmailCode,
  onCreateAccount,
}: PasswordSignInProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const ids = { email: `${idPrefix}-email`, password: `${idPrefix}-password`, error: `${idPrefix}-error` };
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors: FieldErrors = {
      email: emailError(t, email),
      password: password === '' ? t('login.errors.passwordRequired') : undefined,
    };
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
        body: { email: email.trim(), password, domain, next: nextPath(next) },
        silent: true,
      });
      onSignedIn();
    } catch (error) {
      setFormError(readFailure(error, t, 'login.errors.failed').message);
      setSubmitting(false);
      focusElement(passwordRef.current);
    }
  };

  return (
    <>
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
          error={fieldErrors.email}
        />
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
      <div className="cw-login__alternatives">
        <Button variant="text" onClick={onForgotPassword}>
          {t('login.forgotPassword')}
        </Button>
        <Button variant="text" onClick={onEmailCode}>
          {t('login.emailCode')}
        </Button>
      </div>
      {onCreateAccount && (
        <p className="cw-login__signup">
          {t('login.newHere')}{' '}
          <Button variant="text" onClick={onCreateAccount}>
            {t('login.createAccount')}
          </Button>
        </p>
      )}
    </>
  );
}
