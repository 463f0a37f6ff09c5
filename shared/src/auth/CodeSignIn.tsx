import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';
import { Field, Input } from '../ui/Field';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import type { CodeSignInBody, EmailOnlyBody, MailSentResponse } from '../contract/account';
import { AUTH_NAMESPACE } from './prepareAuth';
import { AccountErrorCodes as ACCOUNT_ERRORS, SIGN_IN_CODE_LENGTH as CODE_LENGTH } from '../contract/account-constants';
import { EmailOnlyForm, FormError, inPageLanguage, mailedTo, nextPath, readFailure } from './authForm';

/** Mails a sign-in code: 202 `{ data: { ok: true, email } }`, whether or not an account has the email. */
const CODE_PATH = '/api/auth/code';
/** Signs in with the mailed code: 200 `{ data: { ok: true, next, claimed } }` and the session cookie. */
const CODE_VERIFY_PATH = '/api/auth/code/verify';

/** Asks for a code for `email`; resolves to the address the server mailed. */
async function sendCode(email: string, domain: string, next: string | undefined): Promise<string> {
  const body: EmailOnlyBody = { email, domain, next: nextPath(next) };
  const answer = await request<MailSentResponse | undefined>(inPageLanguage(CODE_PATH), {
    method: 'POST',
    body,
    silent: true,
  });
  return mailedTo(answer, email);
}

interface CodeRequestProps {
  idPrefix: string;
  domain: string;
  next?: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** The code was mailed: to `sentTo` (as the server says), asked for `email` (as typed, trimmed). */
  onSent: (email: string, sentTo: string) => void;
}

/** The code sign-in's first step: the email to mail a code to. */
export function CodeRequest({ idPrefix, domain, next, email, onEmailChange, onSent }: CodeRequestProps) {
  return (
    <EmailOnlyForm
      ids={{ email: `${idPrefix}-code-email`, error: `${idPrefix}-code-email-error` }}
      email={email}
      onEmailChange={onEmailChange}
      send={async (typed) => onSent(typed, await sendCode(typed, domain, next))}
      keys={{ submit: 'code.send', submitting: 'code.sending', failed: 'code.errors.sendFailed' }}
    />
  );
}

interface CodeEntryProps {
  idPrefix: string;
  domain: string;
  next?: string;
  /** The address the code was asked for (as typed, trimmed): what the verification and a new code are sent with. */
  email: string;
  /** Id of the text saying where the code went and how long it works, which describes the code box. */
  sentTextId: string;
  /** The code box, focused when this step shows (and again when a new code is sent). */
  codeRef: RefObject<HTMLInputElement | null>;
  onSignedIn: () => void;
  /** A new code was mailed, to `sentTo` as the server says. */
  onResent: (sentTo: string) => void;
}

/**
 * The code sign-in's second step: the mailed code (spaces allowed, as mail apps may show it in groups), checked by
 * the server; a wrong or expired one can be replaced with "Send a new code".
 */
export function CodeEntry({
  idPrefix,
  domain,
  next,
  email,
  sentTextId,
  codeRef,
  onSignedIn,
  onResent,
}: CodeEntryProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const ids = { code: `${idPrefix}-code`, error: `${idPrefix}-code-error` };
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [resentTo, setResentTo] = useState<string | null>(null);

  const validate = (digits: string): string | undefined => {
    if (digits === '') return t('code.errors.required');
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits)) return t('code.errors.format', { length: CODE_LENGTH });
    return undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || resending) return;
    const digits = code.replace(/\s+/g, '');
    const error = validate(digits);
    setCodeError(error);
    setFormError(null);
    if (error) {
      focusElement(codeRef.current);
      return;
    }
    setSubmitting(true);
    try {
      const body: CodeSignInBody = { email, code: digits, domain, next: nextPath(next) };
      await request(CODE_VERIFY_PATH, { method: 'POST', body, silent: true });
      onSignedIn();
    } catch (failed) {
      const failure = readFailure(failed, t, 'login.errors.failed');
      if (failure.status === 401 && failure.code === ACCOUNT_ERRORS.invalidToken) {
        setCodeError(t('code.errors.invalid'));
      } else if (failure.field === 'code') setCodeError(failure.message);
      else setFormError(failure.message);
      setSubmitting(false);
      focusElement(codeRef.current);
    }
  };

  const resend = async () => {
    if (submitting || resending) return;
    setResending(true);
    setFormError(null);
    setResentTo(null);
    try {
      const sentTo = await sendCode(email, domain, next);
      setCode('');
      setCodeError(undefined);
      setResentTo(sentTo);
      onResent(sentTo);
    } catch (failed) {
      setFormError(readFailure(failed, t, 'code.errors.sendFailed').message);
    } finally {
      setResending(false);
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
      <Field id={ids.code} label={t('code.code')} error={codeError} describedBy={sentTextId} required>
        {(control) => (
          <Input
            {...control}
            ref={codeRef}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      {/* Always in the page, so that screen readers announce the text when a new code is sent. */}
      <p className="cw-login__status" role="status">
        {resentTo ? t('code.resent', { email: resentTo }) : ''}
      </p>
      <Button type="submit" block loading={submitting}>
        {submitting ? t('code.submitting') : t('code.submit')}
      </Button>
      <Button variant="secondary" block loading={resending} onClick={() => void resend()}>
        {resending ? t('code.sending') : t('code.resend')}
      </Button>
    </form>
  );
}
