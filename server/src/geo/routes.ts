import type { FastifyInstance } from 'fastify';
import {
  ApiErrorBody,
  LOCATION_SUGGESTIONS_DEFAULT,
  LocationSuggestionsQuery,
  LocationSuggestionsResponse,
  type LocationSuggestion,
  type LocationSuggestionsQuery as SuggestionsQuery,
} from '../contract';
import { gazetteer } from './gazetteer';

/**
 * Suggestions depend only on the query and the gazetteer package, so any cache may keep them a day (and serve a
 * stale copy for a week while it revalidates). The route has no `kind`: no session is read, no cookie set and no
 * CSRF token sent, so a shared cache never holds anything of one visitor.
 */
export const LOCATION_SUGGESTIONS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** The location box's suggestions (the path is ours: spec 001 shows none). Open to signed-out visitors. */
export function registerGeoRoutes(app: FastifyInstance): void {
  app.get(
    '/api/pcsx/location_suggestions',
    {
      schema: {
        summary:
          'Location suggestions from the gazetteer (world cities): whole-name matches first, then later-word ' +
          'matches, largest population first; for signed-out visitors too',
        tags: ['positions'],
        querystring: LocationSuggestionsQuery,
        response: { 200: LocationSuggestionsResponse, 400: ApiErrorBody },
      },
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', reply.statusCode < 400 ? LOCATION_SUGGESTIONS_CACHE_CONTROL : 'no-store');
        return payload;
      },
    },
    async (request) => {
      const { query, limit = LOCATION_SUGGESTIONS_DEFAULT } = request.query as SuggestionsQuery;
      const suggestions: LocationSuggestion[] = gazetteer()
        .suggest(query, limit)
        .map(({ label, name, region, country, countryCode, lat, lng }) => ({
          label,
          name,
          region,
          country,
          countryCode,
          lat,
          lng,
        }));
      return { data: { suggestions } };
    },
  );
}
