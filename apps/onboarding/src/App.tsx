import { lazy, Suspense } from 'react';
import { DialogBackdrop } from '@careers/shared';
import { useOnboardingGate } from './features/gate/useOnboardingGate';

/*
 * The dialogs are separate chunks: most page loads show no gate (the candidate has attested and is bootstrapped),
 * and then neither the sanitiser (DOMPurify) nor the form code is downloaded (the bootstrapping form is drawn by the
 * forms toolkit's renderer, which the forms widget exposes: it loads on demand, from the forms bundle).
 */
const TermsOfServiceModal = lazy(() =>
  import(/* webpackChunkName: "onboarding-terms" */ './features/terms/components/TermsOfServiceModal').then((m) => ({
    default: m.TermsOfServiceModal,
  })),
);
const ProfileBootstrapping = lazy(() =>
  import(
    /* webpackChunkName: "onboarding-bootstrapping" */ './features/bootstrapping/components/ProfileBootstrapping'
  ).then((m) => ({
    default: m.ProfileBootstrapping,
  })),
);

/** While a dialog's code downloads, the backdrop already covers the page. */
const loadingBackdrop = <DialogBackdrop aria-hidden="true" />;

/**
 * The onboarding widget's root: the terms-of-service modal, then the profile bootstrapping step, each only when
 * the candidate needs it (see {@link useOnboardingGate}). Renders nothing otherwise, and for logged-out visitors.
 */
export function App() {
  const gate = useOnboardingGate();
  if (gate.step === null) return null;
  return (
    <div className="cw-onb">
      <Suspense fallback={loadingBackdrop}>
        {gate.step === 'terms' ? (
          <TermsOfServiceModal boot={gate.boot} config={gate.config} />
        ) : (
          <ProfileBootstrapping key={gate.boot.groupId} boot={gate.boot} />
        )}
      </Suspense>
    </div>
  );
}
