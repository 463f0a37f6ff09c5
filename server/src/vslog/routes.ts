import type { FastifyInstance } from 'fastify';
import {
  ApiErrorBody,
  VslogBody,
  VslogQuery,
  VslogResponse,
  type VslogBody as Body,
  type VslogQuery as Query,
} from '../contract';
import type { EmployerRepository } from '../employers/repository';
import { badRequest, notFound } from '../http/errors';
import type { PageViewRepository } from './repository';

/** Parses `data_json`; it must be the JSON text of an object (page id, position_id, utm parameters...). */
function parseDataJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** POST /vslog: page-view logging, stored with the candidate when one of this employer is signed in. */
export function registerVslogRoutes(
  app: FastifyInstance,
  { employers, pageViews }: { employers: EmployerRepository; pageViews: PageViewRepository },
): void {
  app.post(
    '/vslog',
    {
      schema: {
        summary: 'Page-view logging',
        tags: ['analytics'],
        security: [{ session: [], csrf: [] }],
        querystring: VslogQuery,
        body: VslogBody,
        response: { 200: VslogResponse, 400: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { kind: 'api' },
    },
    async (request) => {
      const query = request.query as Query;
      const body = request.body as Body;
      if (parseDataJson(body.data_json) === null) {
        throw badRequest('body/data_json must be the JSON text of an object', 'data_json');
      }
      const employer = await employers.find(query.domain);
      if (!employer) throw notFound(`No employer uses the domain "${query.domain}".`);
      const session = request.session;
      await pageViews.record(
        {
          domain: employer.domain,
          candidateId: session?.candidateId != null && session.domain === employer.domain ? session.candidateId : null,
          pid: query.pid ? query.pid : null,
          namespace: body.namespace,
          event: body.event,
          dataJson: body.data_json,
        },
        new Date(),
      );
      return { data: { ok: true as const } };
    },
  );
}
