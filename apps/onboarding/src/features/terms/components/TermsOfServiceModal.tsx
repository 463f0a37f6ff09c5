import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useTranslation,
  Button,
  notify,
  profileSaved,
  useAppDispatch,
  useEmployerDomain,
  useScrollable,
} from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { NAMESPACE } from '../../../namespace';
import { domId, GateDialog } from '../../gate/components/GateDialog';
import { requestErrorMessage } from '../../gate/requestError';
import { termsApi, useAcceptTermsMutation, useCompleteOnboardingMutation } from '../endpoints';
import { reloadPage } from '../reloadPage';
import { sanitizeRichText } from '@careers/shared/rich-text';
import type { TermsConfig } from '../../gate/useOnboardingGate';

export interface TermsOfServiceModalProps {
  boot: BootData;
  config: TermsConfig;
}

/** A configured text, or undefined when it is missing or blank. */
function text(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * The terms-of-service gate (docs/product/terms-and-onboarding.md#terms-of-service): a modal that cannot be closed,
 * with the heading, helper text, info text, the employer's HTML disclaimer (sanitised, in a scrollable region of at
 * most 300 px) and the accept button. Accepting records the acceptance; a candidate who is not yet onboarded is then
 * onboarded and the page reloads, otherwise the modal closes. A failure shows a toast and leaves the modal open for
 * another try.
 */
export function TermsOfServiceModal({ boot, config }: TermsOfServiceModalProps) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const [acceptTerms] = useAcceptTermsMutation();
  const [completeOnboarding] = useCompleteOnboardingMutation();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const failedRef = useRef(false);
  /** Acceptance already recorded (the onboarding call failed after it): a retry only onboards. */
  const acceptedRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const disclaimerRef = useRef<HTMLDivElement>(null);
  const disclaimerScrolls = useScrollable(disclaimerRef);

  const reactId = useId();
  const headingId = domId('cw-onb-terms-title', reactId);
  const helperId = domId('cw-onb-terms-helper', reactId);
  const infoId = domId('cw-onb-terms-info', reactId);

  const domain = useEmployerDomain();
  const isOnboarded = boot.onboarding?.isOnboarded === true;
  const heading = text(config.headingText) ?? t('terms.heading');
  const submitText = text(config.submitButtonText) ?? t('terms.accept');
  const helperText = text(config.helperText);
  const infoText = text(config.infoText);
  const newTabLabel = t('terms.newTab');
  const disclaimer = useMemo(
    () => sanitizeRichText(config.disclaimerText ?? '', { newTabLabel }),
    [config.disclaimerText, newTabLabel],
  );
  const describedBy = [helperText && helperId, infoText && infoId].filter(Boolean).join(' ') || undefined;

  // A disabled button loses focus; after a failure, give it back so the candidate can try again.
  useEffect(() => {
    if (!busy && failedRef.current) {
      failedRef.current = false;
      buttonRef.current?.focus();
    }
  }, [busy]);

  const fail = (error: unknown, fallback: string) => {
    const message = requestErrorMessage(error, fallback);
    if (message) notify.error(message);
    failedRef.current = true;
    busyRef.current = false;
    setBusy(false);
  };

  const accept = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);

    if (!acceptedRef.current) {
      try {
        await acceptTerms({ domain }).unwrap();
      } catch (error) {
        fail(error, t('terms.acceptFailed'));
        return;
      }
      acceptedRef.current = true;
    }

    if (!isOnboarded) {
      try {
        await completeOnboarding({ domain }).unwrap();
      } catch (error) {
        fail(error, t('terms.onboardingFailed'));
        return;
      }
      // Stay busy until the page is gone: the reloaded page renders the candidate's onboarded state.
      reloadPage();
      return;
    }

    // Already onboarded: close the modal, and tell the rest of the page the terms are attested.
    dispatch(termsApi.util.upsertQueryData('getTermsOfService', { domain }, { tosAttested: true }));
    if (boot.onboarding) dispatch(profileSaved({ onboarding: { tosAttested: true } }));
  };

  return (
    <GateDialog labelledBy={headingId} describedBy={describedBy} initialFocusRef={headingRef} className="cw-onb-terms">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cw-dialog__title">
        {heading}
      </h2>
      {helperText && (
        <p id={helperId} className="cw-onb-helper">
          {helperText}
        </p>
      )}
      {infoText && (
        <p id={infoId} className="cw-onb-info">
          {infoText}
        </p>
      )}
      {disclaimer && (
        <div
          className="cw-onb-disclaimer"
          role="region"
          aria-label={t('terms.disclaimerLabel')}
          ref={disclaimerRef}
          // A Tab stop only while it scrolls: then the keyboard can scroll it; otherwise it would be an empty stop.
          tabIndex={disclaimerScrolls ? 0 : undefined}
          data-testid="terms-disclaimer"
          dangerouslySetInnerHTML={{ __html: disclaimer }}
        />
      )}
      <div className="cw-dialog__actions">
        <Button ref={buttonRef} disabled={busy} loading={busy} onClick={() => void accept()}>
          {submitText}
        </Button>
      </div>
      <p className="cw-visually-hidden" role="status">
        {busy ? t('terms.accepting') : ''}
      </p>
    </GateDialog>
  );
}
