import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ApiErrorBody,
  VslogBody,
  VslogQuery,
  VslogResponse,
  type VslogBody as Body,
  type VslogQuery as Query,
} from '../contract';
import type { LimitRule, RateLimiter } from '../auth/rate-limit';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import type { PageViewRepository } from './repository';

/**
 * Page-view posts counted in the database (every server process together), in one-minute windows. A page load
 * posts one or two (page view, timing); over a limit the post is refused with 429 and `Retry-After`, and nothing is
 * stored (the widgets post silently and never retry).
 */
export const VSLOG_LIMITS = {
  /** One browser: its session, or its anonymous id. */
  browser: { name: 'vslog:browser', limit: 60, windowMs: 60 * 1000 },
  /**
   * One client address, whatever its browsers: anonymous ids cost one page load each, so this is the limit that
   * holds. Counted whatever `TRUST_PROXY` says (at worst, behind an undeclared proxy, page views past it are lost;
   * no one is locked out of anything).
   */
  address: { name: 'vslog:address', limit: 600, windowMs: 60 * 1000 },
} as const satisfies Record<string, LimitRule>;

/** Largest body accepted: `data_json` (8,192 characters) even when every character is escaped in the JSON text. */
const VSLOG_BODY_LIMIT = 64 * 1024;

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
 * `namespace` or `event`: from the body (page views, docs/product/shell.md#page-views) or the query (timing); one is
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
 * The employer is the `domain` query parameter, else the session's, else the default one (every call carries the CSRF
 * token: the session's, or the anonymous one).
 */
export function registerVslogRoutes(
  app: FastifyInstance,
  { pageViews, limiter }: { pageViews: PageViewRepository; limiter: RateLimiter },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/vslog',
    {
      schema: {
        summary: 'Page-view logging',
        tags: ['analytics'],
        security: [{ session: [], csrf: [] }],
        querystring: VslogQuery,
        body: VslogBody,
        response: { 200: VslogResponse, 400: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody },
      },
      config: { kind: 'api' },
      bodyLimit: VSLOG_BODY_LIMIT,
      // After the CSRF check (an app hook, so it runs first), before the body is validated: every accepted post
      // counts, valid or not. The browser is the session, else the anonymous id the CSRF token was checked against.
      preValidation: async (request) => {
        const browser = request.session ? `session:${request.session.id}` : `anonymous:${request.anonymousId ?? ''}`;
        const now = new Date();
        const hits = await Promise.all([
          limiter.hit(VSLOG_LIMITS.browser, browser, now),
          limiter.hit(VSLOG_LIMITS.address, request.ip, now),
        ]);
        const blocked = hits.filter((hit) => hit.blocked);
        if (blocked.length === 0) return;
        const seconds = Math.max(1, Math.ceil(Math.max(...blocked.map((hit) => hit.retryAfterMs)) / 1000));
        throw new HttpError(
          429,
          ServerErrorCodes.rateLimited,
          `Too many page-view posts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { headers: { 'retry-after': String(seconds) } },
        );
      },
    },
    async (request) => {
      const { query, body } = request;
      const namespace = nameOf('namespace', query, body);
      const event = nameOf('event', query, body);
      if (parseDataJson(body.data_json) === null) {
        throw badRequest('body/data_json must be the JSON text of an object', 'data_json');
      }
      // A signed-out visitor has no session row (decision 007): without `domain`, the default employer, as the
      // host page shows it.
      const { domain, candidateId } = request.visitor;
      await pageViews.record(
        {
          domain,
          candidateId,
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
