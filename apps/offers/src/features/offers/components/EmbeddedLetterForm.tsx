import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  useTranslation,
  Button,
  Card,
  CheckboxField,
  Field,
  Input,
  navigate,
  notify,
  selectBoot,
  useAppSelector,
} from '@careers/shared';
import { useFormik } from 'formik';
import { boolean, object, string } from 'yup';
import { paths } from '../routes';
import { ActionAlert } from './ActionAlert';
import { useAcceptDocumentMutation } from '../endpoints';
import { failureToast, isCancelled } from '../errors';

export interface EmbeddedValues {
  terms: boolean;
  fullName: string;
}

/**
 * The signature rule (docs/product/offers-and-signing.md#embedded-signing): the typed name must equal the candidate's
 * full name from the profile. Spaces at either end are ignored; case and everything else must match. With no known
 * name, nothing is accepted.
 */
function signatureMatches(typed: string | undefined, fullName: string | null): boolean {
  const value = (typed ?? '').trim();
  if (value === '') return false;
  return fullName !== null && fullName.trim() !== '' && value === fullName.trim();
}

function embeddedSchema(fullName: string | null, messages: { terms: string; fullName: string }) {
  return object({
    terms: boolean().oneOf([true], messages.terms).required(messages.terms),
    fullName: string().test('matches-profile-name', messages.fullName, (value) => signatureMatches(value, fullName)),
  });
}

/** The candidate's full name from the page's starting data (profile.fullname), or null. */
function useProfileFullName(): string | null {
  return useAppSelector((state) => {
    const name = selectBoot(state)?.profile?.fullname;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  });
}

export interface EmbeddedLetterFormProps {
  encId: string;
  documentId: number;
  domain: string;
}

/**
 * The embedded letter's signature form (docs/product/offers-and-signing.md#embedded-signing): the terms checkbox and
 * the typed full name, both required, validated on blur and on submit (Formik + Yup); the first invalid field takes
 * focus. Signing sends the name and the checkbox; the server stamps the signature on the PDF. Then "Successfully signed
 * the offer letter" and back to the offer. A failed sign call keeps the failure toast and also shows "There was a
 * problem accepting the document" above the submit button until the candidate signs again
 * (docs/product/offers-and-signing.md#failure-messages).
 */
export function EmbeddedLetterForm({ encId, documentId, domain }: EmbeddedLetterFormProps) {
  const { t } = useTranslation('offers');
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    title: `cw-sign-title-${id}`,
    terms: `cw-sign-terms-${id}`,
    name: `cw-sign-name-${id}`,
    failed: `cw-sign-failed-${id}`,
  };
  const termsRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const fullName = useProfileFullName();
  const [accept] = useAcceptDocumentMutation();
  const [failed, setFailed] = useState(false);

  const schema = useMemo(
    () => embeddedSchema(fullName, { terms: t('embedded.termsRequired'), fullName: t('embedded.fullNameError') }),
    [fullName, t],
  );

  const formik = useFormik<EmbeddedValues>({
    initialValues: { terms: false, fullName: '' },
    validationSchema: schema,
    validateOnBlur: true,
    validateOnChange: true,
    onSubmit: async (values) => {
      try {
        await accept({ encId, documentId, domain, full_name: values.fullName.trim(), terms_accepted: true }).unwrap();
        notify.success(t('toasts.signed'));
        navigate(paths.offer(encId, domain));
      } catch (error) {
        const message = failureToast(error, t('toasts.acceptFailed'));
        if (message) notify.error(message);
        if (!isCancelled(error)) setFailed(true);
      }
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    setFailed(false);
    const errors = await formik.validateForm();
    if (errors.terms || errors.fullName) {
      await formik.setTouched({ terms: true, fullName: true }, false);
      (errors.terms ? termsRef.current : nameRef.current)?.focus();
      return;
    }
    await formik.submitForm();
  };

  const termsError = formik.touched.terms ? formik.errors.terms : undefined;
  const nameError = formik.touched.fullName ? formik.errors.fullName : undefined;

  return (
    <Card className="cw-offers-sign">
      <form
        className="cw-offers-sign__form"
        noValidate
        aria-labelledby={ids.title}
        onSubmit={(event) => void submit(event)}
      >
        <h2 id={ids.title} className="cw-offers-sign__title">
          {t('embedded.title')}
        </h2>
        <p className="cw-offers-muted">{t('embedded.intro')}</p>

        <CheckboxField
          ref={termsRef}
          id={ids.terms}
          name="terms"
          label={t('embedded.terms')}
          error={termsError}
          required
          checked={formik.values.terms}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />

        <Field
          id={ids.name}
          label={t('embedded.fullName')}
          help={t('embedded.fullNameHint')}
          error={nameError}
          required
        >
          {(control) => (
            <Input
              {...control}
              ref={nameRef}
              name="fullName"
              className="cw-offers-signature"
              autoComplete="name"
              spellCheck={false}
              maxLength={200}
              value={formik.values.fullName}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
            />
          )}
        </Field>

        {failed && <ActionAlert id={ids.failed}>{t('errors.acceptDocument')}</ActionAlert>}

        <Button type="submit" loading={formik.isSubmitting} aria-describedby={failed ? ids.failed : undefined}>
          {formik.isSubmitting ? t('embedded.submitting') : t('embedded.submit')}
        </Button>
      </form>
    </Card>
  );
}
