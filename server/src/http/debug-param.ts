import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The page's `debug` parameter, forwarded by the widgets' HTTP layer on every call
     * (docs/product/shell.md#debug-parameter).
     */
    careersDebug: string | null;
  }
}

/**
 * The widgets forward the page's `debug` query parameter on every request. It is taken off the query before
 * validation (so strict query schemas do not reject it) and kept on the request; with it, the call is logged at
 * info level with its route, so an operator can follow one page's requests.
 */
export function registerDebugParameter(app: FastifyInstance): void {
  app.decorateRequest('careersDebug', null);
  app.addHook('preValidation', async (request) => {
    // Any route's query, before its schema is applied: only its shape is known here.
    const query: unknown = request.query;
    if (!query || typeof query !== 'object' || !('debug' in query)) return;
    const value = query.debug;
    request.careersDebug = typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '';
    Reflect.deleteProperty(query, 'debug');
    request.log.info({ debug: request.careersDebug, route: request.routeOptions.url }, 'debug request');
  });
}
