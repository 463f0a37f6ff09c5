import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { ApiErrorBody, Envelope, LanguageTag } from '../contract';
import type { Database } from '../db/types';
import { errorBody, HttpError, ServerErrorCodes } from '../http/errors';
import { toPublicError } from '../http/error-handler';
import { typeboxValidatorCompiler } from '../http/validation';
import { translator } from '../i18n';
import { languagePlugin } from '../i18n/plugin';
import { createStoredFileRepository } from '../offers/stored-files';
import { sendPrivatePdf } from '../offers/pdf';
import { constantTimeEqual } from '../auth/tokens';
import { esignOrigins, originOf } from './origins';
import { createAllowedOriginRepository } from '../employers/allowed-origins';
import { ESIGN_ASSETS_PREFIX, esignPageCsp, renderEsignErrorPage, renderEsignPage } from './page';
import { createEsignRepository, type EsignSessionContext } from './repository';
import { loggerOptions, type RequestLogging } from './request-log';

/** A link to an e-sign session that does not exist (or expired), in the request's language. */
const unknownSession = (t: (key: string) => string) =>
  new HttpError(404, ServerErrorCodes.notFound, t('esign.api.unknownSession'), { localized: true });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The e-sign signing page: failures are rendered as an HTML page that the careers site may frame. */
    esignPage?: boolean;
  }
}

const EsignTokenParams = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

const EsignPageQuery = Type.Object(
  {
    /** Origin of the careers page that frames the signing page; must be one the server serves (400 otherwise). */
    parent: Type.Optional(Type.String({ maxLength: 300 })),
    hl: Type.Optional(LanguageTag),
  },
  { additionalProperties: true },
);

const EsignCompleteBody = Type.Object(
  {
    outcome: Type.Union([Type.Literal('signed'), Type.Literal('rejected')]),
    /** The session's signer key, from the fragment of the signing link the careers API gave the candidate (403 without). */
    key: Type.Optional(Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);

const EsignCompleteResponse = Envelope(
  Type.Object({
    status: Type.Union([Type.Literal('signed'), Type.Literal('rejected')]),
    completed_at: Type.Union([Type.String(), Type.Null()]),
  }),
);

/** Query of the completion call: `hl`, the language of its messages (the page passes its own). */
const EsignCompleteQuery = Type.Object({ hl: Type.Optional(LanguageTag) }, { additionalProperties: true });

export interface BuildEsignAppOptions {
  db: Kysely<Database>;
  config: Config;
  /** Request logging (pino) on stdout (or a stream); session tokens in addresses are redacted. */
  logger?: RequestLogging;
}

/**
 * The e-sign reference server: a second Fastify instance on its own port (ESIGN_PORT) over the same
 * database. It shows a signing page inside the careers site's frame, records the outcome of each session,
 * and tells the framing page with `window.parent.postMessage` (only to an allowed careers origin).
 */
export async function buildEsignApp({ db, config, logger = false }: BuildEsignAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(typeboxValidatorCompiler);
  app.removeContentTypeParser('text/plain');
  // The careers server's language rule (decision 025); nobody signs in here, so no chosen language.
  await app.register(languagePlugin, {});
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  const sessions = createEsignRepository(db);
  const files = createStoredFileRepository(db);
  const allowedOrigins = createAllowedOriginRepository(db);
  const csp = esignPageCsp(config.publicOrigins);
  // The origins this server's pages are served from (ESIGN_PUBLIC_URL, else each careers host with ESIGN_PORT):
  // the only origins the signing page's own requests come from. The Host header is never trusted for this.
  const ownOrigins = new Set<string>(esignOrigins(config));

  const sendPage = (reply: FastifyReply, status: number, html: string, pageCsp = csp) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp)
      .header('referrer-policy', 'no-referrer')
      .send(html);

  app.setErrorHandler(async (error, request, reply) => {
    const failure = toPublicError(error);
    // A 503 is the database briefly away (locked or down, see db/unavailable.ts): one warning, no stack, so an
    // outage does not fill the log; any other 5xx is a fault worth its stack.
    if (failure.statusCode === 503) request.log.warn({ reason: (error as Error).message }, 'answered 503');
    else if (failure.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    reply.headers(failure.headers);
    if (request.routeOptions.config.esignPage)
      return sendPage(reply, failure.statusCode, renderEsignErrorPage(request.language, failure.body.message));
    return reply
      .code(failure.statusCode)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(failure.body);
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(
        errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found.`, ServerErrorCodes.notFound),
      ),
  );

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(fastifyStatic, {
    root: path.join(__dirname, 'assets'),
    prefix: ESIGN_ASSETS_PREFIX,
    index: false,
    list: false,
    maxAge: '1h',
  });

  routes.get(
    '/esign/sessions/:token',
    { schema: { params: EsignTokenParams, querystring: EsignPageQuery }, config: { esignPage: true } },
    async (request, reply) => {
      const { token } = request.params;
      const { parent = '' } = request.query;
      const lang = request.language;
      const t = translator(lang);
      const parentOrigin = originOf(parent);
      const unknownParent = () => sendPage(reply, 400, renderEsignErrorPage(lang, t('esign.errors.unknownParent')));
      if (parentOrigin === null || parentOrigin !== parent.replace(/\/$/, '')) return unknownParent();
      const session = await sessions.find(token, new Date());
      if (!session) return sendPage(reply, 404, renderEsignErrorPage(lang, t('esign.errors.unknownSession')));
      // The careers server's own pages, or a page of an origin the session's employer allows (its own career page,
      // docs/product/offers-and-signing.md#e-sign-on-the-employers-page): only that page may frame this one, and
      // only it hears the outcome.
      const ownParent = config.publicOrigins.includes(parentOrigin);
      if (!ownParent && !(await allowedOrigins.isAllowed(session.employerDomain, parentOrigin))) return unknownParent();
      const html = renderEsignPage({ lang, session, parentOrigin });
      return sendPage(reply, 200, html, ownParent ? csp : esignPageCsp([...config.publicOrigins, parentOrigin]));
    },
  );

  routes.get(
    '/esign/sessions/:token/document',
    { schema: { params: EsignTokenParams, response: { 404: ApiErrorBody, 410: ApiErrorBody } } },
    async (request, reply) => {
      const { token } = request.params;
      const t = translator(request.language);
      const session = await sessions.find(token, new Date());
      // A form question's session signs the question itself: it has no document.
      if (!session || session.kind !== 'offer') throw unknownSession(t);
      // Once the offer is answered, canceled or expired, the token no longer opens anything (the careers site, with
      // the candidate's session, still serves the documents).
      if (!session.offerLive) throw new HttpError(410, 'gone', t('esign.api.documentClosed'), { localized: true });
      const file = session.originalFileId !== null ? await files.find(session.originalFileId) : null;
      if (!file) throw unknownSession(t);
      return sendPrivatePdf(reply, session.documentName, file.content);
    },
  );

  routes.post(
    '/esign/sessions/:token/complete',
    {
      // Only the signing page itself may record an outcome: a browser always sends Origin on this POST, and it
      // must be this server's own origin (checked before the body, so a foreign page learns nothing more).
      preValidation: async (request) => {
        const sent = typeof request.headers.origin === 'string' ? originOf(request.headers.origin) : null;
        if (sent === null || !ownOrigins.has(sent))
          throw new HttpError(
            403,
            ServerErrorCodes.forbidden,
            translator(request.language)('esign.api.foreignOrigin'),
            { localized: true },
          );
      },
      schema: {
        params: EsignTokenParams,
        querystring: EsignCompleteQuery,
        body: EsignCompleteBody,
        response: {
          200: EsignCompleteResponse,
          400: ApiErrorBody,
          403: ApiErrorBody,
          404: ApiErrorBody,
          409: ApiErrorBody,
        },
      },
    },
    async (request) => {
      const { token } = request.params;
      const { outcome, key } = request.body;
      const t = translator(request.language);
      const now = new Date();
      const session = await sessions.find(token, now);
      if (!session) throw unknownSession(t);
      // The token alone (a link that travelled: a log, a referrer, a shared screen) is not enough: the signer key
      // was handed only to the candidate the offer or form belongs to, in the link's fragment.
      if (key === undefined || session.signerKey === null || !constantTimeEqual(key, session.signerKey)) {
        const message = session.kind === 'offer' ? 'esign.api.wrongSigner' : 'esign.api.wrongSignerForm';
        throw new HttpError(403, ServerErrorCodes.forbidden, t(message), { localized: true });
      }
      /** Why this session can no longer take `outcome` though it is pending, or null when it can. */
      const closedMessage = (current: EsignSessionContext): string | null => {
        if (current.kind === 'offer')
          return outcome === 'signed' && (!current.offerLive || current.documentSigned)
            ? t('esign.api.offerClosed')
            : null;
        if (current.item === null) return t('esign.api.itemGone');
        // A submitted form is read-only: its e-sign answers stay what it was submitted with.
        return current.formCompleted ? t('esign.api.formClosed') : null;
      };
      const settle = (current: EsignSessionContext) => {
        if (current.status === outcome) return { data: { status: outcome, completed_at: current.completedAt } };
        const closed = current.status === 'pending' ? closedMessage(current) : null;
        throw new HttpError(409, ServerErrorCodes.conflict, closed ?? t('esign.api.alreadyCompleted'), {
          localized: true,
        });
      };
      if (session.status !== 'pending') return settle(session);
      const closed = closedMessage(session);
      if (closed !== null) throw new HttpError(409, ServerErrorCodes.conflict, closed, { localized: true });
      if ((await sessions.complete(session, outcome, session.candidateName, now)) === 0) {
        const current = await sessions.find(token, now);
        if (!current) throw unknownSession(t);
        return settle(current);
      }
      return { data: { status: outcome, completed_at: now.toISOString() } };
    },
  );

  await app.ready();
  return app;
}
