import type { FastifyInstance } from 'fastify';
import { DEMO_DOMAIN, DEMO_PASSWORD } from './helpers';

/**
 * The operations of the API as the server itself describes them (GET /api/openapi.json), for the tests that must
 * cover every route the day it lands (tests/fuzz and tests/security-table): no list of routes is kept by hand.
 */

export const OPENAPI_URL = '/api/openapi.json';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper case, as sent. */
  method: string;
  /** OpenAPI path template, for example `/api/offer/{id}`. */
  path: string;
  /** `METHOD path`, for messages and test names. */
  name: string;
  summary: string;
  /** The OpenAPI `security` requirement: which of `session` and `csrf` the operation says it needs. */
  needsSession: boolean;
  needsCsrf: boolean;
  parameters: Parameter[];
  /** The JSON request body schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** The form (application/x-www-form-urlencoded) request body schema, when the operation takes one. */
  formBody?: JsonSchema;
  bodyRequired: boolean;
  /** The answer is an HTML page (failures too), not JSON. */
  html: boolean;
  /** A browser navigation: a GET answered with a page or a redirect (such queries pass unknown parameters on). */
  navigation: boolean;
}

interface RawOperation {
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Reads the OpenAPI description the app serves and lists its operations. */
export async function loadOperations(app: Pick<FastifyInstance, 'inject'>): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: OPENAPI_URL });
  if (res.statusCode !== 200) throw new Error(`${OPENAPI_URL} answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, RawOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const security = raw.security ?? [];
      const content = raw.requestBody?.content ?? {};
      const ok = raw.responses?.['200']?.content ?? {};
      const html = 'text/html' in ok;
      const redirect = Object.keys(raw.responses ?? {}).some((status) => status.startsWith('3'));
      operations.push({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        summary: raw.summary ?? '',
        needsSession: security.some((requirement) => 'session' in requirement),
        needsCsrf: security.some((requirement) => 'csrf' in requirement),
        parameters: raw.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        formBody: content['application/x-www-form-urlencoded']?.schema,
        bodyRequired: raw.requestBody?.required === true,
        html,
        navigation: method === 'get' && (html || redirect),
      });
    }
  }
  return operations;
}

export const isStateChanging = (operation: Operation) => !['GET', 'HEAD', 'OPTIONS'].includes(operation.method);

export const pathParameters = (operation: Operation) => operation.parameters.filter((p) => p.in === 'path');
export const queryParameters = (operation: Operation) => operation.parameters.filter((p) => p.in === 'query');

/** True when the operation takes `domain` in its query or its JSON body. */
export function takesDomain(operation: Operation): { query: boolean; body: boolean } {
  return {
    query: queryParameters(operation).some((p) => p.name === 'domain'),
    body: bodyShapes(operation.jsonBody).some((shape) => 'domain' in (shape.properties ?? {})),
  };
}

/** The object shapes a body schema accepts (one, or each branch of an `anyOf`). */
export function bodyShapes(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  return schema.anyOf ? schema.anyOf.flatMap(bodyShapes) : [schema];
}

/** Builds the URL of an operation: path parameters encoded, query parameters (a list repeats the name). */
export function urlOf(
  operation: Operation,
  params: Record<string, string>,
  query: Record<string, string | string[]> = {},
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.name}: no value for path parameter ${name}`);
    // The wildcard of a page route is a path: its slashes stay slashes.
    return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Values that are valid by their meaning, not only by their schema, for fields whose name says what they are (a
 * schema-valid but meaningless value would only ever reach the first semantic check).
 */
const MEANINGFUL: Record<string, unknown> = {
  domain: DEMO_DOMAIN,
  data_json: '{"page":"offers"}',
  namespace: 'careers',
  event: 'page_view',
  password: DEMO_PASSWORD,
  firstname: 'Casey',
  lastname: 'Jordan',
  location: 'Toronto, ON',
  full_name: 'Casey Jordan',
  terms_accepted: true,
  accepted: true,
  next: '/careers',
  hl: 'en',
};

/** A value the schema accepts (a meaningful one for well-known names); `undefined` when none can be made. */
export function exampleOf(name: string, schema: JsonSchema): unknown {
  if (name in MEANINGFUL) return MEANINGFUL[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf && schema.anyOf[0]) return exampleOf(name, schema.anyOf[0]);
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'string': {
      if (schema.format === 'email') return 'candidate@example.com';
      const min = schema.minLength ?? 0;
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      for (const unit of ['a', '1', 'a1b2', 'Ab9']) {
        const text = unit.repeat(Math.max(1, Math.ceil(min / unit.length)));
        if (!pattern || pattern.test(text)) return text;
      }
      return undefined;
    }
    case 'object':
      return exampleObject(schema);
    case 'array': {
      const item = schema.items ? exampleOf(name, schema.items) : undefined;
      return item === undefined ? undefined : Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => item);
    }
    default:
      return undefined;
  }
}

/** An object with every required property of the (first) shape, and nothing else. */
export function exampleObject(schema: JsonSchema): Record<string, unknown> {
  const shape = bodyShapes(schema)[0] ?? {};
  const value: Record<string, unknown> = {};
  for (const name of shape.required ?? []) value[name] = exampleOf(name, shape.properties?.[name] ?? {});
  return value;
}
