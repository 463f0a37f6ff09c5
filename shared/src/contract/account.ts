/**
 * Candidate accounts: sign-up, email verification, sign-in by emailed code, password reset, email change and
 * claiming signed-out applications (docs/product/accounts-and-mail.md). Every call that takes an email answers the
 * same way whether an account has it or not; what differs goes by mail.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from './account-constants';
import { SEARCH_FILTERS } from './search-constants';
import { Domain, Envelope } from './common';

export {
  AccountErrorCodes,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_CODE_LENGTH,
  passwordLength,
} from './account-constants';

const Email = Type.String({ minLength: 3, maxLength: 254, format: 'email' });
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
/** A name as people write it: no line breaks or other control characters. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
const Next = Type.Optional(Type.String({ maxLength: 2000 }));
/** A token from a mailed link (base64url, 43 characters). */
export const LinkToken = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * What a sign-up from an action's sign-in request does once the email is confirmed (the link may open in another
 * tab or on another device, so it is done by the server): save the job, or put it in the job cart.
 */
export const PendingAction = Type.Union([
  Type.Object(
    { type: Type.Literal('save_job'), positionId: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('add_to_cart'), positionId: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
]);
export type PendingAction = Static<typeof PendingAction>;

/** POST /api/auth/signup: 202, and a mail either way (a link to finish, or "you already have an account"). */
export const SignupBody = Type.Object(
  {
    email: Email,
    firstName: Name,
    lastName: Name,
    password: Password,
    domain: Domain,
    /** The candidate agreed to the employer's terms and privacy notice shown beside the form. */
    consent: Type.Literal(true),
    /** Where to go once the email is confirmed (a same-site path). */
    next: Next,
    /** Done by the server when the email is confirmed. */
    pendingAction: Type.Optional(PendingAction),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

/** The answer of a call that sent (or may have sent) a mail: where to tell the candidate to look. */
export const MailSentData = Type.Object({ ok: Type.Literal(true), email: Type.String() });
export const MailSentResponse = Envelope(MailSentData);
export type MailSentResponse = Static<typeof MailSentResponse>;

/** POST /api/auth/code and POST /api/auth/password/forgot: 202 whether or not an account has the email. */
export const EmailOnlyBody = Type.Object({ email: Email, domain: Domain, next: Next }, { additionalProperties: false });
export type EmailOnlyBody = Static<typeof EmailOnlyBody>;

/** POST /api/auth/code/verify: signs in with the mailed code. */
export const CodeSignInBody = Type.Object(
  {
    email: Email,
    code: Type.String({ minLength: 1, maxLength: 20 }),
    domain: Domain,
    next: Next,
  },
  { additionalProperties: false },
);
export type CodeSignInBody = Static<typeof CodeSignInBody>;

/** POST /api/auth/verify and POST /api/auth/claim: the token of a mailed link. */
export const TokenBody = Type.Object({ token: LinkToken }, { additionalProperties: false });
export type TokenBody = Static<typeof TokenBody>;

/** POST /api/auth/password/reset: the reset link's token and the new password. */
export const PasswordResetBody = Type.Object({ token: LinkToken, password: Password }, { additionalProperties: false });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** POST /api/auth/email (signed in): the new address, confirmed by the current password. */
export const EmailChangeBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export type EmailChangeBody = Static<typeof EmailChangeBody>;

/** What a mailed link did once followed: signed in (and where to go), with how many applications it claimed. */
export const AccountLinkData = Type.Object({
  ok: Type.Literal(true),
  next: Type.String(),
  /** Signed-out applications made with the verified email that are now the account's. */
  claimed: Type.Integer({ minimum: 0 }),
});
export const AccountLinkResponse = Envelope(AccountLinkData);
export type AccountLinkResponse = Static<typeof AccountLinkResponse>;

/** Query of the pages a mailed link opens (`/careers/account/verify`, `/careers/account/reset` ...). */
export const LinkPageQuery = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200 })), hl: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: true },
);
export type LinkPageQuery = Static<typeof LinkPageQuery>;

/* ------------------------------------------------------------------ job alerts of signed-out visitors */

/**
 * POST /api/pcsx/job_alerts: a signed-out visitor subscribes a search (the parameters of GET /api/pcsx/search) to
 * their email. 202 and a confirmation link; nothing is sent before the link is followed.
 */
export const JobAlertBody = Type.Object(
  {
    domain: Type.Optional(Domain),
    email: Email,
    /** The visitor agreed to the employer's privacy text shown beside the field. */
    consent: Type.Literal(true),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    location: Type.Optional(Type.String({ maxLength: 300 })),
    sort_by: Type.Optional(Type.Union([Type.Literal('relevance'), Type.Literal('date'), Type.Literal('distance')])),
    /** `filter_{name}` values as the search takes them (comma-joined). */
    filters: Type.Optional(
      Type.Record(
        Type.String({ pattern: `^filter_(${SEARCH_FILTERS.join('|')})$` }),
        Type.String({ maxLength: 2000 }),
        {
          additionalProperties: false,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type JobAlertBody = Static<typeof JobAlertBody>;
