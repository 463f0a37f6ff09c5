import { useId, useMemo, useRef, useState } from 'react';
import {
  useTranslation,
  notify,
  profileSaved,
  RemoteFormRenderer,
  Skeleton,
  useAppDispatch,
  useEmployerDomain,
} from '@careers/shared';
import type { BootData, FormValues } from '@careers/shared/contract';
import { NAMESPACE } from '../../../namespace';
import { domId, GateDialog } from '../../gate/components/GateDialog';
import { asQueryError, requestErrorMessage } from '../../gate/requestError';
import { useBootstrapProfileMutation, type BootstrapResult } from '../endpoints';
import { bootstrapForm, bootstrapValidators, bootstrapValues, toBootstrapField, type BootstrapValues } from '../schema';

export interface ProfileBootstrappingProps {
  boot: BootData;
}

/**
 * The form's place while the forms toolkit's renderer loads: the same rows (a section heading, the two names side
 * by side, the location with its hint, the button) in a box of the form's height, so nothing moves when it comes.
 */
function FormPlaceholder() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cw-onb-bootstrap__placeholder" role="status">
      <span className="cw-visually-hidden">{t('bootstrap.loadingForm')}</span>
      <Skeleton width="40%" height={24} shape="text" />
      <div className="cw-onb-form__row">
        <Skeleton width="100%" height={72} />
        <Skeleton width="100%" height={72} />
      </div>
      <Skeleton width="100%" height={96} />
      <Skeleton width={160} height={44} className="cw-onb-bootstrap__placeholder-button" />
    </div>
  );
}

/**
 * The profile bootstrapping step (docs/product/terms-and-onboarding.md#profile-bootstrapping: shown to a
 * logged-in candidate who is not yet bootstrapped; its content is ours). A short first-run form (first name, last name,
 * location, prefilled from the profile) in a modal that cannot be closed: the step is a page-level gate, completed
 * once.
 *
 * The form is a forms toolkit form (`bootstrapForm`), drawn by the toolkit's renderer, which the forms widget
 * exposes and which loads on demand (`RemoteModule`): inside the dialog, a placeholder of the form's size while it
 * loads, and a notice with a retry if it cannot be loaded.
 */
export function ProfileBootstrapping({ boot }: ProfileBootstrappingProps) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const domain = useEmployerDomain();
  const [bootstrapProfile] = useBootstrapProfileMutation();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const idPrefix = domId('cw-onb-boot', useId());
  const headingId = `${idPrefix}-title`;
  const introId = `${idPrefix}-intro`;

  const form = useMemo(() => bootstrapForm(t), [t]);
  const validators = useMemo(() => bootstrapValidators(t), [t]);
  const { profile } = boot;
  const initialValues = useMemo<FormValues>(
    () => ({
      firstname: profile?.firstname ?? '',
      lastname: profile?.lastname ?? '',
      location: profile?.location ?? '',
    }),
    [profile],
  );

  const save = async ({ firstname, lastname, location }: BootstrapValues) => {
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
        // Shown on its field (until changed), which gets focus.
        setServerErrors({ [field]: queryError.message });
        return;
      }
      const message = requestErrorMessage(error, t('bootstrap.failed'));
      if (message) notify.error(message);
      return;
    }
    notify.success(t('bootstrap.success'));
    // Tell the rest of the page: the saved profile and onboarding state (the server's answer when it sent them).
    const savedProfile =
      saved?.profile ??
      (boot.profile && { ...boot.profile, firstname, lastname, location, fullname: `${firstname} ${lastname}` });
    const previous = boot.onboarding ?? { isOnboarded: false, isBootstrapped: false, tosAttested: false };
    // The step is done once the call succeeded, whatever the answer says (it must not open again).
    const onboarding = { ...(saved?.onboarding ?? previous), isBootstrapped: true };
    dispatch(profileSaved({ profile: savedProfile ?? undefined, onboarding }));
  };

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await save(bootstrapValues(values));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GateDialog labelledBy={headingId} describedBy={introId} initialFocusRef={headingRef} className="cw-onb-bootstrap">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cw-dialog__title">
        {t('bootstrap.heading')}
      </h2>
      <p id={introId} className="cw-onb-helper">
        {t('bootstrap.intro')}
      </p>
      <div className="cw-onb-bootstrap__form">
        <RemoteFormRenderer
          loading={<FormPlaceholder />}
          failedMessage={t('bootstrap.formFailed')}
          form={form}
          initialValues={initialValues}
          customValidators={validators}
          serverErrors={serverErrors}
          submitLabel={t('bootstrap.submit')}
          onSubmit={submit}
        />
      </div>
      <p className="cw-visually-hidden" role="status">
        {saving ? t('bootstrap.saving') : ''}
      </p>
    </GateDialog>
  );
}
