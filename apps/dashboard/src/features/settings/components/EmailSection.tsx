import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  useTranslation,
  Button,
  Card,
  ErrorMessage,
  Field,
  focusElement,
  i18n,
  Input,
  isEmail,
  useEmployerDomain,
  type HttpQueryError,
} from '@careers/shared';
import { NAMESPACE } from '../../dashboard/namespace';
import { useChangeEmailMutation } from '../endpoints';

type FieldErrors = { email?: string; password?: string };

const ids = { heading: 'cw-settings-email', form: 'cw-settings-email-form', error: 'cw-settings-email-error' };

/** Where focus goes once the section has drawn: the form's first field, the status message, or "Change email". */
type FocusTarget = 'email' | 'password' | 'status' | 'open' | null;

/**
 * "Email address": the account's email, and "Change email" opening a form (new email, current password) that asks
 * `POST /api/auth/email` to mail a confirmation link to the new address. The email changes only when that link is
 * followed (docs/product/accounts-and-mail.md#links-and-codes), so the address shown stays the current one.
 */
export function EmailSection({ email: current }: { email: string }) {
  const { t } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // Focus moves once the elements it goes to are drawn (the form appears, the status message gets its text).
  useEffect(() => {
    if (!focusTarget) return;
    const targets = { email: emailRef, password: passwordRef, status: statusRef, open: openRef };
    focusElement(targets[focusTarget].current);
    setFocusTarget(null);
  }, [focusTarget]);

  function close(focus: FocusTarget) {
    setOpen(false);
    setEmail('');
    setPassword('');
    setErrors({});
    setFormError(null);
    setFocusTarget(focus);
  }

  function toggle() {
    if (open) {
      close(null);
      return;
    }
    setSentTo(null);
    setOpen(true);
    setFocusTarget('email');
  }

  function validate(typed: string): FieldErrors {
    let emailError: string | undefined;
    if (typed === '') emailError = t('settings.email.errors.emailRequired');
    else if (!isEmail(typed, 'loose')) emailError = t('settings.email.errors.emailInvalid');
    else if (typed.toLowerCase() === current.toLowerCase()) emailError = t('settings.email.errors.emailSame');
    return {
      email: emailError,
      password: password === '' ? t('settings.email.errors.passwordRequired') : undefined,
    };
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setFocusTarget(found.email ? 'email' : 'password');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const typed = email.trim();
    const found = validate(typed);
    setFormError(null);
    if (found.email || found.password) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await changeEmail({ email: typed, password, domain, hl: i18n.language }).unwrap();
      setSentTo(answer.email || typed);
      close('status');
    } catch (failure) {
      const { kind, field } = (failure ?? {}) as Partial<HttpQueryError>;
      if (kind === 'aborted') return;
      // A 400 naming a field goes on it: the server's own texts there are for developers (schema checks), or the
      // wrong password ("Your current password is incorrect.", said here in the page's language).
      if (field === 'email') showErrors({ email: t('settings.email.errors.emailInvalid') });
      else if (field === 'password') showErrors({ password: t('settings.email.errors.passwordWrong') });
      else setFormError(t(kind === 'rateLimited' ? 'settings.email.errors.tooMany' : 'settings.email.errors.failed'));
    }
  }

  return (
    <Card as="section" className="cw-settings__section" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="cw-settings__heading">
        {t('settings.email.title')}
      </h2>
      <p>{t('settings.email.current', { email: current })}</p>
      {/* Always in the page, so that screen readers announce the text when it appears; focused then. */}
      <p ref={statusRef} className="cw-settings__status" role="status" tabIndex={-1}>
        {sentTo ? t('settings.email.sent', { email: sentTo }) : ''}
      </p>
      <div className="cw-settings__actions">
        <Button
          ref={openRef}
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? ids.form : undefined}
          onClick={toggle}
        >
          {t('settings.email.open')}
        </Button>
      </div>
      {open && (
        <form
          id={ids.form}
          className="cw-settings__form"
          noValidate
          aria-describedby={formError ? ids.error : undefined}
          onSubmit={(event) => void submit(event)}
        >
          {formError && (
            <ErrorMessage id={ids.error} role="alert">
              {formError}
            </ErrorMessage>
          )}
          <Field label={t('settings.email.newEmail')} error={errors.email} required>
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
          <Field label={t('settings.email.password')} error={errors.password} required>
            {(control) => (
              <Input
                {...control}
                ref={passwordRef}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <div className="cw-settings__actions">
            <Button type="submit" loading={isLoading}>
              {isLoading ? t('settings.email.submitting') : t('settings.email.submit')}
            </Button>
            <Button variant="secondary" onClick={() => close('open')}>
              {t('settings.email.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
