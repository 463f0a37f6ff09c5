/**
 * Wire constants of the offer calls. The values are the contract's (shared/src/contract/offers.ts:
 * SIGNED_LETTER_FIELD, SIGNED_LETTER_MAX_BYTES, EsignMessageTypes); they are repeated here because importing the
 * contract at run time would pull TypeBox into the browser bundle. constants.test.ts checks they stay equal.
 */

/** Multipart field of the signed offer letter (POST /api/offer/offers/{id}/accept). */
export const SIGNED_LETTER_FIELD = 'signed_offer_letter_pdf_file';
/** Largest signed offer letter the server accepts: 10 MB. */
export const SIGNED_LETTER_MAX_BYTES = 10 * 1024 * 1024;
/** `type` of the e-signature frame's window messages. */
export const EsignMessageTypes = { signed: 'ESIGN', rejected: 'REJECT' } as const;

/** Offer data is cached for one day (docs/product/offers-and-signing.md#calls-and-caching), in seconds. */
export const OFFER_CACHE_SECONDS = 24 * 60 * 60;
/** One day in milliseconds (expiry shown in whole days). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Confetti pieces (docs/product/offers-and-signing.md#confetti). */
export const CONFETTI_PARTICLES = 200;
/** localStorage key remembering that an offer's confetti was shown. */
export const confettiStorageKey = (encId: string) => `cw-offers:confetti-shown:${encId}`;

/** At most this many files in the upload step (docs/product/offers-and-signing.md#upload-signed-letter). */
export const MAX_UPLOAD_FILES = 1;
/** File types the upload step accepts. */
export const PDF_MIME = 'application/pdf';
export const PDF_ACCEPT = 'application/pdf,.pdf';

/** document_type whose tag is blue-green (the others are violet), and which the upload variant accepts. */
export const OFFER_DOCUMENT_TYPE = 'Offer';
