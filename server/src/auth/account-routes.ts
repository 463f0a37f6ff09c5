import formbody from '@fastify/formbody';
import { Type, type TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Candidate } from '../candidates/repository';
import {
  AccountErrorCodes,
  AccountLinkResponse,
  ApiErrorBody,
  CodeSignInBody,
  EmailChangeBody,
  EmailOnlyBody,
  LinkPageQuery,
  LoginPageQuery,
  MailSentResponse,
  PasswordResetBody,
  SignupBody,
  TokenBody,
  type PendingAction,
} from '../contract';
import type { Employer } from '../employers/repository';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { fieldOf } from '../http/request-context';
import { isFormRequest } from '../http/route-config';
import type { ServerDeps } from '../http/server-deps';
import { isEmail, RequestValidationError } from '../http/validation';
import { translator, type Language } from '../i18n';
import { setPageHeaders } from '../web/security-headers';
import {
  renderCodeEntryPage,
  renderConfirmLinkPage,
  renderEmailFormPage,
  renderInvalidLinkPage,
  renderResetPage,
  renderSentPage,
  renderSignupPage,
} from './account-pages';
import type { AccountLinkOutcome, AccountService } from './accounts';
import { DEFAULT_NEXT, safeRedirectPath } from './safe-next';

export interface AccountRouteDeps extends Pick<ServerDeps, 'config' | 'employers' | 'candidates' | 'sessions'> {
  accounts: AccountService;
}

const tags = ['auth'];
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** What the pages' forms post: every field optional text, checked by the handler so each error names its field. */
const FormFields = Type.Object(
  {
    _csrf: text(200),
    hl: text(35),
    domain: text(253),
    next: text(2000),
    email: text(254),
    firstName: text(100),
    lastName: text(100),
    password: text(200),
    consent: text(10),
    code: text(20),
    token: text(200),
    /** The reset page's hidden username, for password managers (not read). */
    username: text(254),
  },
  { additionalProperties: false },
);

const formOrJson = (json: TSchema) => ({
  content: {
    'application/json': { schema: json },
    'application/x-www-form-urlencoded': { schema: FormFields },
  },
});

type Fields = Partial<Record<keyof typeof FormFields.properties, string>>;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Names as people write them (a form post is checked here; JSON by the contract's pattern). */
function checkNames(firstName: string, lastName: string, t: ReturnType<typeof translator>): void {
  if (CONTROL_CHARACTERS.test(firstName)) throw new FieldError('firstName', t('account.errors.nameInvalid'));
  if (CONTROL_CHARACTERS.test(lastName)) throw new FieldError('lastName', t('account.errors.nameInvalid'));
}

/** A field error of a page's form: shown on the page again, or a 400 naming the field. */
class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Accounts: sign-up, verification, code sign-in, reset, email change, claims (docs/product/accounts-and-mail.md). */
export async function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, employers, candidates, sessions, accounts } = deps;

  const employerOf = async (domain: string): Promise<Employer> =>
    (await employers.find(domain)) ?? (await employers.find(config.defaultDomain))!;

  const signupAllowed = (employer: Employer) => employer.candidateLoginEnabled && employer.candidateSignupEnabled;

  const nextOf = (query: { next?: string; domain?: string }, employer: Employer) =>
    query.next === undefined
      ? `${DEFAULT_NEXT}?domain=${encodeURIComponent(employer.domain)}`
      : safeRedirectPath(query.next);

  function sendPage(reply: FastifyReply, html: string, status = 200, tokenPage = false) {
    reply.code(status);
    setPageHeaders(reply);
    // A page opened from a mailed link has its token in the address: no Referer carries it anywhere.
    if (tokenPage) reply.header('referrer-policy', 'no-referrer');
    return reply.send(html);
  }

  const signedInCandidate = async (request: FastifyRequest): Promise<Candidate | null> => {
    const id = request.visitor.candidateId;
    return id === null ? null : candidates.findById(id);
  };

  /* ------------------------------------------------------------------------------------------------ pages */

  routes.get(
    '/careers/signup',
    {
      schema: {
        summary: 'Create-account page (HTML)',
        tags,
        querystring: LoginPageQuery,
        produces: ['text/html'],
        response: { 200: { description: 'The sign-up page', type: 'string' } },
      },
      config: { kind: 'page' },
    },
    async (request, reply) => {
      const { employer, candidateId } = request.visitor;
      const next = nextOf(request.query, employer);
      if (candidateId !== null) return reply.header('cache-control', 'no-store').redirect(next, 303);
      const t = translator(request.language);
      return sendPage(
        reply,
        renderSignupPage({
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          csrfToken: sessions.pageCsrfToken(request, reply),
          next,
          consentText: employer.signupConsentText ?? undefined,
          error: signupAllowed(employer)
            ? undefined
            : t('account.errors.signupDisabled', { company: employer.companyName }),
        }),
      );
    },
  );

  for (const kind of ['code', 'forgot'] as const) {
    routes.get(
      kind === 'code' ? '/careers/login/code' : '/careers/password/forgot',
      {
        schema: {
          summary: kind === 'code' ? 'Sign in with an emailed code (HTML)' : 'Forgotten password page (HTML)',
          tags,
          querystring: LoginPageQuery,
          produces: ['text/html'],
          response: { 200: { description: 'The page', type: 'string' } },
        },
        config: { kind: 'page' },
      },
      async (request, reply) => {
        const { employer } = request.visitor;
        return sendPage(
          reply,
          renderEmailFormPage({
            kind,
            lang: request.language,
            companyName: employer.companyName,
            domain: employer.domain,
            csrfToken: sessions.pageCsrfToken(request, reply),
            next: nextOf(request.query, employer),
          }),
        );
      },
    );
  }

  const linkPage = (
    path: string,
    summary: string,
    render: (
      request: FastifyRequest<{ Querystring: { token?: string } }>,
      reply: FastifyReply,
      token: string,
    ) => Promise<unknown>,
  ) =>
    routes.get(
      path,
      {
        schema: {
          summary,
          tags,
          querystring: LinkPageQuery,
          produces: ['text/html'],
          response: {
            200: { description: 'The page', type: 'string' },
            410: { description: 'Link no longer valid', type: 'string' },
          },
        },
        config: { kind: 'page' },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return invalidLink(request, reply, request.visitor.employer);
        return render(request, reply, token);
      },
    );

  const invalidLink = (request: FastifyRequest, reply: FastifyReply, employer: Employer) =>
    sendPage(
      reply,
      renderInvalidLinkPage({ lang: request.language, companyName: employer.companyName, domain: employer.domain }),
      410,
      true,
    );

  const confirmPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    employer: Employer,
    parts: { heading: string; message: string; action: string; submit: string; token: string },
  ) =>
    sendPage(
      reply,
      renderConfirmLinkPage({
        lang: request.language,
        companyName: employer.companyName,
        domain: employer.domain,
        csrfToken: sessions.pageCsrfToken(request, reply),
        ...parts,
      }),
      200,
      true,
    );

  // The links whose page asks for one click: the sign-up's and the email change's.
  for (const link of [
    {
      path: '/careers/account/verify',
      summary: 'Page of the link that confirms a new account’s email (HTML)',
      purpose: 'verify_email',
      keys: 'account.verify',
      action: '/api/auth/verify',
    },
    {
      path: '/careers/account/email',
      summary: 'Page of the link that confirms a new email address (HTML)',
      purpose: 'email_change',
      keys: 'account.emailChange',
      action: '/api/auth/email/confirm',
    },
  ] as const) {
    linkPage(link.path, link.summary, async (request, reply, token) => {
      const t = translator(request.language);
      const found = await accounts.peekToken(link.purpose, token);
      if (!found) return invalidLink(request, reply, request.visitor.employer);
      return confirmPage(request, reply, await employerOf(found.domain), {
        heading: t(`${link.keys}.heading`),
        message: t(`${link.keys}.intro`, { email: found.email }),
        action: link.action,
        submit: t(`${link.keys}.submit`),
        token,
      });
    });
  }

  linkPage(
    '/careers/account/reset',
    'Page of the link that sets a new password (HTML)',
    async (request, reply, token) => {
      const found = await accounts.peekToken('reset_password', token);
      // A link of no account (stored only so that both answers do the same work) resets nothing.
      if (!found?.candidateId) return invalidLink(request, reply, request.visitor.employer);
      const employer = await employerOf(found.domain);
      return sendPage(
        reply,
        renderResetPage({
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          csrfToken: sessions.pageCsrfToken(request, reply),
          token,
          email: found.email,
        }),
        200,
        true,
      );
    },
  );

  linkPage(
    '/careers/account/claim',
    'Page of the link that adds signed-out applications to an account (HTML)',
    async (request, reply, token) => {
      const t = translator(request.language);
      const target = await accounts.claimTarget(token, new Date());
      if (!target) return invalidLink(request, reply, request.visitor.employer);
      const employer = await employerOf(target.domain);
      const signedIn = request.session?.candidateId != null && request.session.domain === employer.domain;
      if (signedIn || target.hasAccount || !signupAllowed(employer)) {
        return confirmPage(request, reply, employer, {
          heading: t('account.claim.heading'),
          message: t(signedIn ? 'account.claim.signedInIntro' : 'account.claim.accountIntro', { email: target.email }),
          action: '/api/auth/claim',
          submit: t('account.claim.addSubmit'),
          token,
        });
      }
      return sendPage(
        reply,
        renderSignupPage({
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          csrfToken: sessions.pageCsrfToken(request, reply),
          next: DEFAULT_NEXT,
          consentText: employer.signupConsentText ?? undefined,
          claim: { token, email: target.email },
        }),
        200,
        true,
      );
    },
  );

  /* ------------------------------------------------------------------------------------------------ calls */

  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 16 * 1024 });

    /** The body as fields: a form post's checked by hand (each error names its field), JSON's by the schema. */
    const fieldsOf = (request: FastifyRequest): Fields => {
      if (request.validationError) {
        if (!isFormRequest(request)) throw request.validationError;
        const field =
          request.validationError instanceof RequestValidationError ? request.validationError.field : undefined;
        throw new FieldError(field ?? 'form', translator(request.language)('account.errors.invalidRequest'));
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : value]),
      ) as Fields;
    };

    const emailOf = (fields: Fields, lang: Language) => {
      const email = (fields.email ?? '').trim();
      if (!isEmail(email)) throw new FieldError('email', translator(lang)('login.errors.invalidEmail'));
      return email;
    };

    const employerFor = async (request: FastifyRequest, fields: Fields) => {
      const employer = fields.domain ? await employers.find(fields.domain) : request.visitor.employer;
      if (!employer)
        throw new HttpError(
          400,
          ServerErrorCodes.badRequest,
          `domain: no employer has the domain "${fields.domain}".`,
          { field: 'domain' },
        );
      return employer;
    };

    const mailRequest = (request: FastifyRequest, employer: Employer) => ({
      employer,
      lang: request.language,
      clientAddress: request.ip,
      now: new Date(),
    });

    /** After a followed link or code: signed in, then the page goes on or the JSON says where. */
    async function signedIn(request: FastifyRequest, reply: FastifyReply, outcome: AccountLinkOutcome) {
      await sessions.signIn(request, reply, outcome.candidate);
      if (isFormRequest(request)) return reply.redirect(outcome.next, 303);
      return { data: { ok: true as const, next: outcome.next, claimed: outcome.claimed } };
    }

    /**
     * Runs a call; a form post's failure shows its page again with the message (`page`), a JSON call's is the
     * usual error body.
     */
    const handle =
      <R>(
        run: (request: FastifyRequest, reply: FastifyReply, fields: Fields) => Promise<R>,
        page: (
          request: FastifyRequest,
          reply: FastifyReply,
          fields: Fields,
          error: { field: string; message: string; status: number },
        ) => Promise<unknown>,
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        let fields: Fields = {};
        try {
          fields = fieldsOf(request);
          return await run(request, reply, fields);
        } catch (error) {
          if (error instanceof FieldError) {
            if (!isFormRequest(request))
              // A FieldError's message is always the request's translator's.
              throw new HttpError(400, ServerErrorCodes.badRequest, error.message, {
                field: error.field,
                localized: true,
              });
            return page(request, reply, fields, { field: error.field, message: error.message, status: 400 });
          }
          if (error instanceof HttpError && isFormRequest(request)) {
            if (error.options.headers)
              for (const [name, value] of Object.entries(error.options.headers)) reply.header(name, value);
            return page(request, reply, fields, {
              field: error.options.field ?? 'form',
              message: error.message,
              status: error.statusCode,
            });
          }
          throw error;
        }
      };

    const sentPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      employer: Employer,
      heading: string,
      message: string,
      next?: string,
    ) => {
      reply.code(202);
      return sendPage(
        reply,
        renderSentPage({
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          heading,
          message,
          next,
        }),
        202,
      );
    };

    const formPageAgain =
      (kind: 'signup' | 'code' | 'forgot') =>
      async (
        request: FastifyRequest,
        reply: FastifyReply,
        fields: Fields,
        error: { field: string; message: string; status: number },
      ) => {
        const employer = (fields.domain && (await employers.find(fields.domain))) || request.visitor.employer;
        const common = {
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          csrfToken: sessions.pageCsrfToken(request, reply),
          next: safeRedirectPath(fields.next),
        };
        const fieldError = ['email', 'firstName', 'lastName', 'password', 'consent', 'code'].includes(error.field);
        const errors = fieldError ? { [error.field]: error.message } : {};
        const formError = fieldError ? translator(request.language)('account.errors.fixFields') : error.message;
        if (kind === 'signup')
          return sendPage(
            reply,
            renderSignupPage({
              ...common,
              values: { email: fields.email, firstName: fields.firstName, lastName: fields.lastName },
              consentText: employer.signupConsentText ?? undefined,
              error: formError,
              errors,
            }),
            error.status,
          );
        return sendPage(
          reply,
          renderEmailFormPage({ ...common, kind, email: fields.email, error: formError, errors }),
          error.status,
        );
      };

    forms.post(
      '/api/auth/signup',
      {
        schema: {
          summary:
            'Create an account: 202 and a mail either way — a link that finishes the account (24 hours) when no account has the email, else a mail saying there is one. The password rule: at least 12 characters, not one of the most common (400 `weak_password`). 403 `candidate_signup_disabled` where the employer turned sign-up off; 429 past the mail limits',
          tags,
          body: formOrJson(SignupBody),
          response: { 202: MailSentResponse, 400: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const t = translator(request.language);
        const employer = await employerFor(request, fields);
        if (!signupAllowed(employer)) {
          throw new HttpError(
            403,
            AccountErrorCodes.signupDisabled,
            t('account.errors.signupDisabled', { company: employer.companyName }),
            { field: 'domain', localized: true },
          );
        }
        const email = emailOf(fields, request.language);
        const firstName = (fields.firstName ?? '').trim();
        const lastName = (fields.lastName ?? '').trim();
        if (!firstName) throw new FieldError('firstName', t('account.errors.firstNameRequired'));
        if (!lastName) throw new FieldError('lastName', t('account.errors.lastNameRequired'));
        checkNames(firstName, lastName, t);
        if (!fields.password) throw new FieldError('password', t('login.errors.passwordRequired'));
        if (fields.consent !== 'true') throw new FieldError('consent', t('account.errors.consentRequired'));
        // Checked by the JSON schema (a form post has none).
        const pendingAction = isFormRequest(request)
          ? undefined
          : (fieldOf(request.body, 'pendingAction') as PendingAction | undefined);
        await accounts.signUp(mailRequest(request, employer), {
          email,
          firstName,
          lastName,
          password: fields.password,
          next: fields.next,
          pendingAction,
        });
        if (isFormRequest(request))
          return sentPage(
            request,
            reply,
            employer,
            t('account.signup.sentHeading'),
            t('account.signup.sent', { email }),
            fields.next,
          );
        reply.code(202);
        return { data: { ok: true as const, email } };
      }, formPageAgain('signup')),
    );

    forms.post(
      '/api/auth/code',
      {
        schema: {
          summary:
            'Email me a code: 202 either way — a six-digit code for 15 minutes when an account has the email, else a mail saying there is none. 429 past the mail limits',
          tags,
          body: formOrJson(EmailOnlyBody),
          response: { 202: MailSentResponse, 400: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const employer = await employerFor(request, fields);
        if (!employer.candidateLoginEnabled) throw loginDisabled(request, employer);
        const email = emailOf(fields, request.language);
        await accounts.requestCode(mailRequest(request, employer), email);
        if (isFormRequest(request))
          return sendPage(
            reply,
            renderCodeEntryPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
              csrfToken: sessions.pageCsrfToken(request, reply),
              next: safeRedirectPath(fields.next),
              email: email.toLowerCase(),
            }),
            202,
          );
        reply.code(202);
        return { data: { ok: true as const, email } };
      }, formPageAgain('code')),
    );

    const loginDisabled = (request: FastifyRequest, employer: Employer) =>
      new HttpError(
        403,
        'candidate_login_disabled',
        translator(request.language)('login.errors.loginDisabled', { company: employer.companyName }),
        { field: 'domain', localized: true },
      );

    forms.post(
      '/api/auth/code/verify',
      {
        schema: {
          summary:
            'Sign in with the emailed code (single use; five wrong codes end it). 401 `invalid_token` when it is wrong, used or expired; 429 past the limits',
          tags,
          body: formOrJson(CodeSignInBody),
          response: {
            200: AccountLinkResponse,
            400: ApiErrorBody,
            401: ApiErrorBody,
            403: ApiErrorBody,
            429: ApiErrorBody,
          },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(
        async (request, reply, fields) => {
          const t = translator(request.language);
          const employer = await employerFor(request, fields);
          if (!employer.candidateLoginEnabled) throw loginDisabled(request, employer);
          const email = emailOf(fields, request.language);
          const candidate = await accounts.signInWithCode(mailRequest(request, employer), {
            email,
            code: fields.code ?? '',
          });
          if (!candidate)
            throw new HttpError(401, AccountErrorCodes.invalidToken, t('account.errors.invalidCode'), {
              field: 'code',
              localized: true,
            });
          return signedIn(request, reply, { candidate, next: safeRedirectPath(fields.next), claimed: 0 });
        },
        async (request, reply, fields, error) => {
          const employer = (fields.domain && (await employers.find(fields.domain))) || request.visitor.employer;
          return sendPage(
            reply,
            renderCodeEntryPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
              csrfToken: sessions.pageCsrfToken(request, reply),
              next: safeRedirectPath(fields.next),
              email: (fields.email ?? '').slice(0, 254),
              error: error.message,
            }),
            error.status,
          );
        },
      ),
    );

    forms.post(
      '/api/auth/password/forgot',
      {
        schema: {
          summary:
            'Forgot your password: 202 either way — a link to choose a new one (30 minutes, single use) when an account has the email, else a mail saying there is none. 429 past the mail limits',
          tags,
          body: formOrJson(EmailOnlyBody),
          response: { 202: MailSentResponse, 400: ApiErrorBody, 429: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const t = translator(request.language);
        const employer = await employerFor(request, fields);
        const email = emailOf(fields, request.language);
        await accounts.forgotPassword(mailRequest(request, employer), email, fields.next);
        if (isFormRequest(request))
          return sentPage(
            request,
            reply,
            employer,
            t('account.forgot.sentHeading'),
            t('account.forgot.sent', { email }),
            fields.next,
          );
        reply.code(202);
        return { data: { ok: true as const, email } };
      }, formPageAgain('forgot')),
    );

    /** A link's form failed: a used or expired link shows the invalid-link page; a bad password the reset page. */
    const linkFailed = async (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Fields,
      error: { field: string; message: string; status: number },
    ) => {
      const token = fields.token ?? '';
      if (error.field === 'password' && /^[A-Za-z0-9_-]{1,200}$/.test(token)) {
        const found = await accounts.peekToken('reset_password', token);
        const target = found?.candidateId ? found : null;
        const claim = target ? null : await accounts.claimTarget(token, new Date());
        const employer = await employerOf(target?.domain ?? claim?.domain ?? request.visitor.domain);
        if (target)
          return sendPage(
            reply,
            renderResetPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
              csrfToken: sessions.pageCsrfToken(request, reply),
              token,
              email: target.email,
              error: error.message,
            }),
            error.status,
            true,
          );
        if (claim)
          return sendPage(
            reply,
            renderSignupPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
              csrfToken: sessions.pageCsrfToken(request, reply),
              next: DEFAULT_NEXT,
              values: { firstName: fields.firstName, lastName: fields.lastName },
              consentText: employer.signupConsentText ?? undefined,
              claim: { token, email: claim.email },
              error: translator(request.language)('account.errors.fixFields'),
              errors: { [error.field]: error.message },
            }),
            error.status,
            true,
          );
      }
      return invalidLink(request, reply, request.visitor.employer);
    };

    const tokenOf = (fields: Fields, lang: Language) => {
      const token = fields.token ?? '';
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(token))
        throw new FieldError('token', translator(lang)('account.errors.invalidToken'));
      return token;
    };

    forms.post(
      '/api/auth/verify',
      {
        schema: {
          summary:
            'Follows a sign-up link: makes the account (its email verified), signs in, adds the signed-out applications made with the email, and does the pending action. 400 `invalid_token` when the link is unknown, used or expired',
          tags,
          body: formOrJson(TokenBody),
          response: { 200: AccountLinkResponse, 400: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(
        async (request, reply, fields) =>
          signedIn(
            request,
            reply,
            await accounts.verifyEmail(tokenOf(fields, request.language), request.language, new Date()),
          ),
        linkFailed,
      ),
    );

    forms.post(
      '/api/auth/password/reset',
      {
        schema: {
          summary:
            'Sets a new password from a reset link (single use): every session of the account ends, and this browser is signed in. 400 `invalid_token`, or `weak_password` naming `password`',
          tags,
          body: formOrJson(PasswordResetBody),
          response: { 200: AccountLinkResponse, 400: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const t = translator(request.language);
        const token = tokenOf(fields, request.language);
        if (!fields.password) throw new FieldError('password', t('login.errors.passwordRequired'));
        return signedIn(
          request,
          reply,
          await accounts.resetPassword(token, fields.password, request.language, new Date()),
        );
      }, linkFailed),
    );

    forms.post(
      '/api/auth/email/confirm',
      {
        schema: {
          summary:
            'Follows an email-change link: the account’s email becomes the new one; the old address is told. 409 `email_taken`',
          tags,
          body: formOrJson(TokenBody),
          response: { 200: AccountLinkResponse, 400: ApiErrorBody, 409: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const token = tokenOf(fields, request.language);
        const target = await accounts.peekToken('email_change', token);
        const employer = await employerOf(target?.domain ?? request.visitor.domain);
        return signedIn(
          request,
          reply,
          await accounts.confirmEmailChange(token, { employer, lang: request.language, now: new Date() }),
        );
      }, linkFailed),
    );

    forms.post(
      '/api/auth/claim',
      {
        schema: {
          summary:
            'Follows the link of a signed-out application’s receipt: its applications (every one made with that email) go to the signed-in account, else to the account with that email, else to a new account made with `firstName`, `lastName`, `password` and `consent` (the link proves the email). Signs in. 400 `invalid_token`',
          tags,
          body: formOrJson(
            Type.Object(
              {
                ...TokenBody.properties,
                firstName: Type.Optional(Type.String({ maxLength: 100 })),
                lastName: Type.Optional(Type.String({ maxLength: 100 })),
                password: Type.Optional(Type.String({ maxLength: 200 })),
                consent: Type.Optional(Type.Boolean()),
              },
              { additionalProperties: false },
            ),
          ),
          response: { 200: AccountLinkResponse, 400: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api' },
      },
      handle(async (request, reply, fields) => {
        const t = translator(request.language);
        const token = tokenOf(fields, request.language);
        const candidate = await signedInCandidate(request);
        const target = await accounts.claimTarget(token, new Date());
        if (!target)
          throw new HttpError(400, AccountErrorCodes.invalidToken, t('account.errors.invalidToken'), {
            field: 'token',
            localized: true,
          });
        let signup: { firstName: string; lastName: string; password: string } | null = null;
        if (!candidate && !target.hasAccount) {
          const firstName = (fields.firstName ?? '').trim();
          const lastName = (fields.lastName ?? '').trim();
          if (!firstName) throw new FieldError('firstName', t('account.errors.firstNameRequired'));
          if (!lastName) throw new FieldError('lastName', t('account.errors.lastNameRequired'));
          checkNames(firstName, lastName, t);
          if (!fields.password) throw new FieldError('password', t('login.errors.passwordRequired'));
          if (fields.consent !== 'true') throw new FieldError('consent', t('account.errors.consentRequired'));
          signup = { firstName, lastName, password: fields.password };
        }
        const owner = candidate && candidate.domain === target.domain ? candidate : null;
        return signedIn(request, reply, await accounts.claim(token, owner, signup, request.language, new Date()));
      }, linkFailed),
    );
  });

  routes.post(
    '/api/auth/email',
    {
      schema: {
        summary:
          'Changes the signed-in candidate’s email: the current password confirms it (400 `invalid_credentials` naming `password`); 202 and a link to the new address (24 hours) that makes the change — or, when another account has that address, a mail saying so',
        tags,
        security: [{ session: [], csrf: [] }],
        body: EmailChangeBody,
        response: { 202: MailSentResponse, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request, reply) => {
      const candidate = await signedInCandidate(request);
      if (!candidate) throw new HttpError(401, 'login_required', 'Sign in first.');
      const employer = request.visitor.employer;
      const ok = await accounts.requestEmailChange(
        { employer, lang: request.language, clientAddress: request.ip, now: new Date() },
        candidate,
        request.body,
      );
      // A 400 naming the field, not a 401: the candidate is signed in, only this answer is wrong.
      if (!ok)
        throw new HttpError(
          400,
          ServerErrorCodes.invalidCredentials,
          translator(request.language)('account.errors.wrongPassword'),
          { field: 'password', localized: true },
        );
      reply.code(202);
      return { data: { ok: true as const, email: request.body.email } };
    },
  );
}
