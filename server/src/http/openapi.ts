import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ApiErrorBody } from '../contract';

const OPENAPI_PATH = '/api/openapi.json';

/** Collects every route's contract schemas into an OpenAPI 3 document (register before any route). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
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
