import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import {
  ApiErrorBody,
  LoginBody,
  LoginFormBody,
  LoginPageQuery,
  LoginResponse,
  LogoutBody,
  LogoutFormBody,
  LogoutQuery,
  LogoutResponse,
  type LoginPageQuery as LoginPageParams,
} from '../contract';
import type { Employer, EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { fieldOf } from '../http/request-context';
import { isFormRequest, type PublicError } from '../http/route-config';
import { RequestValidationError } from '../http/validation';
import { translator, type Language } from '../i18n';
import { renderErrorPage } from '../web/error-page';
import { setPageHeaders } from '../web/security-headers';
import type { LoginService } from './login-service';
import { renderLoginPage, renderLogoutPage } from './pages';
import { DEFAULT_NEXT, safeRedirectPath } from './safe-next';
import { isFromThisSite } from './fetch-site';
import type { SessionManager } from './sessions';

export interface AuthRouteDeps {
  config: Config;
  employers: EmployerRepository;
  logins: LoginService;
  sessions: SessionManager;
}

const formOrJson = <J, F>(json: J, form: F) => ({
  content: {
    'application/json': { schema: json },
    'application/x-www-form-urlencoded': { schema: form },
  },
});

/** Where to go after signing in when the page was opened without `next`: careers of the same employer. */
function defaultNext(query: LoginPageParams): string {
  const params = new URLSearchParams();
  if (query.domain) params.set('domain', query.domain);
  if (query.microsite) params.set('microsite', query.microsite);
  if (query.pid) params.set('pid', query.pid);
  const search = params.toString();
  return search ? `${DEFAULT_NEXT}?${search}` : DEFAULT_NEXT;
}

/** Error code of a sign-in refused because the employer does not let candidates sign in (403). */
export const CANDIDATE_LOGIN_DISABLED = 'candidate_login_disabled';

function minutesUntil(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** Sign-in and sign-out: the login page, the login call, and the sign-out redirect, page and call. */
export async function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, employers, logins, sessions } = deps;

  /** A form post's employer; never fails on a bad or unknown domain (the form is shown for the default one). */
  async function employerForForm(request: FastifyRequest, domain: unknown): Promise<Employer> {
    const known = typeof domain === 'string' && domain.length <= 253 ? await employers.find(domain) : null;
    return known ?? resolveEmployer(employers, undefined, request.session?.domain, config.defaultDomain);
  }

  async function sendLoginPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { employer: Employer; lang: Language; next: string; email?: string; error?: string },
  ) {
    const csrfToken = sessions.pageCsrfToken(request, reply);
    return setPageHeaders(reply).send(
      renderLoginPage({
        lang: page.lang,
        companyName: page.employer.companyName,
        domain: page.employer.domain,
        csrfToken,
        next: page.next,
        email: page.email,
        error: page.error,
        signupEnabled: page.employer.candidateLoginEnabled && page.employer.candidateSignupEnabled,
      }),
    );
  }

  /** Shows the login form again after a failed form post, keeping the typed email and `next`. */
  async function showLoginFormAgain(request: FastifyRequest, reply: FastifyReply, statusCode: number, error: string) {
    // The post may have failed validation: its fields are read as they came.
    const email = fieldOf(request.body, 'email');
    reply.code(statusCode);
    return sendLoginPage(request, reply, {
      employer: await employerForForm(request, fieldOf(request.body, 'domain')),
      lang: request.language,
      next: safeRedirectPath(fieldOf(request.body, 'next')),
      email: typeof email === 'string' ? email.slice(0, 254) : undefined,
      error,
    });
  }

  const loginFormError = (request: FastifyRequest, reply: FastifyReply, failure: PublicError) => {
    const t = translator(request.language);
    const message =
      failure.body.code === ServerErrorCodes.invalidCsrf ? t('login.errors.sessionExpired') : failure.body.message;
    return showLoginFormAgain(request, reply, failure.statusCode, message);
  };

  routes.get(
    '/careers/login',
    {
      schema: {
        summary: 'Candidate login page (HTML)',
        tags: ['auth'],
        querystring: LoginPageQuery,
        produces: ['text/html'],
        response: { 200: { description: 'The login page', type: 'string' } },
      },
      config: { kind: 'page' },
    },
    async (request, reply) => {
      const { query, language: lang } = request;
      const { employer, candidateId } = request.visitor;
      const next = query.next === undefined ? defaultNext(query) : safeRedirectPath(query.next);
      if (candidateId !== null) return reply.header('cache-control', 'no-store').redirect(next, 303);
      // The form stays (an employer may turn sign-in back on), with the reason a sign-in would be refused.
      const error = employer.candidateLoginEnabled
        ? undefined
        : translator(lang)('login.errors.loginDisabled', { company: employer.companyName });
      return sendLoginPage(request, reply, { employer, lang, next, error });
    },
  );

  await app.register(async (forms) => {
    // HTML form posts are accepted only by the sign-in and sign-out calls.
    await forms.register(formbody, { bodyLimit: 16 * 1024 });

    // The body is JSON or a form post, each with its own schema (`content`): its type is named here.
    forms.withTypeProvider<TypeBoxTypeProvider>().post<{ Body: LoginBody | LoginFormBody }>(
      '/api/auth/login',
      {
        schema: {
          summary: 'Sign in (JSON, or the login page form with _csrf)',
          tags: ['auth'],
          body: formOrJson(LoginBody, LoginFormBody),
          response: { 200: LoginResponse, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody },
        },
        attachValidation: true,
        config: { kind: 'api', renderFormError: loginFormError },
      },
      async (request, reply) => {
        const form = isFormRequest(request);
        const validationError = request.validationError;
        if (validationError) {
          if (!form) throw validationError;
          const field = validationError instanceof RequestValidationError ? validationError.field : undefined;
          const t = translator(request.language);
          const message =
            field === 'email'
              ? t('login.errors.invalidEmail')
              : field === 'password'
                ? t('login.errors.passwordRequired')
                : t('login.errors.invalidRequest');
          return showLoginFormAgain(request, reply, 400, message);
        }

        const { body } = request;
        // An employer that does not let candidates sign in: refused before any password is checked or counted.
        const employer = await employers.find(body.domain);
        if (employer && !employer.candidateLoginEnabled) {
          if (form) {
            const t = translator(request.language);
            return showLoginFormAgain(
              request,
              reply,
              403,
              t('login.errors.loginDisabled', { company: employer.companyName }),
            );
          }
          throw new HttpError(
            403,
            CANDIDATE_LOGIN_DISABLED,
            `Candidate sign-in is turned off for ${employer.companyName} (domain "${employer.domain}").`,
            { field: 'domain' },
          );
        }
        const outcome = await logins.attempt({
          domain: body.domain,
          email: body.email,
          password: body.password,
          clientAddress: request.ip,
        });
        if (!outcome.ok) {
          const t = translator(request.language);
          if (outcome.reason === 'rate_limited') {
            reply.header('retry-after', String(outcome.retryAfterSeconds));
            const minutes = minutesUntil(outcome.retryAfterSeconds);
            if (form) return showLoginFormAgain(request, reply, 429, t('login.errors.rateLimited', { count: minutes }));
            throw new HttpError(429, ServerErrorCodes.rateLimited, t('login.errors.rateLimited', { count: minutes }), {
              localized: true,
            });
          }
          if (form) return showLoginFormAgain(request, reply, 401, t('login.errors.invalidCredentials'));
          throw new HttpError(401, ServerErrorCodes.invalidCredentials, t('login.errors.invalidCredentials'), {
            localized: true,
          });
        }

        // The target is made a valid, encoded header value before the session changes, so a sign-in never ends
        // half done (old session destroyed, new cookie not sent) on a `next` the Location header refuses.
        const next = safeRedirectPath(body.next);
        await sessions.signIn(request, reply, outcome.candidate);
        if (form) return reply.redirect(next, 303);
        return { data: { ok: true as const, next } };
      },
    );

    forms.withTypeProvider<TypeBoxTypeProvider>().post<{ Body: LogoutBody | LogoutFormBody }>(
      '/api/auth/logout',
      {
        schema: {
          summary: 'Sign out (JSON, or the sign-out page form with _csrf)',
          tags: ['auth'],
          body: formOrJson(LogoutBody, LogoutFormBody),
          response: { 200: LogoutResponse, 400: ApiErrorBody, 403: ApiErrorBody },
        },
        config: { kind: 'api', renderFormError: renderErrorPage },
      },
      async (request, reply) => {
        // A JSON sign-out may come with no body at all (the body is optional: registerOptionalBodies).
        const next = safeRedirectPath(request.body?.next);
        await sessions.signOut(request, reply);
        if (isFormRequest(request)) return reply.redirect(next, 303);
        return { data: { ok: true as const, next } };
      },
    );
  });

  routes.get(
    '/logout',
    {
      schema: {
        summary: 'Sends the browser to the sign-out page of its employer',
        tags: ['auth'],
        querystring: LogoutQuery,
        response: { 302: { description: 'Redirect to /api/auth/logout', type: 'null' } },
      },
      config: { kind: 'page' },
    },
    async (request, reply) => {
      const { query, session } = request;
      // Signed in, the sign-out is the session's employer's whatever `domain` the address names (the visitor's
      // employer is the named one).
      const employer =
        session?.candidateId != null
          ? await resolveEmployer(employers, undefined, session.domain, config.defaultDomain)
          : request.visitor.employer;
      const target = new URLSearchParams({ domain: employer.domain, next: DEFAULT_NEXT });
      if (query.hl) target.set('hl', query.hl);
      return reply.header('cache-control', 'no-store').redirect(`/api/auth/logout?${target.toString()}`, 302);
    },
  );

  routes.get(
    '/api/auth/logout',
    {
      schema: {
        summary:
          'Sign-out page (HTML): posts the sign-out form at once when opened from this site, else asks for a click',
        tags: ['auth'],
        querystring: LogoutQuery,
        produces: ['text/html'],
        response: { 200: { description: 'The sign-out page', type: 'string' } },
      },
      config: { kind: 'page' },
    },
    async (request, reply) => {
      const { query } = request;
      const employer = await employerForForm(request, query.domain);
      const next = safeRedirectPath(query.next);
      const csrfToken = sessions.pageCsrfToken(request, reply);
      return setPageHeaders(reply).send(
        renderLogoutPage({
          lang: request.language,
          csrfToken,
          next,
          domain: employer.domain,
          atOnce: isFromThisSite(request),
        }),
      );
    },
  );
}
