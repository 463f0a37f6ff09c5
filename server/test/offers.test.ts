import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Value } from '@sinclair/typebox/value';
import { Offer, SIGNED_LETTER_FIELD, SIGNED_LETTER_MAX_BYTES, type Offer as OfferShape } from '../src/contract';
import { SIGNATURE_STATEMENT } from '../src/offers/stamp-texts';
import { OfferMessages } from '../src/offers/service';
import { UploadMessages } from '../src/offers/upload';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, signedIn, TestClient, useTestApp } from './helpers';
import {
  countRows,
  createOffer,
  documentNamed,
  firstDocument,
  getOffer,
  latestNotification,
  letterPdf,
  listOffers,
  multipart,
  pdfOf,
  q,
} from './offer-helpers';

const ctx = useTestApp();
const DAY = 24 * 3600 * 1000;

let casey: TestClient;
let olive: TestClient;
beforeAll(async () => {
  casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
  olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
});

const byPosition = (offers: OfferShape[], name: string) => {
  const offer = offers.find((item) => item.position.name === name);
  if (!offer) throw new Error(`no offer for ${name}`);
  return offer;
};

const acceptBody = (extra: Record<string, unknown> = {}) => ({
  domain: DEMO_DOMAIN,
  terms_accepted: true,
  full_name: 'Casey Jordan',
  ...extra,
});
const acceptUrl = (encId: string, documentId: number) => `/api/offer/offers/${encId}/${documentId}/accept`;

async function upload(client: TestClient, encId: string, parts: Parameters<typeof multipart>[0], query = '') {
  const { payload, headers } = multipart(parts);
  return client.request({ method: 'POST', url: `/api/offer/offers/${encId}/accept${query}`, payload, headers });
}

describe('GET /api/offer/offers', () => {
  it("lists the candidate's offers newest first, in the contract shape, in every status", async () => {
    const res = await casey.get(`/api/offer/offers?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const offers = res.json().data.offers as OfferShape[];
    expect(offers.length).toBeGreaterThanOrEqual(7);
    for (const offer of offers) {
      expect(Value.Check(Offer, offer)).toBe(true);
      expect(offer.enc_id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      for (const document of offer.offer_documents) {
        expect(document.b64_string).toBeNull();
        if (document.s3_path !== null)
          expect(document.s3_path).toBe(`/api/offer/offers/${offer.enc_id}/documents/${document.id}/file`);
        expect(document.signed).toBe(document.status === 'Signed');
      }
    }
    const created = offers.map((offer) => offer.id);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(new Set(offers.map((offer) => offer.status))).toEqual(
      new Set(['Extended', 'Accepted', 'Declined', 'Canceled']),
    );
    expect(offers[0]!.position.name).toBe('Robotics Software Engineer');
  });

  it('has one of each letter variant and every document status', async () => {
    const offers = await listOffers(casey);
    const robotics = byPosition(offers, 'Robotics Software Engineer');
    expect(robotics).toMatchObject({ status: 'Extended', acceptance: 'documents' });
    expect(
      robotics.offer_documents.map((document) => [document.name, document.document_type, document.status]),
    ).toEqual([
      ['Offer letter', 'Offer', 'Unsigned'],
      ['Benefits summary', 'Benefits', 'Read Only'],
      ['Confidentiality and invention assignment agreement', 'Policy', 'Unsigned'],
    ]);
    expect(documentNamed(robotics, 'Offer letter').url).toBeNull();
    expect(documentNamed(robotics, 'Benefits summary').url).toBeNull();
    expect(documentNamed(robotics, 'Confidentiality and invention assignment agreement').url).toMatch(
      /^http:\/\/localhost:8081\/esign\/sessions\/[A-Za-z0-9_-]{43}\?parent=http%3A%2F%2Flocalhost%3A8080#key=[A-Za-z0-9_-]{43}$/,
    );

    expect(byPosition(offers, 'Senior Controls Engineer')).toMatchObject({ status: 'Extended', acceptance: 'upload' });

    const soon = byPosition(offers, 'Field Service Technician');
    const left = Date.parse(soon.expires_at!) - Date.now();
    expect(left).toBeGreaterThan(DAY);
    expect(left).toBeLessThan(DAY + 6 * 60 * 1000);
    const pending = documentNamed(soon, 'Relocation package');
    expect(pending).toMatchObject({ status: 'Pending', signed: false, s3_path: null });

    const expired = byPosition(offers, 'Warehouse Automation Technician');
    expect(expired.status).toBe('Extended');
    expect(Date.parse(expired.expires_at!)).toBeLessThan(Date.now());

    const accepted = byPosition(offers, 'Manufacturing Test Engineer');
    expect(accepted.status).toBe('Accepted');
    expect(documentNamed(accepted, 'Offer letter')).toMatchObject({ status: 'Signed', signed: true });

    expect(byPosition(offers, 'Hardware Design Engineer').status).toBe('Declined');
    expect(byPosition(offers, 'Quality Assurance Analyst')).toMatchObject({ status: 'Canceled', expires_at: null });
  });

  it('points e-sign links at the host the page was opened on (or the first public origin)', async () => {
    const urlFor = async (host: string) => {
      const res = await casey.get(`/api/offer/offers?${q}`, { host });
      const robotics = byPosition(res.json().data.offers as OfferShape[], 'Robotics Software Engineer');
      return new URL(documentNamed(robotics, 'Confidentiality and invention assignment agreement').url!);
    };
    const local = await urlFor('127.0.0.1:8080');
    expect(local.origin).toBe('http://127.0.0.1:8081');
    expect(local.searchParams.get('parent')).toBe('http://127.0.0.1:8080');
    const forged = await urlFor('evil.example:8080');
    expect(forged.origin).toBe('http://localhost:8081');
    expect(forged.searchParams.get('parent')).toBe('http://localhost:8080');
  });

  it('shows each candidate only their own offers', async () => {
    const offers = await listOffers(olive);
    expect(offers.map((offer) => offer.position.name)).toEqual(['Warehouse Automation Lead']);
  });

  it('needs a session (401) and the right domain (403); without a domain, the session employer', async () => {
    const anonymous = await new TestClient(ctx.app).get(`/api/offer/offers?${q}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['x-login']).toBe('1');
    expect(anonymous.json()).toMatchObject({ code: 'login_required' });
    const foreign = await casey.get('/api/offer/offers?domain=other.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_domain', field: 'domain' });
    const missing = await casey.get('/api/offer/offers');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual((await casey.get(`/api/offer/offers?${q}`)).json());
    const malformed = await casey.get('/api/offer/offers?domain=');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'domain' });
  });
});

describe('GET /api/offer/:id', () => {
  it('answers one offer by enc_id', async () => {
    const [first] = await listOffers(casey);
    const res = await casey.get(`/api/offer/${first!.enc_id}?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { offer: first } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await casey.get(`/api/offer/AAAAAAAAAAAAAAAA?${q}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Offer not found.',
      code: 'not_found',
    });
    const bad = await casey.get(`/api/offer/not%20valid!?${q}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });
});

describe('GET /api/offer/offers/:id/documents/:documentId/file', () => {
  it('serves the PDF as a sandboxed attachment, privately and uncached', async () => {
    const robotics = byPosition(await listOffers(casey), 'Robotics Software Engineer');
    const letter = documentNamed(robotics, 'Offer letter');
    const res = await casey.get(`${letter.s3_path!}?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Offer letter.pdf"; filename*=UTF-8''Offer%20letter.pdf`,
    );
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfOf(res.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('serves a long benefits summary (20 pages) and works without the domain parameter', async () => {
    const robotics = byPosition(await listOffers(casey), 'Robotics Software Engineer');
    const res = await casey.get(documentNamed(robotics, 'Benefits summary').s3_path!);
    expect(res.statusCode).toBe(200);
    expect((await pdfOf(res.rawPayload)).getPageCount()).toBe(20);
    const foreign = await casey.get(`${documentNamed(robotics, 'Benefits summary').s3_path!}?domain=other.example`);
    expect(foreign.statusCode).toBe(403);
  });

  it('answers 404 for a document without content yet and for a document of another offer', async () => {
    const offers = await listOffers(casey);
    const soon = byPosition(offers, 'Field Service Technician');
    const pending = documentNamed(soon, 'Relocation package');
    const none = await casey.get(`/api/offer/offers/${soon.enc_id}/documents/${pending.id}/file?${q}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No offer letter content available.');
    const robotics = byPosition(offers, 'Robotics Software Engineer');
    const mixed = await casey.get(`/api/offer/offers/${soon.enc_id}/documents/${firstDocument(robotics).id}/file?${q}`);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe('Offer document not found.');
  });

  it('serves the signed copy of a signed document', async () => {
    const accepted = byPosition(await listOffers(casey), 'Manufacturing Test Engineer');
    const res = await casey.get(`${documentNamed(accepted, 'Offer letter').s3_path!}?${q}`);
    const pdf = await pdfOf(res.rawPayload);
    expect(pdf.getSubject()).toBe('Signed by Casey Jordan');
  });
});

describe("another candidate's offer", () => {
  let caseyOffer: OfferShape;
  let notFoundBody: unknown;
  beforeAll(async () => {
    caseyOffer = byPosition(await listOffers(casey), 'Robotics Software Engineer');
    notFoundBody = (await olive.get(`/api/offer/ZZZZZZZZZZZZZZZZ?${q}`)).json();
    expect(notFoundBody).toMatchObject({ statusCode: 404 });
  });

  it('answers 404, with the body of a missing offer, to every call', async () => {
    const enc = caseyOffer.enc_id;
    const letter = documentNamed(caseyOffer, 'Offer letter');
    const esign = documentNamed(caseyOffer, 'Confidentiality and invention assignment agreement');
    const { payload, headers } = multipart([
      { name: SIGNED_LETTER_FIELD, filename: 'x.pdf', content: Buffer.from(await letterPdf()) },
    ]);
    const answers = [
      await olive.get(`/api/offer/${enc}?${q}`),
      await olive.get(`/api/offer/offers/${enc}/documents/${letter.id}/file?${q}`),
      await olive.get(`/api/offer/offers/${enc}/documents/${letter.id}/file`),
      await olive.post(acceptUrl(enc, letter.id), {
        domain: DEMO_DOMAIN,
        terms_accepted: true,
        full_name: 'Olive Other',
      }),
      await olive.post(`/api/offer/offers/${enc}/${esign.id}/esign_status`, { domain: DEMO_DOMAIN }),
      await olive.request({ method: 'POST', url: `/api/offer/offers/${enc}/accept`, payload, headers }),
      await olive.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    }
    expect(await getOffer(casey, enc)).toEqual(caseyOffer);
    expect((await listOffers(olive)).map((offer) => offer.enc_id)).not.toContain(enc);
  });
});

describe('protection of the offer calls', () => {
  let enc: string;
  let documentId: number;
  beforeAll(async () => {
    enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    documentId = firstDocument(await getOffer(casey, enc)).id;
  });

  const posts = () => [
    { url: acceptUrl(enc, documentId), payload: acceptBody() },
    { url: `/api/offer/offers/${enc}/${documentId}/esign_status`, payload: { domain: DEMO_DOMAIN } },
    { url: `/api/offer/offers/${enc}/decline`, payload: { domain: DEMO_DOMAIN } },
    { url: `/api/offer/offers/${enc}/accept`, payload: undefined },
  ];

  it('refuses state changes without the CSRF token (403)', async () => {
    for (const { url, payload } of posts()) {
      const res = await casey.post(url, payload, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'invalid_csrf' });
    }
    expect((await getOffer(casey, enc)).status).toBe('Extended');
  });

  it('refuses signed-out visitors (401) and another employer (403)', async () => {
    const anonymous = new TestClient(ctx.app);
    await anonymous.get(`/careers?${q}`);
    for (const { url, payload } of posts()) {
      const res = await anonymous.post(url, payload);
      expect(res.statusCode).toBe(401);
    }
    expect((await anonymous.get(`/api/offer/${enc}?${q}`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/offer/offers/${enc}/documents/${documentId}/file`)).statusCode).toBe(401);
    for (const { url, payload } of posts().slice(0, 3)) {
      const res = await casey.post(url, { ...(payload as object), domain: 'other.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden_domain' });
    }
    expect((await getOffer(casey, enc)).status).toBe('Extended');
  });

  it('validates the bodies (unknown fields, types, a typed signature and a signed copy at once)', async () => {
    const both = await casey.post(acceptUrl(enc, documentId), acceptBody({ signed_document_file: 'AAAA' }));
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      field: 'signed_document_file',
      message: 'body/signed_document_file cannot be sent together with body/terms_accepted, body/full_name',
    });
    const unknown = await casey.post(acceptUrl(enc, documentId), acceptBody({ note: 'hi' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'note', message: 'body/note is not an accepted field' });
    const typed = await casey.post(acceptUrl(enc, documentId), acceptBody({ terms_accepted: 'yes' }));
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ field: 'terms_accepted' });
    const badId = await casey.post(acceptUrl(enc, 0), acceptBody());
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'documentId' });
  });
});

describe('signing an embedded document', () => {
  it('needs the terms checkbox and the exact full name; nothing changes otherwise', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    const before = await getOffer(casey, enc);
    const id = firstDocument(before).id;
    const files = await countRows(ctx.db, 'stored_files');

    for (const body of [acceptBody({ terms_accepted: undefined }), acceptBody({ terms_accepted: false })]) {
      const res = await casey.post(acceptUrl(enc, id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        field: 'terms_accepted',
        message: OfferMessages.termsRequired,
      });
    }
    for (const full_name of ['casey jordan', 'Casey  Jordan', 'Casey Jordan ', 'Casey', '', undefined, 'Olive Other']) {
      const res = await casey.post(acceptUrl(enc, id), acceptBody({ full_name }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        field: 'full_name',
        message: 'Please enter your full name as shown on the offer letter and your profile.',
      });
    }
    expect(await getOffer(casey, enc)).toEqual(before);
    expect(await countRows(ctx.db, 'stored_files')).toBe(files);
  });

  it('stamps the signature on the PDF, marks the document Signed and, when it was the last one, the offer Accepted', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      documents: [{ signing: 'embedded' }, { signing: 'none', name: 'Handbook' }],
    });
    const before = await getOffer(casey, enc);
    const letter = firstDocument(before);
    const original = (await casey.get(`${letter.s3_path!}?${q}`)).rawPayload;
    const notifications = await countRows(ctx.db, 'notifications');

    const started = Date.now();
    const res = await casey.post(acceptUrl(enc, letter.id), acceptBody());
    expect(res.statusCode).toBe(200);
    const offer = res.json().data.offer as OfferShape;
    expect(Value.Check(Offer, offer)).toBe(true);
    expect(offer.status).toBe('Accepted');
    expect(firstDocument(offer)).toMatchObject({ status: 'Signed', signed: true, url: null });
    expect(documentNamed(offer, 'Handbook').status).toBe('Read Only');

    const signed = (await casey.get(`${firstDocument(offer).s3_path!}?${q}`)).rawPayload;
    expect(signed.equals(original)).toBe(false);
    const [originalPdf, signedPdf] = [await pdfOf(original), await pdfOf(signed)];
    expect(signedPdf.getPageCount()).toBe(originalPdf.getPageCount() + 1);
    expect(signedPdf.getSubject()).toBe('Signed by Casey Jordan');
    const keywords = signedPdf.getKeywords() ?? '';
    expect(keywords).toContain('signer: Casey Jordan');
    const signedAt = /signed-at: (\S+)/.exec(keywords)?.[1];
    expect(Date.parse(signedAt!)).toBeGreaterThanOrEqual(started - 1000);
    expect(signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(SIGNATURE_STATEMENT).toBe('I have read and agree to the terms and conditions of this offer.');

    const row = await ctx.db
      .selectFrom('offer_documents')
      .innerJoin('stored_files', 'stored_files.id', 'offer_documents.signed_file_id')
      .select(['stored_files.name', 'stored_files.byte_size', 'stored_files.content_type', 'offer_documents.signed_at'])
      .where('offer_documents.id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toMatch(/^doc_[A-Za-z0-9_-]{16}\.pdf$/);
    expect(Number(row.byte_size)).toBe(signed.byteLength);
    expect(row.content_type).toBe('application/pdf');

    expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);
    const note = await latestNotification(ctx.db);
    expect(note).toMatchObject({
      category_title: 'Job offer',
      notification_type: 'read_only',
      redirect_url: `/careers/offer/${enc}?domain=${DEMO_DOMAIN}`,
    });
    expect(note.message).toContain(offer.position.name);
  });

  it('keeps the offer Extended while another document still needs a signature', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      documents: [{ signing: 'embedded' }, { signing: 'esign' }],
    });
    const offer = (await casey.post(acceptUrl(enc, firstDocument(await getOffer(casey, enc)).id), acceptBody())).json()
      .data.offer as OfferShape;
    expect(offer.status).toBe('Extended');
    expect(offer.offer_documents.map((document) => document.status)).toEqual(['Signed', 'Unsigned']);
  });

  it('answers a repeated accept with the current offer and changes nothing', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      documents: [{ signing: 'embedded' }, { signing: 'esign' }],
    });
    const id = firstDocument(await getOffer(casey, enc)).id;
    const first = (await casey.post(acceptUrl(enc, id), acceptBody())).json().data.offer as OfferShape;
    const files = await countRows(ctx.db, 'stored_files');
    const again = await casey.post(acceptUrl(enc, id), acceptBody());
    expect(again.statusCode).toBe(200);
    expect(again.json().data.offer).toEqual(first);
    expect(await countRows(ctx.db, 'stored_files')).toBe(files);
  });

  it('refuses read-only and pending documents (409)', async () => {
    const offers = await listOffers(casey);
    const robotics = byPosition(offers, 'Robotics Software Engineer');
    const readOnly = await casey.post(
      acceptUrl(robotics.enc_id, documentNamed(robotics, 'Benefits summary').id),
      acceptBody(),
    );
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json()).toMatchObject({ code: 'conflict', message: OfferMessages.readOnly });
    const soon = byPosition(offers, 'Field Service Technician');
    const pending = await casey.post(
      acceptUrl(soon.enc_id, documentNamed(soon, 'Relocation package').id),
      acceptBody(),
    );
    expect(pending.statusCode).toBe(409);
    expect(await getOffer(casey, robotics.enc_id)).toEqual(robotics);
  });

  it('refuses offers that are expired, declined or canceled (409) and changes nothing', async () => {
    const offers = await listOffers(casey);
    const cases: Array<[string, RegExp]> = [
      ['Warehouse Automation Technician', /^This offer expired on \d{4}-\d{2}-\d{2} and can no longer be accepted\.$/],
      ['Hardware Design Engineer', /^This offer has been declined and can no longer be accepted\.$/],
      ['Quality Assurance Analyst', /^This offer has been canceled and can no longer be accepted\.$/],
    ];
    const files = await countRows(ctx.db, 'stored_files');
    for (const [position, message] of cases) {
      const offer = byPosition(offers, position);
      const res = await casey.post(acceptUrl(offer.enc_id, firstDocument(offer).id), acceptBody());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(message);
      expect(await getOffer(casey, offer.enc_id)).toEqual(offer);
    }
    expect(await countRows(ctx.db, 'stored_files')).toBe(files);
  });

  it('refuses per-document signing on an upload offer (409)', async () => {
    const offer = byPosition(await listOffers(casey), 'Senior Controls Engineer');
    const res = await casey.post(acceptUrl(offer.enc_id, firstDocument(offer).id), acceptBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OfferMessages.uploadOnly);
  });

  it('refuses an e-sign document whose signature is not complete (409)', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { documents: [{ signing: 'esign' }] });
    const res = await casey.post(acceptUrl(enc, firstDocument(await getOffer(casey, enc)).id), { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'The e-signature has not been completed.' });
  });
});

describe('POST /api/offer/offers/:id/accept (signed letter upload)', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = Buffer.from(await letterPdf());
  });
  const file = (content: Buffer, filename = 'signed.pdf') => ({
    name: SIGNED_LETTER_FIELD,
    filename,
    contentType: 'application/pdf',
    content,
  });

  it('stores the PDF under a server-made name as the signed letter and accepts the offer', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      acceptance: 'upload',
      documents: [{ signing: 'embedded' }, { signing: 'none', name: 'Benefits' }],
    });
    const notifications = await countRows(ctx.db, 'notifications');
    const res = await upload(casey, enc, [{ name: 'domain', content: DEMO_DOMAIN }, file(pdf, '../../etc/passwd.pdf')]);
    expect(res.statusCode).toBe(200);
    const offer = res.json().data.offer as OfferShape;
    expect(Value.Check(Offer, offer)).toBe(true);
    expect(offer).toMatchObject({ status: 'Accepted', acceptance: 'upload' });
    expect(firstDocument(offer)).toMatchObject({ status: 'Signed', signed: true });
    expect(offer.offer_documents[1]!.status).toBe('Read Only');
    const served = await casey.get(`${firstDocument(offer).s3_path!}?${q}`);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const stored = await ctx.db
      .selectFrom('offer_documents')
      .innerJoin('stored_files', 'stored_files.id', 'offer_documents.signed_file_id')
      .select(['stored_files.name'])
      .where('offer_documents.id', '=', firstDocument(offer).id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toMatch(/^doc_[A-Za-z0-9_-]{16}\.pdf$/);
    expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);

    const again = await upload(casey, enc, [file(pdf)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This offer has already been accepted.');
  });

  it('accepts the domain in the query string, and refuses another employer in the form field (403)', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
    const foreign = await upload(casey, enc, [{ name: 'domain', content: 'other.example' }, file(pdf)]);
    expect(foreign.statusCode).toBe(403);
    expect((await getOffer(casey, enc)).status).toBe('Extended');
    const res = await upload(casey, enc, [file(pdf)], `?${q}`);
    expect(res.statusCode).toBe(200);
  });

  describe('refuses what is not exactly one real PDF, storing nothing', () => {
    let enc: string;
    let before: OfferShape;
    let files: number;
    beforeAll(async () => {
      enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
      before = await getOffer(casey, enc);
      files = await countRows(ctx.db, 'stored_files');
    });
    afterEach(async () => {
      expect(await getOffer(casey, enc)).toEqual(before);
      expect(await countRows(ctx.db, 'stored_files')).toBe(files);
    });

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

    it.each([
      ['a PNG renamed .pdf', png],
      ['text', Buffer.from('Signed by me, honestly.')],
      ['a fake %PDF- header', Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF\n')],
    ])('%s → 400', async (_name, content) => {
      const res = await upload(casey, enc, [file(content)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        field: SIGNED_LETTER_FIELD,
        message: 'The signed offer letter must be a PDF file.',
      });
    });

    it('two files → 400', async () => {
      const res = await upload(casey, enc, [file(pdf), file(pdf, 'second.pdf')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: SIGNED_LETTER_FIELD, message: 'You should upload at most 1 file' });
    });

    it('no file → 400 naming the field', async () => {
      const res = await upload(casey, enc, [{ name: 'domain', content: DEMO_DOMAIN }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: SIGNED_LETTER_FIELD, message: UploadMessages.fileRequired });
      const empty = await upload(casey, enc, [file(Buffer.alloc(0))]);
      expect(empty.statusCode).toBe(400);
    });

    it('a file in another field, or unknown fields → 400', async () => {
      const other = await upload(casey, enc, [{ name: 'letter', filename: 'a.pdf', content: pdf }]);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ field: 'letter' });
      const extra = await upload(casey, enc, [{ name: 'note', content: 'hi' }, file(pdf)]);
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ field: 'note' });
    });

    it('a file larger than the limit → 413, whether the length is declared or found while reading', async () => {
      const big = Buffer.concat([pdf, Buffer.alloc(SIGNED_LETTER_MAX_BYTES + 1 - pdf.byteLength, 0x20)]);
      const res = await upload(casey, enc, [file(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toMatchObject({ code: 'payload_too_large', message: UploadMessages.tooLarge });
      const huge = await upload(casey, enc, [file(Buffer.alloc(SIGNED_LETTER_MAX_BYTES + 200 * 1024, 0x20))]);
      expect(huge.statusCode).toBe(413);
    });

    it('a JSON body → 415', async () => {
      const res = await casey.post(`/api/offer/offers/${enc}/accept`, { domain: DEMO_DOMAIN });
      expect(res.statusCode).toBe(415);
    });
  });

  it('cuts an oversized upload off while the client is still sending it (declared length or not)', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const files = await countRows(ctx.db, 'stored_files');
    const TOTAL = 60 * 1024 * 1024;
    for (const declared of [true, false]) {
      // The server answers 413 and closes the connection while the client is still sending. Depending on timing,
      // the client either reads that answer or sees the connection reset (EPIPE/ECONNRESET) first, as a browser
      // would. Either way it was cut off well before the end, and nothing was stored.
      const result = await new Promise<{ status?: number; connection?: string; reset?: boolean; sent: number }>(
        (resolve, reject) => {
          const boundary = 'cutoff-boundary';
          const req = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/offer/offers/${enc}/accept?${q}`,
            headers: {
              cookie: `careers_sid=${casey.sessionCookie}`,
              'x-csrf-token': casey.csrfToken!,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              ...(declared ? { 'content-length': String(TOTAL) } : {}),
            },
          });
          let sent = 0;
          let answered = false;
          req.on('response', (res) => {
            answered = true;
            res.resume();
            resolve({ status: res.statusCode, connection: res.headers.connection, sent });
          });
          req.on('error', (error: NodeJS.ErrnoException) => {
            if (answered) return;
            answered = true;
            if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ reset: true, sent });
            else reject(error);
          });
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="${SIGNED_LETTER_FIELD}"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
          );
          const chunk = Buffer.alloc(256 * 1024, 0x20);
          const pump = () => {
            while (!answered && sent < TOTAL / 2) {
              sent += chunk.byteLength;
              if (!req.write(chunk)) {
                req.once('drain', pump);
                return;
              }
            }
          };
          pump();
        },
      );
      if (!result.reset) {
        expect(result.status).toBe(413);
        expect(result.connection).toBe('close');
      }
      expect(result.sent).toBeLessThan(TOTAL / 2);
      if (!declared) expect(result.sent).toBeGreaterThanOrEqual(SIGNED_LETTER_MAX_BYTES - 4 * 256 * 1024);
    }
    expect(await countRows(ctx.db, 'stored_files')).toBe(files);
    expect((await getOffer(casey, enc)).status).toBe('Extended');
  });

  it('accepts a file of exactly the limit', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
    // A real PDF padded with trailing whitespace after %%EOF is still a PDF.
    const exact = Buffer.concat([pdf, Buffer.alloc(SIGNED_LETTER_MAX_BYTES - pdf.byteLength, 0x0a)]);
    const res = await upload(casey, enc, [file(exact)]);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a documents offer and an expired upload offer (409) before reading the file', async () => {
    const documents = byPosition(await listOffers(casey), 'Robotics Software Engineer');
    const res = await upload(casey, documents.enc_id, [file(pdf)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OfferMessages.documentsOnly);
    const expired = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      acceptance: 'upload',
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await upload(casey, expired, [file(pdf)]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This offer expired on/);
  });
});

describe('POST /api/offer/offers/:id/decline', () => {
  it('declines an Extended offer once; repeating it answers the same offer', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    const notifications = await countRows(ctx.db, 'notifications');
    const res = await casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(200);
    const offer = res.json().data.offer as OfferShape;
    expect(offer.status).toBe('Declined');
    expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);
    const note = await latestNotification(ctx.db);
    expect(note).toMatchObject({
      category_title: 'Job offer',
      notification_type: 'read_only',
      redirect_url: `/careers/offer/${enc}?domain=${DEMO_DOMAIN}`,
    });
    expect(note.message).toBe(`You declined the job offer for ${offer.position.name}.`);

    const again = await casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.offer).toEqual(offer);
    expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);

    const sign = await casey.post(acceptUrl(enc, firstDocument(offer).id), acceptBody());
    expect(sign.statusCode).toBe(409);
  });

  it('refuses accepted, canceled and expired offers (409) and changes nothing', async () => {
    const offers = await listOffers(casey);
    const cases: Array<[string, string | RegExp]> = [
      ['Manufacturing Test Engineer', 'This offer has already been accepted and can no longer be declined.'],
      ['Quality Assurance Analyst', 'This offer has been canceled and can no longer be declined.'],
      ['Warehouse Automation Technician', /^This offer expired on \d{4}-\d{2}-\d{2} and can no longer be declined\.$/],
    ];
    for (const [position, message] of cases) {
      const offer = byPosition(offers, position);
      const res = await casey.post(`/api/offer/offers/${offer.enc_id}/decline`, { domain: DEMO_DOMAIN });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflict');
      expect(res.json().message).toMatch(message);
      expect(await getOffer(casey, offer.enc_id)).toEqual(offer);
    }
  });
});

describe('conflicting calls at the same time', () => {
  async function answered(enc: string): Promise<number> {
    const row = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('redirect_url', '=', `/careers/offer/${enc}?domain=${DEMO_DOMAIN}`)
      .where('notification_type', '=', 'read_only')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it.each([1, 2, 3])('sign vs decline: exactly one wins (run %i)', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { notify: false });
    const id = firstDocument(await getOffer(casey, enc)).id;
    const [sign, decline] = await Promise.all([
      casey.post(acceptUrl(enc, id), acceptBody()),
      casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN }),
    ]);
    expect([sign.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    const final = await getOffer(casey, enc);
    if (sign.statusCode === 200) {
      expect(final.status).toBe('Accepted');
      expect(firstDocument(final).status).toBe('Signed');
    } else {
      expect(final.status).toBe('Declined');
      expect(firstDocument(final).status).toBe('Unsigned');
    }
    expect(await answered(enc)).toBe(1);
  });

  it('upload vs decline: exactly one wins', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload', notify: false });
    const { payload, headers } = multipart([
      { name: SIGNED_LETTER_FIELD, filename: 's.pdf', content: Buffer.from(await letterPdf()) },
    ]);
    const files = await countRows(ctx.db, 'stored_files');
    const [accept, decline] = await Promise.all([
      casey.request({ method: 'POST', url: `/api/offer/offers/${enc}/accept`, payload, headers }),
      casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN }),
    ]);
    expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    const final = await getOffer(casey, enc);
    expect(final.status).toBe(accept.statusCode === 200 ? 'Accepted' : 'Declined');
    expect(await countRows(ctx.db, 'stored_files')).toBe(files + (accept.statusCode === 200 ? 1 : 0));
    expect(await answered(enc)).toBe(1);
  });

  it('two declines: both answer 200, one change, one notification', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { notify: false });
    const answers = await Promise.all([
      casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN }),
      casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().data.offer.status)).toEqual(['Declined', 'Declined']);
    expect(await answered(enc)).toBe(1);
  });

  it('two signatures of the same document: both answer 200, one signed copy', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { notify: false });
    const id = firstDocument(await getOffer(casey, enc)).id;
    const files = await countRows(ctx.db, 'stored_files');
    const answers = await Promise.all([
      casey.post(acceptUrl(enc, id), acceptBody()),
      casey.post(acceptUrl(enc, id), acceptBody()),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await countRows(ctx.db, 'stored_files')).toBe(files + 1);
    expect((await getOffer(casey, enc)).status).toBe('Accepted');
    expect(await answered(enc)).toBe(1);
  });
});

describe('extending an offer', () => {
  it('creates an action-required notification that leads to the offer', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      position: 'Perception Engineer',
      expiresAt: new Date('2031-03-04T12:00:00Z'),
    });
    const res = await casey.get(`/api/pcsx/notifications?${q}&type_filter=action_required`);
    const note = (
      res.json().data.notifications as Array<{ message: string; redirectUrl: string; categoryTitle: string }>
    )[0]!;
    expect(note).toMatchObject({
      categoryTitle: 'Job offer',
      redirectUrl: `/careers/offer/${enc}?domain=${DEMO_DOMAIN}`,
    });
    expect(note.message).toBe(
      'Acme Robotics has extended you an offer for Perception Engineer. Review and sign your offer documents before 03/04/2031.',
    );
  });

  it('writes the notification in the language the candidate chose, with that language’s date', async () => {
    expect((await casey.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    try {
      await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
        position: 'Vision Engineer',
        expiresAt: new Date('2031-03-04T12:00:00Z'),
      });
      const res = await casey.get(`/api/pcsx/notifications?${q}&type_filter=action_required`);
      const notes = res.json().data.notifications as Array<{ message: string; categoryTitle: string }>;
      const note = notes.find((entry) => entry.message.includes('Vision Engineer'))!;
      expect(note).toMatchObject({ categoryTitle: 'Offre d’emploi' });
      expect(note.message).toBe(
        'Acme Robotics vous a fait une offre pour le poste Vision Engineer. Consultez et signez vos documents d’offre avant le 2031-03-04.',
      );
    } finally {
      expect((await casey.post('/api/pcsx/settings', { language: 'en' })).statusCode).toBe(200);
    }
  });
});
