import { useEffect, useId, useRef, type RefObject } from 'react';
import {
  useTranslation,
  Button,
  Field,
  Input,
  notify,
  profileSaved,
  useAppDispatch,
  useEmployerDomain,
} from '@careers/shared';
import { Form, Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
import type { BootData } from '@careers/shared/contract';
import { NAMESPACE } from '../../../namespace';
import { domId, GateDialog } from '../../gate/components/GateDialog';
import { asQueryError, requestErrorMessage } from '../../gate/requestError';
import { useBootstrapProfileMutation, type BootstrapResult } from '../endpoints';
import {
  BOOTSTRAP_FIELDS,
  bootstrapSchema,
  ERROR_KEY_PREFIX,
  MAX_LENGTH,
  toBootstrapField,
  type BootstrapField,
  type BootstrapValues,
} from '../schema';

export interface ProfileBootstrappingProps {
  boot: BootData;
}

interface TextFieldProps {
  name: BootstrapField;
  label: string;
  hint?: string;
  autoComplete?: string;
  idPrefix: string;
}

function TextField({ name, label, hint, autoComplete, idPrefix }: TextFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const message = error?.startsWith(ERROR_KEY_PREFIX) ? t(error, { max: MAX_LENGTH[name] }) : error;
  return (
    <Field id={`${idPrefix}-${name}`} label={label} help={hint} error={message} required>
      {(control) => <Input {...field} {...control} autoComplete={autoComplete} />}
    </Field>
  );
}

/**
 * After each submit attempt settles: focus the first invalid field (a validation or a server field error), or
 * the submit button when the attempt failed otherwise (it was disabled while saving and lost focus).
 */
function FocusAfterSubmit({
  formRef,
  submitRef,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<BootstrapValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = BOOTSTRAP_FIELDS.find((name) => errors[name]);
    const target = first ? formRef.current?.elements.namedItem(first) : submitRef.current;
    if (target instanceof HTMLElement) target.focus();
  }, [submitCount, isSubmitting, isValidating, errors, formRef, submitRef]);
  return null;
}

/**
 * The profile bootstrapping step (spec 000 §2, §4: shown to a logged-in candidate who is not yet bootstrapped;
 * its content is not in the spec). A short first-run form (first name, last name, location, prefilled from the
 * profile) in a modal that cannot be closed: the step is a page-level gate, completed once.
 */
export function ProfileBootstrapping({ boot }: ProfileBootstrappingProps) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const domain = useEmployerDomain();
  const [bootstrapProfile] = useBootstrapProfileMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const reactId = useId();
  const idPrefix = domId('cw-onb-boot', reactId);
  const headingId = `${idPrefix}-title`;
  const introId = `${idPrefix}-intro`;

  const initialValues: BootstrapValues = {
    firstname: boot.profile?.firstname ?? '',
    lastname: boot.profile?.lastname ?? '',
    location: boot.profile?.location ?? '',
  };

  const submit = async (values: BootstrapValues, helpers: FormikHelpers<BootstrapValues>) => {
    const firstname = values.firstname.trim();
    const lastname = values.lastname.trim();
    const location = values.location.trim();
    let saved: BootstrapResult | null;
    try {
      saved = await bootstrapProfile({ domain, firstname, lastname, location }).unwrap();
    } catch (error) {
      const queryError = asQueryError(error);
      if (queryError?.status === 409) {
        // Already set up (in another tab, say): the server changed nothing and the step must not stay open. The
        // profile is left as the page has it; name changes go through profile editing.
        notify.info(t('bootstrap.alreadyDone'));
        dispatch(profileSaved({ onboarding: { isBootstrapped: true } }));
        return;
      }
      const field = queryError?.status === 400 ? toBootstrapField(queryError.field) : null;
      if (field && queryError) {
        helpers.setFieldError(field, queryError.message);
        return;
      }
      const message = requestErrorMessage(error, t('bootstrap.failed'));
      if (message) notify.error(message);
      return;
    }
    notify.success(t('bootstrap.success'));
    // Tell the rest of the page: the saved profile and onboarding state (the server's answer when it sent them).
    const profile =
      saved?.profile ??
      (boot.profile && { ...boot.profile, firstname, lastname, location, fullname: `${firstname} ${lastname}` });
    const previous = boot.onboarding ?? { isOnboarded: false, isBootstrapped: false, tosAttested: false };
    // The step is done once the call succeeded, whatever the answer says (it must not open again).
    const onboarding = { ...(saved?.onboarding ?? previous), isBootstrapped: true };
    dispatch(profileSaved({ profile: profile ?? undefined, onboarding }));
  };

  return (
    <GateDialog labelledBy={headingId} describedBy={introId} initialFocusRef={headingRef} className="cw-onb-bootstrap">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cw-dialog__title">
        {t('bootstrap.heading')}
      </h2>
      <p id={introId} className="cw-onb-helper">
        {t('bootstrap.intro')}
      </p>
      <Formik<BootstrapValues> initialValues={initialValues} validationSchema={bootstrapSchema} onSubmit={submit}>
        {({ isSubmitting, isValidating }) => (
          <Form ref={formRef} noValidate className="cw-onb-form" aria-labelledby={headingId}>
            <div className="cw-onb-form__row">
              <TextField
                name="firstname"
                label={t('bootstrap.firstname')}
                autoComplete="given-name"
                idPrefix={idPrefix}
              />
              <TextField
                name="lastname"
                label={t('bootstrap.lastname')}
                autoComplete="family-name"
                idPrefix={idPrefix}
              />
            </div>
            <TextField
              name="location"
              label={t('bootstrap.location')}
              hint={t('bootstrap.locationHint')}
              idPrefix={idPrefix}
            />
            <div className="cw-dialog__actions">
              <Button ref={submitRef} type="submit" disabled={isSubmitting} loading={isSubmitting}>
                {t('bootstrap.submit')}
              </Button>
            </div>
            <p className="cw-visually-hidden" role="status">
              {isSubmitting && !isValidating ? t('bootstrap.saving') : ''}
            </p>
            <FocusAfterSubmit formRef={formRef} submitRef={submitRef} />
          </Form>
        )}
      </Formik>
    </GateDialog>
  );
}
