import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from '../ui/Button';
import { CheckboxField, Field, Input } from '../ui/Field';
import { focusElement } from '../ui/focus';
import { request } from '../http/http';
import type { MailSentResponse, PendingAction, SignupBody } from '../contract/account';
import { AUTH_NAMESPACE } from './prepareAuth';
import {
  AccountErrorCodes as ACCOUNT_ERRORS,
  PASSWORD_MAX_LENGTH as PASSWORD_MAX,
  PASSWORD_MIN_LENGTH as PASSWORD_MIN,
  passwordLength,
} from '../contract/account-constants';
import { EmailField, emailError, FormError, inPageLanguage, mailedTo, nextPath, readFailure } from './authForm';

/** Creates an account: 202 `{ data: { ok: true, email } }`, and a mail either way (a link, or "you have one"). */
const SIGNUP_PATH = '/api/auth/signup';

/** What the sign-up screen shows of the employer's settings (boot data `loginSignupConfig`, company name). */
export interface SignupSettings {
  /** The employer's consent text (`loginSignupConfig.consentText`); the product's own words otherwise. */
  consentText?: string;
  /** The employer's name, in the product's consent words. */
  company?: string;
}

type SignupField = 'firstName' | 'lastName' | 'email' | 'password' | 'consent';
type FieldErrors = Partial<Record<SignupField, string>>;

/** The fields in the order of the form: the first with an error takes focus. */
const FIELDS: readonly SignupField[] = ['firstName', 'lastName', 'email', 'password', 'consent'];
const isSignupField = (field: string | undefined): field is SignupField => FIELDS.includes(field as SignupField);

interface SignupFormProps extends SignupSettings {
  idPrefix: string;
  domain: string;
  next?: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** Sent with the sign-up: the server does it once the email is confirmed. */
  pendingAction?: PendingAction;
  /** The sign-up was taken: the mail went to `sentTo`, as the server says. */
  onSent: (sentTo: string) => void;
}

/**
 * Account creation: names, email, a password (length over composition: the hint says so, the server also refuses the
 * most common ones) and the required consent, posted as JSON to `/api/auth/signup`. The server's field errors go
 * under their field; its other errors above the form.
 */
export function SignupForm({
  idPrefix,
  domain,
  next,
  email,
  onEmailChange,
  pendingAction,
  consentText,
  company,
  onSent,
}: SignupFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const ids = {
    firstName: `${idPrefix}-first-name`,
    lastName: `${idPrefix}-last-name`,
    email: `${idPrefix}-signup-email`,
    password: `${idPrefix}-new-password`,
    consent: `${idPrefix}-consent`,
    error: `${idPrefix}-signup-error`,
  };
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    consent: useRef<HTMLInputElement>(null),
  };
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (firstName.trim() === '') errors.firstName = t('signup.errors.firstNameRequired');
    if (lastName.trim() === '') errors.lastName = t('signup.errors.lastNameRequired');
    errors.email = emailError(t, email);
    if (password === '') errors.password = t('signup.errors.passwordRequired');
    else if (passwordLength(password) < PASSWORD_MIN)
      errors.password = t('signup.errors.passwordShort', { min: PASSWORD_MIN });
    else if (passwordLength(password) > PASSWORD_MAX)
      errors.password = t('signup.errors.passwordLong', { max: PASSWORD_MAX });
    if (!consent) errors.consent = t('signup.errors.consentRequired');
    return errors;
  };

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) focusElement(refs[first].current);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validate();
    setFormError(null);
    if (FIELDS.some((field) => errors[field])) {
      showErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    const body: SignupBody = {
      email: email.trim(),
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      password,
      domain,
      consent: true,
      next: nextPath(next),
      ...(pendingAction ? { pendingAction } : {}),
    };
    try {
      const answer = await request<MailSentResponse | undefined>(inPageLanguage(SIGNUP_PATH), {
        method: 'POST',
        body,
        silent: true,
      });
      onSent(mailedTo(answer, body.email));
    } catch (failed) {
      const failure = readFailure(failed, t, 'signup.errors.failed');
      setSubmitting(false);
      // A weak password (`weak_password`) and the other field errors carry the server's words for the field.
      if (failure.status === 400 && isSignupField(failure.field)) {
        showErrors({ [failure.field]: failure.message });
      } else if (failure.code === ACCOUNT_ERRORS.signupDisabled) {
        setFormError(t('signup.errors.disabled'));
      } else {
        setFormError(failure.message);
      }
    }
  };

  const textField = (
    field: 'firstName' | 'lastName',
    value: string,
    setValue: (value: string) => void,
    autoComplete: string,
  ) => (
    <Field id={ids[field]} label={t(`signup.${field}`)} error={fieldErrors[field]} required>
      {(control) => (
        <Input
          {...control}
          ref={refs[field]}
          name={field}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="cw-login__form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={formError ? ids.error : undefined}
    >
      <FormError id={ids.error} message={formError} />
      {textField('firstName', firstName, setFirstName, 'given-name')}
      {textField('lastName', lastName, setLastName, 'family-name')}
      <EmailField
        id={ids.email}
        ref={refs.email}
        label={t('login.email')}
        value={email}
        onChange={onEmailChange}
        error={fieldErrors.email}
      />
      <Field
        id={ids.password}
        label={t('login.password')}
        help={t('signup.passwordHint', { min: PASSWORD_MIN })}
        error={fieldErrors.password}
        required
      >
        {(control) => (
          <Input
            {...control}
            ref={refs.password}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <CheckboxField
        id={ids.consent}
        ref={refs.consent}
        name="consent"
        label={consentText || (company ? t('signup.consent', { company }) : t('signup.consentGeneric'))}
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        error={fieldErrors.consent}
        required
      />
      <Button type="submit" block loading={submitting}>
        {submitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
