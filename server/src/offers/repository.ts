import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { randomToken } from '../auth/tokens';
import type { Offer, OfferDocument } from '../contract';
import type {
  Database,
  DocumentSigning,
  EsignSessionsTable,
  OfferAcceptance,
  OfferDocumentsTable,
  OffersTable,
  StoredDocumentStatus,
  StoredOfferStatus,
} from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { createStoredFileRepository } from './stored-files';

export type OfferRow = Selectable<OffersTable>;
export type DocumentRow = Selectable<OfferDocumentsTable>;
export type EsignSessionRow = Selectable<EsignSessionsTable>;

/** Whose offers: one candidate, at one employer. */
export interface OfferOwner {
  candidateId: number;
  domain: string;
}

/** A random, URL-safe offer id for paths (16 characters). */
const newOfferEncId = (): string => randomBytes(12).toString('base64url');

/** A random e-sign session token (43 characters). */
const newEsignToken = (): string => randomToken(32);

/** A random e-sign signer key (43 characters): the session's second secret, given only to the offer's candidate. */
const newSignerKey = (): string => randomToken(32);

/** The careers page of one offer (notification links). */
export const offerPagePath = (encId: string, domain: string): string =>
  `/careers/offer/${encodeURIComponent(encId)}?domain=${encodeURIComponent(domain)}`;

/** Same-origin address of a document's PDF (the signed copy once signed). */
const documentFilePath = (encId: string, documentId: number): string =>
  `/api/offer/offers/${encodeURIComponent(encId)}/documents/${documentId}/file`;

/** True while the offer can still be answered: Extended and not past its expiry. */
export function isLive(offer: Pick<OfferRow, 'status' | 'expires_at'>, now: Date): boolean {
  return offer.status === 'Extended' && (offer.expires_at === null || offer.expires_at > now.toISOString());
}

/** True when the document needs a signature before the offer can be accepted. */
const needsSignature = (document: Pick<DocumentRow, 'signing'>): boolean => document.signing !== 'none';

/** The document an upload offer's signed letter is stored on: the first one that needs a signature. */
export function letterDocument(documents: DocumentRow[]): DocumentRow | undefined {
  return [...documents].sort((a, b) => a.id - b.id).find(needsSignature);
}

export interface NewOfferDocument {
  name: string;
  documentType: string;
  signing: DocumentSigning;
  /** PDF bytes; null only for a Pending document (still being prepared). */
  content: Uint8Array | null;
  /** Defaults from `signing` (Unsigned, or Read Only for `none`); Pending needs `content: null`. */
  status?: StoredDocumentStatus;
  /** For seeding a signed document. */
  signedContent?: Uint8Array;
  signedAt?: Date;
}

export interface NewOffer extends OfferOwner {
  positionName: string;
  acceptance: OfferAcceptance;
  status?: StoredOfferStatus;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt?: Date;
  documents: NewOfferDocument[];
}

/** How the answer builds addresses that depend on the request (the e-sign server's public address). */
export interface OfferLinks {
  /** The signing page of a session; `signerKey` goes where only the candidate's browser reads it (the fragment). */
  esignUrl(token: string, signerKey: string | null): string;
}

/** Contract `Offer` from stored rows. */
export function toOffer(
  offer: OfferRow,
  documents: DocumentRow[],
  sessions: Map<number, EsignSessionRow>,
  links: OfferLinks,
): Offer {
  const offerDocuments: OfferDocument[] = documents
    .filter((document) => document.offer_id === offer.id)
    .sort((a, b) => a.id - b.id)
    .map((document) => {
      const signed = document.status === 'Signed';
      const session = sessions.get(document.id);
      const hasContent =
        (signed ? (document.signed_file_id ?? document.original_file_id) : document.original_file_id) !== null;
      return {
        id: document.id,
        name: document.name,
        status: document.status,
        updated_at: document.updated_at,
        signed,
        url:
          document.signing === 'esign' && !signed && session ? links.esignUrl(session.token, session.signer_key) : null,
        b64_string: null,
        s3_path: hasContent ? documentFilePath(offer.enc_id, document.id) : null,
        document_type: document.document_type,
      };
    });
  return {
    id: offer.id,
    enc_id: offer.enc_id,
    status: offer.status,
    position: { name: offer.position_name },
    updated_at: offer.updated_at,
    expires_at: offer.expires_at,
    acceptance: offer.acceptance,
    offer_documents: offerDocuments,
  };
}

export interface OfferRepository {
  listOwned(owner: OfferOwner): Promise<OfferRow[]>;
  findOwned(owner: OfferOwner, encId: string): Promise<OfferRow | null>;
  documentsOf(offerIds: number[]): Promise<DocumentRow[]>;
  /** The newest e-sign session of each document. */
  latestSessions(documentIds: number[]): Promise<Map<number, EsignSessionRow>>;
  findSessionByToken(token: string): Promise<EsignSessionRow | null>;
  createSession(documentId: number, now: Date): Promise<EsignSessionRow>;
  /** Inserts an offer with its documents, stored files and e-sign sessions (run it in a transaction). */
  create(offer: NewOffer): Promise<OfferRow>;
}

export function createOfferRepository(db: Kysely<Database>): OfferRepository {
  const owned = (owner: OfferOwner) =>
    db
      .selectFrom('offers')
      .selectAll()
      .where('candidate_id', '=', owner.candidateId)
      .where('domain', '=', normalizeDomain(owner.domain));

  const createSession = async (documentId: number, now: Date) =>
    db
      .insertInto('esign_sessions')
      .values({
        token: newEsignToken(),
        document_id: documentId,
        status: 'pending',
        signer_name: null,
        completed_at: null,
        created_at: now.toISOString(),
        signer_key: newSignerKey(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  return {
    listOwned: (owner) => owned(owner).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),

    async findOwned(owner, encId) {
      return (await owned(owner).where('enc_id', '=', encId).executeTakeFirst()) ?? null;
    },

    async documentsOf(offerIds) {
      if (offerIds.length === 0) return [];
      return db.selectFrom('offer_documents').selectAll().where('offer_id', 'in', offerIds).orderBy('id').execute();
    },

    async latestSessions(documentIds) {
      const latest = new Map<number, EsignSessionRow>();
      if (documentIds.length === 0) return latest;
      const rows = await db
        .selectFrom('esign_sessions')
        .selectAll()
        .where('document_id', 'in', documentIds)
        .orderBy('id')
        .execute();
      for (const row of rows) latest.set(row.document_id, row);
      return latest;
    },

    async findSessionByToken(token) {
      return (await db.selectFrom('esign_sessions').selectAll().where('token', '=', token).executeTakeFirst()) ?? null;
    },

    createSession,

    async create(offer) {
      const files = createStoredFileRepository(db);
      const created = offer.createdAt.toISOString();
      const updated = (offer.updatedAt ?? offer.createdAt).toISOString();
      const row = await db
        .insertInto('offers')
        .values({
          enc_id: newOfferEncId(),
          domain: normalizeDomain(offer.domain),
          candidate_id: offer.candidateId,
          position_name: offer.positionName,
          status: offer.status ?? 'Extended',
          acceptance: offer.acceptance,
          expires_at: offer.expiresAt ? offer.expiresAt.toISOString() : null,
          created_at: created,
          updated_at: updated,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

      for (const document of offer.documents) {
        const original = document.content
          ? await files.save(document.content, 'application/pdf', offer.createdAt)
          : null;
        const signedFile = document.signedContent
          ? await files.save(document.signedContent, 'application/pdf', document.signedAt ?? offer.createdAt)
          : null;
        const status: StoredDocumentStatus =
          document.status ??
          (signedFile
            ? 'Signed'
            : original === null
              ? 'Pending'
              : document.signing === 'none'
                ? 'Read Only'
                : 'Unsigned');
        const inserted = await db
          .insertInto('offer_documents')
          .values({
            offer_id: row.id,
            name: document.name,
            document_type: document.documentType,
            status,
            signing: document.signing,
            original_file_id: original?.id ?? null,
            signed_file_id: signedFile?.id ?? null,
            signed_at: signedFile ? (document.signedAt ?? offer.createdAt).toISOString() : null,
            updated_at: (signedFile
              ? (document.signedAt ?? offer.createdAt)
              : (offer.updatedAt ?? offer.createdAt)
            ).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (document.signing === 'esign' && status !== 'Signed') await createSession(inserted.id, offer.createdAt);
      }
      return row;
    },
  };
}
