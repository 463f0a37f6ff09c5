/**
 * The offer rules (docs/product/offers-and-signing.md#statuses) as pure functions: displayed status, labels, sub texts,
 * the Action required tag, expiry wording, the document action button, the document status line and the letter type.
 * Every function takes `now` (epoch ms) so the rules can be tested at any moment.
 */
import type { Offer, OfferDocument, OfferStatus } from '@careers/shared/contract';
import { DAY_MS, OFFER_DOCUMENT_TYPE } from './constants';

/** What an offer shows: its stored status, or Expired (derived, never stored). */
export type DisplayStatus = OfferStatus | 'Expired';

/** Colour family of a status label. */
export type StatusTone = 'info' | 'success' | 'danger' | 'neutral' | 'warning';

function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** An Extended offer whose expiry is in the past (docs/product/offers-and-signing.md#statuses). */
export function isExpired(offer: Pick<Offer, 'status' | 'expires_at'>, now: number): boolean {
  const expires = time(offer.expires_at);
  return offer.status === 'Extended' && expires !== null && expires <= now;
}

export function displayStatus(offer: Pick<Offer, 'status' | 'expires_at'>, now: number): DisplayStatus {
  return isExpired(offer, now) ? 'Expired' : offer.status;
}

/** Extended and not expired: the candidate can still act (sign, upload, decline). */
export function isLive(offer: Pick<Offer, 'status' | 'expires_at'>, now: number): boolean {
  return offer.status === 'Extended' && !isExpired(offer, now);
}

/**
 * i18n keys of the status labels (docs/product/offers-and-signing.md#statuses: Offer extended, Offer declined, ...).
 */
export const STATUS_LABEL_KEYS: Record<DisplayStatus, string> = {
  Extended: 'status.extended',
  Declined: 'status.declined',
  Accepted: 'status.accepted',
  Canceled: 'status.canceled',
  Expired: 'status.expired',
  Rejected: 'status.rejected',
  'Contract Accepted': 'status.contractAccepted',
  'Contract Extended': 'status.contractExtended',
};

export const STATUS_TONES: Record<DisplayStatus, StatusTone> = {
  Extended: 'info',
  'Contract Extended': 'info',
  Accepted: 'success',
  'Contract Accepted': 'success',
  Declined: 'danger',
  Rejected: 'danger',
  Canceled: 'neutral',
  Expired: 'warning',
};

/** i18n keys of the offer sub texts (docs/product/offers-and-signing.md#offer-page). */
export const SUB_TEXT_KEYS: Record<DisplayStatus, string> = {
  Extended: 'subText.extended',
  Expired: 'subText.expired',
  Accepted: 'subText.accepted',
  Declined: 'subText.declined',
  Canceled: 'subText.canceled',
  Rejected: 'subText.rejected',
  'Contract Accepted': 'subText.contractAccepted',
  'Contract Extended': 'subText.contractExtended',
};

/**
 * The red Action required tag: Extended, unexpired and with an expiry date
 * (docs/product/offers-and-signing.md#offers-list).
 */
export function showsActionRequired(offer: Pick<Offer, 'status' | 'expires_at'>, now: number): boolean {
  return isLive(offer, now) && time(offer.expires_at) !== null;
}

/**
 * Whole days left before an unexpired offer expires: full days of remaining time (rounded down), and at least 1
 * while the offer is unexpired (so 2 hours and 25 hours both read "Expires in 1 day", 49 hours "Expires in
 * 2 days"). Null when the offer has no expiry or has expired.
 */
export function daysUntilExpiry(offer: Pick<Offer, 'expires_at'>, now: number): number | null {
  const expires = time(offer.expires_at);
  if (expires === null || expires <= now) return null;
  return Math.max(1, Math.floor((expires - now) / DAY_MS));
}

/** A line of text with an optional date: `key` is an i18n key that takes `{{date}}`. */
export interface DatedText {
  key: string;
  /** ISO 8601 date to format into the text. */
  date?: string;
}

/** Offers list: the expiry (for an Extended offer with an expiry) or the last update. */
export function offerDateLine(offer: Offer, now: number): DatedText {
  if (offer.status === 'Extended' && offer.expires_at && time(offer.expires_at) !== null) {
    return { key: isExpired(offer, now) ? 'dates.expired' : 'dates.expires', date: offer.expires_at };
  }
  return { key: 'dates.lastUpdated', date: offer.updated_at };
}

/** What a document card's button does. */
export interface DocumentAction {
  /** Start (primary) or View (neutral). */
  kind: 'start' | 'view';
  disabled: boolean;
}

/**
 * docs/product/offers-and-signing.md#document-cards: Pending or Unsigned documents of a live Extended offer show a
 * primary Start; all others a neutral View. Disabled when the document is Pending, or Signed without its signed flag
 * (the signed copy is not ready).
 */
export function documentAction(offer: Offer, doc: OfferDocument, now: number): DocumentAction {
  const kind = isLive(offer, now) && (doc.status === 'Pending' || doc.status === 'Unsigned') ? 'start' : 'view';
  const disabled = doc.status === 'Pending' || (doc.status === 'Signed' && !doc.signed);
  return { kind, disabled };
}

/** The document has content to show (base64 content or an attachment address). */
function hasContent(doc: Pick<OfferDocument, 's3_path' | 'b64_string'>): boolean {
  return Boolean(doc.s3_path || doc.b64_string);
}

/**
 * The document status line (docs/product/offers-and-signing.md#document-cards):
 * - Unsigned: Expires / Expired with the offer's expiry date, or "Document is yet to be signed" without one;
 * - Pending: "Document is being processed" when the offer has no expiry, else Last updated with a date;
 * - Signed: "Document has been signed" when content is present, else "... Signed document is being generated.";
 * - Read Only and anything else: Last updated with the document's date.
 */
export function documentStatusLine(offer: Offer, doc: OfferDocument, now: number): DatedText {
  const hasExpiry = time(offer.expires_at) !== null;
  switch (doc.status) {
    case 'Unsigned':
      if (hasExpiry && offer.expires_at) {
        const expired = (time(offer.expires_at) as number) <= now;
        return { key: expired ? 'dates.expired' : 'dates.expires', date: offer.expires_at };
      }
      return { key: 'documentStatus.yetToBeSigned' };
    case 'Pending':
      return hasExpiry ? { key: 'dates.lastUpdated', date: doc.updated_at } : { key: 'documentStatus.processing' };
    case 'Signed':
      return { key: hasContent(doc) ? 'documentStatus.signed' : 'documentStatus.signedGenerating' };
    default:
      return { key: 'dates.lastUpdated', date: doc.updated_at };
  }
}

/** How the document page shows a document. */
export type LetterType = 'esign' | 'embedded' | 'readonly';

/**
 * The letter type (docs/product/offers-and-signing.md#letter-type): a live Extended offer's unsigned document is signed
 * by e-sign when it has a url, else in the embedded form; anything else is a read-only view. Two refinements (see the
 * README):
 * - a document whose status needs no signature (Signed, Read Only) is read-only even if its flag is not set;
 * - on an `upload` offer the Offer-type letter is accepted on the offer-letter page, so here it is read-only.
 */
export function letterType(offer: Offer, doc: OfferDocument, now: number): LetterType {
  if (!isLive(offer, now) || doc.signed) return 'readonly';
  if (doc.status === 'Signed' || doc.status === 'Read Only') return 'readonly';
  if (offer.acceptance === 'upload' && doc.document_type === OFFER_DOCUMENT_TYPE) return 'readonly';
  return doc.url ? 'esign' : 'embedded';
}

/** The letter of an `upload` offer: its Offer-type document, else its first document. */
export function offerLetterDocument(offer: Offer): OfferDocument | undefined {
  return offer.offer_documents.find((d) => d.document_type === OFFER_DOCUMENT_TYPE) ?? offer.offer_documents[0];
}

/**
 * Document tag colour: Offer is blue-green, the other types violet (docs/product/offers-and-signing.md#document-cards).
 */
export function documentTypeTone(documentType: string): 'teal' | 'violet' {
  return documentType === OFFER_DOCUMENT_TYPE ? 'teal' : 'violet';
}
