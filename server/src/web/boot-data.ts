import { toOnboardingData, toProfile, type Candidate } from '../candidates/repository';
import type { BootData, SearchConfig } from '../contract';
import { employerConfigIn, type Employer } from '../employers/repository';
import { employerLanguages, type EmployerPcsxConfig } from '../employers/pcsx-config';
import type { Language } from '../i18n';
import { LANGUAGE_NAMES } from '../contract';

const MANIFEST_URL = '/widgets/manifest.json';

/** Server settings the boot data needs besides the employer and the candidate. */
export interface BootDataOptions {
  /** The server's Google Maps key (`GOOGLE_MAPS_API_KEY`), for employers without a key of their own. */
  googleMapsApiKey?: string | null;
}

/**
 * The employer's search configuration with the map's key: the employer's own key if it has one, else the server's
 * (only for an enabled map), else none (the widget then offers no map).
 */
function searchConfigOf(config: EmployerPcsxConfig, serverKey: string | null): SearchConfig | undefined {
  const searchConfig = config.searchConfig;
  const mapConfig = searchConfig?.mapConfig;
  if (!searchConfig || !mapConfig) return searchConfig;
  const { apiKey: ownKey, ...map } = mapConfig;
  const apiKey = ownKey?.trim() || (map.enabled ? serverKey : null);
  return { ...searchConfig, mapConfig: apiKey ? { ...map, apiKey } : map };
}

/** The starting page data (contract `BootData`) for one employer and, when signed in there, one candidate. */
export function buildBootData(
  employer: Employer,
  candidate: Candidate | null,
  language: Language,
  { googleMapsApiKey = null }: BootDataOptions = {},
): BootData {
  // The employer's texts in the page's language (docs/product/languages.md#content-in-the-language).
  const config = employerConfigIn(employer, language);
  const searchConfig = searchConfigOf(config, googleMapsApiKey);
  // The profile's upload types and sections, and the gates (docs/product/shell.md#starting-data; decision 023).
  const { fileUploadConfig, profileConfig, gates } = config;
  // `headScripts` stays out: the page server writes them (with the request's nonce), the widgets never need them.
  const {
    jobCartConfig,
    positionDetailsConfig,
    applyFormConfig,
    branding,
    implementationPhase,
    behaviourFlags,
    seoConfig,
    loggedOutNotificationConfig,
  } = config;
  const { supported } = employerLanguages(employer.pcsxConfig);
  return {
    groupId: employer.domain,
    isLoggedIn: candidate !== null,
    user: candidate
      ? { id: candidate.encId, email: candidate.email, ...(candidate.isAdmin ? { is_admin: true } : {}) }
      : null,
    profile: candidate ? toProfile(candidate) : null,
    pcsxConfig: {
      // The page shell (navbar, footer, hero image, promo banner, contact link); the name is the employer's column.
      branding: { companyName: employer.companyName, ...branding },
      ...(implementationPhase === true ? { implementationPhase: true } : {}),
      termsOfServiceConfig: { ...employer.termsOfService },
      ...(searchConfig ? { searchConfig } : {}),
      ...(jobCartConfig ? { jobCartConfig } : {}),
      ...(positionDetailsConfig ? { positionDetailsConfig } : {}),
      ...(applyFormConfig ? { applyFormConfig } : {}),
      ...(fileUploadConfig ? { fileUploadConfig } : {}),
      ...(profileConfig ? { profileConfig } : {}),
      // The pages' titles and descriptions (docs/product/shell.md#page-metadata): the page title puts a page's title
      // first.
      ...(seoConfig ? { seoConfig } : {}),
      // Job alerts by email for signed-out visitors (docs/product/accounts-and-mail.md#job-alerts).
      ...(loggedOutNotificationConfig ? { loggedOutNotificationConfig } : {}),
    },
    behaviourFlags: { ...behaviourFlags },
    ...(gates ? { gates: { ...gates } } : {}),
    notificationsConfig: {
      enabled: employer.notificationsEnabled,
      hasActionRequiredNotificationsConfigured: employer.actionRequiredConfigured,
      notificationKeys: { savedSearchNotification: { enabled: employer.savedSearchNotificationEnabled } },
    },
    loginSignupConfig: {
      candidateLoginEnabled: employer.candidateLoginEnabled,
      candidateSignupEnabled: employer.candidateLoginEnabled && employer.candidateSignupEnabled,
      ...(employer.signupConsentText ? { consentText: employer.signupConsentText } : {}),
    },
    supportedLanguages: [...supported],
    languageNames: Object.fromEntries(supported.map((tag) => [tag, LANGUAGE_NAMES[tag] ?? tag])),
    language,
    manifestUrl: MANIFEST_URL,
    onboarding: candidate ? toOnboardingData(candidate) : null,
  };
}
