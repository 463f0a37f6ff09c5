/**
 * Contract test: every call of the first product specification's table of calls (offers, terms of service,
 * onboarding, notifications, page views), replayed exactly in the specification's shape (method, path, query, body or
 * none) by a signed-in candidate, with the session cookie and the headers the widgets' HTTP layer sends (the CSRF
 * token on every call; the user, group and time-zone headers on every call but GET). Each call must succeed with
 * the documented `{ data }` envelope. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL
 * (scripts/with-postgres.sh). Then the refusals: another employer's domain, no CSRF token, a signed copy that is
 * not base64, not a PDF or too large, a malformed or mistyped body; after each, nothing has changed.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  EsignStatusResponse,
  Headers,
  JobCartResponse,
  MatchDetailsResponse,
  OverridesResponse,
  PositionDetailsResponse,
  PositionInsightsResponse,
  SavedPositionsResponse,
  SavePositionResponse,
  SearchResponse,
  MarkResponse,
  NotificationBadgeResponse,
  NotificationBootDataResponse,
  NotificationsResponse,
  OfferResponse,
  OffersResponse,
  OnboardingResponse,
  SIGNED_DOCUMENT_FIELD,
  SIGNED_LETTER_FIELD,
  SIGNED_LETTER_MAX_BYTES,
  TermsOfServiceResponse,
  VslogResponse,
  type Offer,
} from '../src/contract';
import { SIGNED_DOCUMENT_BODY_LIMIT, SignedDocumentMessages } from '../src/offers/signed-document';
import { insertPositions } from '../src/positions/repository';
import { DEMO_DOMAIN, DEMO_NEW_EMAIL, TestClient, useTestApp } from './helpers';
import { countRows, createOffer, firstDocument, letterPdf, multipart } from './offer-helpers';

const ctx = useTestApp();

/** The offers, documents and notification each call acts on (created for the candidate before the replay). */
interface Fixtures {
  /** Offer read by GET /api/offer/{id} (an embedded letter and an e-sign document). */
  viewed: Offer;
  /** Offer accepted by uploading the signed letter (acceptance `upload`). */
  uploaded: Offer;
  /** Offer declined. */
  declined: Offer;
  /** Offer whose only document (embedded) is signed with a signed copy. */
  signed: Offer;
  /** Offer whose e-sign document reports its status. */
  esigned: Offer;
  /** One of the candidate's notifications. */
  notificationId: number;
  /** A signed PDF. */
  pdf: Buffer;
}

type SpecBody =
  /** "none", "no body": no body and no Content-Type. */
  | { kind: 'none' }
  /** "empty body": a body of zero bytes, as a JSON client sends it (`content-type: application/json`). */
  | { kind: 'empty' }
  | { kind: 'json'; value: (f: Fixtures) => unknown }
  | { kind: 'multipart'; parts: (f: Fixtures) => Parameters<typeof multipart>[0] };

interface SpecCall {
  /** The row of that table, quoted. */
  spec: string;
  method: 'GET' | 'POST';
  path: (f: Fixtures) => string;
  query?: Record<string, string>;
  body: SpecBody;
  /** The documented answer (contract schema of the `{ data }` envelope). */
  answer: TSchema;
  /** What the answer is used for, checked on the answer's data and, where the call changes state, the state. */
  check?: (data: Record<string, unknown>, f: Fixtures) => void | Promise<void>;
}

const offerOf = (data: Record<string, unknown>) => data.offer as Offer;

/** Every row of the table, in its order. */
const SPEC_000_CALLS: SpecCall[] = [
  {
    spec: 'GET /api/offer/offers | none | List of offers (cache key offers; stale after one day)',
    method: 'GET',
    path: () => '/api/offer/offers',
    body: { kind: 'none' },
    answer: OffersResponse,
    check: (data, f) => {
      const ids = (data.offers as Offer[]).map((offer) => offer.enc_id);
      expect(ids).toEqual(expect.arrayContaining([f.viewed.enc_id, f.uploaded.enc_id, f.declined.enc_id]));
    },
  },
  {
    spec: 'GET /api/offer/{id} | none | One offer; cached one day, no retry, refetched on window focus',
    method: 'GET',
    path: (f) => `/api/offer/${f.viewed.enc_id}`,
    body: { kind: 'none' },
    answer: OfferResponse,
    check: (data, f) => expect(offerOf(data)).toEqual(f.viewed),
  },
  {
    spec: 'POST /api/offer/offers/{id}/accept | multipart form with signed_offer_letter_pdf_file (file) | Accept by uploading a signed letter; response shape not shown',
    method: 'POST',
    path: (f) => `/api/offer/offers/${f.uploaded.enc_id}/accept`,
    body: {
      kind: 'multipart',
      parts: (f) => [
        { name: SIGNED_LETTER_FIELD, filename: 'signed.pdf', contentType: 'application/pdf', content: f.pdf },
      ],
    },
    answer: OfferResponse,
    check: (data) => {
      expect(offerOf(data).status).toBe('Accepted');
      expect(firstDocument(offerOf(data))).toMatchObject({ status: 'Signed', signed: true });
    },
  },
  {
    spec: 'POST /api/offer/offers/{id}/decline | no body | Decline; response shape not shown',
    method: 'POST',
    path: (f) => `/api/offer/offers/${f.declined.enc_id}/decline`,
    body: { kind: 'none' },
    answer: OfferResponse,
    check: (data) => expect(offerOf(data).status).toBe('Declined'),
  },
  {
    spec: 'POST /api/offer/offers/{id}/{documentId}/accept | body with signed_document_file (base64 content) | Sign one document; response shape not shown',
    method: 'POST',
    path: (f) => `/api/offer/offers/${f.signed.enc_id}/${firstDocument(f.signed).id}/accept`,
    body: { kind: 'json', value: (f) => ({ [SIGNED_DOCUMENT_FIELD]: f.pdf.toString('base64') }) },
    answer: OfferResponse,
    check: async (data, f) => {
      const offer = offerOf(data);
      expect(offer.status).toBe('Accepted');
      expect(firstDocument(offer)).toMatchObject({ status: 'Signed', signed: true });
      // Stored as the signed copy, byte for byte.
      const served = await ctx.app.inject({
        method: 'GET',
        url: firstDocument(offer).s3_path!,
        headers: { cookie: `careers_sid=${candidate.sessionCookie}` },
      });
      expect(served.rawPayload.equals(f.pdf)).toBe(true);
    },
  },
  {
    spec: 'POST /api/offer/offers/{id}/{documentId}/esign_status | empty body | Report e-sign result; response shape not shown',
    method: 'POST',
    path: (f) => `/api/offer/offers/${f.esigned.enc_id}/${firstDocument(f.esigned).id}/esign_status`,
    body: { kind: 'empty' },
    answer: EsignStatusResponse,
    check: (data, f) => {
      expect(data.esign_status).toBe('pending');
      expect(offerOf(data).enc_id).toBe(f.esigned.enc_id);
    },
  },
  {
    spec: 'GET /api/pcsx/terms_of_service | none | data.tosAttested',
    method: 'GET',
    path: () => '/api/pcsx/terms_of_service',
    body: { kind: 'none' },
    answer: TermsOfServiceResponse,
    check: (data) => expect(data.tosAttested).toBe(false),
  },
  {
    // The payload is not shown: the call is replayed with none (the reference widget sends `{ domain, accepted }`).
    spec: 'POST /api/pcsx/terms_of_service | not shown | Same response shape as GET',
    method: 'POST',
    path: () => '/api/pcsx/terms_of_service',
    body: { kind: 'none' },
    answer: TermsOfServiceResponse,
    check: (data) => expect(data.tosAttested).toBe(true),
  },
  {
    spec: 'POST /api/pcsx/onboarding | no body | Onboards the user',
    method: 'POST',
    path: () => '/api/pcsx/onboarding',
    body: { kind: 'none' },
    answer: OnboardingResponse,
    check: (data) => expect(data).toMatchObject({ isOnboarded: true, tosAttested: true }),
  },
  {
    spec: 'GET /api/pcsx/notifications | query domain, optional type_filter=action_required | data.notifications',
    method: 'GET',
    path: () => '/api/pcsx/notifications',
    query: { domain: DEMO_DOMAIN },
    body: { kind: 'none' },
    answer: NotificationsResponse,
    check: (data, f) => {
      const ids = (data.notifications as Array<{ id: number }>).map((note) => note.id);
      expect(ids).toContain(f.notificationId);
    },
  },
  {
    spec: 'GET /api/pcsx/notifications | query domain, optional type_filter=action_required | data.notifications',
    method: 'GET',
    path: () => '/api/pcsx/notifications',
    query: { domain: DEMO_DOMAIN, type_filter: 'action_required' },
    body: { kind: 'none' },
    answer: NotificationsResponse,
    check: (data) => {
      const notes = data.notifications as Array<{ notificationType: string }>;
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) expect(note.notificationType).toBe('action_required');
    },
  },
  {
    spec: 'POST /api/pcsx/notifications/mark_all_viewed | {domain} | Marks all viewed',
    method: 'POST',
    path: () => '/api/pcsx/notifications/mark_all_viewed',
    body: { kind: 'json', value: () => ({ domain: DEMO_DOMAIN }) },
    answer: MarkResponse,
  },
  {
    spec: 'POST /api/pcsx/notifications/{id}/mark_clicked | {domain} | Marks one clicked',
    method: 'POST',
    path: (f) => `/api/pcsx/notifications/${f.notificationId}/mark_clicked`,
    body: { kind: 'json', value: () => ({ domain: DEMO_DOMAIN }) },
    answer: MarkResponse,
    check: (data) => expect(data.updated).toBe(1),
  },
  {
    spec: 'POST /api/pcsx/notifications/mark_all_clicked | {domain} | Marks all clicked',
    method: 'POST',
    path: () => '/api/pcsx/notifications/mark_all_clicked',
    body: { kind: 'json', value: () => ({ domain: DEMO_DOMAIN }) },
    answer: MarkResponse,
  },
  {
    spec: 'GET /api/pcsx/notification_badge | query domain | data.count',
    method: 'GET',
    path: () => '/api/pcsx/notification_badge',
    query: { domain: DEMO_DOMAIN },
    body: { kind: 'none' },
    answer: NotificationBadgeResponse,
    check: (data) => expect(data.count).toBe(0),
  },
  {
    spec: 'GET /api/pcsx/notifications_boot_data | none | Notification boot data (section 3)',
    method: 'GET',
    path: () => '/api/pcsx/notifications_boot_data',
    body: { kind: 'none' },
    answer: NotificationBootDataResponse,
    check: (data) =>
      expect(data).toMatchObject({ groupId: DEMO_DOMAIN, isLoggedIn: true, enableCandidateInappNotifications: true }),
  },
  {
    spec: 'POST /vslog | query domain and pid; body namespace, event, data_json (includes position_id and utm parameters) | Page-view logging',
    method: 'POST',
    path: () => '/vslog',
    query: { domain: DEMO_DOMAIN, pid: '12' },
    body: {
      kind: 'json',
      value: () => ({
        namespace: 'pcsx',
        event: 'page_view',
        data_json: JSON.stringify({ page: 'singlePosition', position_id: '12', utm_source: 'newsletter' }),
      }),
    },
    answer: VslogResponse,
    check: (data) => expect(data).toEqual({ ok: true }),
  },
];

let candidate: TestClient;
let fixtures: Fixtures;

/** The headers the widgets' HTTP layer sends (shared/src/http/http.ts), with the session cookie. */
function widgetHeaders(method: string, client: TestClient, csrf = true): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    cookie: `careers_sid=${client.sessionCookie}`,
  };
  if (csrf && client.csrfToken) headers[Headers.csrf] = client.csrfToken;
  if (method !== 'GET') {
    headers[Headers.user] = 'candidate';
    headers[Headers.group] = DEMO_DOMAIN;
    headers[Headers.timezone] = 'America/Toronto';
  }
  return headers;
}

function urlOf(call: SpecCall, f: Fixtures, query: Record<string, string> | undefined = call.query): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${call.path(f)}${search}`;
}

/** Sends a call in the spec's shape (or with another body or query), as the widgets would. */
async function send(
  call: SpecCall,
  options: { body?: SpecBody; query?: Record<string, string>; csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const body = options.body ?? call.body;
  const headers = widgetHeaders(call.method, candidate, options.csrf);
  const inject: InjectOptions = { method: call.method, url: urlOf(call, fixtures, options.query ?? call.query) };
  if (body.kind === 'empty') {
    inject.payload = '';
    headers['content-type'] = 'application/json';
    headers['content-length'] = '0';
  } else if (body.kind === 'json') {
    inject.payload = JSON.stringify(body.value(fixtures));
    headers['content-type'] = 'application/json';
  } else if (body.kind === 'multipart') {
    const form = multipart(body.parts(fixtures));
    inject.payload = form.payload;
    Object.assign(headers, form.headers);
  }
  const res = await ctx.app.inject({ ...inject, headers });
  const token = res.headers[Headers.csrf];
  if (typeof token === 'string') candidate.csrfToken = token;
  return res;
}

async function offerNow(encId: string): Promise<Offer> {
  const res = await candidate.get(`/api/offer/${encId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.offer as Offer;
}

async function freshFixtures(): Promise<Fixtures> {
  const offer = async (options: Parameters<typeof createOffer>[2]) =>
    offerNow(await createOffer(ctx.db, DEMO_NEW_EMAIL, options));
  const viewed = await offer({ documents: [{ signing: 'embedded' }, { signing: 'esign' }] });
  const uploaded = await offer({ acceptance: 'upload' });
  const declined = await offer({});
  const signed = await offer({ documents: [{ signing: 'embedded' }] });
  const esigned = await offer({ documents: [{ signing: 'esign' }] });
  const note = await ctx.db
    .selectFrom('notifications')
    .innerJoin('candidates', 'candidates.id', 'notifications.candidate_id')
    .select('notifications.id')
    .where('candidates.email', '=', DEMO_NEW_EMAIL)
    .orderBy('notifications.id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    viewed,
    uploaded,
    declined,
    signed,
    esigned,
    notificationId: note.id,
    pdf: Buffer.from(await letterPdf()),
  };
}

beforeAll(async () => {
  candidate = new TestClient(ctx.app);
  await candidate.login(DEMO_NEW_EMAIL);
  fixtures = await freshFixtures();
});

describe('offers, notifications, terms and onboarding: every call in the specification’s shape, by a signed-in candidate', () => {
  it('lists every row of the call table', () => {
    const rows = new Set(SPEC_000_CALLS.map((call) => call.spec.split(' | ')[0]));
    expect(rows.size).toBe(16);
  });

  // In the table's order: the terms are read before and after accepting them, onboarding follows the terms.
  it.each(SPEC_000_CALLS.map((call, index) => [`${index + 1}. ${call.spec}`, call] as const))(
    '%s',
    async (_name, call) => {
      const res = await send(call);
      expect({ status: res.statusCode, body: res.statusCode < 300 ? 'ok' : res.body }).toEqual({
        status: 200,
        body: 'ok',
      });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const envelope = res.json() as { data: Record<string, unknown> };
      expect(Object.keys(envelope)).toEqual(['data']);
      expect([...Value.Errors(call.answer, envelope)]).toEqual([]);
      await call.check?.(envelope.data, fixtures);
    },
  );
});

/** The calls the spec shows without a body (or with an empty one, or with a payload not shown). */
const bodyless = () =>
  SPEC_000_CALLS.filter((call) => call.method === 'POST' && (call.body.kind === 'none' || call.body.kind === 'empty'));
const posts = () => SPEC_000_CALLS.filter((call) => call.method === 'POST');
const gets = () => SPEC_000_CALLS.filter((call) => call.method === 'GET');

describe('calls without a body accept every way of sending none', () => {
  beforeAll(async () => {
    fixtures = await freshFixtures();
  });

  const variants: Array<[string, InjectOptions['payload'] | undefined, Record<string, string>]> = [
    ['no body, no Content-Type', undefined, {}],
    ['an empty JSON object', '{}', { 'content-type': 'application/json' }],
    ['{ domain }', JSON.stringify({ domain: DEMO_DOMAIN }), { 'content-type': 'application/json' }],
    ['zero bytes typed application/json', '', { 'content-type': 'application/json', 'content-length': '0' }],
    [
      'zero bytes typed as a form (curl -d "")',
      '',
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
    ],
    ['zero bytes typed text/plain', '', { 'content-type': 'text/plain', 'content-length': '0' }],
  ];

  it.each(variants)('%s', async (_label, payload, extra) => {
    for (const call of bodyless()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: urlOf(call, fixtures),
        headers: { ...widgetHeaders('POST', candidate), ...extra },
        ...(payload === undefined ? {} : { payload }),
      });
      expect({ call: call.spec, status: res.statusCode }).toEqual({ call: call.spec, status: 200 });
    }
  });

  it('the domain may also be named in the query string', async () => {
    for (const call of bodyless()) {
      const res = await send(call, { query: { domain: DEMO_DOMAIN } });
      expect({ call: call.spec, status: res.statusCode }).toEqual({ call: call.spec, status: 200 });
    }
  });

  it('refuses a body that is not JSON (400) or not of a JSON type (415), never 500, and changes nothing', async () => {
    const declined = await offerNow(await createOffer(ctx.db, DEMO_NEW_EMAIL));
    const call = {
      ...bodyless().find((item) => item.spec.includes('/decline'))!,
      path: () => `/api/offer/offers/${declined.enc_id}/decline`,
    };
    const cases: Array<[string, string, number, string]> = [
      ['{"domain":', 'application/json', 400, 'invalid_json'],
      ['not json', 'application/json', 400, 'invalid_json'],
      ['[]', 'application/json', 400, 'validation'],
      ['null', 'application/json', 400, 'validation'],
      ['{"domain":"acme.example","reason":"x"}', 'application/json', 400, 'validation'],
      ['decline please', 'text/plain', 415, 'unsupported_media_type'],
      ['domain=acme.example', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
      ['<decline/>', 'application/xml', 415, 'unsupported_media_type'],
      ['--x--\r\n', 'multipart/form-data; boundary=x', 415, 'unsupported_media_type'],
    ];
    for (const [payload, contentType, status, code] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: urlOf(call, fixtures),
        headers: { ...widgetHeaders('POST', candidate), 'content-type': contentType },
        payload,
      });
      expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status, code });
    }
    expect(await offerNow(declined.enc_id)).toEqual(declined);
  });
});

describe('refusals leave everything as it was', () => {
  beforeAll(async () => {
    fixtures = await freshFixtures();
  });

  /** The offers and counts a refused call must not change. */
  async function snapshot() {
    return {
      offers: await Promise.all(
        [fixtures.viewed, fixtures.uploaded, fixtures.declined, fixtures.signed, fixtures.esigned].map((offer) =>
          offerNow(offer.enc_id),
        ),
      ),
      files: await countRows(ctx.db, 'stored_files'),
      notifications: await countRows(ctx.db, 'notifications'),
      sessions: await countRows(ctx.db, 'esign_sessions'),
      views: Number(
        (
          await ctx.db
            .selectFrom('page_views')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    };
  }

  it('another employer’s domain → 403 on every candidate call, in the query or in the body', async () => {
    const before = await snapshot();
    const candidateCalls = SPEC_000_CALLS.filter(
      (call) => !call.spec.startsWith('GET /api/pcsx/notifications_boot_data') && !call.spec.startsWith('POST /vslog'),
    );
    for (const call of candidateCalls) {
      const inQuery = await send(call, { query: { ...call.query, domain: 'other.example' } });
      expect({ call: call.spec, status: inQuery.statusCode, code: inQuery.json().code }).toEqual({
        call: call.spec,
        status: 403,
        code: 'forbidden_domain',
      });
      if (call.method === 'POST' && call.body.kind !== 'multipart') {
        const value = call.body.kind === 'json' ? (call.body.value(fixtures) as object) : {};
        const inBody = await send(call, {
          body: { kind: 'json', value: () => ({ ...value, domain: 'other.example' }) },
        });
        expect({ call: call.spec, status: inBody.statusCode, field: inBody.json().field }).toEqual({
          call: call.spec,
          status: 403,
          field: 'domain',
        });
      }
    }
    // The upload names its domain in a form field.
    const upload = SPEC_000_CALLS.find((call) => call.body.kind === 'multipart')!;
    const foreign = await send(upload, {
      body: {
        kind: 'multipart',
        parts: (f) => [
          { name: 'domain', content: 'other.example' },
          { name: SIGNED_LETTER_FIELD, filename: 's.pdf', content: f.pdf },
        ],
      },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('no CSRF token → 403 invalid_csrf on every state-changing call', async () => {
    const before = await snapshot();
    for (const call of posts()) {
      const res = await send(call, { csrf: false });
      expect({ call: call.spec, status: res.statusCode, code: res.json().code }).toEqual({
        call: call.spec,
        status: 403,
        code: 'invalid_csrf',
      });
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: urlOf(call, fixtures),
        headers: { ...widgetHeaders('POST', candidate), [Headers.csrf]: 'not-the-token' },
      });
      expect(wrong.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('GET calls need no CSRF token', async () => {
    for (const call of gets()) {
      const res = await send(call, { csrf: false });
      expect({ call: call.spec, status: res.statusCode }).toEqual({ call: call.spec, status: 200 });
    }
  });

  describe('signed_document_file', () => {
    const signCall = () =>
      SPEC_000_CALLS.find((call) => call.body.kind === 'json' && call.spec.includes('{documentId}/accept'))!;
    const signWith = (value: unknown, extra: Record<string, unknown> = {}) =>
      send(signCall(), { body: { kind: 'json', value: () => ({ [SIGNED_DOCUMENT_FIELD]: value, ...extra }) } });

    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeEach(async () => {
      before = await snapshot();
    });
    afterEach(async () => {
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['characters outside base64', 'JVBERi0xLjcK!!!!', SignedDocumentMessages.notBase64],
      ['a broken length', 'JVBERi0xL', SignedDocumentMessages.notBase64],
      ['padding in the middle', 'JVBE=i0xLjcK', SignedDocumentMessages.notBase64],
      ['two alphabets mixed', 'JVBE+i0x_jcK', SignedDocumentMessages.notBase64],
      ['only white space', ' \r\n ', SignedDocumentMessages.empty],
    ])('%s → 400 naming the field', async (_label, value, message) => {
      const res = await signWith(value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field: SIGNED_DOCUMENT_FIELD, message });
      expect(res.json().message).toContain(SIGNED_DOCUMENT_FIELD);
    });

    it.each([
      ['text', Buffer.from('Signed by me, honestly.')],
      ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)])],
      ['a fake %PDF- header', Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF\n')],
    ])('not a PDF (%s) → 400 naming the field', async (_label, content) => {
      const res = await signWith(content.toString('base64'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        field: SIGNED_DOCUMENT_FIELD,
        message: SignedDocumentMessages.notPdf,
      });
    });

    it('not a string, or empty → 400 naming the field', async () => {
      for (const value of [42, null, ['JVBERi0='], '']) {
        const res = await signWith(value);
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe(SIGNED_DOCUMENT_FIELD);
      }
    });

    it('with a typed signature as well → 400 naming the fields', async () => {
      const res = await signWith(fixtures.pdf.toString('base64'), { full_name: 'Nora New', terms_accepted: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: SIGNED_DOCUMENT_FIELD,
        message: 'body/signed_document_file cannot be sent together with body/full_name, body/terms_accepted',
      });
    });

    it('larger than the limit once decoded → 413 naming the field', async () => {
      const big = Buffer.concat([
        fixtures.pdf,
        Buffer.alloc(SIGNED_LETTER_MAX_BYTES + 1 - fixtures.pdf.byteLength, 0x0a),
      ]);
      const res = await signWith(big.toString('base64'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'payload_too_large',
        field: SIGNED_DOCUMENT_FIELD,
        message: SignedDocumentMessages.tooLarge,
      });
    });

    it('a body over the call’s body limit → 413 naming the field', async () => {
      const res = await signWith('A'.repeat(SIGNED_DOCUMENT_BODY_LIMIT));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ field: SIGNED_DOCUMENT_FIELD, message: SignedDocumentMessages.tooLarge });
    });

    it('on an e-sign document whose signature is not complete → 409 (the e-sign record decides)', async () => {
      const esign = fixtures.esigned;
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/offer/offers/${esign.enc_id}/${firstDocument(esign).id}/accept`,
        headers: { ...widgetHeaders('POST', candidate), 'content-type': 'application/json' },
        payload: JSON.stringify({ [SIGNED_DOCUMENT_FIELD]: fixtures.pdf.toString('base64') }),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The e-signature has not been completed.');
    });
  });
});

describe('signing with a signed copy', () => {
  const sign = (encId: string, documentId: number, value: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/offer/offers/${encId}/${documentId}/accept`,
      headers: { ...widgetHeaders('POST', candidate), 'content-type': 'application/json' },
      payload: JSON.stringify({ [SIGNED_DOCUMENT_FIELD]: value }),
    });

  it('accepts a document of exactly the limit, base64 with MIME line breaks (the body limit allows it)', async () => {
    const enc = await createOffer(ctx.db, DEMO_NEW_EMAIL);
    const offer = await offerNow(enc);
    const pdf = Buffer.from(await letterPdf());
    const exact = Buffer.concat([pdf, Buffer.alloc(SIGNED_LETTER_MAX_BYTES - pdf.byteLength, 0x0a)]);
    const wrapped = exact.toString('base64').replace(/.{76}/g, '$&\r\n');
    expect(JSON.stringify({ [SIGNED_DOCUMENT_FIELD]: wrapped }).length).toBeLessThanOrEqual(SIGNED_DOCUMENT_BODY_LIMIT);
    const res = await sign(enc, firstDocument(offer).id, wrapped);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offer.status).toBe('Accepted');
  });

  it('accepts a data URL and the URL-safe alphabet; stores the copy under a server-made name; notifies once', async () => {
    const pdf = Buffer.from(await letterPdf());
    for (const value of [`data:application/pdf;base64,${pdf.toString('base64')}`, pdf.toString('base64url')]) {
      const enc = await createOffer(ctx.db, DEMO_NEW_EMAIL, {
        documents: [{ signing: 'embedded' }, { signing: 'none' }],
      });
      const offer = await offerNow(enc);
      const notifications = await countRows(ctx.db, 'notifications');
      const res = await sign(enc, firstDocument(offer).id, value);
      expect(res.statusCode).toBe(200);
      const signed = res.json().data.offer as Offer;
      expect(signed.status).toBe('Accepted');
      expect(signed.offer_documents.map((document) => document.status)).toEqual(['Signed', 'Read Only']);
      const row = await ctx.db
        .selectFrom('offer_documents')
        .innerJoin('stored_files', 'stored_files.id', 'offer_documents.signed_file_id')
        .select(['stored_files.name', 'stored_files.content_type', 'stored_files.byte_size'])
        .where('offer_documents.id', '=', firstDocument(offer).id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content_type: 'application/pdf' });
      expect(row.name).toMatch(/^doc_[A-Za-z0-9_-]{16}\.pdf$/);
      expect(Number(row.byte_size)).toBe(pdf.byteLength);
      expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);
      const again = await sign(enc, firstDocument(offer).id, pdf.toString('base64'));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.offer).toEqual(signed);
      expect(await countRows(ctx.db, 'notifications')).toBe(notifications + 1);
    }
  });

  it('keeps the offer Extended while another document still needs a signature', async () => {
    const enc = await createOffer(ctx.db, DEMO_NEW_EMAIL, {
      documents: [{ signing: 'embedded' }, { signing: 'embedded' }],
    });
    const offer = await offerNow(enc);
    const res = await sign(enc, firstDocument(offer).id, Buffer.from(await letterPdf()).toString('base64'));
    expect(res.json().data.offer.status).toBe('Extended');
    expect(res.json().data.offer.offer_documents.map((document: { status: string }) => document.status)).toEqual([
      'Signed',
      'Unsigned',
    ]);
  });

  it.each([1, 2, 3])('signed copy vs decline at the same time: exactly one wins (run %i)', async () => {
    const enc = await createOffer(ctx.db, DEMO_NEW_EMAIL, { notify: false });
    const offer = await offerNow(enc);
    const files = await countRows(ctx.db, 'stored_files');
    const [accept, decline] = await Promise.all([
      sign(enc, firstDocument(offer).id, Buffer.from(await letterPdf()).toString('base64')),
      ctx.app.inject({
        method: 'POST',
        url: `/api/offer/offers/${enc}/decline`,
        headers: widgetHeaders('POST', candidate),
      }),
    ]);
    expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    const final = await offerNow(enc);
    expect(final.status).toBe(accept.statusCode === 200 ? 'Accepted' : 'Declined');
    expect(await countRows(ctx.db, 'stored_files')).toBe(files + (accept.statusCode === 200 ? 1 : 0));
    const answered = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('redirect_url', '=', `/careers/offer/${enc}?domain=${DEMO_DOMAIN}`)
      .where('notification_type', '=', 'read_only')
      .executeTakeFirstOrThrow();
    expect(Number(answered.count)).toBe(1);
  });
});

/**
 * The second product specification's search and position calls, replayed in its shape by the signed-in candidate
 * (query strings exactly as listed: `filter_{name}` repeated, `map_bounds` for a Map Area search); then the save and
 * unsave calls, whose paths the spec does not show (ours: POST /api/pcsx/positions/save and /unsave).
 */
describe('search and position calls in the specification’s shape', () => {
  let pid: number;
  let other: number;

  beforeAll(async () => {
    const base = {
      domain: DEMO_DOMAIN,
      description: '<p>Keep the robots moving.</p>',
      department: 'Robotics',
      employmentType: 'Full-time',
      remote: false,
      skills: ['ROS', 'C++'],
      locations: [{ name: 'Toronto, ON, Canada', lat: 43.6532, lng: -79.3832 }],
      postedAt: new Date(Date.now() - 86_400_000).toISOString(),
    };
    const added = await insertPositions(ctx.db, [
      { ...base, title: 'Robotics Technician' },
      { ...base, title: 'Controls Engineer', department: 'Engineering' },
    ]);
    [pid, other] = added as [number, number];
  });

  const rows: Array<{
    spec: string;
    method: 'GET' | 'POST';
    url: () => string;
    body?: () => unknown;
    answer: TSchema;
    check?: (body: Record<string, unknown>) => void;
  }> = [
    {
      spec: 'GET /api/pcsx/search | domain, query, location, start, optional sort_by, repeated filter_{snake_case_name}',
      method: 'GET',
      url: () =>
        // "ros", a skill of both: "robotics" names the demo employer (Acme Robotics), so it matches titles, skills and
        // departments only (decision 017), and the Controls Engineer has it in none.
        `/api/pcsx/search?domain=${DEMO_DOMAIN}&query=ros&location=Toronto%3A%3A%3A43.6532%2C-79.3832&start=0` +
        '&sort_by=distance&filter_department=Robotics&filter_department=Engineering&filter_employment_type=Full-time',
      answer: SearchResponse,
      check: (body) => {
        const data = body.data as { count: number; sortBy: string; appliedFilters: unknown };
        expect(data.count).toBe(2);
        expect(data.sortBy).toBe('distance');
        expect(data.appliedFilters).toEqual({
          department: ['Robotics', 'Engineering'],
          employment_type: ['Full-time'],
        });
      },
    },
    {
      spec: 'GET /api/pcsx/search | map_bounds for Map Area',
      method: 'GET',
      url: () => `/api/pcsx/search?domain=${DEMO_DOMAIN}&query=&location=&start=0&map_bounds=43,-80,44,-79`,
      answer: SearchResponse,
      check: (body) => expect((body.data as { markers: unknown[] }).markers).toHaveLength(1),
    },
    {
      spec: 'GET /api/pcsx/position_details | position_id, domain, optional queried_location',
      method: 'GET',
      url: () => `/api/pcsx/position_details?position_id=${pid}&domain=${DEMO_DOMAIN}&queried_location=Toronto`,
      answer: PositionDetailsResponse,
      check: (body) => expect(body.metadata).toEqual({ isFallback: false }),
    },
    {
      spec: 'GET /api/pcsx/match_details | position_id, domain',
      method: 'GET',
      url: () => `/api/pcsx/match_details?position_id=${pid}&domain=${DEMO_DOMAIN}`,
      answer: MatchDetailsResponse,
    },
    {
      spec: 'GET /api/pcsx/overrides | position_id, domain',
      method: 'GET',
      url: () => `/api/pcsx/overrides?position_id=${pid}&domain=${DEMO_DOMAIN}`,
      answer: OverridesResponse,
    },
    {
      spec: 'GET /api/pcsx/position_insights | position_id, domain | data.insights',
      method: 'GET',
      url: () => `/api/pcsx/position_insights?position_id=${pid}&domain=${DEMO_DOMAIN}`,
      answer: PositionInsightsResponse,
    },
    {
      spec: 'POST /api/pcsx/job_cart | pids (strings), operation (add or remove), domain | data.jobCartData',
      method: 'POST',
      url: () => '/api/pcsx/job_cart',
      body: () => ({ pids: [String(pid), String(other)], operation: 'add', domain: DEMO_DOMAIN }),
      answer: JobCartResponse,
      check: (body) => expect((body.data as { jobCartData: unknown[] }).jobCartData).toHaveLength(2),
    },
    {
      spec: 'GET /api/pcsx/job_cart | domain | job cart data',
      method: 'GET',
      url: () => `/api/pcsx/job_cart?domain=${DEMO_DOMAIN}`,
      answer: JobCartResponse,
      check: (body) => expect((body.data as { jobCartData: unknown[] }).jobCartData).toHaveLength(2),
    },
    {
      spec: 'POST /api/pcsx/job_cart | operation remove',
      method: 'POST',
      url: () => '/api/pcsx/job_cart',
      body: () => ({ pids: [String(other)], operation: 'remove', domain: DEMO_DOMAIN }),
      answer: JobCartResponse,
      check: (body) => expect((body.data as { jobCartData: unknown[] }).jobCartData).toHaveLength(1),
    },
    {
      spec: 'POST /api/pcsx/positions/save (path not in the spec) | position_id',
      method: 'POST',
      url: () => '/api/pcsx/positions/save',
      body: () => ({ position_id: pid }),
      answer: SavePositionResponse,
    },
    {
      spec: 'GET /api/pcsx/positions/saved | none | data.positions',
      method: 'GET',
      url: () => '/api/pcsx/positions/saved',
      answer: SavedPositionsResponse,
      check: (body) =>
        expect((body.data as { positions: Array<{ id: number }> }).positions.map((p) => p.id)).toEqual([pid]),
    },
    {
      spec: 'POST /api/pcsx/positions/unsave (path not in the spec) | position_id',
      method: 'POST',
      url: () => '/api/pcsx/positions/unsave',
      body: () => ({ position_id: pid }),
      answer: SavePositionResponse,
    },
  ];

  it.each(rows.map((row, index) => [`${index + 1}. ${row.spec}`, row] as const))('%s', async (_name, row) => {
    const headers = widgetHeaders(row.method, candidate);
    const inject: InjectOptions = { method: row.method, url: row.url(), headers };
    if (row.body) {
      inject.payload = JSON.stringify(row.body());
      headers['content-type'] = 'application/json';
    }
    const res = await ctx.app.inject(inject);
    expect({ status: res.statusCode, body: res.statusCode < 300 ? 'ok' : res.body }).toEqual({
      status: 200,
      body: 'ok',
    });
    const body = res.json() as Record<string, unknown>;
    expect([...Value.Errors(row.answer, body)]).toEqual([]);
    row.check?.(body);
  });
});
