import { skipToken, selectBoot, useAppSelector, useEmployerDomain } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { useGetTermsOfServiceQuery } from '../terms/endpoints';

export type TermsConfig = NonNullable<BootData['pcsxConfig']['termsOfServiceConfig']>;

export type OnboardingGate =
  { step: null } | { step: 'terms'; boot: BootData; config: TermsConfig } | { step: 'bootstrap'; boot: BootData };

/**
 * Which first-run gate a page shows (docs/product/terms-and-onboarding.md#gate-order), one at a time and in this order:
 *
 * 1. Terms of service: a logged-in candidate, terms enabled, not attested. The status check
 *    (GET /api/pcsx/terms_of_service) decides; until it answers, the page's starting data
 *    (`onboarding.tosAttested`) is the hint, so a candidate who has not attested is gated from first paint.
 *    If the check fails, nothing is shown (docs/product/terms-and-onboarding.md#status-check-failure: a failure
 *    only ends the loading state; an API outage does not lock candidates out of the site, and the next page load
 *    checks again).
 * 2. Profile bootstrapping: a logged-in candidate whose starting data says `isBootstrapped: false`, once the
 *    terms are out of the way (disabled, or confirmed attested; after a failed check, when the hint says attested).
 *
 * Nothing for a logged-out visitor, and no call is made for one.
 */
export function useOnboardingGate(): OnboardingGate {
  const boot = useAppSelector(selectBoot);
  const domain = useEmployerDomain();
  const loggedIn = boot !== null && boot.isLoggedIn && domain !== '';
  const config = boot?.pcsxConfig.termsOfServiceConfig;
  const termsEnabled = loggedIn && config?.enabled === true;
  const hint = boot?.onboarding?.tosAttested;
  const { data, isError } = useGetTermsOfServiceQuery(termsEnabled ? { domain } : skipToken);

  if (!loggedIn || boot === null) return { step: null };

  if (termsEnabled && config) {
    const pending = data === undefined && !isError;
    const notAttested = data !== undefined ? !data.tosAttested : pending && hint === false;
    if (notAttested) return { step: 'terms', boot, config };
  }

  const termsDone = !termsEnabled || data?.tosAttested === true || (data === undefined && isError && hint === true);
  if (termsDone && boot.onboarding?.isBootstrapped === false) return { step: 'bootstrap', boot };
  return { step: null };
}
