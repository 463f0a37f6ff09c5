import { offerCall, offersListApi } from '@careers/shared';
import type { EsignStatus, EsignStatusResponse, Offer, OfferResponse } from '@careers/shared/contract';
import { OFFER_CACHE_SECONDS } from './constants';

interface DomainArgs {
  domain: string;
}

export interface OfferArgs extends DomainArgs {
  /** The offer's enc_id. */
  encId: string;
}

export interface DocumentArgs extends OfferArgs {
  documentId: number;
}

/** Embedded signing sends the typed name and the terms checkbox; e-sign sends only the domain. */
export interface AcceptDocumentArgs extends DocumentArgs {
  full_name?: string;
  terms_accepted?: boolean;
}

export interface EsignStatusData {
  esign_status: EsignStatus;
  offer: Offer;
}

const enc = (value: string | number) => encodeURIComponent(String(value));

/**
 * Tags an offer change invalidates: that offer, the list, and the bell's unread badge (an answered offer settles
 * its action-required notification, so the count changes at once rather than at the next 5-minute poll).
 */
const offerChanged = (encId: string) => [
  { type: 'Offer' as const, id: encId },
  { type: 'Offers' as const, id: 'LIST' },
  'NotificationBadge' as const,
];

/**
 * Offer calls (docs/product/offers-and-signing.md#calls-and-caching), beside the offers list the dashboard reads too (`getOffers`, declared once in the
 * shared API layer: shared/src/api/offers.ts). Offers are cached for one day (`keepUnusedDataFor`) and never
 * retried (the shared base query does not retry); one offer is also refetched when the window regains focus (see
 * `useOffer`). Every change invalidates the offer and the list, so both are fetched again.
 */
export const offersApi = offersListApi.enhanceEndpoints({ addTagTypes: ['Offer'] }).injectEndpoints({
  endpoints: (build) => ({
    getOffer: build.query<Offer, OfferArgs>({
      query: ({ encId, domain }) => offerCall(encId, domain),
      transformResponse: (response: OfferResponse) => response.data.offer,
      providesTags: (_result, _error, { encId }) => [{ type: 'Offer', id: encId }],
      keepUnusedDataFor: OFFER_CACHE_SECONDS,
    }),

    acceptDocument: build.mutation<void, AcceptDocumentArgs>({
      query: ({ encId, documentId, domain, full_name, terms_accepted }) => ({
        url: `/api/offer/offers/${enc(encId)}/${enc(documentId)}/accept`,
        method: 'POST',
        body:
          full_name === undefined && terms_accepted === undefined ? { domain } : { domain, full_name, terms_accepted },
      }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { encId }) => offerChanged(encId),
    }),

    esignStatus: build.mutation<EsignStatusData, DocumentArgs>({
      query: ({ encId, documentId, domain }) => ({
        url: `/api/offer/offers/${enc(encId)}/${enc(documentId)}/esign_status`,
        method: 'POST',
        body: { domain },
      }),
      transformResponse: (response: EsignStatusResponse) => response.data,
      invalidatesTags: (_result, _error, { encId }) => offerChanged(encId),
    }),

    declineOffer: build.mutation<void, OfferArgs>({
      query: ({ encId, domain }) => ({
        url: `/api/offer/offers/${enc(encId)}/decline`,
        method: 'POST',
        body: { domain },
      }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { encId }) => offerChanged(encId),
    }),
  }),
});

const { useGetOfferQuery } = offersApi;

export const { useGetOffersQuery, useAcceptDocumentMutation, useEsignStatusMutation, useDeclineOfferMutation } =
  offersApi;

/** One offer, refetched when the window regains focus (docs/product/offers-and-signing.md#calls-and-caching). */
export function useOffer(encId: string, domain: string) {
  return useGetOfferQuery({ encId, domain }, { refetchOnFocus: true });
}

/** Offer path of the upload accept call (multipart, sent with the shared `upload`). */
export const acceptUploadPath = (encId: string) => `/api/offer/offers/${enc(encId)}/accept`;
