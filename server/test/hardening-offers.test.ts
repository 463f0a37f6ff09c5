import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { SIGNED_LETTER_FIELD, type Offer as OfferShape } from '../src/contract';
import { buildEsignApp } from '../src/esign/app';
import { redactUrl } from '../src/esign/request-log';
import {
  buildApp,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  signedIn,
  type TestClient,
  useTestApp,
} from './helpers';
import { createOffer, firstDocument, getOffer, letterPdf, multipart, pdfOf, q } from './offer-helpers';

const ctx = useTestApp();
let esign: FastifyInstance;
let casey: TestClient;
let olive: TestClient;

const ESIGN_ORIGIN = 'http://localhost:8081';
const SANDBOX = "sandbox; default-src 'none'";

beforeAll(async () => {
  esign = await buildEsignApp({ db: ctx.db, config: ctx.config });
  casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
  olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
});
afterAll(async () => {
  await esign?.close();
});

/** An e-sign document of a fresh offer for `client`'s candidate: its signing link's token, key and page path. */
async function esignSession(client: TestClient, email: string) {
  const enc = await createOffer(ctx.db, email, { documents: [{ signing: 'esign', name: 'Code of conduct' }] });
  const document = firstDocument(await getOffer(client, enc));
  const url = new URL(document.url!);
  return {
    enc,
    document,
    url,
    token: url.pathname.split('/').pop()!,
    key: new URLSearchParams(url.hash.slice(1)).get('key'),
    pagePath: url.pathname + url.search,
  };
}

const complete = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  esign.inject({ method: 'POST', url: `/esign/sessions/${token}/complete`, payload: body, headers });

const esignStatus = (client: TestClient, enc: string, documentId: number) =>
  client.post(`/api/offer/offers/${enc}/${documentId}/esign_status`, { domain: DEMO_DOMAIN });

async function rename(email: string, firstName: string, lastName: string): Promise<void> {
  await ctx.db
    .updateTable('candidates')
    .set({ first_name: firstName, last_name: lastName })
    .where('email', '=', email)
    .execute();
}

/** Collects the JSON lines a pino logger writes. */
function logCollector() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('finding 5: a signed document keeps the name it was signed with', () => {
  afterEach(async () => rename(DEMO_CANDIDATE_EMAIL, 'Casey', 'Jordan'));

  it('a typed signature: the stored signed copy still names the signer after the profile name changes', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    const letter = firstDocument(await getOffer(casey, enc));
    const signed = await casey.post(`/api/offer/offers/${enc}/${letter.id}/accept`, {
      domain: DEMO_DOMAIN,
      terms_accepted: true,
      full_name: 'Casey Jordan',
    });
    expect(signed.statusCode).toBe(200);
    const before = await casey.get(`${letter.s3_path!}?${q}`);

    // A later name change (profile editing; bootstrapping is refused by now) changes no signed document.
    await rename(DEMO_CANDIDATE_EMAIL, 'Made', 'Up');
    const after = await casey.get(`${letter.s3_path!}?${q}`);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    const pdf = await pdfOf(after.rawPayload);
    expect(pdf.getSubject()).toBe('Signed by Casey Jordan');
    expect(pdf.getKeywords()).toContain('signer: Casey Jordan');
  });

  it('an e-signature: the name recorded when signing is the one stamped, whatever the profile says later', async () => {
    const { enc, document, token, key, pagePath } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
    expect((await complete(token, { outcome: 'signed', key }, { origin: ESIGN_ORIGIN })).statusCode).toBe(200);
    await rename(DEMO_CANDIDATE_EMAIL, 'Made', 'Up');

    const res = await esignStatus(casey, enc, document.id);
    expect(res.json().data.esign_status).toBe('signed');
    const offer = res.json().data.offer as OfferShape;
    const pdf = await pdfOf((await casey.get(`${firstDocument(offer).s3_path!}?${q}`)).rawPayload);
    expect(pdf.getSubject()).toBe('Signed by Casey Jordan');
    const page = await esign.inject({ method: 'GET', url: pagePath });
    expect(page.body).toContain('<dd>Casey Jordan</dd>');
    expect(page.body).not.toContain('Made Up');
  });
});

describe('finding 6: e-sign tokens stay out of logs', () => {
  it('the e-sign server logs each request with the session token redacted', async () => {
    const log = logCollector();
    const logged = await buildEsignApp({ db: ctx.db, config: ctx.config, logger: { stream: log.stream } });
    try {
      const { token, key, pagePath } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
      expect((await logged.inject({ method: 'GET', url: pagePath })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'GET', url: `/esign/sessions/${token}/document` })).statusCode).toBe(200);
      const done = await logged.inject({
        method: 'POST',
        url: `/esign/sessions/${token}/complete`,
        payload: { outcome: 'signed', key },
        headers: { origin: ESIGN_ORIGIN },
      });
      expect(done.statusCode).toBe(200);
      const all = log.lines.join('');
      expect(log.lines.length).toBeGreaterThanOrEqual(6);
      expect(all).not.toContain(token);
      expect(all).not.toContain(key!);
      const urls = log.lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
      expect(urls).toEqual([
        `/esign/sessions/[redacted]?parent=${encodeURIComponent('http://localhost:8080')}`,
        '/esign/sessions/[redacted]/document',
        '/esign/sessions/[redacted]/complete',
      ]);
    } finally {
      await logged.close();
    }
  });

  it('the careers server redacts e-sign paths and secret query parameters too', async () => {
    const log = logCollector();
    const logged = await buildApp({ db: ctx.db, config: ctx.config, logger: { stream: log.stream } });
    try {
      const secret = 'S3cretS3cretS3cretS3cret';
      await logged.inject({ method: 'GET', url: `/esign/sessions/${secret}?parent=x` });
      await logged.inject({ method: 'GET', url: `/careers?${q}&token=${secret}&Key=${secret}&%5Fcsrf=${secret}` });
      const all = log.lines.join('');
      expect(log.lines.length).toBeGreaterThanOrEqual(4);
      expect(all).not.toContain(secret);
      expect(all).toContain('/esign/sessions/[redacted]?parent=x');
      expect(all).toContain(`/careers?${q}&token=[redacted]&Key=[redacted]&%5Fcsrf=[redacted]`);
    } finally {
      await logged.close();
    }
  });

  it.each([
    ['/esign/sessions/abc/complete', '/esign/sessions/[redacted]/complete'],
    ['/ESIGN/Sessions/abc', '/ESIGN/Sessions/[redacted]'],
    ['/x?a=1&token&b=2', '/x?a=1&token&b=2'],
    ['/x?code=1&password=2&ticket=3#key=4', '/x?code=[redacted]&password=[redacted]&ticket=[redacted]'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('finding 6: recording an outcome needs the signing page and the candidate', () => {
  it('refuses a completion without an Origin (403), changing nothing', async () => {
    const { token, key } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
    const res = await complete(token, { outcome: 'signed', key });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'forbidden',
      message: 'This request must come from the e-signature page itself.',
    });
    const session = await ctx.db
      .selectFrom('esign_sessions')
      .select('status')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('pending');
  });

  it('refuses the token alone, or with another candidate’s key (403), and accepts the candidate’s own key', async () => {
    const mine = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
    const theirs = await esignSession(olive, DEMO_OTHER_EMAIL);
    expect(mine.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mine.url.hash).toBe(`#key=${mine.key}`);

    const wrong = {
      statusCode: 403,
      error: 'Forbidden',
      code: 'forbidden',
      message: 'This signing link is not valid for you. Open the document again from your offer.',
    };
    const tokenOnly = await complete(mine.token, { outcome: 'signed' }, { origin: ESIGN_ORIGIN });
    expect(tokenOnly.statusCode).toBe(403);
    expect(tokenOnly.json()).toEqual(wrong);
    const foreignKey = await complete(mine.token, { outcome: 'signed', key: theirs.key }, { origin: ESIGN_ORIGIN });
    expect(foreignKey.statusCode).toBe(403);
    expect(foreignKey.json()).toEqual(wrong);
    const malformed = await complete(mine.token, { outcome: 'signed', key: 'short' }, { origin: ESIGN_ORIGIN });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation', field: 'key' });
    expect((await esignStatus(casey, mine.enc, mine.document.id)).json().data.esign_status).toBe('pending');

    const own = await complete(mine.token, { outcome: 'signed', key: mine.key }, { origin: ESIGN_ORIGIN });
    expect(own.statusCode).toBe(200);
    expect((await esignStatus(casey, mine.enc, mine.document.id)).json().data.esign_status).toBe('signed');
  });

  it("the page's script sends the key from the fragment, never from the page", async () => {
    const { pagePath, key } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
    const page = await esign.inject({ method: 'GET', url: pagePath });
    expect(page.body).not.toContain(key!);
    const js = await esign.inject({ method: 'GET', url: '/esign/assets/esign.js' });
    expect(js.body).toContain('window.location.hash');
    expect(js.body).toContain('{ outcome: outcome, key: signerKey }');
  });
});

describe('finding 6: the document is not served by token once the offer is closed', () => {
  it.each(['declined', 'accepted', 'expired', 'canceled'] as const)(
    'an offer %s: 410 for the document, and the page no longer links it',
    async (how) => {
      const { enc, token, key, document, pagePath } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
      const open = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}/document` });
      expect(open.statusCode).toBe(200);
      expect((await esign.inject({ method: 'GET', url: pagePath })).body).toContain('class="document-link"');

      if (how === 'declined') {
        expect((await casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN })).statusCode).toBe(200);
      } else if (how === 'accepted') {
        await complete(token, { outcome: 'signed', key }, { origin: ESIGN_ORIGIN });
        expect((await esignStatus(casey, enc, document.id)).json().data.offer.status).toBe('Accepted');
      } else {
        await ctx.db
          .updateTable('offers')
          .set(
            how === 'expired'
              ? { expires_at: new Date(Date.now() - 60_000).toISOString() }
              : { status: 'Canceled', expires_at: null },
          )
          .where('enc_id', '=', enc)
          .execute();
      }

      const closed = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}/document` });
      expect(closed.statusCode).toBe(410);
      expect(closed.json()).toEqual({
        statusCode: 410,
        error: 'Gone',
        code: 'gone',
        message: 'This offer is closed, so its documents are no longer available here. Open them from your offer.',
      });
      expect(closed.headers['content-type']).toMatch(/^application\/json/);
      expect((await esign.inject({ method: 'GET', url: pagePath })).body).not.toContain('class="document-link"');
      // The candidate still has the documents on the careers site, with their session.
      const offer = await getOffer(casey, enc);
      expect((await casey.get(`${firstDocument(offer).s3_path!}?${q}`)).statusCode).toBe(200);
    },
  );
});

describe('finding 7: stored files are sandboxed attachments, always PDF', () => {
  function expectStoredFileHeaders(res: { headers: Record<string, unknown> }, fileName: string) {
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename="${fileName.replace(/[.]/g, '\\.')}"; filename\\*=UTF-8''`),
    );
  }

  /** A real PDF that is also HTML (markup in a comment after the header), with a script run when it is opened. */
  async function polyglotPdf(): Promise<Buffer> {
    const pdf = await PDFDocument.load(await letterPdf());
    const action = pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    const headerEnd = bytes.indexOf(0x0a) + 1;
    return Buffer.concat([
      bytes.subarray(0, headerEnd),
      Buffer.from('%<html><body><script>alert(document.domain)</script></body></html>\n'),
      bytes.subarray(headerEnd),
    ]);
  }

  it('an uploaded PDF/HTML polyglot with an /OpenAction script is stored as application/pdf and served as an attachment in a sandbox', async () => {
    const polyglot = await polyglotPdf();
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
    const { payload, headers } = multipart([
      { name: SIGNED_LETTER_FIELD, filename: 'letter.html', contentType: 'text/html', content: polyglot },
    ]);
    const res = await casey.request({ method: 'POST', url: `/api/offer/offers/${enc}/accept?${q}`, payload, headers });
    expect(res.statusCode).toBe(200);
    const letter = firstDocument(res.json().data.offer as OfferShape);
    const stored = await ctx.db
      .selectFrom('offer_documents')
      .innerJoin('stored_files', 'stored_files.id', 'offer_documents.signed_file_id')
      .select(['stored_files.content_type', 'stored_files.name'])
      .where('offer_documents.id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(stored.content_type).toBe('application/pdf');
    expect(stored.name).toMatch(/\.pdf$/);

    const served = await casey.get(`${letter.s3_path!}?${q}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(polyglot)).toBe(true);
    expectStoredFileHeaders(served, 'Offer letter.pdf');
    expect(served.headers['content-type']).not.toMatch(/html/);
  });

  it('a stamped copy and an e-sign document are served the same way', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    const letter = firstDocument(await getOffer(casey, enc));
    await casey.post(`/api/offer/offers/${enc}/${letter.id}/accept`, {
      domain: DEMO_DOMAIN,
      terms_accepted: true,
      full_name: 'Casey Jordan',
    });
    const stamped = await casey.get(`${letter.s3_path!}?${q}`);
    expect((await pdfOf(stamped.rawPayload)).getSubject()).toBe('Signed by Casey Jordan');
    expectStoredFileHeaders(stamped, 'Offer letter.pdf');

    const { token } = await esignSession(casey, DEMO_CANDIDATE_EMAIL);
    const document = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}/document` });
    expectStoredFileHeaders(document, 'Code of conduct.pdf');
    expect(
      (await esign.inject({ method: 'GET', url: `/esign/sessions/${token}?parent=http://localhost:8080` })).body,
    ).toContain(`<a class="document-link" href="/esign/sessions/${token}/document" download>`);
  });

  it('names the attachment in ASCII and in UTF-8 (RFC 6266 / RFC 5987), without quotes, slashes or controls', async () => {
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      documents: [{ signing: 'embedded', name: 'Lettre d’offre "été"/2026\r\n(final)*' }],
    });
    const letter = firstDocument(await getOffer(casey, enc));
    const res = await casey.get(`${letter.s3_path!}?${q}`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Lettre d_offre _ete_2026_final.pdf"; ' +
        "filename*=UTF-8''Lettre%20d%E2%80%99offre%20%22%C3%A9t%C3%A9%22%202026%20%28final%29%2A.pdf",
    );
  });
});
