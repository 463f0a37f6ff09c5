import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ApiErrorBody } from '../contract';

const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = { type?: unknown; required?: unknown[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type OpenApiDocument = {
  paths?: Record<
    string,
    Record<string, { requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } }>
  >;
};

/** True when an empty object satisfies the (plain JSON) body schema: no required field, in one shape at least. */
function acceptsEmpty(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const shapes = schema.anyOf ?? schema.oneOf;
  if (shapes) return shapes.some(acceptsEmpty);
  return schema.type === 'object' && (schema.required ?? []).length === 0;
}

/** The request body of a JSON call whose fields are all optional may be left out (see http/optional-body.ts). */
function markOptionalBodies(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody;
      if (body && acceptsEmpty(body.content?.['application/json']?.schema)) body.required = false;
    }
  }
  return document;
}

/** Collects every route's contract schemas into an OpenAPI 3 document (register before any route). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (markOptionalBodies(documentObject.openapiObject as OpenApiDocument) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Careers API',
        version: '1.0.0',
        description:
          'Reference careers API. Success answers are `{ data }`; failures are `ApiErrorBody`. ' +
          'State-changing calls need the session CSRF token in the `x-csrf-token` header; every API answer ' +
          'carries the current token in the same header.',
      },
      tags: [
        { name: 'auth', description: 'Sign-in and sign-out' },
        { name: 'notifications', description: 'In-app notification centre' },
        { name: 'analytics', description: 'Page-view logging' },
        { name: 'offers', description: 'Job offers, offer documents and signing' },
        { name: 'onboarding', description: 'Terms of service, onboarding and profile bootstrapping' },
        { name: 'pages', description: 'Server-rendered pages' },
      ],
      components: {
        schemas: { ApiErrorBody: ApiErrorBody as unknown as Record<string, unknown> },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'careers_sid' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
  });
}

/** Serves the generated document. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
