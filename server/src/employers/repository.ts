import type { Kysely } from 'kysely';
import { fromFlag, toFlag, type Database, type EmployersTable } from '../db/types';

export interface Employer {
  domain: string;
  companyName: string;
  notificationsEnabled: boolean;
  actionRequiredConfigured: boolean;
}

/** Employer domains are case-insensitive; they are stored and compared in lower case. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase();

function toEmployer(row: EmployersTable): Employer {
  return {
    domain: row.domain,
    companyName: row.company_name,
    notificationsEnabled: fromFlag(row.notifications_enabled),
    actionRequiredConfigured: fromFlag(row.action_required_configured),
  };
}

export interface EmployerRepository {
  find(domain: string): Promise<Employer | null>;
  /** `preferred` when it exists, else the first employer by domain, else null (empty database). */
  findDefault(preferred: string): Promise<Employer | null>;
  create(employer: Employer, now: Date): Promise<void>;
  count(): Promise<number>;
}

export function createEmployerRepository(db: Kysely<Database>): EmployerRepository {
  const find = async (domain: string) => {
    const row = await db.selectFrom('employers').selectAll().where('domain', '=', normalizeDomain(domain)).executeTakeFirst();
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
      await db
        .insertInto('employers')
        .values({
          domain: normalizeDomain(employer.domain),
          company_name: employer.companyName,
          notifications_enabled: toFlag(employer.notificationsEnabled),
          action_required_configured: toFlag(employer.actionRequiredConfigured),
          created_at: now.toISOString(),
        })
        .execute();
    },
    async count() {
      const row = await db.selectFrom('employers').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
