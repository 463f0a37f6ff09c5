/**
 * The widget's pages (docs/product/offers-and-signing.md, docs/product/routes-and-access.md#route-table) and the
 * addresses that lead to them. Offer paths are /careers/{path}?domain={groupId}; `:id` is the offer's enc_id.
 */
import { matchRoute as matchSharedRoute, sitePath, type RouteMatch } from '@careers/shared';
import type { Offer, OfferDocument } from '@careers/shared/contract';
import { OFFER_DOCUMENT_TYPE } from './constants';

export type Route =
  | { name: 'offers' }
  | { name: 'offer'; id: string }
  | { name: 'document'; id: string; documentId: number | null }
  | { name: 'letter'; id: string };

/** An offer's enc_id as the server makes them; anything else is no offer page. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DOCUMENT_ID = /^[1-9][0-9]{0,9}$/;

/** The offers page of a route-table match (see `ROUTES` in @careers/shared), or null when it is none of ours. */
export function offersRoute(match: RouteMatch | null): Route | null {
  if (!match || match.route.widget !== 'offers') return null;
  const { id = '', documentId = '' } = match.params;
  switch (match.route.page) {
    case 'offers':
      return { name: 'offers' };
    case 'offerLetter':
      return ID.test(id) ? { name: 'letter', id } : null;
    case 'offer':
      if (!ID.test(id)) return null;
      if (match.route.path.endsWith('/:documentId')) {
        return { name: 'document', id, documentId: DOCUMENT_ID.test(documentId) ? Number(documentId) : null };
      }
      return { name: 'offer', id };
    default:
      return null;
  }
}

/** The offers page of a path, or null when the path is not one of the widget's (it then renders nothing). */
export function matchRoute(pathname: string): Route | null {
  return offersRoute(matchSharedRoute(pathname));
}

/** The widget's addresses (built from the route table's patterns), on the employer's `domain` when there is one. */
export const paths = {
  offers: (domain?: string | null) => sitePath('/careers/offers', {}, { domain }),
  offer: (id: string, domain?: string | null) => sitePath('/careers/offer/:id', { id }, { domain }),
  document: (id: string, documentId: number, domain?: string | null) =>
    sitePath('/careers/offer/:id/offer-document/:documentId', { id, documentId }, { domain }),
  letter: (id: string, domain?: string | null) => sitePath('/careers/offer-letter/:id', { id }, { domain }),
};

/**
 * Where a document card's button leads: the document page, except the Start of an `upload` offer's Offer-type
 * letter, which leads to the multi-step offer-letter page.
 */
export function documentHref(
  offer: Offer,
  doc: OfferDocument,
  kind: 'start' | 'view',
  domain: string | null | undefined,
): string {
  if (kind === 'start' && offer.acceptance === 'upload' && doc.document_type === OFFER_DOCUMENT_TYPE) {
    return paths.letter(offer.enc_id, domain);
  }
  return paths.document(offer.enc_id, doc.id, domain);
}
