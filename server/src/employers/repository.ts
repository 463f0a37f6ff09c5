import type { Kysely, Selectable } from 'kysely';
import { fromFlag, toFlag, type Database, type EmployersTable } from '../db/types';

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
}

/** What creating an employer needs; the terms of service are off unless given. */
type NewEmployer = Omit<Employer, 'termsOfService'> & { termsOfService?: TermsOfServiceSettings };

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

function toEmployer(row: Selectable<EmployersTable>): Employer {
  return {
    domain: row.domain,
    companyName: row.company_name,
    notificationsEnabled: fromFlag(row.notifications_enabled),
    actionRequiredConfigured: fromFlag(row.action_required_configured),
    termsOfService: toTerms(row),
  };
}

export interface EmployerRepository {
  find(domain: string): Promise<Employer | null>;
  /** `preferred` when it exists, else the first employer by domain, else null (empty database). */
  findDefault(preferred: string): Promise<Employer | null>;
  create(employer: NewEmployer, now: Date): Promise<void>;
  count(): Promise<number>;
}

export function createEmployerRepository(db: Kysely<Database>): EmployerRepository {
  const find = async (domain: string) => {
    const row = await db
      .selectFrom('employers')
      .selectAll()
      .where('domain', '=', normalizeDomain(domain))
      .executeTakeFirst();
    return row ? toEmployer(row) : null;
  };
  return {
    find,
    async findDefault(preferred) {
      const employer = await find(preferred);
      if (employer) return employer;
      const first = await db.selectFrom('employers').selectAll().orderBy('domain').limit(1).executeTakeFirst();
      return first ? toEmployer(first) : null;
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
