import type { ExpressionBuilder, Kysely } from 'kysely';
import { createCandidateRepository, fullNameOf } from '../candidates/repository';
import type { EsignStatus, Offer } from '../contract';
import type { Database } from '../db/types';
import { createEmployerRepository } from '../employers/repository';
import { badRequest, HttpError, notFound, ServerErrorCodes } from '../http/errors';
import { DEFAULT_LANGUAGE, resolveLanguage, translator, type Language } from '../i18n';
import type { Outbox } from '../mail/outbox';
import { renderMail } from '../mail/templates';
import { createNotificationRepository } from '../notifications/repository';
import {
  createOfferRepository,
  isLive,
  letterDocument,
  offerPagePath,
  toOffer,
  type DocumentRow,
  type EsignSessionRow,
  type NewOffer,
  type OfferLinks,
  type OfferOwner,
  type OfferRow,
} from './repository';
import { stampTexts } from './stamp-texts';
import { createStoredFileRepository, type StoredFile } from './stored-files';
import { HeavyTaskFailed, heavyWorkUnavailable, stampSignatureInPool } from '../workers/heavy-pool';

export const OfferMessages = {
  offerNotFound: 'Offer not found.',
  documentNotFound: 'Offer document not found.',
  termsRequired: 'You must agree to the terms and conditions.',
  fullNameMismatch: 'Please enter your full name as shown on the offer letter and your profile.',
  esignIncomplete: 'The e-signature has not been completed.',
  readOnly: 'This document is read only and does not need a signature.',
  pendingDocument: 'This document is still being prepared and cannot be signed yet.',
  notEsign: 'This document is not signed through the e-signature service.',
  uploadOnly: 'This offer is accepted by uploading a signed copy of the offer letter.',
  documentsOnly: 'This offer is accepted by signing its documents, not by uploading a signed letter.',
  noContent: 'No offer letter content available.',
} as const;

const conflict = (message: string) => new HttpError(409, ServerErrorCodes.conflict, message);

/** `YYYY-MM-DD` (UTC) of an ISO timestamp. */
const day = (iso: string) => iso.slice(0, 10);

/** The offer's numeric date (UTC): `MM/DD/YYYY` in US English, each other language's own elsewhere. */
const productDate = (date: Date, language: Language): string =>
  language === DEFAULT_LANGUAGE
    ? `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`
    : new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
        date,
      );

/**
 * The language a candidate's notifications are written in: the one they chose, else English
 * (docs/product/languages.md#content-in-the-language). A notification is stored as text, once.
 */
async function candidateLanguage(db: Kysely<Database>, candidateId: number): Promise<Language> {
  const candidate = await createCandidateRepository(db).findById(candidateId);
  return resolveLanguage(candidate?.language ?? undefined);
}

/** Why an offer that is not live cannot be accepted or declined, in words a candidate understands. */
function notLiveMessage(offer: Pick<OfferRow, 'status' | 'expires_at'>, action: 'accept' | 'decline'): string {
  const done = action === 'accept' ? 'accepted' : 'declined';
  if (offer.status === 'Extended') {
    return `This offer expired on ${offer.expires_at ? day(offer.expires_at) : 'its expiry date'} and can no longer be ${done}.`;
  }
  switch (offer.status) {
    case 'Accepted':
      return action === 'accept'
        ? 'This offer has already been accepted.'
        : 'This offer has already been accepted and can no longer be declined.';
    case 'Declined':
      return action === 'decline'
        ? 'This offer has already been declined.'
        : 'This offer has been declined and can no longer be accepted.';
    case 'Canceled':
      return `This offer has been canceled and can no longer be ${done}.`;
    default:
      return `This offer is ${offer.status} and can no longer be ${done}.`;
  }
}

/** Rows the conditional offer update may touch: still Extended and not past the expiry. */
const liveAt = (nowIso: string) => (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.and([eb('status', '=', 'Extended'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)])]);

/** Ends a transaction early; the caller turns it into the answer. */
class Rollback extends Error {
  constructor(readonly reason: 'not-live' | 'already-signed') {
    super(reason);
  }
}

async function companyName(db: Kysely<Database>, domain: string): Promise<string> {
  return (await createEmployerRepository(db).find(domain))?.companyName ?? domain;
}

/**
 * Creates an Extended offer (documents, files, e-sign sessions) and the candidate's action-required
 * notification, in one transaction.
 */
export async function extendOffer(
  db: Kysely<Database>,
  offer: NewOffer,
  /**
   * `mail`: the candidate also gets "An offer is waiting for you", written with the offer
   * (docs/product/accounts-and-mail.md#the-mail).
   */
  options: { notify?: boolean; mail?: { outbox: Outbox; siteOrigin: string } } = {},
): Promise<OfferRow> {
  return db.transaction().execute(async (trx) => {
    const row = await createOfferRepository(trx).create({ ...offer, status: offer.status ?? 'Extended' });
    if (options.mail && row.status === 'Extended') await mailOfferWaiting(trx, row, options.mail, offer.createdAt);
    if (options.notify !== false && row.status === 'Extended') {
      const company = await companyName(trx, row.domain);
      const language = await candidateLanguage(trx, row.candidate_id);
      const t = translator(language);
      const values = { company, position: row.position_name };
      await createNotificationRepository(trx).create({
        candidateId: row.candidate_id,
        domain: row.domain,
        categoryTitle: t('offers.notification.category'),
        message: row.expires_at
          ? t('offers.notification.extendedUntil', {
              ...values,
              date: productDate(new Date(row.expires_at), language),
            })
          : t('offers.notification.extended', values),
        notificationType: 'action_required',
        redirectUrl: offerPagePath(row.enc_id, row.domain),
        createdAt: offer.createdAt,
      });
    }
    return row;
  });
}

/** The mail of an extended offer, in the candidate's language, with the offer's page and its deadline. */
async function mailOfferWaiting(
  trx: Kysely<Database>,
  row: OfferRow,
  mail: { outbox: Outbox; siteOrigin: string },
  now: Date,
): Promise<void> {
  const employer = await createEmployerRepository(trx).find(row.domain);
  const candidate = await createCandidateRepository(trx).findById(row.candidate_id);
  if (!employer || !candidate) return;
  const lang = resolveLanguage(candidate.language ?? undefined);
  const deadline = row.expires_at
    ? translator(lang)('mail.offer_waiting.deadline', {
        date: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(row.expires_at)),
      })
    : '';
  await mail.outbox.enqueue(
    trx,
    renderMail('offer_waiting', {
      lang,
      employer,
      to: candidate.email,
      values: { position: row.position_name, deadline, name: candidate.firstName },
      actionUrl: new URL(offerPagePath(row.enc_id, row.domain), mail.siteOrigin).toString(),
    }),
    now,
  );
}

/** The read-only notification about an answered offer (inside the answering transaction). */
async function notifyAnswered(
  trx: Kysely<Database>,
  offer: OfferRow,
  answer: 'Accepted' | 'Declined',
  now: Date,
): Promise<void> {
  const t = translator(await candidateLanguage(trx, offer.candidate_id));
  await createNotificationRepository(trx).create({
    candidateId: offer.candidate_id,
    domain: offer.domain,
    categoryTitle: t('offers.notification.category'),
    message: t(answer === 'Accepted' ? 'offers.notification.accepted' : 'offers.notification.declined', {
      position: offer.position_name,
    }),
    notificationType: 'read_only',
    redirectUrl: offerPagePath(offer.enc_id, offer.domain),
    createdAt: now,
  });
}

/** Marks the offer Accepted when every document that needs a signature is signed (same transaction). */
async function acceptIfComplete(trx: Kysely<Database>, offer: OfferRow, now: Date): Promise<void> {
  const remaining = await trx
    .selectFrom('offer_documents')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('offer_id', '=', offer.id)
    .where('signing', '<>', 'none')
    .where('status', '<>', 'Signed')
    .executeTakeFirstOrThrow();
  if (Number(remaining.count) > 0) return;
  const result = await trx
    .updateTable('offers')
    .set({ status: 'Accepted', updated_at: now.toISOString() })
    .where('id', '=', offer.id)
    .where('status', '=', 'Extended')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await notifyAnswered(trx, offer, 'Accepted', now);
}

/**
 * How the candidate signs one document: `typed` (the embedded letter's typed full name and terms checkbox; nothing
 * for an e-sign document) or `copy` (a signed PDF the client sends, already checked to be a PDF).
 */
export type DocumentSignature =
  | { kind: 'typed'; fullName?: string | undefined; termsAccepted?: boolean | undefined }
  | { kind: 'copy'; content: Uint8Array };

interface LoadedOffer {
  offer: OfferRow;
  documents: DocumentRow[];
}

export interface OfferService {
  list(owner: OfferOwner, links: OfferLinks): Promise<Offer[]>;
  view(owner: OfferOwner, encId: string, links: OfferLinks): Promise<Offer>;
  /** The offer with its documents; 404 (same body for someone else's and a missing offer). */
  load(owner: OfferOwner, encId: string): Promise<LoadedOffer>;
  /** The PDF of a document: the signed copy once signed, else the original. */
  file(owner: OfferOwner, encId: string, documentId: number): Promise<{ document: DocumentRow; file: StoredFile }>;
  /** `language`: the request's, which the signature page is stamped in. */
  acceptDocument(
    owner: OfferOwner,
    encId: string,
    documentId: number,
    signature: DocumentSignature,
    now: Date,
    language: Language,
  ): Promise<void>;
  esignStatus(
    owner: OfferOwner,
    encId: string,
    documentId: number,
    now: Date,
    language: Language,
  ): Promise<EsignStatus>;
  /** Checks an upload may be accepted before its bytes are read (409 otherwise). */
  checkUpload(loaded: LoadedOffer, now: Date): DocumentRow;
  acceptUpload(loaded: LoadedOffer, content: Uint8Array, now: Date): Promise<void>;
  decline(owner: OfferOwner, encId: string, now: Date): Promise<void>;
}

export function createOfferService(db: Kysely<Database>): OfferService {
  const offers = createOfferRepository(db);
  const files = createStoredFileRepository(db);

  async function load(owner: OfferOwner, encId: string): Promise<LoadedOffer> {
    const offer = await offers.findOwned(owner, encId);
    if (!offer) throw notFound(OfferMessages.offerNotFound);
    return { offer, documents: await offers.documentsOf([offer.id]) };
  }

  function documentOf(loaded: LoadedOffer, documentId: number): DocumentRow {
    const document = loaded.documents.find((item) => item.id === documentId);
    if (!document) throw notFound(OfferMessages.documentNotFound);
    return document;
  }

  async function render(rows: OfferRow[], links: OfferLinks): Promise<Offer[]> {
    const documents = await offers.documentsOf(rows.map((row) => row.id));
    const sessions = await offers.latestSessions(
      documents.filter((document) => document.signing === 'esign').map((document) => document.id),
    );
    return rows.map((row) => toOffer(row, documents, sessions, links));
  }

  /**
   * The document's PDF with the signature stamped on it in the candidate's language (409 while the document has no
   * content yet). Stamped in the heavy-work pool: the fonts of the name's script are read and laid out there, never
   * on the event loop; 503 with Retry-After when the pool is busy.
   */
  async function stamped(
    document: DocumentRow,
    signer: { signerName: string; method: 'typed' | 'esign'; signedAt: Date },
    language: Language,
  ): Promise<Uint8Array> {
    if (document.original_file_id === null) throw conflict(OfferMessages.pendingDocument);
    const original = await files.find(document.original_file_id);
    if (!original) throw conflict(OfferMessages.pendingDocument);
    const stamp = { ...signer, documentName: document.name };
    try {
      return await stampSignatureInPool({
        original: new Uint8Array(original.content),
        stamp,
        texts: stampTexts(stamp, language),
        language,
      });
    } catch (error) {
      if (error instanceof HeavyTaskFailed) throw heavyWorkUnavailable('sign the document');
      throw error;
    }
  }

  /**
   * Signs one document (embedded or e-sign) with its signed copy (stamped by the server, or sent by the client):
   * stores the signed copy, marks the document Signed and, when nothing else needs a signature, the offer
   * Accepted, all in one transaction that first claims the offer row while it is still Extended and unexpired.
   * A document that is already signed (by a concurrent call too) is left as it is.
   */
  async function signDocument(
    offer: OfferRow,
    document: DocumentRow,
    signed: { content: Uint8Array; signedAt: Date },
    now: Date,
  ) {
    if (document.original_file_id === null) throw conflict(OfferMessages.pendingDocument);
    const nowIso = now.toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('offers')
          .set({ updated_at: nowIso })
          .where('id', '=', offer.id)
          .where(liveAt(nowIso))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) throw new Rollback('not-live');
        const stored = await createStoredFileRepository(trx).save(signed.content, 'application/pdf', now);
        const marked = await trx
          .updateTable('offer_documents')
          .set({
            status: 'Signed',
            signed_file_id: stored.id,
            signed_at: signed.signedAt.toISOString(),
            updated_at: nowIso,
          })
          .where('id', '=', document.id)
          .where('status', '<>', 'Signed')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) throw new Rollback('already-signed');
        await acceptIfComplete(trx, offer, now);
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      if (error.reason === 'already-signed') return;
      const fresh = await load({ candidateId: offer.candidate_id, domain: offer.domain }, offer.enc_id);
      if (fresh.documents.find((item) => item.id === document.id)?.status === 'Signed') return;
      throw conflict(notLiveMessage(fresh.offer, 'accept'));
    }
  }

  /** Signs an e-sign document as the e-sign server recorded it: its signer name (else the candidate's full name) and time. */
  async function signFromEsignRecord(
    owner: OfferOwner,
    offer: OfferRow,
    document: DocumentRow,
    session: EsignSessionRow,
    now: Date,
    language: Language,
  ) {
    const candidate = await createCandidateRepository(db).findById(owner.candidateId);
    const signerName = session.signer_name ?? (candidate ? fullNameOf(candidate) : '');
    const signedAt = new Date(session.completed_at ?? now);
    const content = await stamped(document, { signerName, method: 'esign', signedAt }, language);
    await signDocument(offer, document, { content, signedAt }, now);
  }

  /** 409 unless the offer is live and takes per-document signatures. */
  function assertSignable(offer: OfferRow, document: DocumentRow, now: Date): void {
    if (document.signing === 'none') throw conflict(OfferMessages.readOnly);
    if (!isLive(offer, now)) throw conflict(notLiveMessage(offer, 'accept'));
    if (offer.acceptance === 'upload') throw conflict(OfferMessages.uploadOnly);
  }

  function checkUpload(loaded: LoadedOffer, now: Date): DocumentRow {
    if (loaded.offer.acceptance !== 'upload') throw conflict(OfferMessages.documentsOnly);
    if (!isLive(loaded.offer, now)) throw conflict(notLiveMessage(loaded.offer, 'accept'));
    const letter = letterDocument(loaded.documents);
    if (!letter) throw conflict(OfferMessages.documentsOnly);
    return letter;
  }

  return {
    async list(owner, links) {
      return render(await offers.listOwned(owner), links);
    },

    async view(owner, encId, links) {
      const { offer } = await load(owner, encId);
      return (await render([offer], links))[0]!;
    },

    load,

    async file(owner, encId, documentId) {
      const document = documentOf(await load(owner, encId), documentId);
      const fileId = document.signed_file_id ?? document.original_file_id;
      const file = fileId === null ? null : await files.find(fileId);
      if (!file) throw notFound(OfferMessages.noContent);
      return { document, file };
    },

    async acceptDocument(owner, encId, documentId, signature, now, language) {
      const loaded = await load(owner, encId);
      const document = documentOf(loaded, documentId);
      if (document.status === 'Signed') return;
      assertSignable(loaded.offer, document, now);

      if (document.signing === 'esign') {
        // The e-sign service's record decides, whatever the call sends; the stored copy is stamped from it.
        const session = (await offers.latestSessions([document.id])).get(document.id);
        if (session?.status !== 'signed') throw conflict(OfferMessages.esignIncomplete);
        await signFromEsignRecord(owner, loaded.offer, document, session, now, language);
        return;
      }

      if (signature.kind === 'copy') {
        await signDocument(loaded.offer, document, { content: signature.content, signedAt: now }, now);
        return;
      }
      if (signature.termsAccepted !== true) throw badRequest(OfferMessages.termsRequired, 'terms_accepted');
      const candidate = await createCandidateRepository(db).findById(owner.candidateId);
      const fullName = candidate ? fullNameOf(candidate) : '';
      if (fullName === '' || signature.fullName !== fullName)
        throw badRequest(OfferMessages.fullNameMismatch, 'full_name');
      const content = await stamped(document, { signerName: fullName, method: 'typed', signedAt: now }, language);
      await signDocument(loaded.offer, document, { content, signedAt: now }, now);
    },

    async esignStatus(owner, encId, documentId, now, language) {
      const loaded = await load(owner, encId);
      const document = documentOf(loaded, documentId);
      if (document.signing !== 'esign') throw conflict(OfferMessages.notEsign);
      if (document.status === 'Signed') return 'signed';
      const session = (await offers.latestSessions([document.id])).get(document.id);
      if (!session) {
        await offers.createSession(document.id, now);
        return 'pending';
      }
      if (session.status === 'signed') {
        if (loaded.offer.acceptance === 'upload') throw conflict(OfferMessages.uploadOnly);
        await signFromEsignRecord(owner, loaded.offer, document, session, now, language);
        return 'signed';
      }
      if (session.status === 'rejected' && isLive(loaded.offer, now)) {
        // A declined signature is final for that session; a new one lets the candidate sign later after all.
        await offers.createSession(document.id, now);
      }
      return session.status;
    },

    checkUpload,

    async acceptUpload(loaded, content, now) {
      const letter = checkUpload(loaded, now);
      const nowIso = now.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('offers')
            .set({ status: 'Accepted', updated_at: nowIso })
            .where('id', '=', loaded.offer.id)
            .where(liveAt(nowIso))
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) throw new Rollback('not-live');
          const stored = await createStoredFileRepository(trx).save(content, 'application/pdf', now);
          await trx
            .updateTable('offer_documents')
            .set({ status: 'Signed', signed_file_id: stored.id, signed_at: nowIso, updated_at: nowIso })
            .where('id', '=', letter.id)
            .execute();
          await notifyAnswered(trx, loaded.offer, 'Accepted', now);
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
        const fresh = await offers.findOwned(
          { candidateId: loaded.offer.candidate_id, domain: loaded.offer.domain },
          loaded.offer.enc_id,
        );
        throw conflict(notLiveMessage(fresh ?? loaded.offer, 'accept'));
      }
    },

    async decline(owner, encId, now) {
      const { offer } = await load(owner, encId);
      if (offer.status === 'Declined') return;
      const nowIso = now.toISOString();
      const declined = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('offers')
          .set({ status: 'Declined', updated_at: nowIso })
          .where('id', '=', offer.id)
          .where(liveAt(nowIso))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await notifyAnswered(trx, offer, 'Declined', now);
        return true;
      });
      if (declined) return;
      const fresh = await offers.findOwned(owner, encId);
      if (!fresh) throw notFound(OfferMessages.offerNotFound);
      if (fresh.status === 'Declined') return;
      throw conflict(notLiveMessage(fresh, 'decline'));
    },
  };
}
