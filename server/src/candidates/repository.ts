import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { OnboardingData, Profile } from '../contract';
import { fromFlag, toFlag, type CandidatesTable, type Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';

export interface Candidate {
  id: number;
  domain: string;
  email: string;
  firstName: string;
  lastName: string;
  encId: string;
  location: string;
  hasResume: boolean;
  tosAttestedAt: string | null;
  isOnboarded: boolean;
  isBootstrapped: boolean;
  /** The language chosen in the candidate's settings (null: none chosen; pages follow `hl`, else this). */
  language: string | null;
  /** An administrator of the employer's careers site (0015): the 500 page also shows them the error and stack. */
  isAdmin: boolean;
}

interface CandidateWithSecret extends Candidate {
  passwordHash: string;
}

interface NewCandidate {
  domain: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  location?: string;
  hasResume?: boolean;
  tosAttestedAt?: string | null;
  isOnboarded?: boolean;
  isBootstrapped?: boolean;
  isAdmin?: boolean;
  /** When the address was proved (a mailed link or code); the demo's and the CLI's accounts are made verified. */
  emailVerifiedAt?: string | null;
}

/** Emails are matched case-insensitively; they are stored trimmed and in lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A random, URL-safe public identifier (used in place of the numeric id in pages and paths). */
const newEncId = (): string => randomBytes(12).toString('base64url');

function toCandidate(row: Selectable<CandidatesTable>): CandidateWithSecret {
  return {
    id: row.id,
    domain: row.domain,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    encId: row.enc_id,
    location: row.location,
    hasResume: fromFlag(row.has_resume),
    tosAttestedAt: row.tos_attested_at,
    isOnboarded: fromFlag(row.is_onboarded),
    isBootstrapped: fromFlag(row.is_bootstrapped),
    language: row.language ?? null,
    isAdmin: fromFlag(row.is_admin),
  };
}

/** A candidate row as the API may show it (no password hash). */
export const candidateFromRow = (row: Selectable<CandidatesTable>): Candidate => withoutSecret(toCandidate(row));

function withoutSecret({ passwordHash: _secret, ...candidate }: CandidateWithSecret): Candidate {
  return candidate;
}

/** The candidate as the widgets see it (contract `Profile`). */
export function toProfile(candidate: Candidate): Profile {
  return {
    encId: candidate.encId,
    email: candidate.email,
    firstname: candidate.firstName,
    lastname: candidate.lastName,
    fullname: fullNameOf(candidate),
    hasResume: candidate.hasResume,
    location: candidate.location,
  };
}

/** The candidate's full name as the product shows it (and as a typed signature must match). */
export const fullNameOf = (candidate: Pick<Candidate, 'firstName' | 'lastName'>): string =>
  `${candidate.firstName} ${candidate.lastName}`.trim();

/** First-run state (contract `OnboardingData`). */
export function toOnboardingData(candidate: Candidate): OnboardingData {
  return {
    isOnboarded: candidate.isOnboarded,
    isBootstrapped: candidate.isBootstrapped,
    tosAttested: candidate.tosAttestedAt !== null,
  };
}

export interface CandidateRepository {
  findById(id: number): Promise<Candidate | null>;
  /** Includes the password hash: for sign-in only. */
  findForLogin(domain: string, email: string): Promise<CandidateWithSecret | null>;
  findByEmail(domain: string, email: string): Promise<Candidate | null>;
  /** Every candidate with this email, across employers. */
  findAllByEmail(email: string): Promise<Candidate[]>;
  create(candidate: NewCandidate, now: Date): Promise<Candidate>;
  /** Replaces the password hash (a reset). */
  setPasswordHash(id: number, passwordHash: string): Promise<void>;
  /** Changes the email to a verified one; false when another account of the employer has it. */
  changeEmail(id: number, email: string, now: Date): Promise<boolean>;
  /** Records the terms-of-service attestation (the first time only) and returns the candidate. */
  attestTerms(id: number, now: Date): Promise<Candidate | null>;
  markOnboarded(id: number): Promise<Candidate | null>;
  /**
   * Saves the profile bootstrapping step (name and location) and marks the candidate bootstrapped, once: a
   * candidate already bootstrapped is left unchanged (`bootstrapped: false`). Null when there is no such candidate.
   */
  bootstrapProfile(
    id: number,
    profile: { firstName: string; lastName: string; location: string },
  ): Promise<{ candidate: Candidate; bootstrapped: boolean } | null>;
}

export function createCandidateRepository(db: Kysely<Database>): CandidateRepository {
  const byEmail = (domain: string, email: string) =>
    db
      .selectFrom('candidates')
      .selectAll()
      .where('domain', '=', normalizeDomain(domain))
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();

  const findById = async (id: number) => {
    const row = await db.selectFrom('candidates').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? candidateFromRow(row) : null;
  };

  return {
    findById,
    async attestTerms(id, now) {
      await db
        .updateTable('candidates')
        .set({ tos_attested_at: now.toISOString() })
        .where('id', '=', id)
        .where('tos_attested_at', 'is', null)
        .execute();
      return findById(id);
    },
    async markOnboarded(id) {
      await db.updateTable('candidates').set({ is_onboarded: 1 }).where('id', '=', id).execute();
      return findById(id);
    },
    async bootstrapProfile(id, profile) {
      // One conditional update: of two concurrent calls exactly one saves, and a later call changes nothing.
      const result = await db
        .updateTable('candidates')
        .set({
          first_name: profile.firstName,
          last_name: profile.lastName,
          location: profile.location,
          is_bootstrapped: 1,
        })
        .where('id', '=', id)
        .where('is_bootstrapped', '=', 0)
        .executeTakeFirst();
      const candidate = await findById(id);
      return candidate ? { candidate, bootstrapped: Number(result.numUpdatedRows) > 0 } : null;
    },
    async findForLogin(domain, email) {
      const row = await byEmail(domain, email);
      return row ? toCandidate(row) : null;
    },
    async findByEmail(domain, email) {
      const row = await byEmail(domain, email);
      return row ? candidateFromRow(row) : null;
    },
    async findAllByEmail(email) {
      const rows = await db
        .selectFrom('candidates')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .orderBy('domain')
        .execute();
      return rows.map((row) => withoutSecret(toCandidate(row)));
    },
    async setPasswordHash(id, passwordHash) {
      await db.updateTable('candidates').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async changeEmail(id, email, now) {
      const current = await findById(id);
      if (!current) return false;
      if (await byEmail(current.domain, email)) return normalizeEmail(email) === current.email;
      try {
        await db
          .updateTable('candidates')
          .set({ email: normalizeEmail(email), email_verified_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
        return true;
      } catch {
        // The unique (domain, email) key: an account took the address between the check and the update.
        return false;
      }
    },
    async create(candidate, now) {
      const row = await db
        .insertInto('candidates')
        .values({
          domain: normalizeDomain(candidate.domain),
          email: normalizeEmail(candidate.email),
          password_hash: candidate.passwordHash,
          first_name: candidate.firstName,
          last_name: candidate.lastName,
          enc_id: newEncId(),
          location: candidate.location ?? '',
          has_resume: toFlag(candidate.hasResume ?? false),
          tos_attested_at: candidate.tosAttestedAt ?? null,
          is_onboarded: toFlag(candidate.isOnboarded ?? false),
          is_bootstrapped: toFlag(candidate.isBootstrapped ?? false),
          is_admin: toFlag(candidate.isAdmin ?? false),
          created_at: now.toISOString(),
          email_verified_at: candidate.emailVerifiedAt === undefined ? now.toISOString() : candidate.emailVerifiedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return withoutSecret(toCandidate(row));
    },
  };
}
