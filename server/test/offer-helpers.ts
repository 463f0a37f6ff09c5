import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { Offer, OfferDocument } from '../src/contract';
import type { Database, DocumentSigning } from '../src/db/types';
import { offerLetterPdf } from '../src/offers/demo-documents';
import { extendOffer } from '../src/offers/service';
import { DEMO_DOMAIN, type TestClient } from './helpers';

export const q = `domain=${DEMO_DOMAIN}`;

let letter: Uint8Array | undefined;

/** A small real offer letter (made once per test file). */
export async function letterPdf(): Promise<Uint8Array> {
  letter ??= await offerLetterPdf({
    companyName: 'Acme Robotics',
    candidateName: 'Test Person',
    positionName: 'Test Position',
    salary: '$1',
    startDate: 'January 1, 2030',
    location: 'Toronto, ON',
  });
  return letter;
}

async function candidateId(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export interface FixtureOptions {
  position?: string;
  acceptance?: 'documents' | 'upload';
  expiresAt?: Date | null;
  documents?: Array<{ name?: string; type?: string; signing: DocumentSigning }>;
  notify?: boolean;
}

/** Extends a fresh offer (through the same function the operator command uses); returns its enc_id. */
export async function createOffer(db: Kysely<Database>, email: string, options: FixtureOptions = {}): Promise<string> {
  const content = await letterPdf();
  const documents = options.documents ?? [{ signing: 'embedded' }];
  const row = await extendOffer(
    db,
    {
      candidateId: await candidateId(db, email),
      domain: DEMO_DOMAIN,
      positionName: options.position ?? `Test position ${Math.random().toString(36).slice(2, 8)}`,
      acceptance: options.acceptance ?? 'documents',
      expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 7 * 24 * 3600 * 1000) : options.expiresAt,
      createdAt: new Date(),
      documents: documents.map((document, index) => ({
        name: document.name ?? (index === 0 ? 'Offer letter' : `Document ${index + 1}`),
        documentType: document.type ?? (index === 0 ? 'Offer' : 'Policy'),
        signing: document.signing,
        content,
      })),
    },
    { notify: options.notify },
  );
  return row.enc_id;
}

export async function getOffer(client: TestClient, encId: string): Promise<Offer> {
  const res = await client.get(`/api/offer/${encId}?${q}`);
  if (res.statusCode !== 200) throw new Error(`GET offer ${encId}: ${res.statusCode} ${res.body}`);
  return res.json().data.offer as Offer;
}

export async function listOffers(client: TestClient): Promise<Offer[]> {
  const res = await client.get(`/api/offer/offers?${q}`);
  if (res.statusCode !== 200) throw new Error(`GET offers: ${res.statusCode} ${res.body}`);
  return res.json().data.offers as Offer[];
}

export function documentNamed(offer: Offer, name: string): OfferDocument {
  const document = offer.offer_documents.find((item) => item.name === name);
  if (!document) throw new Error(`No document ${name} in ${offer.position.name}`);
  return document;
}

export function firstDocument(offer: Offer): OfferDocument {
  return offer.offer_documents[0]!;
}

export async function countRows(
  db: Kysely<Database>,
  table: 'stored_files' | 'notifications' | 'esign_sessions',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest notification row (what an offer's step just sent). */
export function latestNotification(db: Kysely<Database>) {
  return db.selectFrom('notifications').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

export async function pdfOf(bytes: Buffer | Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** A multipart/form-data body built by hand (so tests control every byte). */
export function multipart(
  parts: Array<{ name: string; filename?: string; contentType?: string; content: Buffer | string }>,
) {
  const boundary = `----careers-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(
      Buffer.from(`${head.join('\r\n')}\r\n\r\n`),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
