import type { Kysely } from 'kysely';
import { ACTIVE_APPLICATION_STATUSES, type ApplicationStatus } from '../contract';
import type { Database, FormAssignmentsTable, InterviewMode } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { readPositions } from '../forms/repository';
import { isActiveApplication } from './status';

/** The largest id an integer column holds (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** A position as the dashboard shows it: title, first location (empty when none), remote, and whether it closed. */
export interface DashboardPosition {
  id: number;
  title: string;
  location: string;
  remote: boolean;
  department: string;
  employmentType: string;
  closed: boolean;
}

export interface StoredApplication {
  id: number;
  domain: string;
  positionId: number;
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
  history: Array<{ status: ApplicationStatus; at: string }>;
}

export interface StoredInterview {
  id: number;
  applicationId: number | null;
  positionId: number;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  mode: InterviewMode;
  location: string | null;
  videoUrl: string | null;
  interviewers: Array<{ name: string; title: string }>;
  status: 'scheduled' | 'cancelled';
}

export interface StoredEvent {
  id: number;
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  mode: 'onsite' | 'online';
  location: string | null;
  registrationUrl: string;
  invitation: boolean;
}

export interface StoredReferral {
  id: number;
  positionId: number;
  referrerName: string;
  referrerEmail: string | null;
  createdAt: string;
}

/** An offer waiting for the candidate's answer. */
export interface OpenOffer {
  enc_id: string;
  position_name: string;
  expires_at: string | null;
}

/** A form the employer assigned to the candidate, still to complete. */
export interface OpenForm {
  id: number;
  domain: string;
  /** `open` or `in_progress` (the query leaves completed ones out). */
  status: FormAssignmentsTable['status'];
  title: string;
}

/** What a candidate's profile can lack that the dashboard asks for. */
export type ProfileGap = 'location' | 'resume' | 'skills';

/** Raised by `withdraw` when the application is not active (any more). */
export class ApplicationNotActiveError extends Error {
  override name = 'ApplicationNotActiveError';
  constructor(readonly status: ApplicationStatus) {
    super(`The application is ${status}.`);
  }
}

/**
 * The dashboard's reads, all scoped to one candidate at one employer (nothing of another candidate can be read
 * through them), and withdrawing an application.
 */
export function createDashboardRepository(db: Kysely<Database>) {
  return {
    /** The employer's positions among `ids` (any state), with their first location; `now` decides closed. */
    async positions(
      domain: string,
      requested: readonly number[],
      now: string,
    ): Promise<Map<number, DashboardPosition>> {
      const found = new Map<number, DashboardPosition>();
      for (const row of await readPositions(db, domain, requested)) {
        found.set(row.id, {
          id: row.id,
          title: row.title,
          location: row.firstLocation ?? '',
          remote: row.remote,
          department: row.department,
          employmentType: row.employmentType,
          closed: row.archivedAt !== null || (row.validThrough !== null && row.validThrough <= now),
        });
      }
      return found;
    },

    /** The candidate's applications at the employer with their status history (oldest first). */
    async applications(domain: string, candidateId: number): Promise<StoredApplication[]> {
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'domain', 'position_id', 'status', 'created_at', 'updated_at'])
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      if (rows.length === 0) return [];
      const events = await db
        .selectFrom('application_events')
        .select(['application_id', 'status', 'at'])
        .where(
          'application_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('at')
        .orderBy('id')
        .execute();
      const history = new Map<number, StoredApplication['history']>();
      for (const event of events) {
        const list = history.get(event.application_id) ?? [];
        list.push({ status: event.status as ApplicationStatus, at: event.at });
        history.set(event.application_id, list);
      }
      return rows.map((row) => ({
        id: row.id,
        domain: row.domain,
        positionId: row.position_id,
        status: row.status as ApplicationStatus,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        history: history.get(row.id) ?? [],
      }));
    },

    /** The candidate's own application with this id, or null (none, or another candidate's). */
    async application(domain: string, candidateId: number, id: number): Promise<StoredApplication | null> {
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
      const all = await this.applications(domain, candidateId);
      return all.find((application) => application.id === id) ?? null;
    },

    /**
     * Withdraws the candidate's active application: status `withdrawn` and a `withdrawn` event, in one
     * transaction. Throws ApplicationNotActiveError when it is not active (also when a concurrent call won).
     */
    async withdraw(application: StoredApplication, candidateId: number, positionClosed: boolean, now: Date) {
      if (!isActiveApplication(application.status, positionClosed))
        throw new ApplicationNotActiveError(application.status);
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('applications')
          .set({ status: 'withdrawn', updated_at: at })
          .where('id', '=', application.id)
          .where('candidate_id', '=', candidateId)
          .where('status', 'in', [...ACTIVE_APPLICATION_STATUSES])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new ApplicationNotActiveError('withdrawn');
        await trx
          .insertInto('application_events')
          .values({ application_id: application.id, status: 'withdrawn', at })
          .execute();
      });
    },

    /** The candidate's interviews at the employer, by start time. */
    async interviews(domain: string, candidateId: number): Promise<StoredInterview[]> {
      const rows = await db
        .selectFrom('interviews')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        applicationId: row.application_id,
        positionId: row.position_id,
        title: row.title,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        timeZone: row.time_zone,
        mode: row.mode,
        location: row.location,
        videoUrl: row.video_url,
        interviewers: JSON.parse(row.interviewers_json) as StoredInterview['interviewers'],
        status: row.status,
      }));
    },

    /** The employer's events open to every candidate and the candidate's own invitations, not over at `now`. */
    async events(domain: string, candidateId: number, now: string): Promise<StoredEvent[]> {
      const rows = await db
        .selectFrom('career_events')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where((eb) => eb.or([eb('candidate_id', 'is', null), eb('candidate_id', '=', candidateId)]))
        .where('ends_at', '>', now)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        timeZone: row.time_zone,
        mode: row.mode,
        location: row.location,
        registrationUrl: row.registration_url,
        invitation: row.candidate_id !== null,
      }));
    },

    /** Who referred the candidate to which position, most recent first. */
    async referrals(domain: string, candidateId: number): Promise<StoredReferral[]> {
      const rows = await db
        .selectFrom('referrals')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        positionId: row.position_id,
        referrerName: row.referrer_name,
        referrerEmail: row.referrer_email,
        createdAt: row.created_at,
      }));
    },

    /** The candidate's offers waiting for an answer (extended, not expired at `now`), newest first. */
    async openOffers(domain: string, candidateId: number, now: string): Promise<OpenOffer[]> {
      return db
        .selectFrom('offers')
        .select(['enc_id', 'position_name', 'expires_at'])
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .where('status', 'in', ['Extended', 'Contract Extended'])
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The candidate's assigned forms still to complete (open or in progress), most recently assigned first. */
    async openForms(domain: string, candidateId: number): Promise<OpenForm[]> {
      return db
        .selectFrom('form_assignments as a')
        .innerJoin('forms as f', (join) =>
          join.onRef('f.domain', '=', 'a.domain').onRef('f.form_key', '=', 'a.form_key'),
        )
        .select(['a.id', 'a.domain', 'a.status', 'f.title'])
        .where('a.domain', '=', normalizeDomain(domain))
        .where('a.candidate_id', '=', candidateId)
        .where('a.status', 'in', ['open', 'in_progress'])
        .orderBy('a.assigned_at', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
    },

    /** What the candidate's profile lacks: location, resume, skills. */
    async profileGaps(candidateId: number): Promise<ProfileGap[]> {
      const candidate = await db
        .selectFrom('candidates')
        .select(['location', 'has_resume'])
        .where('id', '=', candidateId)
        .executeTakeFirst();
      if (!candidate) return [];
      const skill = await db
        .selectFrom('candidate_skills')
        .select('skill')
        .where('candidate_id', '=', candidateId)
        .limit(1)
        .executeTakeFirst();
      const gaps: ProfileGap[] = [];
      if (candidate.has_resume !== 1) gaps.push('resume');
      if (candidate.location.trim() === '') gaps.push('location');
      if (!skill) gaps.push('skills');
      return gaps;
    },
  };
}
