import { request } from '../http/http';
import type { EmailOnlyBody, MailSentResponse } from '../contract/account';
import { EmailOnlyForm, inPageLanguage, mailedTo, nextPath } from './authForm';

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
  const send = async (typed: string) => {
    const body: EmailOnlyBody = { email: typed, domain, next: nextPath(next) };
    const answer = await request<MailSentResponse | undefined>(inPageLanguage(FORGOT_PATH), {
      method: 'POST',
      body,
      silent: true,
    });
    onSent(mailedTo(answer, typed));
  };

  return (
    <EmailOnlyForm
      ids={{ email: `${idPrefix}-forgot-email`, error: `${idPrefix}-forgot-error` }}
      email={email}
      onEmailChange={onEmailChange}
      send={send}
      keys={{ submit: 'forgot.submit', submitting: 'forgot.submitting', failed: 'forgot.errors.failed' }}
    />
  );
}
