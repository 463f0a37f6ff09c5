import formbody from '@fastify/formbody';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderConfirmLinkPage, renderInvalidLinkPage, renderSentPage } from '../auth/account-pages';
import {
  AccountErrorCodes,
  ApiErrorBody,
  JobAlertBody,
  LinkPageQuery,
  MailSentResponse,
  type SearchQuery,
} from '../contract';
import { HttpError } from '../http/errors';
import { fieldOf } from '../http/request-context';
import { isFormRequest } from '../http/route-config';
import type { ServerDeps } from '../http/server-deps';
import { translator } from '../i18n';
import { escapeHtml, renderDocument } from '../web/html';
import { setPageHeaders } from '../web/security-headers';
import { createJobAlertRepository, type AlertKind } from './job-alerts';

const tags = ['job alerts'];
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Job alerts of signed-out visitors and the one-click unsubscribe of every alert mail
 * (docs/product/accounts-and-mail.md#job-alerts).
 */
export async function registerJobAlertRoutes(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'db' | 'sessions' | 'accounts' | 'alertMailer' | 'positionService' | 'employers'>,
): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, sessions, accounts, alertMailer, positionService, employers } = deps;

  const page = (reply: FastifyReply, html: string, status = 200) => {
    setPageHeaders(reply.code(status)).header('referrer-policy', 'no-referrer');
    return reply.send(html);
  };

  routes.post(
    '/api/pcsx/job_alerts',
    {
      schema: {
        summary:
          'A signed-out visitor subscribes a search (the parameters of GET /api/pcsx/search, filters as `filter_{name}`) ' +
          'to their email, with consent to the employer’s privacy text. 202 and a confirmation link (7 days); nothing ' +
          'else is sent before it is followed. 403 `job_alerts_disabled` unless the employer’s ' +
          '`loggedOutNotificationConfig.enabled`; 429 past the mail limits',
        tags,
        body: JobAlertBody,
        response: { 202: MailSentResponse, 400: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody },
      },
      config: { kind: 'api' },
    },
    async (request, reply) => {
      const { employer } = request.visitor;
      const t = translator(request.language);
      if (employer.pcsxConfig.loggedOutNotificationConfig?.enabled !== true) {
        throw new HttpError(
          403,
          'job_alerts_disabled',
          t('account.alerts.disabled', { company: employer.companyName }),
          {
            field: 'domain',
            localized: true,
          },
        );
      }
      const { email, query, location, sort_by: sortBy, filters } = request.body;
      const search: SearchQuery = { query, location, sort_by: sortBy, ...filters };
      let parameters;
      try {
        parameters = positionService.searchParameters(search, employer.domain, new Date());
      } catch (error) {
        // The search's checks name its query string; here the same fields come in the body.
        if (error instanceof HttpError && error.statusCode === 400 && error.message.startsWith('querystring/')) {
          throw new HttpError(400, error.code, `body/${error.message.slice('querystring/'.length)}`, error.options);
        }
        throw error;
      }
      await accounts.subscribeJobAlert(
        { employer, lang: request.language, clientAddress: request.ip, now: new Date() },
        { email, parameters },
      );
      reply.code(202);
      return { data: { ok: true as const, email } };
    },
  );

  routes.get(
    '/careers/alerts/confirm',
    {
      schema: {
        summary: 'Page of the link that confirms a job alert: asks for one click, uses nothing (HTML)',
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
      const t = translator(request.language);
      const token = request.query.token ?? '';
      const found = TOKEN.test(token) ? await accounts.peekToken('alert_confirm', token) : null;
      const employer = (found && (await employers.find(found.domain))) || request.visitor.employer;
      if (!found) {
        return page(
          reply,
          renderInvalidLinkPage({ lang: request.language, companyName: employer.companyName, domain: employer.domain }),
          410,
        );
      }
      return page(
        reply,
        renderConfirmLinkPage({
          lang: request.language,
          companyName: employer.companyName,
          domain: employer.domain,
          csrfToken: sessions.pageCsrfToken(request, reply),
          heading: t('account.alerts.confirmHeading'),
          message: t('account.alerts.confirmIntro', { email: found.email }),
          action: '/api/pcsx/job_alerts/confirm',
          submit: t('account.alerts.confirmSubmit'),
          token,
        }),
      );
    },
  );

  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 16 * 1024 });

    forms.post(
      '/api/pcsx/job_alerts/confirm',
      {
        schema: {
          summary:
            'Follows a job alert’s confirmation link (JSON, or the page’s form): the alert starts. 400 `invalid_token`',
          tags,
          body: {
            content: {
              'application/json': {
                schema: Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
              },
              'application/x-www-form-urlencoded': {
                schema: Type.Object(
                  {
                    token: Type.String({ maxLength: 200 }),
                    _csrf: Type.Optional(Type.String({ maxLength: 200 })),
                    hl: Type.Optional(Type.String({ maxLength: 35 })),
                  },
                  { additionalProperties: false },
                ),
              },
            },
          },
          response: {
            200: Type.Object({ data: Type.Object({ ok: Type.Literal(true), next: Type.String() }) }),
            400: ApiErrorBody,
          },
        },
        config: { kind: 'api' },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const t = translator(request.language);
        const token = String(fieldOf(request.body, 'token') ?? '');
        const employer = request.visitor.employer;
        try {
          if (!TOKEN.test(token))
            throw new HttpError(400, AccountErrorCodes.invalidToken, t('account.errors.invalidToken'), {
              field: 'token',
              localized: true,
            });
          const next = await accounts.confirmJobAlert(token, request.language, new Date());
          if (!isFormRequest(request)) return { data: { ok: true as const, next } };
          return page(
            reply,
            renderSentPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
              heading: t('account.alerts.confirmedHeading'),
              message: t('account.alerts.confirmed'),
            }),
          );
        } catch (error) {
          if (!isFormRequest(request) || !(error instanceof HttpError)) throw error;
          return page(
            reply,
            renderInvalidLinkPage({
              lang: request.language,
              companyName: employer.companyName,
              domain: employer.domain,
            }),
            410,
          );
        }
      },
    );

    // The one-click unsubscribe (RFC 8058): a mail client posts `List-Unsubscribe=One-Click` to the address of the
    // `List-Unsubscribe` header, with no cookie and no CSRF token: the address's signature is the authority, so the
    // route has no `kind` (no session, no CSRF check). A person opening the address gets a page with the same form.
    const unsubscribeQuery = Type.Object(
      {
        k: Type.Union([Type.Literal('saved'), Type.Literal('guest')]),
        id: Type.Integer({ minimum: 1 }),
        sig: Type.String({ minLength: 1, maxLength: 100 }),
        hl: Type.Optional(Type.String({ maxLength: 35 })),
      },
      { additionalProperties: false },
    );
    type UnsubscribeQuery = { k: AlertKind; id: number; sig: string };
    const unsubscribePage = (request: FastifyRequest, reply: FastifyReply, query: UnsubscribeQuery, done: boolean) => {
      const lang = request.language;
      const t = translator(lang);
      if (!alertMailer.verify(query.k, query.id, query.sig)) {
        return page(reply, renderInvalidLinkPage({ lang, companyName: '', domain: '' }), 410);
      }
      const action = `/careers/alerts/unsubscribe?${new URLSearchParams({ k: query.k, id: String(query.id), sig: query.sig, hl: lang }).toString()}`;
      const body = done
        ? `<main class="card" aria-labelledby="page-heading"><h1 id="page-heading">${escapeHtml(t('account.alerts.unsubscribedHeading'))}</h1><p role="status">${escapeHtml(t('account.alerts.unsubscribed'))}</p></main>`
        : `<main class="card" aria-labelledby="page-heading"><h1 id="page-heading">${escapeHtml(t('account.alerts.unsubscribeHeading'))}</h1><p>${escapeHtml(t('account.alerts.unsubscribeIntro'))}</p><form method="post" action="${escapeHtml(action)}" class="form"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="button">${escapeHtml(t('account.alerts.unsubscribeSubmit'))}</button></form></main>`;
      return page(
        reply,
        renderDocument({
          lang,
          title: t(done ? 'account.alerts.unsubscribedHeading' : 'account.alerts.unsubscribeHeading'),
          body,
        }),
      );
    };

    const typed = forms.withTypeProvider<TypeBoxTypeProvider>();
    typed.get(
      '/careers/alerts/unsubscribe',
      {
        schema: {
          summary:
            'Page of an alert mail’s unsubscribe link: one button (HTML; the signature in the address is the authority)',
          tags,
          querystring: unsubscribeQuery,
          produces: ['text/html'],
          response: {
            200: { description: 'The page', type: 'string' },
            410: { description: 'Not a valid link', type: 'string' },
          },
        },
      },
      async (request, reply) => unsubscribePage(request, reply, request.query, false),
    );

    typed.post(
      '/careers/alerts/unsubscribe',
      {
        schema: {
          summary:
            'One-click unsubscribe (RFC 8058) of an alert mail: a candidate’s saved search stops its alerts, a visitor’s job alert ends. No session, no CSRF token: the signature in the address is the authority',
          tags,
          querystring: unsubscribeQuery,
          body: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: Type.Object(
                  { 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 20 })) },
                  { additionalProperties: true },
                ),
              },
            },
          },
          produces: ['text/html'],
          response: {
            200: { description: 'Unsubscribed', type: 'string' },
            410: { description: 'Not a valid link', type: 'string' },
          },
        },
      },
      async (request, reply) => {
        const { k, id, sig } = request.query;
        if (alertMailer.verify(k, id, sig)) {
          if (k === 'guest') await createJobAlertRepository(db).unsubscribe(id, new Date());
          else await db.updateTable('saved_searches').set({ alerts_enabled: 0 }).where('id', '=', id).execute();
        }
        return unsubscribePage(request, reply, request.query, true);
      },
    );
  });
}
