import type { Kysely } from 'kysely';
import type { Database, EsignSessionStatus } from '../db/types';
import { isLive } from '../offers/repository';

/** One signing session with what its page shows. */
export interface EsignSessionContext {
  token: string;
  /** The second secret, handed only to the offer's candidate; null for a session that has none (never matches). */
  signerKey: string | null;
  status: EsignSessionStatus;
  signerName: string | null;
  completedAt: string | null;
  documentId: number;
  documentName: string;
  documentType: string;
  documentSigned: boolean;
  originalFileId: number | null;
  positionName: string;
  companyName: string;
  candidateName: string;
  /** The offer can still be signed (Extended, unexpired). */
  offerLive: boolean;
}

export type CompleteOutcome = Exclude<EsignSessionStatus, 'pending'>;

export interface EsignRepository {
  find(token: string, now: Date): Promise<EsignSessionContext | null>;
  /** Records the outcome while the session is pending; returns how many rows changed (0 or 1). */
  complete(token: string, outcome: CompleteOutcome, signerName: string, now: Date): Promise<number>;
}

/** The e-sign server's own record of signing sessions (same database as the careers API). */
export function createEsignRepository(db: Kysely<Database>): EsignRepository {
  return {
    async find(token, now) {
      const row = await db
        .selectFrom('esign_sessions as s')
        .innerJoin('offer_documents as d', 'd.id', 's.document_id')
        .innerJoin('offers as o', 'o.id', 'd.offer_id')
        .innerJoin('candidates as c', 'c.id', 'o.candidate_id')
        .innerJoin('employers as e', 'e.domain', 'o.domain')
        .select([
          's.token',
          's.signer_key',
          's.status',
          's.signer_name',
          's.completed_at',
          'd.id as document_id',
          'd.name as document_name',
          'd.document_type',
          'd.status as document_status',
          'd.original_file_id',
          'o.position_name',
          'o.status as offer_status',
          'o.expires_at',
          'e.company_name',
          'c.first_name',
          'c.last_name',
        ])
        .where('s.token', '=', token)
        .executeTakeFirst();
      if (!row) return null;
      return {
        token: row.token,
        signerKey: row.signer_key,
        status: row.status,
        signerName: row.signer_name,
        completedAt: row.completed_at,
        documentId: row.document_id,
        documentName: row.document_name,
        documentType: row.document_type,
        documentSigned: row.document_status === 'Signed',
        originalFileId: row.original_file_id,
        positionName: row.position_name,
        companyName: row.company_name,
        candidateName: `${row.first_name} ${row.last_name}`.trim(),
        offerLive: isLive({ status: row.offer_status, expires_at: row.expires_at }, now),
      };
    },

    async complete(token, outcome, signerName, now) {
      const result = await db
        .updateTable('esign_sessions')
        .set({ status: outcome, signer_name: signerName, completed_at: now.toISOString() })
        .where('token', '=', token)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
