import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiErrorBody, BootDataQuery, BootDataResponse } from '../contract';
import { careersOriginOf } from '../esign/origins';
import type { ServerDeps } from '../http/server-deps';
import { buildBootData } from './boot-data';

export type BootDataRouteDeps = Pick<ServerDeps, 'config' | 'candidates' | 'sessions'>;

/**
 * GET /api/pcsx/boot_data (docs/product/shell.md#starting-data-from-the-api): the starting data the host page writes
 * into `careers-boot-data`, for a page on the employer's own origin that our server does not render and that cannot
 * read the candidate's httpOnly session cookie. Public, like the other signed-out GETs (no rate limit): the employer
 * and the candidate come from `request.visitor`, so a session of another employer is signed out here.
 */
export function registerBootDataRoute(app: FastifyInstance, deps: BootDataRouteDeps): void {
  const { config, candidates, sessions } = deps;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/pcsx/boot_data',
    {
      schema: {
        summary:
          'Starting data of a careers page the careers server does not render: the employer’s configuration, the ' +
          'signed-in candidate (if any) and the session’s CSRF token; answers signed-out visitors too',
        tags: ['pages'],
        querystring: BootDataQuery,
        response: { 200: BootDataResponse, 400: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { kind: 'api' },
    },
    async (request, reply) => {
      const { employer, candidateId } = request.visitor;
      // The same token the host page writes into its meta tag; a browser without one gets its anonymous cookie now.
      const csrfToken = sessions.pageCsrfToken(request, reply);
      const candidate = candidateId === null ? null : await candidates.findById(candidateId);
      const bootData = buildBootData(employer, candidate, request.language, {
        googleMapsApiKey: config.googleMapsApiKey,
      });
      // The page that reads it is on another origin: the manifest's address is this server's, among the configured
      // origins (a forged Host never reaches it).
      const manifestUrl = new URL(bootData.manifestUrl, careersOriginOf(request, config)).href;
      reply.header('cache-control', 'no-store');
      return { data: { ...bootData, manifestUrl, csrfToken } };
    },
  );
}
