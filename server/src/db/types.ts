import type { Generated } from 'kysely';

/**
 * Table shapes as stored. Portable across SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings (`Date#toISOString()`), which sort and compare as text;
 * - booleans are integers 0/1 (the repositories convert them);
 * - ids are auto-incremented integers.
 */
export interface EmployersTable {
  domain: string;
  company_name: string;
  notifications_enabled: number;
  action_required_configured: number;
  created_at: string;
}

export interface CandidatesTable {
  id: Generated<number>;
  domain: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  enc_id: string;
  location: string;
  has_resume: number;
  tos_attested_at: string | null;
  is_onboarded: number;
  is_bootstrapped: number;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the raw token is never stored. */
  id: string;
  candidate_id: number | null;
  domain: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  category_title: string;
  message: string;
  notification_type: 'read_only' | 'action_required';
  redirect_url: string | null;
  created_at: string;
  viewed_at: string | null;
  clicked_at: string | null;
}

export interface PageViewsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number | null;
  pid: string | null;
  namespace: string;
  event: string;
  data_json: string;
  created_at: string;
}

export interface Database {
  employers: EmployersTable;
  candidates: CandidatesTable;
  sessions: SessionsTable;
  notifications: NotificationsTable;
  page_views: PageViewsTable;
}

/** Stored form of a boolean. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === true || value === 1;
