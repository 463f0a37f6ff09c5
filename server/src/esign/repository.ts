import type { Kysely } from 'kysely';
import { formItems, type FormDefinition, type FormItem } from '../contract';
import type { Database, EsignSessionStatus } from '../db/types';
import { isLive } from '../offers/repository';

/** What every signing session's page shows and its completion checks, whatever it signs. */
interface SessionBase {
  token: string;
  /** The second secret, handed only to the candidate; null for a session that has none (never matches). */
  signerKey: string | null;
  status: EsignSessionStatus;
  signerName: string | null;
  completedAt: string | null;
  companyName: string;
  /** The employer's domain: its allowed origins may frame the signing page (docs/product/offers-and-signing.md#e-sign-on-the-employers-page). */
  employerDomain: string;
  candidateName: string;
}

/** A session that signs an offer document (`esign_sessions`). */
export interface OfferSessionContext extends SessionBase {
  kind: 'offer';
  documentId: number;
  documentName: string;
  documentType: string;
  documentSigned: boolean;
  originalFileId: number | null;
  positionName: string;
  /** The offer can still be signed (Extended, unexpired). */
  offerLive: boolean;
}

/** A session that signs one question of a form the employer assigned to the candidate (`form_esign_sessions`). */
export interface FormSessionContext extends SessionBase {
  kind: 'form';
  assignmentId: number;
  formTitle: string;
  /** The form's e-sign question, or null when the form no longer has it (then nothing can be signed). */
  item: Pick<FormItem, 'name' | 'label' | 'title' | 'help'> | null;
  /** The form was submitted: it is read-only, so its questions can no longer be signed or rejected. */
  formCompleted: boolean;
}

/** One signing session with what its page shows. */
export type EsignSessionContext = OfferSessionContext | FormSessionContext;

type CompleteOutcome = Exclude<EsignSessionStatus, 'pending'>;

/** Whether a session can still be signed or rejected now (it is pending and what it signs is still open). */
export function isSessionOpen(session: EsignSessionContext): boolean {
  if (session.status !== 'pending') return false;
  return session.kind === 'offer'
    ? session.offerLive && !session.documentSigned
    : !session.formCompleted && session.item !== null;
}

export interface EsignRepository {
  find(token: string, now: Date): Promise<EsignSessionContext | null>;
  /** Records the outcome while the session is pending; returns how many rows changed (0 or 1). */
  complete(session: EsignSessionContext, outcome: CompleteOutcome, signerName: string, now: Date): Promise<number>;
}

/** The session's, the employer's and the candidate's columns both session tables select (see SESSION_COLUMNS). */
interface SessionRow {
  token: string;
  signer_key: string | null;
  status: EsignSessionStatus;
  signer_name: string | null;
  completed_at: string | null;
  company_name: string;
  employer_domain: string;
  first_name: string;
  last_name: string;
}

const SESSION_COLUMNS = [
  's.token',
  's.signer_key',
  's.status',
  's.signer_name',
  's.completed_at',
  'e.company_name',
  'e.domain as employer_domain',
  'c.first_name',
  'c.last_name',
] as const;

/** What every session shows, from either session table's row. */
const sessionBase = (row: SessionRow): SessionBase => ({
  token: row.token,
  signerKey: row.signer_key,
  status: row.status,
  signerName: row.signer_name,
  completedAt: row.completed_at,
  companyName: row.company_name,
  employerDomain: row.employer_domain,
  candidateName: `${row.first_name} ${row.last_name}`.trim(),
});

/** The e-sign question `name` of a stored form definition (a broken definition has none). */
function esignItemOf(definitionJson: string, name: string): FormSessionContext['item'] {
  let form: FormDefinition;
  try {
    form = JSON.parse(definitionJson) as FormDefinition;
  } catch {
    return null;
  }
  const item = Array.isArray(form?.sections)
    ? formItems(form).find((entry) => entry.name === name && entry.type === 'esignForm')
    : undefined;
  return item ? { name: item.name, label: item.label, title: item.title, help: item.help } : null;
}

/** The e-sign server's own record of signing sessions (same database as the careers API). */
export function createEsignRepository(db: Kysely<Database>): EsignRepository {
  async function findOffer(token: string, now: Date): Promise<OfferSessionContext | null> {
    const row = await db
      .selectFrom('esign_sessions as s')
      .innerJoin('offer_documents as d', 'd.id', 's.document_id')
      .innerJoin('offers as o', 'o.id', 'd.offer_id')
      .innerJoin('candidates as c', 'c.id', 'o.candidate_id')
      .innerJoin('employers as e', 'e.domain', 'o.domain')
      .select([
        ...SESSION_COLUMNS,
        'd.id as document_id',
        'd.name as document_name',
        'd.document_type',
        'd.status as document_status',
        'd.original_file_id',
        'o.position_name',
        'o.status as offer_status',
        'o.expires_at',
      ])
      .where('s.token', '=', token)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...sessionBase(row),
      kind: 'offer',
      documentId: row.document_id,
      documentName: row.document_name,
      documentType: row.document_type,
      documentSigned: row.document_status === 'Signed',
      originalFileId: row.original_file_id,
      positionName: row.position_name,
      offerLive: isLive({ status: row.offer_status, expires_at: row.expires_at }, now),
    };
  }

  async function findForm(token: string): Promise<FormSessionContext | null> {
    const row = await db
      .selectFrom('form_esign_sessions as s')
      .innerJoin('form_assignments as a', 'a.id', 's.assignment_id')
      .innerJoin('forms as f', (join) => join.onRef('f.domain', '=', 'a.domain').onRef('f.form_key', '=', 'a.form_key'))
      .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
      .innerJoin('employers as e', 'e.domain', 'a.domain')
      .select([
        ...SESSION_COLUMNS,
        's.item_name',
        'a.id as assignment_id',
        'a.status as assignment_status',
        'f.title as form_title',
        'f.definition_json',
      ])
      .where('s.token', '=', token)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...sessionBase(row),
      kind: 'form',
      assignmentId: row.assignment_id,
      formTitle: row.form_title,
      item: esignItemOf(row.definition_json, row.item_name),
      formCompleted: row.assignment_status === 'completed',
    };
  }

  return {
    async find(token, now) {
      return (await findOffer(token, now)) ?? (await findForm(token));
    },

    async complete(session, outcome, signerName, now) {
      const outcomeColumns = { status: outcome, signer_name: signerName, completed_at: now.toISOString() };
      const result =
        session.kind === 'offer'
          ? await db
              .updateTable('esign_sessions')
              .set(outcomeColumns)
              .where('token', '=', session.token)
              .where('status', '=', 'pending')
              .executeTakeFirst()
          : await db
              .updateTable('form_esign_sessions')
              .set(outcomeColumns)
              .where('token', '=', session.token)
              .where('status', '=', 'pending')
              // A form submitted meanwhile keeps the answers it was submitted with.
              .where('assignment_id', 'in', (eb) =>
                eb
                  .selectFrom('form_assignments')
                  .select('id')
                  .where('id', '=', session.assignmentId)
                  .where('status', '!=', 'completed'),
              )
              .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
