import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import type { Config } from '../config';
import {
  ApiErrorBody,
  DomainQuery,
  JOB_CART_LIMIT,
  JobCartBody,
  JobCartResponse,
  MatchDetailsResponse,
  MatchPositionQuery,
  OverridesResponse,
  PositionDetailsResponse,
  PositionInsightsResponse,
  PositionQuery,
  SAVED_POSITIONS_LIMIT,
  SavedPositionsResponse,
  SavePositionBody,
  SavePositionResponse,
  SearchQuery,
  SearchResponse,
  SuggestionsQuery,
  SuggestionsResponse,
} from '../contract';
import type { EmployerRepository } from '../employers/repository';
import type { EmployerOpenPlaces } from '../geo/routes';
import { candidateRoute } from '../http/candidate-route';
import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import { viewerTimeZone } from '../http/time-zone';
import { translator } from '../i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { PositionRepository } from './repository';
import type { Search } from './search';
import { createPositionServices, type Geocoder, type PositionService } from './service';

export interface PositionRouteDeps {
  config: Config;
  employers: EmployerRepository;
  positions: PositionRepository;
  search: Search;
  service: PositionService;
}

/** The repositories and services of the position routes over one database. */
export function createPositionRoutesDeps(
  db: Kysely<Database>,
  config: Config,
  employers: EmployerRepository,
  geocode?: Geocoder,
): PositionRouteDeps {
  return { config, employers, ...createPositionServices(db, geocode) };
}

const tags = ['positions'];
const publicErrors = { 400: ApiErrorBody, 404: ApiErrorBody };
const MAX_CART_PIDS = 2147483647;

const positionNotFound = (id: number | string) => notFound(`Position ${id} not found.`);

/**
 * The places of an employer's open positions, for the location suggestions (geo/routes.ts), which put those cities
 * first. They read no session (their answer is publicly cacheable), so the employer is the `domain` parameter or
 * the default one; an unknown domain prefers nothing rather than failing the suggestions.
 */
export function employerOpenPlacesOf(
  deps: Pick<PositionRouteDeps, 'config' | 'employers' | 'search'>,
): EmployerOpenPlaces {
  const { config, employers, search } = deps;
  return async (domain) => {
    const employer =
      domain === undefined ? await employers.findDefault(config.defaultDomain) : await employers.find(domain);
    return employer ? search.openPlaces(employer.domain, Date.now()) : [];
  };
}

/**
 * Job search and positions (docs/product/search.md, docs/product/positions-and-map.md). Search, position details,
 * insights, overrides and suggestions answer signed-out visitors too (the employer: `domain`, else the session's, else
 * the default); match details, the job cart and saved positions are the signed-in candidate's own.
 */
export function registerPositionRoutes(app: FastifyInstance, deps: PositionRouteDeps): void {
  const { positions, search, service } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * Options of a public call: its employer and the signed-in candidate of that employer, if any, are
   * `request.visitor` (the access plugin's).
   */
  const publicRoute = <Query, Response>(summary: string, querystring: Query, response: Response) => ({
    schema: { summary, tags, querystring, response: { 200: response, ...publicErrors } },
    config: { kind: 'api' as const },
  });

  routes.get(
    '/api/pcsx/search',
    publicRoute(
      'Searches open positions: full text (ranked), filters with counts, place and distance, map area, paging by ' +
        '`start` (10 a page); markers of every match for the map',
      SearchQuery,
      SearchResponse,
    ),
    async (request) => {
      const { domain, candidateId } = request.visitor;
      return {
        data: await service.search(request.query, {
          domain,
          candidateId,
          now: new Date(),
          debug: request.careersDebug !== null,
        }),
      };
    },
  );

  routes.get(
    '/api/pcsx/search_suggestions',
    publicRoute(
      'Search-box suggestions (path not in the spec): titles and skills of open positions with a word starting ' +
        'with `query`, titles first, at most `limit` (default 8)',
      SuggestionsQuery,
      SuggestionsResponse,
    ),
    async (request) => {
      const { query, limit } = request.query;
      const { domain } = request.visitor;
      return {
        data: { suggestions: await search.suggestions(domain, query, limit ?? 8, new Date().toISOString()) },
      };
    },
  );

  routes.get(
    '/api/pcsx/position_details',
    publicRoute(
      'One open position with its description; a position search would not show (archived, expired, not yet ' +
        'posted) answers 404 exactly as an unknown id',
      PositionQuery,
      PositionDetailsResponse,
    ),
    async (request) => {
      const { position_id: id } = request.query;
      const { domain, candidateId } = request.visitor;
      const details = await positions.details(domain, id, candidateId, new Date().toISOString());
      if (!details) throw positionNotFound(id);
      return { data: details, metadata: { isFallback: false } };
    },
  );

  routes.get(
    '/api/pcsx/position_insights',
    publicRoute(
      'Facts about an open position from the data: posted how long ago, similar open positions, the team’s most ' +
        'asked skills (404 as for an unknown id when the position is not open)',
      PositionQuery,
      PositionInsightsResponse,
    ),
    async (request) => {
      const { position_id: id } = request.query;
      const insights = await service.insights(
        request.visitor.domain,
        id,
        new Date(),
        translator(request.language),
        viewerTimeZone(request),
      );
      if (!insights) throw positionNotFound(id);
      return { data: { insights } };
    },
  );

  routes.get(
    '/api/pcsx/overrides',
    publicRoute(
      'Configuration overrides of one open position (`{}` when none; 404 as for an unknown id when not open)',
      PositionQuery,
      OverridesResponse,
    ),
    async (request) => {
      const { position_id: id } = request.query;
      if (!(await positions.findOpen(request.visitor.domain, id, new Date().toISOString()))) throw positionNotFound(id);
      return { data: { overrides: await positions.overrides(id) } };
    },
  );

  routes.get(
    '/api/pcsx/match_details',
    candidateRoute('read', {
      summary:
        'How the signed-in candidate’s profile skills match an open position: skills matched and missing, and the ' +
        'score (404 as for an unknown id when the position is not open)',
      tags,
      querystring: MatchPositionQuery,
      response: { 200: MatchDetailsResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { position_id: id } = request.query;
      const scope = candidateScope(request);
      const match = await service.match(scope.domain, id, scope.candidateId, new Date(), translator(request.language));
      if (!match) throw positionNotFound(id);
      return { data: match };
    },
  );

  /** The cart as the widget shows it: open positions; ids in it that are no longer open are reported invalid. */
  async function cartAnswer(candidateId: number, domain: string, invalid: string[]) {
    const ids = await positions.cartIds(candidateId, domain);
    const open = await positions.openIds(domain, ids, new Date().toISOString());
    const gone = ids.filter((id) => !open.has(id)).map(String);
    return {
      data: {
        jobCartData: await positions.summaries(
          ids.filter((id) => open.has(id)),
          candidateId,
        ),
        invalidPositionIds: [...new Set([...invalid, ...gone])],
      },
    };
  }

  routes.get(
    '/api/pcsx/job_cart',
    candidateRoute('read', {
      summary: 'The signed-in candidate’s job cart',
      tags,
      querystring: DomainQuery,
      response: { 200: JobCartResponse },
    }),
    async (request) => {
      const scope = candidateScope(request);
      return cartAnswer(scope.candidateId, scope.domain, []);
    },
  );

  routes.post(
    '/api/pcsx/job_cart',
    candidateRoute('write', {
      summary:
        'Adds positions to the cart or removes them; answers the whole cart. Unknown, archived or expired ids are ' +
        `not added and come back in \`invalidPositionIds\`. A cart holds at most ${JOB_CART_LIMIT} positions (as ` +
        'many as one application names): an addition past it stores nothing and answers 409 `conflict` naming `pids`',
      tags,
      body: JobCartBody,
      response: { 200: JobCartResponse, 409: ApiErrorBody },
    }),
    async (request) => {
      const { pids, operation } = request.body;
      const scope = candidateScope(request);
      const ids = [...new Set(pids.map(Number))];
      const inRange = ids.filter((id) => id >= 1 && id <= MAX_CART_PIDS);
      const now = new Date().toISOString();
      if (operation === 'remove') {
        await positions.removeFromCart(scope.candidateId, inRange);
        return cartAnswer(scope.candidateId, scope.domain, []);
      }
      const open = await positions.openIds(scope.domain, inRange, now);
      const added = await positions.addToCart(
        scope.candidateId,
        inRange.filter((id) => open.has(id)),
        now,
        JOB_CART_LIMIT,
      );
      if (!added) {
        throw new HttpError(
          409,
          ServerErrorCodes.conflict,
          `pids: a job cart holds at most ${JOB_CART_LIMIT} positions; remove some to add these.`,
          { field: 'pids' },
        );
      }
      return cartAnswer(scope.candidateId, scope.domain, ids.filter((id) => !open.has(id)).map(String));
    },
  );

  routes.get(
    '/api/pcsx/positions/saved',
    candidateRoute('read', {
      summary: 'The signed-in candidate’s saved positions, last saved first (archived ones included)',
      tags,
      querystring: DomainQuery,
      response: { 200: SavedPositionsResponse },
    }),
    async (request) => {
      const scope = candidateScope(request);
      return { data: { positions: await positions.saved(scope.candidateId, scope.domain) } };
    },
  );

  const saveRoute = (save: boolean) =>
    candidateRoute('write', {
      summary: save
        ? 'Saves an open position for the signed-in candidate (path not in the spec; repeating it is harmless). At ' +
          `most ${SAVED_POSITIONS_LIMIT} saved positions: past it, 409 \`conflict\` naming \`position_id\``
        : 'Removes a position from the saved ones (path not in the spec; repeating it is harmless)',
      tags,
      body: SavePositionBody,
      response: { 200: SavePositionResponse, 404: ApiErrorBody, ...(save ? { 409: ApiErrorBody } : {}) },
    });

  const flip = (save: boolean) => async (request: FastifyRequest<{ Body: SavePositionBody }>) => {
    const { position_id: id } = request.body;
    const scope = candidateScope(request);
    const now = new Date().toISOString();
    const known = save
      ? (await positions.openIds(scope.domain, [id], now)).has(id)
      : (await positions.find(scope.domain, id)) !== null;
    if (!known) throw positionNotFound(id);
    if (save) {
      if (!(await positions.save(scope.candidateId, id, now, SAVED_POSITIONS_LIMIT))) {
        throw new HttpError(
          409,
          ServerErrorCodes.conflict,
          `position_id: you can keep at most ${SAVED_POSITIONS_LIMIT} saved positions; remove one to save this one.`,
          { field: 'position_id' },
        );
      }
    } else await positions.unsave(scope.candidateId, id);
    const actions = await positions.userActions(scope.candidateId, [id]);
    return {
      data: { positionId: id, positionUserActions: { isSaved: actions.saved.has(id), inCart: actions.cart.has(id) } },
    };
  };

  routes.post('/api/pcsx/positions/save', saveRoute(true), flip(true));
  routes.post('/api/pcsx/positions/unsave', saveRoute(false), flip(false));
}
