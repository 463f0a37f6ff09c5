import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ApiErrorBody,
  LOCATION_SUGGESTIONS_DEFAULT,
  LocationSuggestionsQuery,
  LocationSuggestionsResponse,
  type LocationSuggestion,
} from '../contract';
import { gazetteer, type PreferredPlace } from './gazetteer';

/** The places of an employer's open positions (the `domain` parameter's employer, else the default one). */
export type EmployerOpenPlaces = (domain: string | undefined) => Promise<PreferredPlace[]>;

/**
 * Suggestions depend on the query, the gazetteer package and which cities the employer has open positions in
 * (those come first), never on the visitor: any cache may keep them an hour (an opening in a new city shows within
 * the hour) and serve a stale copy for a day while it revalidates. The route has no `kind`: no session is read, no
 * cookie set and no CSRF token sent, so a shared cache never holds anything of one visitor.
 */
export const LOCATION_SUGGESTIONS_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * The location box's suggestions (the path is ours; docs/product/search.md#suggestions). Open to signed-out visitors.
 */
export function registerGeoRoutes(app: FastifyInstance, deps: { employerOpenPlaces: EmployerOpenPlaces }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/pcsx/location_suggestions',
    {
      schema: {
        summary:
          'Location suggestions from the gazetteer (world cities): the cities of the employer’s open positions ' +
          'first (`domain`, else the default employer), then whole-name matches, then later-word matches, largest ' +
          'population first; for signed-out visitors too',
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
      const { query, domain, limit = LOCATION_SUGGESTIONS_DEFAULT } = request.query;
      const preferred = await deps.employerOpenPlaces(domain);
      const suggestions: LocationSuggestion[] = gazetteer()
        .suggest(query, limit, preferred)
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
