import type { Kysely, Selectable } from 'kysely';
import { fromFlag, toFlag, type Database, type EmployersTable } from '../db/types';
import { localizeTexts, mapLanguages } from '../contract';
import {
  employerLanguages,
  parseEmployerPcsxConfig,
  serializeEmployerPcsxConfig,
  type EmployerPcsxConfig,
} from './pcsx-config';

/** The terms-of-service modal settings (contract `TermsOfServiceConfig`); absent texts use the widget's defaults. */
interface TermsOfServiceSettings {
  enabled: boolean;
  headingText?: string;
  helperText?: string;
  infoText?: string;
  /** HTML as the employer wrote it; the widget sanitises it when rendering. */
  disclaimerText?: string;
  submitButtonText?: string;
}

export interface Employer {
  domain: string;
  companyName: string;
  notificationsEnabled: boolean;
  actionRequiredConfigured: boolean;
  termsOfService: TermsOfServiceSettings;
  /** Saved searches and their alerts are offered (`saved_search_notification_enabled`, 0006). */
  savedSearchNotificationEnabled: boolean;
  /** Candidates may sign in (`candidate_login_enabled`, 0006); when off, sign-in is refused. */
  candidateLoginEnabled: boolean;
  /** Candidates may create accounts (`candidate_signup_enabled`, 0019); off for employers who own identity. */
  candidateSignupEnabled: boolean;
  /** The employer's consent text beside the sign-up form (0019); null: the product's own words. */
  signupConsentText: string | null;
  /**
   * Search page, job cart and position details settings (`pcsx_config_json`, 0007); `{}` when none or broken. Texts
   * given per language read in the employer's default language here; `employerConfigIn` gives a page's language.
   */
  pcsxConfig: EmployerPcsxConfig;
  /** The configuration as stored, when some of its texts are given per language (else absent). */
  pcsxConfigTexts?: EmployerPcsxConfig;
}

/**
 * What creating an employer needs: the terms of service are off unless given, saved-search alerts off, candidate
 * sign-in on, and no widget configuration (the widgets' defaults).
 */
type NewEmployer = Omit<
  Employer,
  | 'termsOfService'
  | 'savedSearchNotificationEnabled'
  | 'candidateLoginEnabled'
  | 'candidateSignupEnabled'
  | 'signupConsentText'
  | 'pcsxConfig'
> &
  Partial<
    Pick<
      Employer,
      | 'termsOfService'
      | 'savedSearchNotificationEnabled'
      | 'candidateLoginEnabled'
      | 'candidateSignupEnabled'
      | 'signupConsentText'
      | 'pcsxConfig'
    >
  >;

/** Receives one line about a stored configuration that is ignored (see `parseEmployerPcsxConfig`). */
type EmployerConfigWarning = (message: string) => void;

/** How many distinct warnings are remembered (a broken configuration is reported once, not on every page). */
const MAX_REMEMBERED_WARNINGS = 1000;

/** Employer domains are case-insensitive; they are stored and compared in lower case. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase();

function toTerms(row: Selectable<EmployersTable>): TermsOfServiceSettings {
  const texts: Array<[keyof TermsOfServiceSettings, string | null]> = [
    ['headingText', row.tos_heading_text],
    ['helperText', row.tos_helper_text],
    ['infoText', row.tos_info_text],
    ['disclaimerText', row.tos_disclaimer_text],
    ['submitButtonText', row.tos_submit_button_text],
  ];
  const terms: TermsOfServiceSettings = { enabled: fromFlag(row.tos_enabled) };
  for (const [key, value] of texts) if (value !== null) Object.assign(terms, { [key]: value });
  return terms;
}

function toEmployer(row: Selectable<EmployersTable>, warn: EmployerConfigWarning): Employer {
  return {
    domain: row.domain,
    companyName: row.company_name,
    notificationsEnabled: fromFlag(row.notifications_enabled),
    actionRequiredConfigured: fromFlag(row.action_required_configured),
    termsOfService: toTerms(row),
    savedSearchNotificationEnabled: fromFlag(row.saved_search_notification_enabled),
    candidateLoginEnabled: fromFlag(row.candidate_login_enabled),
    candidateSignupEnabled: fromFlag(row.candidate_signup_enabled),
    signupConsentText: row.signup_consent_text ?? null,
    ...withLanguages(
      parseEmployerPcsxConfig(row.pcsx_config_json ?? null, (problem) => warn(`Employer "${row.domain}": ${problem}`)),
    ),
  };
}

/** The configuration in the employer's default language, and as stored when it has texts per language. */
function withLanguages(stored: EmployerPcsxConfig): Pick<Employer, 'pcsxConfig' | 'pcsxConfigTexts'> {
  if (mapLanguages(stored).length === 0) return { pcsxConfig: stored };
  const { default: defaultLanguage } = employerLanguages(stored);
  return { pcsxConfig: localizeTexts(stored, defaultLanguage, defaultLanguage), pcsxConfigTexts: stored };
}

/** The employer's configuration with its texts in `language` (its default language's where it gave none). */
export function employerConfigIn(employer: Employer, language: string): EmployerPcsxConfig {
  if (!employer.pcsxConfigTexts) return employer.pcsxConfig;
  const { default: defaultLanguage } = employerLanguages(employer.pcsxConfig);
  return localizeTexts(employer.pcsxConfigTexts, language, defaultLanguage);
}

/**
 * Passes each distinct warning on once per process (repositories are made per call in places, so the memory is
 * shared), then again only after many others.
 */
const reported = new Set<string>();
function onceEach(warn: EmployerConfigWarning): EmployerConfigWarning {
  return (message) => {
    if (reported.has(message)) return;
    if (reported.size >= MAX_REMEMBERED_WARNINGS) reported.clear();
    reported.add(message);
    warn(message);
  };
}

const warnOnStderr: EmployerConfigWarning = (message) => console.warn(message);

export interface EmployerRepository {
  find(domain: string): Promise<Employer | null>;
  /** `preferred` when it exists, else the first employer by domain, else null (empty database). */
  findDefault(preferred: string): Promise<Employer | null>;
  create(employer: NewEmployer, now: Date): Promise<void>;
  count(): Promise<number>;
}

export interface EmployerRepositoryOptions {
  /** Where a stored configuration that is ignored is reported (once per distinct message); stderr by default. */
  warn?: EmployerConfigWarning;
}

export function createEmployerRepository(
  db: Kysely<Database>,
  { warn = warnOnStderr }: EmployerRepositoryOptions = {},
): EmployerRepository {
  const report = onceEach(warn);
  const toEmployerOrNull = (row: Selectable<EmployersTable> | undefined) => (row ? toEmployer(row, report) : null);
  const find = async (domain: string) => {
    const row = await db
      .selectFrom('employers')
      .selectAll()
      .where('domain', '=', normalizeDomain(domain))
      .executeTakeFirst();
    return toEmployerOrNull(row);
  };
  return {
    find,
    async findDefault(preferred) {
      const employer = await find(preferred);
      if (employer) return employer;
      const first = await db.selectFrom('employers').selectAll().orderBy('domain').limit(1).executeTakeFirst();
      return toEmployerOrNull(first);
    },
    async create(employer, now) {
      const terms = employer.termsOfService;
      await db
        .insertInto('employers')
        .values({
          domain: normalizeDomain(employer.domain),
          company_name: employer.companyName,
          notifications_enabled: toFlag(employer.notificationsEnabled),
          action_required_configured: toFlag(employer.actionRequiredConfigured),
          created_at: now.toISOString(),
          tos_enabled: toFlag(terms?.enabled ?? false),
          tos_heading_text: terms?.headingText ?? null,
          tos_helper_text: terms?.helperText ?? null,
          tos_info_text: terms?.infoText ?? null,
          tos_disclaimer_text: terms?.disclaimerText ?? null,
          tos_submit_button_text: terms?.submitButtonText ?? null,
          saved_search_notification_enabled: toFlag(employer.savedSearchNotificationEnabled ?? false),
          candidate_login_enabled: toFlag(employer.candidateLoginEnabled ?? true),
          candidate_signup_enabled: toFlag(employer.candidateSignupEnabled ?? true),
          signup_consent_text: employer.signupConsentText ?? null,
          pcsx_config_json: serializeEmployerPcsxConfig(employer.pcsxConfigTexts ?? employer.pcsxConfig),
        })
        .execute();
    },
    async count() {
      const row = await db
        .selectFrom('employers')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
