import { toOnboardingData, toProfile, type Candidate } from '../candidates/repository';
import type { BootData } from '../contract';
import type { Employer } from '../employers/repository';
import { SUPPORTED_LANGUAGES, type Language } from '../i18n';

const MANIFEST_URL = '/widgets/manifest.json';

/** The starting page data (contract `BootData`) for one employer and, when signed in there, one candidate. */
export function buildBootData(employer: Employer, candidate: Candidate | null, language: Language): BootData {
  return {
    groupId: employer.domain,
    isLoggedIn: candidate !== null,
    user: candidate ? { id: candidate.encId, email: candidate.email } : null,
    profile: candidate ? toProfile(candidate) : null,
    pcsxConfig: {
      branding: { companyName: employer.companyName },
      termsOfServiceConfig: { ...employer.termsOfService },
    },
    behaviourFlags: {},
    notificationsConfig: {
      enabled: employer.notificationsEnabled,
      hasActionRequiredNotificationsConfigured: employer.actionRequiredConfigured,
    },
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    language,
    manifestUrl: MANIFEST_URL,
    onboarding: candidate ? toOnboardingData(candidate) : null,
  };
}
