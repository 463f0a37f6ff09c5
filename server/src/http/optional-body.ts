import type { FastifyInstance } from 'fastify';
import './route-config';
import { acceptsEmptyObject } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for routes whose JSON body has no required field: the body may be left out (read as `{}`). */
    optionalBody?: boolean;
  }
}

/**
 * Calls whose body has no required field (the spec's "no body" and "empty body" calls, and calls whose only field
 * is the optional `domain`) accept no body at all, or an empty body whatever its Content-Type says (curl's
 * `-d ''` sends a form type, some clients always send `application/json`): the handler sees `{}`. A body that is
 * not empty must still be a JSON object (415 for another type, 400 for malformed JSON).
 *
 * Register before any route (it marks routes as they are added).
 */
export function registerOptionalBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (body !== undefined && acceptsEmptyObject(body)) route.config = { ...route.config, optionalBody: true };
  });

  // Before the content-type parser runs: an empty body is no body, so no parser (and no type) is involved.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.config.optionalBody) return payload;
    const { headers } = request.raw;
    const length = headers['content-length'];
    if ((length === undefined || length === '0') && headers['transfer-encoding'] === undefined) {
      delete headers['content-type'];
    }
    return payload;
  });

  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.optionalBody && request.body === undefined) request.body = {};
  });
}
