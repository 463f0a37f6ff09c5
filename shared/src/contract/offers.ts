/**
 * Offers, offer documents, terms of service, onboarding and profile bootstrapping
 * (docs/product/offers-and-signing.md#calls-and-caching, docs/product/terms-and-onboarding.md#gate-order).
 *
 * Offers are addressed by `enc_id` (an unguessable id) in every path, client and API alike. Offer fields are
 * snake_case as the spec lists them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CandidateDomain, DomainBody, DomainQuery, Envelope } from './common';

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

/** Query of GET /api/offer/offers and GET /api/offer/{id}: the spec sends none; `domain` is optional. */
export const OffersQuery = DomainQuery;
export type OffersQuery = Static<typeof OffersQuery>;

/** Query of the document file and of the signed-letter upload: only the optional `domain`. */
export const OfferFileQuery = DomainQuery;
export type OfferFileQuery = Static<typeof OfferFileQuery>;

export const OffersResponse = Envelope(Type.Object({ offers: Type.Array(Offer) }));
export type OffersResponse = Static<typeof OffersResponse>;

export const OfferResponse = Envelope(Type.Object({ offer: Offer }));
export type OfferResponse = Static<typeof OfferResponse>;

/** Decline: the spec sends no body; `{}` and `{ domain }` are accepted too. */
export const DeclineOfferBody = DomainBody;
export type DeclineOfferBody = Static<typeof DeclineOfferBody>;

/** E-sign status report: the spec sends an empty body; `{}` and `{ domain }` are accepted too. */
export const EsignStatusBody = DomainBody;
export type EsignStatusBody = Static<typeof EsignStatusBody>;

/** Largest signed offer letter (multipart upload) or signed document (base64, counted decoded) accepted. */
export const SIGNED_LETTER_MAX_BYTES = 10 * 1024 * 1024;
/** Multipart field names of POST /api/offer/offers/{id}/accept. */
export const SIGNED_LETTER_FIELD = 'signed_offer_letter_pdf_file';
/** JSON field of POST /api/offer/offers/{id}/{documentId}/accept holding the signed document (base64 PDF). */
export const SIGNED_DOCUMENT_FIELD = 'signed_document_file';

/**
 * Sign one document with a typed signature: for an embedded letter, the typed full name (exactly the profile's)
 * and the terms checkbox; the server stamps the signature (name, date, statement) onto the PDF. For an e-sign
 * document: nothing (or `{}`); the server trusts its own record of the e-sign session, never this call alone.
 */
export const TypedSignatureBody = Type.Object(
  {
    domain: CandidateDomain,
    full_name: Type.Optional(Type.String({ maxLength: 200 })),
    terms_accepted: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    title: 'Typed signature',
    description:
      'Embedded letter: `full_name` (exactly the name on the profile) and `terms_accepted: true`; the server ' +
      "stamps the signature onto the PDF. E-sign document: no other field; the server reads the e-sign service's " +
      'record of the signing session.',
  },
);
export type TypedSignatureBody = Static<typeof TypedSignatureBody>;

/**
 * Sign one document with a signed copy (docs/product/offers-and-signing.md#calls-and-caching): the signed PDF, base64.
 */
export const SignedDocumentBody = Type.Object(
  {
    domain: CandidateDomain,
    [SIGNED_DOCUMENT_FIELD]: Type.String({
      minLength: 1,
      description:
        'The signed document: a PDF, base64 (standard or URL-safe alphabet, padding and line breaks allowed, an ' +
        '`data:application/pdf;base64,` prefix allowed), at most 10 MB once decoded (413 beyond).',
    }),
  },
  {
    additionalProperties: false,
    title: 'Signed copy',
    description:
      'The signed document as a client or an e-signature provider sends it. Stored as the signed copy of an ' +
      'embedded document; for an e-sign document the e-sign record decides and the server stores its own stamped ' +
      'copy. Not combinable with `full_name` or `terms_accepted` (400).',
  },
);
export type SignedDocumentBody = Static<typeof SignedDocumentBody>;

/** Body of POST /api/offer/offers/{id}/{documentId}/accept: a typed signature or a signed copy (never both). */
export const AcceptDocumentBody = Type.Union([TypedSignatureBody, SignedDocumentBody], {
  description: 'Either a typed signature or a signed copy (`signed_document_file`), not both.',
});
export type AcceptDocumentBody = Static<typeof AcceptDocumentBody>;

export const EsignStatus = Type.Union([Type.Literal('pending'), Type.Literal('signed'), Type.Literal('rejected')]);
export type EsignStatus = Static<typeof EsignStatus>;

export const EsignStatusResponse = Envelope(Type.Object({ esign_status: EsignStatus, offer: Offer }));
export type EsignStatusResponse = Static<typeof EsignStatusResponse>;

/** Messages of the e-signature frame (window.postMessage from the e-sign origin to the page). */
export const EsignMessageTypes = { signed: 'ESIGN', rejected: 'REJECT' } as const;

/* --------------------------------------------------- terms and onboarding */

export const TermsOfServiceResponse = Envelope(Type.Object({ tosAttested: Type.Boolean() }));
export type TermsOfServiceResponse = Static<typeof TermsOfServiceResponse>;

/**
 * Accept the terms of service. The spec does not show the payload: no body (or `{}`) accepts; `accepted`, when
 * sent, must be `true`.
 */
export const AcceptTermsBody = Type.Object(
  { domain: CandidateDomain, accepted: Type.Optional(Type.Literal(true)) },
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
    domain: CandidateDomain,
    firstname: Type.String({ minLength: 1, maxLength: 100 }),
    lastname: Type.String({ minLength: 1, maxLength: 100 }),
    location: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type BootstrapProfileBody = Static<typeof BootstrapProfileBody>;
