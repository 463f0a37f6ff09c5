/**
 * The access rules as a table over the served OpenAPI description, so a route is covered the day it lands:
 *
 * - every operation needs a signed-in candidate (401 `login_required` for a signed-out browser) unless it is in
 *   ANONYMOUS below, with the reason;
 * - every state-changing operation refuses a missing CSRF token and another browser's token (403 `invalid_csrf`),
 *   and changes nothing;
 * - every operation that takes an id refuses another candidate's id exactly as it refuses an id that does not
 *   exist (same status and code, 403 or 404), never showing or changing their data;
 * - every candidate operation refuses another employer's domain, in the query and in the JSON body (403
 *   `forbidden_domain` naming `domain`).
 *
 * The negative control at the end adds unprotected routes to a test-only app and shows the table catches them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { registerOpenApi } from '../src/http/openapi';
import { createEmployerRepository } from '../src/employers/repository';
import { DEMO_CANDIDATE_EMAIL, DEMO_OTHER_EMAIL, TestClient, useTestApp, signedIn } from './helpers';
import {
  OPENAPI_URL,
  exampleObject,
  exampleOf,
  isStateChanging,
  loadOperations,
  pathParameters,
  queryParameters,
  takesDomain,
  urlOf,
  type Operation,
} from './openapi-operations';

const ctx = useTestApp();
const OTHER_DOMAIN = 'globex.example';

/** Operations a signed-out visitor may call, and why. Every other operation must answer 401 without a session. */
const ANONYMOUS: Record<string, string> = {
  'GET /careers': 'the public careers page (its protected views show the sign-in gate)',
  'GET /careers/{*}': 'the public careers pages (protected views show the sign-in gate)',
  'GET /careers/login': 'the sign-in page',
  'POST /api/auth/login': 'signing in (needs the anonymous CSRF token of the sign-in page)',
  'GET /logout': 'sends the browser to the sign-out page',
  'GET /api/auth/logout': 'the sign-out page: a form that posts the CSRF token',
  'POST /api/auth/logout': 'signing out is harmless without a session (needs the CSRF token)',
  'GET /api/pcsx/notifications_boot_data': 'the bell asks whether anyone is signed in; no candidate data',
  'GET /api/pcsx/boot_data':
    'starting data of a page: signed out, the employer’s public configuration; the candidate only to their own session',
  'POST /vslog': 'page views of signed-out visitors are logged too (needs the anonymous CSRF token)',
  'GET /api/pcsx/search':
    'signed-out visitors search positions; the candidate’s saved/cart flags only for their own employer',
  'GET /api/pcsx/search_suggestions': 'search-box suggestions: position titles and skills, no candidate data',
  'GET /api/pcsx/position_details':
    'a position page is public; the candidate’s saved/cart flags only for their own employer',
  'GET /api/pcsx/position_insights': 'facts about a public position, no candidate data',
  'GET /api/pcsx/overrides': 'configuration of a public position, no candidate data',
  'GET /api/pcsx/location_suggestions': 'signed-out visitors search by location too; world cities, no candidate data',
  'GET /careers/sitemap.xml': "for search engines: addresses of the employer's open positions, no candidate data",
  'GET /robots.txt': 'for search engines: crawling rules and the sitemap address, no data',
  'GET /api/pcsx/apply_form':
    'signed-out visitors apply unless the employer turns it off; a draft or profile prefill only for the candidate',
  'POST /api/pcsx/apply':
    'signed-out visitors apply unless the employer turns it off (needs the CSRF token); nobody is signed in by it',
  // Accounts (docs/product/accounts-and-mail.md): the ways in for someone not signed in. Each answers alike whether
  // an account has the email; what differs goes only to that inbox.
  'GET /careers/signup': 'the create-account page',
  'GET /careers/login/code': 'the sign-in-by-code page',
  'GET /careers/password/forgot': 'the forgotten-password page',
  'GET /careers/account/verify': 'the page of a mailed link: shows what the link does, uses nothing',
  'GET /careers/account/reset': 'the page of a mailed link: shows what the link does, uses nothing',
  'GET /careers/account/email': 'the page of a mailed link: shows what the link does, uses nothing',
  'GET /careers/account/claim': 'the page of a mailed link: shows what the link does, uses nothing',
  'POST /api/auth/signup': 'creating an account (needs the CSRF token); makes nothing before the email is proved',
  'POST /api/auth/code': 'asking for a sign-in code (needs the CSRF token); mails only the address given',
  'POST /api/auth/code/verify': 'signing in with the code (needs the CSRF token)',
  'POST /api/auth/password/forgot': 'asking for a reset link (needs the CSRF token); mails only the address given',
  'POST /api/auth/password/reset': 'the reset link proves the email (needs the CSRF token); signs in its account',
  'POST /api/auth/verify': 'the sign-up link proves the email (needs the CSRF token); signs in its new account',
  'POST /api/auth/email/confirm': 'the email-change link proves the new address (needs the CSRF token)',
  'POST /api/auth/claim':
    'the receipt link proves the email (needs the CSRF token): to the signed-in account, or the email’s own',
  'POST /api/pcsx/job_alerts':
    'a signed-out visitor subscribes a search to an email (needs the CSRF token); nothing is sent before its link',
  'GET /careers/alerts/confirm': 'the page of a mailed link: shows what the link does, uses nothing',
  'POST /api/pcsx/job_alerts/confirm': 'the job alert’s link proves the email (needs the CSRF token)',
  'GET /careers/alerts/unsubscribe': 'the page of an alert mail’s unsubscribe link (its signature is the authority)',
  'POST /careers/alerts/unsubscribe': 'one-click unsubscribe of an alert mail (its signature is the authority)',
  'GET /careers/dev/inbox': 'the development inbox: never in production, only from the loopback',
  'GET /careers/dev/inbox/{id}': 'the development inbox: never in production, only from the loopback',
};

/**
 * State-changing calls that take no CSRF token, and why: each has another authority that another site cannot
 * forge.
 */
const NO_CSRF: Record<string, string> = {
  'POST /careers/alerts/unsubscribe':
    'RFC 8058 one-click unsubscribe: the mail client posts without a cookie or page; the HMAC signature of the ' +
    'address names one alert, and another site cannot make one',
};

/**
 * Path parameters that are not record ids, and why. Every other path parameter needs a foreign-id rule below (a
 * new kind of id fails the table until it has one).
 */
const NOT_IDS: Record<string, string> = {
  'GET /careers/{*} *': 'the page path of a careers page, not a record',
  'GET /careers/dev/inbox/{id} id':
    'a kept mail of the development inbox (operators on the loopback), not a candidate’s',
};

interface Ids {
  notification: number;
  offer: string;
  document: number;
}

/** Which of another candidate's records an id path parameter names, by the path it appears in. */
const FOREIGN_ID_RULES: Array<{
  path: RegExp;
  /** Assignments to try: another candidate's ids, and mixes with the signed-in candidate's own. */
  values: (other: Ids, own: Ids) => Array<Record<string, string>>;
  /** The same shapes, for records that do not exist. */
  missing: Record<string, string>;
}> = [
  {
    path: /^\/api\/pcsx\/notifications\/\{id\}\//,
    values: (other) => [{ id: String(other.notification) }],
    missing: { id: '2147483647' },
  },
  {
    path: /^\/api\/offer\/(offers\/)?\{id\}\/(documents\/)?\{documentId\}\//,
    values: (other, own) => [
      { id: other.offer, documentId: String(other.document) },
      { id: own.offer, documentId: String(other.document) },
      { id: other.offer, documentId: String(own.document) },
    ],
    missing: { id: 'missing-offer-0000', documentId: '2147483647' },
  },
  {
    path: /^\/api\/offer\/(offers\/)?\{id\}(\/[a-z_]+)?$/,
    values: (other) => [{ id: other.offer }],
    missing: { id: 'missing-offer-0000' },
  },
];

interface Fixtures {
  casey: Ids;
  olive: Ids;
  /** Texts only Olive's records contain: none may appear in an answer to Casey. */
  oliveTexts: string[];
}

async function idsOf(email: string): Promise<Ids> {
  const candidate = await ctx.db
    .selectFrom('candidates')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const notification = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('candidate_id', '=', candidate.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const document = await ctx.db
    .selectFrom('offer_documents')
    .innerJoin('offers', 'offers.id', 'offer_documents.offer_id')
    .select(['offers.enc_id', 'offer_documents.id'])
    .where('offers.candidate_id', '=', candidate.id)
    .orderBy('offer_documents.id')
    .executeTakeFirstOrThrow();
  return { notification: notification.id, offer: document.enc_id, document: document.id };
}

/** Every row a refused call must leave alone. */
async function fingerprint(): Promise<string> {
  const [notifications, offers, documents, candidates, pageViews] = await Promise.all([
    ctx.db.selectFrom('notifications').select(['id', 'viewed_at', 'clicked_at']).orderBy('id').execute(),
    ctx.db.selectFrom('offers').select(['id', 'status', 'updated_at']).orderBy('id').execute(),
    ctx.db
      .selectFrom('offer_documents')
      .select(['id', 'status', 'signed_file_id', 'updated_at'])
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('candidates')
      .select(['id', 'first_name', 'last_name', 'location', 'tos_attested_at', 'is_onboarded', 'is_bootstrapped'])
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ notifications, offers, documents, candidates, pageViews: Number(pageViews.count) });
}

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** The CSRF token to send: the caller's own (default), none, an empty one, or another browser's. */
  token?: 'none' | 'empty' | TestClient;
}

/** A well-formed call of the operation (required fields only), so that only what the row tests can refuse it. */
async function call(client: TestClient, operation: Operation, options: Call = {}) {
  const params: Record<string, string> = {};
  for (const param of pathParameters(operation)) {
    params[param.name] = options.params?.[param.name] ?? String(exampleOf(param.name, param.schema) ?? 'x');
  }
  const query: Record<string, string> = { ...options.query };
  for (const param of queryParameters(operation)) {
    if (param.required && query[param.name] === undefined) {
      query[param.name] = String(exampleOf(param.name, param.schema));
    }
  }
  const headers: Record<string, string> = {};
  const { token } = options;
  if (token === 'empty') headers['x-csrf-token'] = '';
  else if (token instanceof TestClient) headers['x-csrf-token'] = token.csrfToken ?? '';
  const write = isStateChanging(operation);
  const body = write && operation.jsonBody ? { ...exampleObject(operation.jsonBody), ...options.body } : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return client.request({
    method: operation.method as 'GET',
    url: urlOf(operation, params, query),
    headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    csrf: token === undefined,
  });
}

const codeOf = (res: { body: string }): unknown => {
  try {
    return (JSON.parse(res.body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};

/**
 * Runs the table over the app's own description; returns one line per violated rule (none expected), and how many
 * calls each rule made (so a table that tests nothing shows).
 */
async function audit(
  app: FastifyInstance,
  fixtures: Fixtures,
): Promise<{ violations: string[]; calls: Record<'signedOut' | 'csrf' | 'ids' | 'domain', number> }> {
  const operations = await loadOperations(app);
  const violations: string[] = [];
  const calls = { signedOut: 0, csrf: 0, ids: 0, domain: 0 };
  const names = new Set(operations.map((operation) => operation.name));
  for (const name of Object.keys(ANONYMOUS)) {
    if (!names.has(name)) violations.push(`${name}: listed as anonymous but not in the description`);
  }

  const signedIn = async (email: string) => {
    const client = new TestClient(app);
    await client.login(email);
    return client;
  };
  const signedOut = async () => {
    const client = new TestClient(app);
    await client.get('/careers/login');
    return client;
  };
  const casey = await signedIn(DEMO_CANDIDATE_EMAIL);
  const olive = await signedIn(DEMO_OTHER_EMAIL);
  const [visitor, otherVisitor] = [await signedOut(), await signedOut()];
  const before = await fingerprint();

  for (const operation of operations) {
    const row = (rule: string, res: { statusCode: number; body: string }) =>
      violations.push(`${operation.name}: ${rule}; answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    const anonymous = operation.name in ANONYMOUS;

    // 1. Sign-in required, unless listed.
    if (!anonymous) {
      if (!operation.needsSession) {
        violations.push(`${operation.name}: declares no session security and is not listed as anonymous`);
      }
      const res = await call(await signedOut(), operation);
      calls.signedOut += 1;
      if (res.statusCode !== 401 || codeOf(res) !== 'login_required') row('a signed-out call is not refused', res);
    }

    // 2. CSRF on every state-changing call: none, empty, another browser's.
    if (isStateChanging(operation) && !(operation.name in NO_CSRF)) {
      if (!anonymous && !operation.needsCsrf) violations.push(`${operation.name}: declares no csrf security`);
      // Signed-in browsers always; signed-out ones too where the call is open to them (sign-in, sign-out, page views).
      const pairs: Array<[string, TestClient, TestClient]> = [['signed in', casey, olive]];
      if (anonymous) pairs.push(['signed out', visitor, otherVisitor]);
      for (const [who, caller, other] of pairs) {
        const attempts: Array<[string, Call['token']]> = [
          ['no CSRF token', 'none'],
          ['an empty CSRF token', 'empty'],
          ["another browser's CSRF token", other],
        ];
        for (const [what, token] of attempts) {
          const res = await call(caller, operation, { token });
          calls.csrf += 1;
          if (res.statusCode !== 403 || codeOf(res) !== 'invalid_csrf') row(`${what} is not refused (${who})`, res);
        }
        // The HTML form of the call (sign-in and sign-out pages) carries the token in `_csrf`.
        if (operation.formBody) {
          const form = exampleObject(operation.formBody) as Record<string, string>;
          const res = await caller.postForm(operation.path, { ...form, _csrf: other.csrfToken ?? '' });
          if (res.statusCode !== 403) row(`a form post with another browser's _csrf is not refused (${who})`, res);
        }
      }
    }

    // 3. Another candidate's ids.
    for (const param of pathParameters(operation)) {
      if (`${operation.name} ${param.name}` in NOT_IDS) continue;
      const rule = FOREIGN_ID_RULES.find((candidate) => candidate.path.test(operation.path));
      if (!rule) {
        violations.push(`${operation.name}: no foreign-id rule for path parameter "${param.name}"`);
        continue;
      }
      if (param !== pathParameters(operation)[0]) continue; // one rule covers all the parameters of a path
      const missing = await call(casey, operation, { params: rule.missing });
      if (missing.statusCode !== 404 && missing.statusCode !== 403)
        row('an id that does not exist is not refused', missing);
      for (const params of rule.values(fixtures.olive, fixtures.casey)) {
        const res = await call(casey, operation, { params });
        calls.ids += 1;
        const what = `another candidate's ids ${JSON.stringify(params)}`;
        const refused = res.statusCode === 403 || res.statusCode === 404;
        if (!refused || res.statusCode !== missing.statusCode || codeOf(res) !== codeOf(missing)) {
          row(`${what} are not refused as a missing id is`, res);
        }
        const leaked = fixtures.oliveTexts.filter((text) => res.body.includes(text));
        if (leaked.length > 0) row(`${what} show ${leaked.join(', ')}`, res);
      }
    }

    // 4. Another employer's domain, wherever a domain can be named.
    if (!anonymous) {
      const where = takesDomain(operation);
      const res = await call(casey, operation, { query: { domain: OTHER_DOMAIN } });
      calls.domain += 1;
      if (res.statusCode !== 403 || codeOf(res) !== 'forbidden_domain') row('another employer in the query', res);
      if (where.body) {
        const inBody = await call(casey, operation, { body: { domain: OTHER_DOMAIN } });
        calls.domain += 1;
        if (inBody.statusCode !== 403 || codeOf(inBody) !== 'forbidden_domain')
          row('another employer in the body', inBody);
      }
    }
  }

  if ((await fingerprint()) !== before) violations.push('refused calls changed stored data');
  return { violations, calls };
}

let fixtures: Fixtures;

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: true, actionRequiredConfigured: true },
    new Date(),
  );
  const olive = await ctx.db
    .selectFrom('candidates')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('email', '=', DEMO_OTHER_EMAIL)
    .executeTakeFirstOrThrow();
  const messages = await ctx.db
    .selectFrom('notifications')
    .select('message')
    .where('candidate_id', '=', olive.id)
    .execute();
  const positions = await ctx.db
    .selectFrom('offers')
    .select('position_name')
    .where('candidate_id', '=', olive.id)
    .execute();
  fixtures = {
    casey: await idsOf(DEMO_CANDIDATE_EMAIL),
    olive: await idsOf(DEMO_OTHER_EMAIL),
    oliveTexts: [
      olive.email,
      `${olive.first_name} ${olive.last_name}`,
      ...messages.map((row) => row.message),
      ...positions.map((row) => row.position_name),
    ],
  };
});

/** Routes the description leaves out on purpose, and why; any other route must be described (so the table sees it). */
const UNDESCRIBED: Record<string, string> = {
  'GET /': 'redirects to /careers',
  'GET /api/openapi.json': 'the description itself',
  'GET /{*}': 'static files (widgets, host-demo assets), read only',
};

/** Every route the router knows, as `METHOD /path/{param}` (read from its printed tree). */
function routerRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1]!.length / 4);
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack
      .join('')
      .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      .replace(/\/?\*$/, '/{*}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path.startsWith('/') ? path : `/${path}`}`);
    }
  }
  return routes;
}

describe('security table over the OpenAPI description', () => {
  it('every route of the router is in the description, or listed with the reason it is not', async () => {
    const described = new Set((await loadOperations(ctx.app)).map((operation) => operation.name));
    const routes = routerRoutes(ctx.app);
    expect(routes).toEqual(expect.arrayContaining(['POST /api/pcsx/notifications/{id}/mark_clicked', 'GET /careers']));
    expect(routes.filter((route) => !described.has(route) && !(route in UNDESCRIBED))).toEqual([]);
    expect(Object.keys(UNDESCRIBED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('every operation keeps the access rules', async () => {
    const { violations, calls } = await audit(ctx.app, fixtures);
    expect(violations).toEqual([]);
    const operations = await loadOperations(ctx.app);
    const protectedOnes = operations.filter((operation) => !(operation.name in ANONYMOUS));
    // The calls without a CSRF token have their own authority, tested with them (alert-mail.test.ts).
    const writes = operations.filter((operation) => isStateChanging(operation) && !(operation.name in NO_CSRF));
    const withIds = operations.filter((operation) =>
      pathParameters(operation).some((param) => !(`${operation.name} ${param.name}` in NOT_IDS)),
    );
    expect(calls.signedOut).toBe(protectedOnes.length);
    const openWrites = writes.filter((operation) => operation.name in ANONYMOUS);
    expect(calls.csrf).toBe((writes.length + openWrites.length) * 3);
    expect(writes.length).toBeGreaterThanOrEqual(10);
    expect(withIds.length).toBeGreaterThanOrEqual(6);
    expect(calls.ids).toBeGreaterThanOrEqual(withIds.length);
    expect(calls.domain).toBeGreaterThanOrEqual(protectedOnes.length);
  });

  it("anonymous operations given another employer's domain show nothing of the signed-in candidate", async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const operations = (await loadOperations(ctx.app)).filter((operation) => operation.name in ANONYMOUS);
    const caseyTexts = [DEMO_CANDIDATE_EMAIL, 'Casey Jordan'];
    const answers: string[] = [];
    for (const operation of operations) {
      if (!takesDomain(operation).query || isStateChanging(operation)) continue;
      const res = await call(casey, operation, { query: { domain: OTHER_DOMAIN }, params: { '*': 'offers' } });
      expect(res.statusCode).toBeLessThan(500);
      for (const text of caseyTexts) if (res.body.includes(text)) answers.push(`${operation.name}: ${text}`);
    }
    expect(answers).toEqual([]);
    // A page view posted for another employer is not tied to the candidate of this one.
    const vslog = await casey.post(`/vslog?domain=${OTHER_DOMAIN}`, {
      namespace: 'careers',
      event: 'page_view',
      data_json: '{}',
    });
    expect(vslog.statusCode).toBe(200);
    const rows = await ctx.db
      .selectFrom('page_views')
      .select('candidate_id')
      .where('domain', '=', OTHER_DOMAIN)
      .execute();
    expect(rows).toEqual([{ candidate_id: null }]);
  });
});

describe('negative control: the table catches unprotected routes', () => {
  let control: FastifyInstance;

  beforeAll(async () => {
    // A test-only app: two new routes without the access rules; every other request goes to the real app.
    control = Fastify();
    await registerOpenApi(control);
    control.removeAllContentTypeParsers();
    control.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const oliveNotification = fixtures.olive.notification;
    // Declares the session and CSRF security but forgets `candidateRoute` (no auth, no scope, no domain check).
    control.post(
      '/api/pcsx/notifications/:id/archive',
      {
        schema: {
          security: [{ session: [], csrf: [] }],
          params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
          body: { type: 'object', properties: { domain: { type: 'string' } } },
        },
        // The JSON schema of the description only: bodies reach this app as bytes.
        validatorCompiler: () => () => ({ value: true }),
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const row = await ctx.db
          .selectFrom('notifications')
          .select(['id', 'message'])
          .where('id', '=', Number(id) || oliveNotification)
          .executeTakeFirst();
        return { data: row ?? null };
      },
    );
    // Declares nothing and is not listed as anonymous.
    control.post('/api/pcsx/unlisted', async () => ({ data: { ok: true } }));
    control.get(OPENAPI_URL, { schema: { hide: true } }, async () => {
      const real = (await ctx.app.inject({ method: 'GET', url: OPENAPI_URL })).json() as { paths: object };
      const own = control.swagger() as unknown as { paths: object };
      return { ...real, paths: { ...real.paths, ...own.paths } };
    });
    control.setNotFoundHandler(async (request, reply) => {
      const headers = { ...request.headers };
      delete headers['content-length'];
      const res = await ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(Buffer.isBuffer(request.body) ? { payload: request.body } : {}),
      });
      const answer = { ...res.headers };
      delete answer['content-length'];
      delete answer['transfer-encoding'];
      return reply.code(res.statusCode).headers(answer).send(res.rawPayload);
    });
    await control.ready();
  });
  afterAll(() => control.close());

  it('reports every rule the new routes break, and nothing else', async () => {
    const { violations } = await audit(control, fixtures);
    const oliveId = fixtures.olive.notification;
    const oliveMessage = (
      await ctx.db.selectFrom('notifications').select('message').where('id', '=', oliveId).executeTakeFirstOrThrow()
    ).message;
    const of = (name: string) =>
      violations.filter((line) => line.startsWith(`${name}:`)).map((line) => line.split(';')[0]);
    expect(of('POST /api/pcsx/notifications/{id}/archive')).toEqual([
      'POST /api/pcsx/notifications/{id}/archive: a signed-out call is not refused',
      'POST /api/pcsx/notifications/{id}/archive: no CSRF token is not refused (signed in)',
      'POST /api/pcsx/notifications/{id}/archive: an empty CSRF token is not refused (signed in)',
      "POST /api/pcsx/notifications/{id}/archive: another browser's CSRF token is not refused (signed in)",
      'POST /api/pcsx/notifications/{id}/archive: an id that does not exist is not refused',
      `POST /api/pcsx/notifications/{id}/archive: another candidate's ids {"id":"${oliveId}"} are not refused as a missing id is`,
      expect.stringContaining(`another candidate's ids {"id":"${oliveId}"} show ${oliveMessage}`),
      'POST /api/pcsx/notifications/{id}/archive: another employer in the query',
      'POST /api/pcsx/notifications/{id}/archive: another employer in the body',
    ]);
    expect(of('POST /api/pcsx/unlisted')).toEqual([
      'POST /api/pcsx/unlisted: declares no session security and is not listed as anonymous',
      'POST /api/pcsx/unlisted: a signed-out call is not refused',
      'POST /api/pcsx/unlisted: declares no csrf security',
      'POST /api/pcsx/unlisted: no CSRF token is not refused (signed in)',
      'POST /api/pcsx/unlisted: an empty CSRF token is not refused (signed in)',
      "POST /api/pcsx/unlisted: another browser's CSRF token is not refused (signed in)",
      'POST /api/pcsx/unlisted: another employer in the query',
    ]);
    // The real routes, reached through the control app, still keep every rule.
    const routes = ['POST /api/pcsx/notifications/{id}/archive:', 'POST /api/pcsx/unlisted:'];
    expect(violations.filter((line) => !routes.some((route) => line.startsWith(route)))).toEqual([]);
  });
});
