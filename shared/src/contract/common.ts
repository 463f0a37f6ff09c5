/** Schemas every part of the contract uses: the domain, the `{ data }` envelope, the error body. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const DOMAIN_FORMAT = { minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' };

export const Domain = Type.String({
  ...DOMAIN_FORMAT,
  description: 'Employer domain (group id) that scopes the call, for example acme.example',
});

/**
 * The `domain` of a call made for the signed-in candidate: optional. Left out, the session's employer is used;
 * another employer's domain answers 403 (`forbidden_domain`).
 */
export const CandidateDomain = Type.Optional(
  Type.String({
    ...DOMAIN_FORMAT,
    description:
      "Employer domain (group id), for example acme.example. Optional: when left out, the signed-in candidate's " +
      'employer; another employer answers 403.',
  }),
);

/** Query of a GET call for the signed-in candidate that takes nothing but the (optional) domain. */
export const DomainQuery = Type.Object({ domain: CandidateDomain }, { additionalProperties: false });
export type DomainQuery = Static<typeof DomainQuery>;

/**
 * Body of a POST call for the signed-in candidate that takes nothing but the (optional) domain. Such a call
 * also accepts no body at all (an empty body, whatever its Content-Type), or `{}`.
 */
export const DomainBody = Type.Object({ domain: CandidateDomain }, { additionalProperties: false });
export type DomainBody = Static<typeof DomainBody>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Static<typeof IdParams>;

export const ApiErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
  /**
   * The route's own words in English, for developers, when `message` had to be the code's general text in the
   * request's language (docs/product/languages.md#error-messages).
   */
  detail: Type.Optional(Type.String()),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** Wraps a payload schema in the `{ data }` envelope every success answer uses. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const OkData = Type.Object({ ok: Type.Literal(true) });
