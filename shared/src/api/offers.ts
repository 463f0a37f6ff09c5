import { offersListCall } from '../contract/first-screen';
import type { Offer, OffersResponse } from '../contract';
import { api } from './api';

/** Offers are cached one day (docs/product/offers-and-signing.md#calls-and-caching), whichever widget reads them. */
export const OFFERS_CACHE_SECONDS = 24 * 60 * 60;

/**
 * The candidate's offers list (GET /api/offer/offers), for the offers widget's list and the dashboard's offers tab:
 * one declaration, so one cache entry per employer, refreshed by every offer change (`Offers` LIST tag). Silent:
 * each reader draws its own failure (the list's error state, the tab's panel); the page alerts still show.
 */
export const offersListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.query<Offer[], { domain: string }>({
      query: ({ domain }) => ({ ...offersListCall(domain), silent: true }),
      transformResponse: (response: OffersResponse) =>
        Array.isArray(response?.data?.offers) ? response.data.offers : [],
      providesTags: [{ type: 'Offers', id: 'LIST' }],
      keepUnusedDataFor: OFFERS_CACHE_SECONDS,
    }),
  }),
});

export const { useGetOffersQuery } = offersListApi;
