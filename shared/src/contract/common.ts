/** Schemas every part of the contract uses: the domain, the `{ data }` envelope, the error body. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Domain = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[A-Za-z0-9.-]+$',
  description: 'Employer domain (group id) that scopes the call, for example acme.example',
});

export const DomainQuery = Type.Object({ domain: Domain }, { additionalProperties: false });
export type DomainQuery = Static<typeof DomainQuery>;

export const DomainBody = Type.Object({ domain: Domain }, { additionalProperties: false });
export type DomainBody = Static<typeof DomainBody>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Static<typeof IdParams>;

export const ApiErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** Wraps a payload schema in the `{ data }` envelope every success answer uses. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const OkData = Type.Object({ ok: Type.Literal(true) });
