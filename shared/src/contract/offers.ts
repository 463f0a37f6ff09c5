/**
 * Offers, offer documents, terms of service, onboarding and profile bootstrapping (spec 000 §3, §4, §7).
 *
 * Offers are addressed by `enc_id` (an unguessable id) in every path, client and API alike. Offer fields are
 * snake_case as the spec lists them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Domain, DomainBody, Envelope } from './common';

/* ------------------------------------------------------------------ offers */

/** Stored statuses. "Expired" is never stored: it is derived for display from Extended + a past expires_at. */
export const OfferStatus = Type.Union([
  Type.Literal('Extended'),
  Type.Literal('Declined'),
  Type.Literal('Accepted'),
  Type.Literal('Canceled'),
  Type.Literal('Rejected'),
  Type.Literal('Contract Accepted'),
  Type.Literal('Contract Extended'),
]);
export type OfferStatus = Static<typeof OfferStatus>;

export const OfferDocumentStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('Signed'),
  Type.Literal('Unsigned'),
  Type.Literal('Read Only'),
]);
export type OfferDocumentStatus = Static<typeof OfferDocumentStatus>;

export const OfferDocument = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: OfferDocumentStatus,
  /** ISO 8601. */
  updated_at: Type.String(),
  signed: Type.Boolean(),
  /** E-signature address (another origin) for e-sign documents; null otherwise. */
  url: Type.Union([Type.String(), Type.Null()]),
  /** Base64 PDF content. Always null in answers of this server (content is fetched from s3_path). */
  b64_string: Type.Union([Type.String(), Type.Null()]),
  /** Same-origin address of the PDF (the signed copy once signed); null when there is no content yet. */
  s3_path: Type.Union([Type.String(), Type.Null()]),
  /** Offer, Benefits, Policy, ... ("Offer" shows blue-green, the others violet). */
  document_type: Type.String(),
});
export type OfferDocument = Static<typeof OfferDocument>;

export const Offer = Type.Object({
  id: Type.Integer(),
  enc_id: Type.String(),
  status: OfferStatus,
  position: Type.Object({ name: Type.String() }),
  /** ISO 8601. */
  updated_at: Type.String(),
  /** ISO 8601 or null when the offer does not expire. */
  expires_at: Type.Union([Type.String(), Type.Null()]),
  /**
   * How the candidate accepts: `documents` — by signing every document that needs a signature (embedded or
   * e-sign); `upload` — by uploading a signed copy of the offer letter (the multi-step offer-letter page).
   */
  acceptance: Type.Union([Type.Literal('documents'), Type.Literal('upload')]),
  offer_documents: Type.Array(OfferDocument),
});
export type Offer = Static<typeof Offer>;

export const OfferIdParams = Type.Object({
  id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type OfferIdParams = Static<typeof OfferIdParams>;

export const OfferDocumentParams = Type.Object({
  id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  documentId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type OfferDocumentParams = Static<typeof OfferDocumentParams>;

export const OffersQuery = Type.Object({ domain: Domain }, { additionalProperties: false });
export type OffersQuery = Static<typeof OffersQuery>;

/** Query of GET /api/offer/offers/{id}/documents/{documentId}/file: the domain may be left out (session employer). */
export const OfferFileQuery = Type.Object({ domain: Type.Optional(Domain) }, { additionalProperties: false });
export type OfferFileQuery = Static<typeof OfferFileQuery>;

export const OffersResponse = Envelope(Type.Object({ offers: Type.Array(Offer) }));
export type OffersResponse = Static<typeof OffersResponse>;

export const OfferResponse = Envelope(Type.Object({ offer: Offer }));
export type OfferResponse = Static<typeof OfferResponse>;

/** Decline: body `{ domain }`. */
export const DeclineOfferBody = DomainBody;
export type DeclineOfferBody = Static<typeof DeclineOfferBody>;

/**
 * Sign one document. For an embedded letter: the typed full name and the terms checkbox; the server stamps the
 * signature (name, date, statement) onto the PDF. For an e-sign document: only `{ domain }`; the server trusts
 * its own record of the e-sign session, never this call alone.
 */
export const AcceptDocumentBody = Type.Object(
  {
    domain: Domain,
    full_name: Type.Optional(Type.String({ maxLength: 200 })),
    terms_accepted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AcceptDocumentBody = Static<typeof AcceptDocumentBody>;

export const EsignStatus = Type.Union([Type.Literal('pending'), Type.Literal('signed'), Type.Literal('rejected')]);
export type EsignStatus = Static<typeof EsignStatus>;

export const EsignStatusResponse = Envelope(Type.Object({ esign_status: EsignStatus, offer: Offer }));
export type EsignStatusResponse = Static<typeof EsignStatusResponse>;

/** Largest signed offer letter accepted by POST /api/offer/offers/{id}/accept. */
export const SIGNED_LETTER_MAX_BYTES = 10 * 1024 * 1024;
/** Multipart field names of POST /api/offer/offers/{id}/accept. */
export const SIGNED_LETTER_FIELD = 'signed_offer_letter_pdf_file';

/** Messages of the e-signature frame (window.postMessage from the e-sign origin to the page). */
export const EsignMessageTypes = { signed: 'ESIGN', rejected: 'REJECT' } as const;

/* --------------------------------------------------- terms and onboarding */

export const TermsOfServiceResponse = Envelope(Type.Object({ tosAttested: Type.Boolean() }));
export type TermsOfServiceResponse = Static<typeof TermsOfServiceResponse>;

export const AcceptTermsBody = Type.Object(
  { domain: Domain, accepted: Type.Literal(true) },
  { additionalProperties: false },
);
export type AcceptTermsBody = Static<typeof AcceptTermsBody>;

export const OnboardingData = Type.Object({
  isOnboarded: Type.Boolean(),
  isBootstrapped: Type.Boolean(),
  tosAttested: Type.Boolean(),
});
export type OnboardingData = Static<typeof OnboardingData>;

export const OnboardingResponse = Envelope(OnboardingData);
export type OnboardingResponse = Static<typeof OnboardingResponse>;

/** Profile bootstrapping: the short first-run step (name and location) a new candidate completes once. */
export const BootstrapProfileBody = Type.Object(
  {
    domain: Domain,
    firstname: Type.String({ minLength: 1, maxLength: 100 }),
    lastname: Type.String({ minLength: 1, maxLength: 100 }),
    location: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type BootstrapProfileBody = Static<typeof BootstrapProfileBody>;
