import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import {
  ApiErrorBody,
  DeleteSavedSearchBody,
  DeleteSavedSearchResponse,
  DomainQuery,
  SAVED_SEARCH_LIMIT,
  SaveSearchBody,
  SavedSearchesResponse,
  SavedSearchResponse,
  type SavedSearch,
  type SearchQuery,
} from '../contract';
import { candidateRoute } from '../http/candidate-route';
import type { ServerDeps } from '../http/server-deps';
import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import { resolveLanguage } from '../i18n';
import type { SavedSearchOwner, StoredSavedSearch } from './repository';

/** Error codes of the saved-search calls. */
const SavedSearchErrorCodes = {
  /** 403: the employer does not offer saved searches (flag or candidate login off). */
  disabled: 'saved_searches_disabled',
} as const;

const tags = ['saved searches'];

const publicView = ({ id, query, location, filters, sort_by, url, createdAt }: StoredSavedSearch): SavedSearch => ({
  id,
  query,
  location,
  filters,
  sort_by,
  url,
  createdAt,
});

/**
 * Saved searches of the signed-in candidate (`savedSearchMetadata`, docs/product/search.md#saved-searches; the paths
 * are ours): `GET /api/pcsx/saved_searches`, `POST /api/pcsx/saved_searches` (save; the same parameters again answer
 * the same saved search) and `POST /api/pcsx/saved_searches/delete` with `{ saved_search_id }`. Offered only when the
 * employer's `savedSearchNotification` flag and candidate login are both on (else 403 `saved_searches_disabled`).
 */
export function registerSavedSearchRoutes(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'savedSearches' | 'positionService'>,
): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { savedSearches, positionService } = deps;

  async function ownerOf(request: FastifyRequest): Promise<SavedSearchOwner> {
    const scope = candidateScope(request);
    if (!(await savedSearches.enabled(scope.domain))) {
      throw new HttpError(
        403,
        SavedSearchErrorCodes.disabled,
        `Saved searches are not offered by "${scope.domain}": they need saved-search notifications and candidate login switched on.`,
      );
    }
    return scope;
  }

  routes.get(
    '/api/pcsx/saved_searches',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s saved searches, newest first, and the most they may keep (path not in the ' +
        'spec). 403 `saved_searches_disabled` when the employer does not offer saved searches',
      tags,
      querystring: DomainQuery,
      response: { 200: SavedSearchesResponse },
    }),
    async (request) => {
      const owner = await ownerOf(request);
      return { data: { savedSearches: (await savedSearches.list(owner)).map(publicView), limit: SAVED_SEARCH_LIMIT } };
    },
  );

  routes.post(
    '/api/pcsx/saved_searches',
    candidateRoute('write', {
      summary:
        'Saves the current search (path not in the spec): the parameters of GET /api/pcsx/search (query, location, ' +
        'sort_by, filter_{name}) and `hl`, the language of its alerts. Saving the same parameters again answers ' +
        `the saved search already kept. At most ${SAVED_SEARCH_LIMIT} per candidate (409 \`conflict\` naming \`saved_searches\`); ` +
        '403 `saved_searches_disabled` when the employer does not offer saved searches. When a position matching ' +
        'it is published, the candidate gets a notification that opens the search',
      tags,
      body: SaveSearchBody,
      response: { 200: SavedSearchResponse, 409: ApiErrorBody },
    }),
    async (request) => {
      const { domain: _domain, hl, ...search } = request.body;
      const owner = await ownerOf(request);
      const now = new Date();
      let parameters: ReturnType<typeof positionService.searchParameters>;
      try {
        parameters = positionService.searchParameters(search as SearchQuery, owner.domain, now);
      } catch (error) {
        // The search's checks name its query string; here the same fields come in the body.
        if (error instanceof HttpError && error.statusCode === 400 && error.message.startsWith('querystring/')) {
          throw new HttpError(400, error.code, `body/${error.message.slice('querystring/'.length)}`, error.options);
        }
        throw error;
      }
      const outcome = await savedSearches.save(owner, parameters, hl === undefined ? null : resolveLanguage(hl), now);
      if ('limitReached' in outcome) {
        throw new HttpError(
          409,
          ServerErrorCodes.conflict,
          `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches; delete one to save this search.`,
          { field: 'saved_searches' },
        );
      }
      return { data: publicView(outcome.saved) };
    },
  );

  routes.post(
    '/api/pcsx/saved_searches/delete',
    candidateRoute('write', {
      summary:
        'Deletes one of the signed-in candidate’s saved searches by `saved_search_id` (path not in the spec); 404 when they ' +
        'have none with that id. 403 `saved_searches_disabled` when the employer does not offer saved searches',
      tags,
      body: DeleteSavedSearchBody,
      response: { 200: DeleteSavedSearchResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { saved_search_id: id } = request.body;
      const owner = await ownerOf(request);
      if (!(await savedSearches.delete(owner, id))) throw notFound(`Saved search ${id} not found.`);
      return { data: { savedSearchId: id, deleted: true as const } };
    },
  );
}
