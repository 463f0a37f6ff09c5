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

/**
 * `namespace` or `event`: from the body (page views, spec 000 §7) or the query (timing, spec 001 §7); one is
 * required, and when both are sent they must agree.
 */
function nameOf(field: 'namespace' | 'event', query: Query, body: Body): string {
  const inBody = body[field];
  const inQuery = query[field];
  if (inBody !== undefined && inQuery !== undefined && inBody !== inQuery) {
    throw badRequest(`body/${field} and querystring/${field} differ; send it once`, field);
  }
  const value = inBody ?? inQuery;
  if (value === undefined) throw badRequest(`body/${field} is required (or querystring/${field})`, field);
  return value;
}

/**
 * POST /vslog: page-view and timing logging, stored with the candidate when one of this employer is signed in.
 * The employer is the `domain` query parameter, else the session's (every call carries the session's CSRF token).
 */
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
      const namespace = nameOf('namespace', query, body);
      const event = nameOf('event', query, body);
      if (parseDataJson(body.data_json) === null) {
        throw badRequest('body/data_json must be the JSON text of an object', 'data_json');
      }
      const session = request.session;
      const domain = query.domain ?? session?.domain;
      if (domain === undefined) throw badRequest('querystring/domain is required', 'domain');
      const employer = await employers.find(domain);
      if (!employer) throw notFound(`No employer uses the domain "${domain}".`);
      await pageViews.record(
        {
          domain: employer.domain,
          candidateId: session?.candidateId != null && session.domain === employer.domain ? session.candidateId : null,
          pid: query.pid ? query.pid : null,
          namespace,
          event,
          dataJson: body.data_json,
        },
        new Date(),
      );
      return { data: { ok: true as const } };
    },
  );
}
