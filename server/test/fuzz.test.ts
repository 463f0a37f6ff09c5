/**
 * Contract-derived fuzzing: every operation of the served OpenAPI description, every parameter and body field,
 * with wrong types, empty, huge, NUL, non-ASCII, deeply nested and unknown values, and whole bodies that are
 * malformed, of another type or too large. No answer may be a 5xx or show a stack trace; every 4xx carries
 * `code` and `message`, and a 400 names the field (the one that was broken, when the value can only be invalid).
 *
 * Bounded and reproducible: a fixed seed per operation (from its name, so a new route does not reshuffle the
 * others), FUZZ_RUNS cases per operation (default 100). Calls are signed in as the demo candidate with the CSRF
 * token, so they reach validation; sign-in and sign-out are fuzzed with a second browser.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { isEmail } from '../src/http/validation';
import { DEMO_CANDIDATE_EMAIL, TestClient, useTestApp } from './helpers';
import {
  bodyShapes,
  exampleOf,
  isStateChanging,
  loadOperations,
  pathParameters,
  queryParameters,
  type JsonSchema,
  type Operation,
  type Parameter,
} from './openapi-operations';

const ctx = useTestApp();
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 100));
const SEED = 20261122;
// A safety net, not a measure: the cases are bounded by their count (and each operation by 60 s).
jest.setTimeout(600_000);

let operations: Operation[];
/** The contract's `domain` schema, as the description gives it for the calls that declare it. */
let domainSchema: JsonSchema;
let casey: TestClient;
/** Casey's own ids, so that some cases reach the handlers past "not found". */
let own: { notifications: number[]; offers: string[]; documents: Array<{ id: string; documentId: number }> };

beforeAll(async () => {
  operations = await loadOperations(ctx.app);
  domainSchema = operations
    .flatMap((operation) => queryParameters(operation))
    .find((param) => param.name === 'domain')!.schema;
  casey = new TestClient(ctx.app);
  await casey.login(DEMO_CANDIDATE_EMAIL);
  const candidate = await ctx.db
    .selectFrom('candidates')
    .select('id')
    .where('email', '=', DEMO_CANDIDATE_EMAIL)
    .executeTakeFirstOrThrow();
  const notifications = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('candidate_id', '=', candidate.id)
    .execute();
  const documents = await ctx.db
    .selectFrom('offer_documents')
    .innerJoin('offers', 'offers.id', 'offer_documents.offer_id')
    .select(['offers.enc_id as id', 'offer_documents.id as documentId'])
    .where('offers.candidate_id', '=', candidate.id)
    .execute();
  own = {
    notifications: notifications.map((row) => row.id),
    offers: [...new Set(documents.map((row) => row.id))],
    documents: documents.map((row) => ({ id: row.id, documentId: row.documentId })),
  };
});

// ---------------------------------------------------------------------------------------------------------------
// What is sent

/** A value that is put into the URL as it is (not encoded): malformed percent-encoding and the like. */
class Raw {
  constructor(readonly text: string) {}
}

type Target = { part: 'path' | 'query' | 'body'; name: string; declared: JsonSchema | undefined } | { part: 'rawBody' };

interface RawBody {
  contentType: string | undefined;
  payload: string | Buffer;
}

interface FuzzCase {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  target: Target;
  value: unknown;
}

/**
 * Arrays or objects nested `depth` levels deep, kept as a description until sent (fast-check prints the cases it shrinks, and
 * printing a value 20,000 levels deep would overflow the stack).
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly asArray: boolean,
  ) {}

  /** The JSON text (JSON.stringify itself would overflow the stack on such a value). */
  json(): string {
    return this.asArray
      ? `${'['.repeat(this.depth)}"x"${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}"x"${'}'.repeat(this.depth)}`;
  }

  /** A value of the same JSON type, for judging the answer. */
  shape(): unknown {
    return this.asArray ? ['x'] : { a: 'x' };
  }

  toString(): string {
    return `Deep(${this.depth}, ${this.asArray ? 'arrays' : 'objects'})`;
  }
}

const NON_ASCII = [
  'é',
  'Ω≈ç√∫',
  '😀👩‍👩‍👧',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  'ｆｕｌｌ',
  'e\u0301',
  '\ufeffbom',
  'İı',
  '\u0085\u2028\u2029',
  '\u00a0',
  '中文',
  'ق',
];

/** Invalid-looking values for any field: wrong types, empty, huge, NUL, non-ASCII, deep nesting. */
const mutation: fc.Arbitrary<unknown> = fc.oneof(
  // wrong types
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  // empty
  fc.constantFrom('', ' ', '\t\n', [], {}),
  // huge
  fc
    .tuple(fc.constantFrom(257, 2_001, 10_000, 100_000), fc.constantFrom('a', 'é', '😀', '0', '.'))
    .map(([length, unit]) => unit.repeat(length)),
  // NUL and control characters
  fc.string({ maxLength: 12 }).map((text) => `${text}\u0000${text}`),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 16 }),
  // non-ASCII
  fc.constantFrom(...NON_ASCII),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
  // deep nesting
  fc.tuple(fc.integer({ min: 2, max: 20_000 }), fc.boolean()).map(([depth, asArray]) => new Deep(depth, asArray)),
  // text that a lenient parser could take for another type, or for markup
  fc.constantFrom('1', '-1', '0', '1e3', '0x10', 'NaN', 'true', 'null', '[]', '{}', '<script>', "'; --", '../..'),
);

/** Values put into the URL without encoding. */
const rawUrlValue = fc.constantFrom('%', '%zz', '%C0%AF', '%ED%A0%80', '%FF', '%00', '%2e%2e%2f', '+%20+', '%25');

/** Field names a client may send that the contract does not declare. */
const unknownName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'zzz', 'Domain', 'domain ', 'id', 'is_admin', '$where'),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(...NON_ASCII),
);

function nestedJsonText(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

const json = (payload: string | Buffer): RawBody => ({ contentType: 'application/json', payload });
/** Made once: large texts. */
const DEEP_ARRAYS = json(nestedJsonText(100_000, '[', ']'));
const DEEP_OBJECTS = json(nestedJsonText(50_000, '{"a":', '}'));
const OVER_A_MEGABYTE = json(`{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`);

/** Whole bodies: malformed, another type, not an object, too deep, too large. */
function rawBodies(operation: Operation): fc.Arbitrary<RawBody> {
  // Multipart field names: those the operation's summary quotes (the description has no schema for them).
  const multipartNames = [...operation.summary.matchAll(/"([A-Za-z0-9_]+)"/g)].map((match) => match[1]!);
  return fc.oneof(
    fc.constantFrom(
      json(''),
      json('{'),
      json('{"a":}'),
      json('null'),
      json('[]'),
      json('"text"'),
      json('1'),
      json('true'),
      json('{}'),
      json('{"__proto__":{"polluted":1}}'),
      json('{"constructor":{"prototype":{"polluted":1}}}'),
      json(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
      json('\ufeff{}'),
      json('{"a":1,"a":2}'),
      DEEP_ARRAYS,
      DEEP_OBJECTS,
      OVER_A_MEGABYTE,
      { contentType: 'application/json; charset=utf-16', payload: '{}' },
      { contentType: 'text/plain', payload: 'hello' },
      { contentType: 'application/xml', payload: '<a/>' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'a=b&domain=acme.example' },
      { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
      { contentType: undefined, payload: '{"domain":"acme.example"}' },
      { contentType: 'multipart/form-data', payload: 'no boundary' },
    ),
    fc
      .array(
        fc.record({
          name: fc.oneof(fc.constantFrom('domain', 'file', ...multipartNames), fc.string({ maxLength: 10 })),
          file: fc.boolean(),
          content: fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.constantFrom('%PDF-1.7\n%%EOF', '%PDF-', 'acme.example', 'other.example', '\u0000'),
          ),
        }),
        { maxLength: 3 },
      )
      .map((parts) => {
        const boundary = 'fuzzboundary';
        const lines = parts.map(
          (part) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name.replace(/["\r\n]/g, '')}"` +
            (part.file ? '; filename="letter.pdf"\r\nContent-Type: application/pdf' : '') +
            `\r\n\r\n${part.content}\r\n`,
        );
        return {
          contentType: `multipart/form-data; boundary=${boundary}`,
          payload: `${lines.join('')}--${boundary}--\r\n`,
        };
      }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Valid values (from the schema), so that exactly one thing is wrong in a case

function schemaArb(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 });
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 64;
      const fits = (text: string) =>
        text.length >= min &&
        text.length <= max &&
        (!schema.pattern || new RegExp(schema.pattern).test(text)) &&
        (schema.format !== 'email' || isEmail(text));
      if (schema.format === 'email') return fc.emailAddress().filter(fits);
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .map((text) => (text.length > 0 && text.length < min ? text.repeat(Math.ceil(min / text.length)) : text))
          .map((text) => text.slice(0, max))
          .filter(fits);
      }
      return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 64) }).filter(fits);
    }
    default:
      return undefined;
  }
}

function validArb(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const example = exampleOf(name, schema);
  if (example !== undefined) choices.push(fc.constant(example));
  const generated = schemaArb(schema);
  if (generated) choices.push(generated);
  if (choices.length === 0) throw new Error(`no value for ${name}: ${JSON.stringify(schema)}`);
  return fc.oneof(...choices);
}

function pathParamsArb(operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  const params = pathParameters(operation);
  const generated = fc.record(
    Object.fromEntries(
      params.map((param) => [
        param.name,
        param.name === '*'
          ? fc.oneof(
              fc.constantFrom('offers', 'offers/abc', 'dashboard'),
              fc.webPath().map((p) => p.slice(1)),
            )
          : validArb(param.name, param.schema),
      ]),
    ),
  );
  // Casey's real ids: the same shapes the route declares (a text id is an offer, an integer id a notification).
  const names = params.map((param) => param.name);
  const idSchema = params.find((param) => param.name === 'id')?.schema;
  const real: Array<fc.Arbitrary<Record<string, unknown>>> = [];
  if (names.length === 2 && names.includes('id') && names.includes('documentId') && own.documents.length > 0) {
    real.push(fc.constantFrom(...own.documents));
  } else if (names.length === 1 && idSchema?.type === 'string' && own.offers.length > 0) {
    real.push(fc.constantFrom(...own.offers).map((id) => ({ id })));
  } else if (names.length === 1 && idSchema?.type === 'integer' && own.notifications.length > 0) {
    real.push(fc.constantFrom(...own.notifications).map((id) => ({ id })));
  }
  return real.length > 0 ? fc.oneof(generated, ...real) : generated;
}

function queryArb(operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  const params = queryParameters(operation);
  return fc.record(Object.fromEntries(params.map((param) => [param.name, validArb(param.name, param.schema)])), {
    requiredKeys: params.filter((param) => param.required).map((param) => param.name),
  });
}

function bodyArb(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown> | undefined> {
  const shapes = bodyShapes(schema);
  if (shapes.length === 0) return fc.constant(undefined);
  return fc.oneof(
    ...shapes.map((shape) =>
      fc.record(
        Object.fromEntries(
          Object.entries(shape.properties ?? {}).map(([name, property]) => [name, validArb(name, property)]),
        ),
        { requiredKeys: shape.required ?? [] },
      ),
    ),
  ) as fc.Arbitrary<Record<string, unknown> | undefined>;
}

function targetsOf(operation: Operation): fc.Arbitrary<Target> {
  const ofParameter = (part: 'path' | 'query', param: Parameter): Target => ({
    part,
    name: param.name,
    declared: param.schema,
  });
  const fixed: Target[] = [
    ...pathParameters(operation).map((param) => ofParameter('path', param)),
    ...queryParameters(operation).map((param) => ofParameter('query', param)),
  ];
  const properties = new Map<string, JsonSchema>();
  for (const shape of bodyShapes(operation.jsonBody)) {
    for (const [name, property] of Object.entries(shape.properties ?? {})) properties.set(name, property);
  }
  for (const [name, property] of properties) fixed.push({ part: 'body', name, declared: property });
  // `domain` in the query of a candidate call whose contract has no query: the access rules check it there too.
  if (operation.needsSession && !queryParameters(operation).some((param) => param.name === 'domain')) {
    fixed.push({ part: 'query', name: 'domain', declared: domainSchema });
  }
  const choices: Array<fc.Arbitrary<Target>> = [];
  if (fixed.length > 0) choices.push(fc.constantFrom(...fixed));
  const notDeclared = (names: Iterable<string>) => (name: string) => ![...names].includes(name);
  choices.push(
    unknownName
      .filter(notDeclared(queryParameters(operation).map((param) => param.name)))
      .map((name): Target => ({ part: 'query', name, declared: undefined })),
  );
  if (operation.jsonBody) {
    choices.push(
      unknownName
        .filter(notDeclared([...properties.keys()]))
        .map((name): Target => ({ part: 'body', name, declared: undefined })),
    );
  }
  if (isStateChanging(operation)) choices.push(fc.constant<Target>({ part: 'rawBody' }));
  return fc.oneof(...choices);
}

function caseArb(operation: Operation): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      params: pathParamsArb(operation),
      query: queryArb(operation),
      body: bodyArb(operation.jsonBody),
      target: targetsOf(operation),
    })
    .chain((base) =>
      (base.target.part === 'rawBody'
        ? (rawBodies(operation) as fc.Arbitrary<unknown>)
        : base.target.part === 'body'
          ? mutation
          : fc.oneof({ weight: 5, arbitrary: mutation }, { weight: 1, arbitrary: rawUrlValue.map((t) => new Raw(t)) })
      ).map((value) => ({ ...base, value })),
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Building the request, and what the server receives

/** Percent-encodes the UTF-8 of a text (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A lone surrogate cannot travel in a URL: it arrives as U+FFFD. */
const asReceived = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** The text(s) a URL value becomes: a list repeats the parameter. */
function urlTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => urlText(item));
  return [urlText(value)];
}

function urlText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Deep) return value.json();
  return JSON.stringify(value);
}

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** What the server receives in the broken field (undefined: unknown, for raw URL text). */
  received: unknown;
}

function defineProperty(target: Record<string, unknown>, name: string, value: unknown) {
  // Own property even for `__proto__`, as JSON.parse makes it.
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

function build(operation: Operation, fuzz: FuzzCase): Built {
  const { target } = fuzz;
  let received: unknown;
  const pathValues: Record<string, string> = {};
  for (const param of pathParameters(operation)) {
    const broken = target.part === 'path' && target.name === param.name;
    const value = broken ? fuzz.value : fuzz.params[param.name];
    if (value instanceof Raw) {
      pathValues[param.name] = value.text;
    } else {
      const text = Array.isArray(value) ? value.map(urlText).join(',') : urlText(value);
      pathValues[param.name] = param.name === '*' ? text.split('/').map(encode).join('/') : encode(text);
      if (broken) received = asReceived(text);
    }
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => pathValues[name]!);

  const query: Array<[string, string, boolean]> = [];
  for (const [name, value] of Object.entries(fuzz.query)) {
    if (target.part === 'query' && target.name === name) continue;
    for (const text of urlTexts(value)) query.push([name, text, false]);
  }
  if (target.part === 'query') {
    if (fuzz.value instanceof Raw) {
      query.push([target.name, fuzz.value.text, true]);
    } else {
      const texts = urlTexts(fuzz.value);
      for (const text of texts) query.push([target.name, text, false]);
      received = texts.length === 0 ? undefined : texts.length === 1 ? asReceived(texts[0]!) : texts.map(asReceived);
    }
  }
  const search = query.map(([name, text, raw]) => `${encode(name)}=${raw ? text : encode(text)}`).join('&');

  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (target.part === 'rawBody') {
    const raw = fuzz.value as RawBody;
    if (raw.contentType !== undefined) headers['content-type'] = raw.contentType;
    payload = raw.payload;
  } else if (isStateChanging(operation) && (fuzz.body !== undefined || target.part === 'body')) {
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fuzz.body ?? {})) defineProperty(body, name, value);
    const deep = fuzz.value instanceof Deep ? fuzz.value : undefined;
    const placeholder = `\u0000deep-${Math.random()}`;
    if (target.part === 'body') {
      defineProperty(body, target.name, deep ? placeholder : fuzz.value);
      received = deep ? deep.shape() : (JSON.parse(JSON.stringify(fuzz.value) ?? 'null') as unknown);
    }
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
    if (deep) payload = payload.replace(JSON.stringify(placeholder), deep.json());
  }
  return {
    method: operation.method,
    url: search ? `${path}?${search}` : path,
    headers,
    payload,
    received,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

/** True when no value of this shape can satisfy the schema (false when unsure: then any field may be named). */
function surelyInvalid(schema: JsonSchema, value: unknown, fromUrl: boolean): boolean {
  if (schema.anyOf) return schema.anyOf.every((branch) => surelyInvalid(branch, value, fromUrl));
  if (schema.const !== undefined) return value !== schema.const;
  if (schema.enum) return !schema.enum.includes(value);
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return true;
      if (schema.minLength !== undefined && value.length < schema.minLength) return true;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return true;
      if (schema.format === 'email' && !isEmail(value)) return true;
      return false;
    }
    case 'integer':
    case 'number': {
      const number = fromUrl && typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return true;
      if (schema.type === 'integer' && !Number.isInteger(number)) return true;
      if (schema.minimum !== undefined && number < schema.minimum) return true;
      if (schema.maximum !== undefined && number > schema.maximum) return true;
      return false;
    }
    case 'boolean':
      return fromUrl ? value !== 'true' && value !== 'false' && typeof value !== 'boolean' : typeof value !== 'boolean';
    default:
      return false;
  }
}

const STACK_TRACE = /\n\s+at |\bat [\w$.<>]+ \(|node_modules\/|\/server\/src\/|\.ts:\d+:\d+|\b[A-Z][A-Za-z]*Error: /;

/** Statuses a 4xx may have besides 400, with the code each must carry. */
const OTHER_CLIENT_ERRORS: Record<number, string[]> = {
  // A wrong password or emailed code (the sign-in calls only; see below).
  401: ['invalid_credentials', 'invalid_token'],
  403: ['forbidden_domain'],
  404: ['not_found'],
  409: ['conflict', 'already_applied'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  // profile_edit: a section, operation, index or value that does not fit (docs/product/profile-and-resume.md#editing),
  // naming the field.
  422: ['validation'],
  429: ['rate_limited'],
};

/** The calls that sign in, whose wrong password or code is a 401 (any other 401 means the session was lost). */
const SIGN_IN_PATHS = ['/api/auth/login', '/api/auth/code/verify'];

const payloadLength = (built: Built) =>
  built.payload === undefined ? 0 : Buffer.byteLength(built.payload as string | Buffer);

function describeCall(built: Built, res: LightMyRequestResponse): string {
  const payload =
    built.payload === undefined
      ? ''
      : ` ${String(built.headers['content-type'])} ${String(built.payload).slice(0, 300)}${
          String(built.payload).length > 300 ? `… (${String(built.payload).length} chars)` : ''
        }`;
  return `${built.method} ${built.url.slice(0, 400)}${payload}\n→ ${res.statusCode} ${res.body.slice(0, 600)}`;
}

function check(operation: Operation, fuzz: FuzzCase, built: Built, res: LightMyRequestResponse): void {
  const fail = (why: string) => {
    throw new Error(`${operation.name}: ${why}\n${describeCall(built, res)}`);
  };
  if (res.statusCode >= 500) fail('server error');
  if (STACK_TRACE.test(res.body)) fail('stack trace or source path in the answer');
  const { target } = fuzz;
  const where = target.part === 'rawBody' ? 'body' : `${target.part}/${target.name}`;
  const invalid =
    target.part === 'rawBody'
      ? false
      : target.declared === undefined
        ? // An unknown field: rejected, but in page queries (pages pass search and tracking parameters
          // through, see HostPageQuery and LoginPageQuery in the contract) and in the query of a call whose
          // contract has no query at all (not read, except `domain`, which the access rules check everywhere).
          built.received !== undefined &&
          (target.part === 'body' || (!operation.navigation && queryParameters(operation).length > 0))
        : built.received !== undefined && surelyInvalid(target.declared, built.received, target.part !== 'body');
  const routeMissed = target.part === 'path' && res.statusCode === 404;
  // Body limits differ by route (and are not in the description): a large body may be refused as a whole.
  const tooLarge = res.statusCode === 413 && payloadLength(built) > 8 * 1024;
  // Rate limits may come before validation; they are a correct answer (the run goes on with a new browser).
  const limited = res.statusCode === 429;
  if (invalid && !routeMissed && res.statusCode !== 400 && !tooLarge && !limited) {
    fail(`${where} cannot be valid, yet the answer is not 400`);
  }
  if (res.statusCode < 400) return;

  const contentType = String(res.headers['content-type']);
  if (operation.html || contentType.startsWith('text/html')) {
    if (!contentType.startsWith('text/html') && !contentType.startsWith('application/json')) {
      fail('a page failure is neither an HTML page nor JSON');
    }
    // A page names a declared field as the JSON answer would (`querystring/hl ...`), in its text.
    if (invalid && target.part !== 'rawBody' && target.declared && res.statusCode === 400) {
      const label = `${target.part === 'query' ? 'querystring' : target.part}/${target.name}`;
      if (contentType.startsWith('text/html') && !res.body.includes(label)) fail(`the page does not name ${label}`);
    }
    if (contentType.startsWith('text/html')) return;
  }
  if (!contentType.startsWith('application/json')) fail('a failure that is not JSON');
  const body = res.json() as { statusCode?: unknown; code?: unknown; message?: unknown; field?: unknown };
  if (body.statusCode !== res.statusCode || typeof body.code !== 'string' || typeof body.message !== 'string') {
    fail('a failure without statusCode, code and message');
  }
  if (res.statusCode === 400) {
    if (target.part === 'rawBody') {
      if (typeof body.field !== 'string' && !/body|json|content-type/i.test(String(body.message))) {
        fail('a refused body, but the answer names neither a field nor the body');
      }
      return;
    }
    const name = target.part === 'body' ? target.name : asReceived(target.name);
    // A URL that cannot be decoded is refused before routing, when no field is known yet: the answer names the URL.
    if (fuzz.value instanceof Raw && body.code === 'bad_request' && /valid url/i.test(String(body.message))) return;
    // A key JSON parsers guard against (`__proto__`, `constructor`) anywhere in the body may be the one named.
    const guarded = ['__proto__', 'constructor'].filter((key) => String(built.payload).includes(`"${key}"`));
    const named =
      body.field === name ||
      guarded.includes(String(body.field)) ||
      String(body.message).includes(`${target.part === 'query' ? 'querystring' : target.part}/${name}`);
    if (invalid && !routeMissed && !named) fail(`400 does not name ${target.name}`);
    if (typeof body.field !== 'string') fail('400 names no field');
    return;
  }
  const codes = OTHER_CLIENT_ERRORS[res.statusCode];
  if (!codes || !codes.includes(String(body.code))) fail(`unexpected ${res.statusCode} ${String(body.code)}`);
  if (res.statusCode === 401 && !SIGN_IN_PATHS.includes(operation.path)) fail('401 outside sign-in: session lost');
  if (res.statusCode === 429 && !/^\d+$/.test(String(res.headers['retry-after']))) fail('429 without Retry-After');
  if (res.statusCode === 403 && body.field !== 'domain') fail('403 forbidden_domain that does not name domain');
  if (res.statusCode === 413 && !tooLarge) fail('413 for a small body');
}

// ---------------------------------------------------------------------------------------------------------------

/** A stable number from a text (FNV-1a), so each operation keeps its own seed. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

it('finds operations in the served description', () => {
  expect(operations.length).toBeGreaterThan(10);
});

it('every operation survives fuzzing: no 5xx, no stack trace, 4xx with code, 400 naming the field', async () => {
  let requests = 0;
  const failures: string[] = [];
  for (const operation of operations) {
    // Sign-in and sign-out change the session: they get a browser of their own.
    const anonymous = !operation.needsSession && isStateChanging(operation);
    let client = anonymous ? new TestClient(ctx.app) : casey;
    if (anonymous) await client.get('/careers/login');
    const details = await fc.check(
      fc.asyncProperty(caseArb(operation), async (fuzz) => {
        const built = build(operation, fuzz);
        const res = await client.request({
          method: built.method as 'GET',
          url: built.url,
          headers: built.headers,
          ...(built.payload === undefined ? {} : { payload: built.payload }),
        });
        requests += 1;
        check(operation, fuzz, built, res);
        // A per-browser limit (page-view posts) was reached: a new browser, so the next cases reach validation.
        if (res.statusCode === 429 && !anonymous) {
          casey = new TestClient(ctx.app);
          await casey.login(DEMO_CANDIDATE_EMAIL);
          client = casey;
        }
      }),
      { seed: SEED ^ hash(operation.name), numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
    // Every operation is fuzzed even when one fails; each failure is reported (shrunk) with its seed.
    if (details.failed) {
      const cause =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failures.push(`${cause}\n(seed ${details.seed}, path ${details.counterexamplePath ?? ''})`);
    } else if (details.interrupted) failures.push(`${operation.name}: interrupted after ${details.numRuns} runs`);
  }
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThanOrEqual(operations.length * RUNS);
  // Casey is still signed in: every case was judged past the access rules, not refused by them.
  expect((await casey.get('/api/pcsx/notification_badge')).statusCode).toBe(200);
});

/**
 * What the fuzzer found outside this test's area, as plain cases (the fuzz above finds them too). Each stays strict
 * until it is fixed at its cause; the comment says where.
 */
describe('fuzz findings', () => {
  it('a JSON body with a "__proto__" key is valid JSON: 400 naming the unknown field, not "not valid JSON"', async () => {
    // FINDING (server/src/app.ts or http/error-handler.ts, not this test's area): Fastify's JSON parser refuses the
    // key (onProtoPoisoning: 'error') and the error handler answers
    // 400 {"message":"Request body is not valid JSON.","code":"invalid_json"} with no field.
    const res = await casey.post('/api/pcsx/notifications/mark_all_viewed', '{"__proto__":1}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', field: '__proto__' });
  });

  it('an id longer than the router allows: 400 naming the id, not 414 echoing the URL', async () => {
    // FINDING (server/src/app.ts, not this test's area): path parameters over Fastify's maxParamLength (100) are
    // refused by the router before validation with
    // 414 {"error":"URI Too Long","message":"'/api/offer/aaa…' is exceeding the max param length.","code":"bad_request"}
    // (no field); the contract says at most 64 characters and validation would name `id`.
    const res = await casey.get(`/api/offer/${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', field: 'id' });
  });
});
