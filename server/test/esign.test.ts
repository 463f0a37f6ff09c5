import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Offer as OfferShape } from '../src/contract';
import { loadConfig } from '../src/config';
import { buildEsignApp } from '../src/esign/app';
import { esignBaseUrl, esignOrigins } from '../src/esign/origins';
import { createAllowedOriginRepository } from '../src/employers/allowed-origins';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp } from './helpers';
import { countRows, createOffer, firstDocument, getOffer, pdfOf, q } from './offer-helpers';

const ctx = useTestApp();
let esign: FastifyInstance;
let casey: TestClient;

beforeAll(async () => {
  esign = await buildEsignApp({ db: ctx.db, config: ctx.config });
  casey = new TestClient(ctx.app);
  await casey.login(DEMO_CANDIDATE_EMAIL);
});
afterAll(async () => {
  await esign?.close();
});

/** The e-sign server's own origin in these tests (the default configuration's). */
const ESIGN_ORIGIN = 'http://localhost:8081';

/** Signer keys of the sessions handed out so far, by token (the key travels in the link's fragment). */
const keys = new Map<string, string>();

/** The path and query of the e-sign address the API handed out (the e-sign app is called in-process). */
function esignPath(url: string): { path: string; token: string; parent: string; key: string } {
  const parsed = new URL(url);
  const token = parsed.pathname.split('/').pop()!;
  const key = new URLSearchParams(parsed.hash.slice(1)).get('key')!;
  keys.set(token, key);
  return { path: parsed.pathname + parsed.search, token, parent: parsed.searchParams.get('parent')!, key };
}

/** The signing page's completion call, as its script makes it (own origin, the key from the fragment). */
const complete = (token: string, outcome: string, headers: Record<string, string> = {}) =>
  esign.inject({
    method: 'POST',
    url: `/esign/sessions/${token}/complete`,
    payload: { outcome, ...(keys.has(token) ? { key: keys.get(token) } : {}) },
    headers: { origin: ESIGN_ORIGIN, ...headers },
  });

const status = (enc: string, documentId: number) =>
  casey.post(`/api/offer/offers/${enc}/${documentId}/esign_status`, { domain: DEMO_DOMAIN });

async function esignOffer(
  documents: NonNullable<Parameters<typeof createOffer>[2]>['documents'] = [
    { signing: 'esign', name: 'Code of conduct', type: 'Policy' },
  ],
) {
  const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, { documents });
  const offer = await getOffer(casey, enc);
  const document = offer.offer_documents.find((item) => item.url !== null)!;
  return { enc, offer, document, ...esignPath(document.url!) };
}

describe('the e-sign signing page', () => {
  it('renders an accessible page the careers origins may frame, with its own CSS and JS', async () => {
    const { path: pagePath, parent, document } = await esignOffer();
    expect(parent).toBe('http://localhost:8080');
    const res = await esign.inject({ method: 'GET', url: pagePath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors http://localhost:8080 http://127.0.0.1:8080');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain(`<h1 id="esign-heading">${document.name}</h1>`);
    expect(res.body).toContain('Acme Robotics asks you to sign');
    expect(res.body).toContain('Casey Jordan');
    expect(res.body).toContain(
      '<button type="button" class="button primary" data-outcome="signed">Sign document</button>',
    );
    expect(res.body).toContain('data-outcome="rejected">Decline to sign</button>');
    expect(res.body).toContain('role="status"');
    expect(res.body).toContain('data-parent-origin="http://localhost:8080"');
    expect(res.body).toContain('<script src="/esign/assets/esign.js" defer></script>');
    expect(res.body).toContain('<link rel="stylesheet" href="/esign/assets/esign.css">');
    expect(res.body).not.toMatch(/<script>|style=/);

    const fr = await esign.inject({ method: 'GET', url: `${pagePath}&hl=fr-CA` });
    expect(fr.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(fr.body).toContain('Signer le document');
    expect(fr.body).toContain('Refuser de signer');
    const accept = await esign.inject({
      method: 'GET',
      url: pagePath,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(accept.body).toContain('Signer le document');
  });

  it('serves its script and stylesheet; the script posts only to the recorded parent origin', async () => {
    const js = await esign.inject({ method: 'GET', url: '/esign/assets/esign.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('window.parent.postMessage({ type: TYPES[outcome], token: token }, parentOrigin)');
    expect(js.body).toContain("signed: 'ESIGN', rejected: 'REJECT'");
    expect(js.body).not.toContain("'*'");
    const css = await esign.inject({ method: 'GET', url: '/esign/assets/esign.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    const source = fs.readFileSync(path.join(__dirname, '../src/esign/assets/esign.js'), 'utf8');
    expect(js.body).toBe(source);
  });

  it('refuses unknown, malformed or missing parent origins', async () => {
    const { token } = await esignOffer();
    for (const parent of [
      'http://evil.example',
      'https://localhost:8080',
      'http://localhost:8080/careers',
      'javascript:alert(1)',
      'null',
    ]) {
      const res = await esign.inject({
        method: 'GET',
        url: `/esign/sessions/${token}?parent=${encodeURIComponent(parent)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This signing page can only be opened from the careers site.');
      expect(res.body).not.toContain('data-parent-origin');
    }
    const missing = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('This signing page can only be opened from the careers site.');
    const malformed = await esign.inject({
      method: 'GET',
      url: `/esign/sessions/bad!token?parent=${encodeURIComponent('http://localhost:8080')}`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(malformed.headers['content-security-policy'])).toContain('frame-ancestors http://localhost:8080');
    const other = await esign.inject({
      method: 'GET',
      url: `/esign/sessions/${token}?parent=${encodeURIComponent('http://127.0.0.1:8080')}`,
    });
    expect(other.statusCode).toBe(200);
  });

  it("on the employer's own page (an origin it allows): framed by that page only, and only it hears the outcome", async () => {
    const page = 'https://www.acme-careers.example';
    await createAllowedOriginRepository(ctx.db).add(DEMO_DOMAIN, page);
    const enc = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL, {
      documents: [{ signing: 'esign', name: 'Code of conduct', type: 'Policy' }],
    });
    // The offer opened by the widget on that page: the API names it as the signing page's parent.
    const res = await casey.get(`/api/offer/${enc}?${q}`, { origin: page, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(page);
    const url = (res.json().data.offer as OfferShape).offer_documents.find((item) => item.url !== null)!.url!;
    const { path: signing, parent } = esignPath(url);
    expect(parent).toBe(page);
    const framed = await esign.inject({ method: 'GET', url: signing });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain(`data-parent-origin="${page}"`);
    expect(String(framed.headers['content-security-policy'])).toContain(`frame-ancestors http://localhost:8080`);
    expect(String(framed.headers['content-security-policy'])).toMatch(
      /frame-ancestors [^;]*https:\/\/www\.acme-careers\.example/,
    );
    // Once the employer no longer allows the origin, the signing page refuses it.
    await createAllowedOriginRepository(ctx.db).remove(DEMO_DOMAIN, page);
    const removed = await esign.inject({ method: 'GET', url: signing });
    expect(removed.statusCode).toBe(400);
    expect(removed.body).not.toContain('data-parent-origin');
    expect(String(removed.headers['content-security-policy'])).not.toContain(page);
  });

  it('answers 404 for an unknown session', async () => {
    const res = await esign.inject({
      method: 'GET',
      url: `/esign/sessions/${'x'.repeat(43)}?parent=${encodeURIComponent('http://localhost:8080')}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This signing link is not valid.');
  });

  it('serves the document to read', async () => {
    const { token } = await esignOffer();
    const res = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}/document` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Code of conduct.pdf"; filename*=UTF-8''Code%20of%20conduct.pdf`,
    );
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await pdfOf(res.rawPayload)).getPageCount()).toBeGreaterThan(0);
  });
});

describe('signing through both servers', () => {
  it('records the outcome on the e-sign server, then esign_status marks the document signed and the offer accepted', async () => {
    const { enc, document, token } = await esignOffer();

    // The browser's word alone never signs.
    const early = await status(enc, document.id);
    expect(early.statusCode).toBe(200);
    expect(early.json().data.esign_status).toBe('pending');
    expect(firstDocument(early.json().data.offer as OfferShape).status).toBe('Unsigned');
    const accept = await casey.post(`/api/offer/offers/${enc}/${document.id}/accept`, { domain: DEMO_DOMAIN });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('The e-signature has not been completed.');

    const signed = await complete(token, 'signed');
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.status).toBe('signed');
    const session = await ctx.db
      .selectFrom('esign_sessions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ status: 'signed', signer_name: 'Casey Jordan' });
    expect(session.completed_at).not.toBeNull();

    // Idempotent on the e-sign server; a different outcome is refused.
    expect((await complete(token, 'signed')).json().data).toEqual(signed.json().data);
    const changed = await complete(token, 'rejected');
    expect(changed.statusCode).toBe(409);

    const res = await status(enc, document.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.esign_status).toBe('signed');
    const offer = res.json().data.offer as OfferShape;
    expect(offer.status).toBe('Accepted');
    expect(firstDocument(offer)).toMatchObject({ status: 'Signed', signed: true, url: null });

    const pdf = await pdfOf((await casey.get(`${firstDocument(offer).s3_path!}?${q}`)).rawPayload);
    expect(pdf.getSubject()).toBe('Signed by Casey Jordan');
    expect(pdf.getKeywords()).toContain('method: esign');
    expect(pdf.getKeywords()).toContain(`signed-at: ${session.completed_at}`);

    const again = await status(enc, document.id);
    expect(again.json().data).toEqual(res.json().data);
  });

  it('the accept call and the status call made together sign once', async () => {
    const { enc, document, token } = await esignOffer();
    await complete(token, 'signed');
    const files = await countRows(ctx.db, 'stored_files');
    const [accept, check] = await Promise.all([
      casey.post(`/api/offer/offers/${enc}/${document.id}/accept`, { domain: DEMO_DOMAIN }),
      status(enc, document.id),
    ]);
    expect([accept.statusCode, check.statusCode]).toEqual([200, 200]);
    expect(check.json().data.esign_status).toBe('signed');
    expect(await countRows(ctx.db, 'stored_files')).toBe(files + 1);
    expect((await getOffer(casey, enc)).status).toBe('Accepted');
  });

  it('keeps the offer Extended while other documents need signatures', async () => {
    const { enc, document, token } = await esignOffer([{ signing: 'embedded' }, { signing: 'esign', name: 'Policy' }]);
    await complete(token, 'signed');
    const offer = (await status(enc, document.id)).json().data.offer as OfferShape;
    expect(offer.status).toBe('Extended');
    expect(offer.offer_documents.map((item) => item.status)).toEqual(['Unsigned', 'Signed']);
  });

  it('a declined signature leaves the document unsigned and issues a new signing link', async () => {
    const { enc, document, token, path: pagePath } = await esignOffer();
    const rejected = await complete(token, 'rejected');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    const page = await esign.inject({ method: 'GET', url: pagePath });
    expect(page.body).toContain('You declined to sign this document.');
    expect(page.body).not.toContain('data-outcome=');

    const res = await status(enc, document.id);
    expect(res.json().data.esign_status).toBe('rejected');
    const offer = res.json().data.offer as OfferShape;
    expect(offer.status).toBe('Extended');
    expect(firstDocument(offer).status).toBe('Unsigned');
    const fresh = esignPath(firstDocument(offer).url!);
    expect(fresh.token).not.toBe(token);
    expect((await esign.inject({ method: 'GET', url: fresh.path })).body).toContain('data-outcome="signed"');
    expect((await status(enc, document.id)).json().data.esign_status).toBe('pending');
  });

  it('refuses to sign when the offer is no longer open, and answers 409 for non e-sign documents', async () => {
    const { enc, document, token, path: pagePath } = await esignOffer();
    await casey.post(`/api/offer/offers/${enc}/decline`, { domain: DEMO_DOMAIN });
    const res = await complete(token, 'signed');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This offer can no longer be signed.');
    expect((await esign.inject({ method: 'GET', url: pagePath })).body).toContain(
      'This offer can no longer be signed.',
    );
    expect((await status(enc, document.id)).json().data.esign_status).toBe('pending');

    const embedded = await createOffer(ctx.db, DEMO_CANDIDATE_EMAIL);
    const letter = firstDocument(await getOffer(casey, embedded));
    const wrong = await status(embedded, letter.id);
    expect(wrong.statusCode).toBe(409);
  });

  it('the completion call: own origin only, known sessions, valid outcomes', async () => {
    const { token } = await esignOffer();
    const foreign = await complete(token, 'signed', { origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      code: 'forbidden',
      message: 'This request must come from the e-signature page itself.',
    });
    const careers = await complete(token, 'signed', { origin: 'http://localhost:8080' });
    expect(careers.statusCode).toBe(403);
    // A forged Host does not make a foreign origin this server's own.
    const forgedHost = await complete(token, 'signed', { origin: 'http://evil.example', host: 'evil.example' });
    expect(forgedHost.statusCode).toBe(403);
    const unknown = await complete('y'.repeat(43), 'signed');
    expect(unknown.statusCode).toBe(404);
    const bad = await complete(token, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'outcome' });
    const form = await esign.inject({
      method: 'POST',
      url: `/esign/sessions/${token}/complete`,
      payload: 'outcome=signed',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ESIGN_ORIGIN },
    });
    expect(form.statusCode).toBe(415);
    const own = await complete(token, 'signed', { origin: 'http://127.0.0.1:8081' });
    expect(own.statusCode).toBe(200);
  });
});

describe('e-sign addresses', () => {
  it('derives the e-sign origin from the careers host, or uses ESIGN_PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.esignPort).toBe(9001);
    expect(config.publicOrigins).toEqual(['http://localhost:9000', 'http://127.0.0.1:9000']);
    expect(esignBaseUrl('http://127.0.0.1:9000', config)).toBe('http://127.0.0.1:9001');
    expect(esignOrigins(config)).toEqual(['http://localhost:9001', 'http://127.0.0.1:9001']);
    const proxied = loadConfig({
      ESIGN_PUBLIC_URL: 'https://esign.example.com/sign/',
      PUBLIC_ORIGINS: 'https://careers.example.com',
      ESIGN_PORT: '7000',
    });
    expect(proxied.esignPort).toBe(7000);
    expect(esignBaseUrl('https://careers.example.com', proxied)).toBe('https://esign.example.com/sign');
    expect(esignOrigins(proxied)).toEqual(['https://esign.example.com']);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'careers.example.com' })).toThrow('PUBLIC_ORIGINS');
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'https://careers.example.com/path' })).toThrow('PUBLIC_ORIGINS');
    expect(() => loadConfig({ ESIGN_PUBLIC_URL: 'ftp://x' })).toThrow('ESIGN_PUBLIC_URL');
    expect(() => loadConfig({ ESIGN_PORT: 'x' })).toThrow('ESIGN_PORT');
  });

  it('lets the host page frame the e-sign origins', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/careers?${q}` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' blob: http://localhost:8081 http://127.0.0.1:8081");
  });
});
