/**
 * The widget's pages (spec 000 §2) and the addresses that lead to them. Offer paths are
 * /careers/{path}?domain={groupId}; `:id` is the offer's enc_id.
 */
import type { Offer, OfferDocument } from '@careers/shared/contract';
import { OFFER_DOCUMENT_TYPE } from './constants';

export type Route =
  | { name: 'offers' }
  | { name: 'offer'; id: string }
  | { name: 'document'; id: string; documentId: number | null }
  | { name: 'letter'; id: string };

const ID = '([A-Za-z0-9_-]{1,64})';

const patterns: Array<[RegExp, (m: RegExpExecArray) => Route]> = [
  [/^\/careers\/offers$/, () => ({ name: 'offers' })],
  [new RegExp(`^/careers/offer/${ID}$`), (m) => ({ name: 'offer', id: m[1] as string })],
  [
    new RegExp(`^/careers/offer/${ID}/offer-document/([^/]+)$`),
    (m) => {
      const raw = m[2] as string;
      const documentId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
      return { name: 'document', id: m[1] as string, documentId };
    },
  ],
  [new RegExp(`^/careers/offer-letter/${ID}$`), (m) => ({ name: 'letter', id: m[1] as string })],
];

/** The page for a path, or null when the path is not one of the widget's (it then renders nothing). */
export function matchRoute(pathname: string): Route | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, build] of patterns) {
    const m = pattern.exec(path);
    if (m) return build(m);
  }
  return null;
}

function withDomain(path: string, domain: string | null | undefined): string {
  return domain ? `${path}?domain=${encodeURIComponent(domain)}` : path;
}

const seg = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  offers: (domain?: string | null) => withDomain('/careers/offers', domain),
  offer: (id: string, domain?: string | null) => withDomain(`/careers/offer/${seg(id)}`, domain),
  document: (id: string, documentId: number, domain?: string | null) =>
    withDomain(`/careers/offer/${seg(id)}/offer-document/${seg(documentId)}`, domain),
  letter: (id: string, domain?: string | null) => withDomain(`/careers/offer-letter/${seg(id)}`, domain),
};

/**
 * Where a document card's button leads: the document page, except the Start of an `upload` offer's Offer-type
 * letter, which leads to the multi-step offer-letter page.
 */
export function documentHref(offer: Offer, doc: OfferDocument, kind: 'start' | 'view', domain: string | null | undefined): string {
  if (kind === 'start' && offer.acceptance === 'upload' && doc.document_type === OFFER_DOCUMENT_TYPE) {
    return paths.letter(offer.enc_id, domain);
  }
  return paths.document(offer.enc_id, doc.id, domain);
}
