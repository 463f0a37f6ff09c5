import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import type { EmailOnlyBody, MailSentResponse } from '../contract/account';
import { AUTH_NAMESPACE } from './prepareAuth';
import { EmailField, emailError, FormError, mailedTo, nextPath, readFailure } from './authForm';

/** Mails a link to choose a new password: 202 whether or not an account has the email. */
const FORGOT_PATH = '/api/auth/password/forgot';

interface ForgotPasswordProps {
  idPrefix: string;
  domain: string;
  next?: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** The request was taken: the link went to `sentTo` if an account uses it, as the server says. */
  onSent: (sentTo: string) => void;
}

/** "Forgot your password?": the email of the account, to mail it a link to choose a new password. */
export function ForgotPassword({ idPrefix, domain, next, email, onEmailChange, onSent }: ForgotPasswordProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const ids = { email: `${idPrefix}-forgot-email`, error: `${idPrefix}-forgot-error` };
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
    const body: EmailOnlyBody = { email: email.trim(), domain, next: nextPath(next) };
    try {
      const answer = await request<MailSentResponse | undefined>(FORGOT_PATH, { method: 'POST', body, silent: true });
      onSent(mailedTo(answer, body.email));
    } catch (failed) {
      const failure = readFailure(failed, t, 'forgot.errors.failed');
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
        {submitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
