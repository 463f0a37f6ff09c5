import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { accessPlugin } from './auth/access';
import { createLoginService } from './auth/login-service';
import { createRateLimiter, registerRateLimitPurge } from './auth/rate-limit';
import { registerAuthRoutes } from './auth/routes';
import { registerAccountRoutes } from './auth/account-routes';
import { createAccountService } from './auth/accounts';
import { createAccountTokens, type AccountTokens } from './auth/account-tokens';
import { registerDevInbox } from './mail/dev-inbox';
import { registerJobAlertRoutes } from './saved-searches/job-alert-routes';
import { createAlertMailer } from './saved-searches/job-alerts';
import { createOutbox, purgeOldMail } from './mail/outbox';
import { createMailSender } from './mail/sender';
import { createSmtpTransport } from './mail/smtp-transport';
import { loadServerSecret } from './auth/server-secret';
import { createSessionStore } from './auth/session-store';
import { registerSessions } from './auth/sessions';
import { createCandidateRepository } from './candidates/repository';
import type { Config } from './config';
import type { Database } from './db/types';
import { createEmployerRepository } from './employers/repository';
import { loggerOptions, type RequestLogging } from './esign/request-log';
import { registerGeoRoutes } from './geo/routes';
import { registerFormRoutes } from './forms/routes';
import { createFormAssignmentRepository, registerFormsCentreRoutes } from './forms/forms-centre';
import { createFormEsign } from './forms/esign';
import { createFormRepository } from './forms/repository';
import { registerDashboardRoutes } from './dashboard/routes';
import { corsPlugin } from './http/cors';
import { registerDebugParameter } from './http/debug-param';
import { registerErrorHandling } from './http/error-handler';
import { errorBody, ServerErrorCodes } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi';
import { registerOptionalBodies } from './http/optional-body';
import type { ServerDeps } from './http/server-deps';
import { typeboxValidatorCompiler } from './http/validation';
import { createNotificationRepository } from './notifications/repository';
import { registerOfferRoutes } from './offers/routes';
import { createOfferService } from './offers/service';
import { createStoredFileRepository } from './offers/stored-files';
import { languagePlugin } from './i18n/plugin';
import { registerOnboardingRoutes } from './onboarding/routes';
import { registerProfileRoutes } from './profile/routes';
import { employerOpenPlacesOf, registerPositionRoutes } from './positions/routes';
import { createPositionServices } from './positions/service';
import { registerNotificationRoutes } from './notifications/routes';
import { createSavedSearchRepository } from './saved-searches/repository';
import { registerSavedSearchRoutes } from './saved-searches/routes';
import { registerSettingsRoutes } from './settings/routes';
import { createPageViewRepository } from './vslog/repository';
import { registerVslogRoutes } from './vslog/routes';
import { registerBootDataRoute } from './web/boot-api';
import { registerHostPageRoutes } from './web/host-page';
import { createJobPageSource } from './web/job-page';
import { registerSeoRoutes } from './web/seo';
import { STRICT_TRANSPORT_SECURITY } from './web/security-headers';
import { registerStaticFiles } from './web/static-files';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Config;
  /** Structured request logging (pino) on stdout (or a stream); secrets in addresses are redacted. */
  logger?: RequestLogging;
}

/**
 * The outbox and, with `SMTP_URL`, its sender (started with the app, stopped when it closes). Without it the mail is
 * kept for the development inbox.
 */
function startMail(app: FastifyInstance, db: Kysely<Database>, config: Config) {
  const messageHost = new URL(config.publicOrigins[0]!).hostname;
  if (!config.smtpUrl) return { outbox: createOutbox({ delivering: false, messageHost }) };
  const sender = createMailSender({
    db,
    transport: createSmtpTransport(config.smtpUrl),
    from: config.mailFrom,
    log: app.log,
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  return { outbox: createOutbox({ delivering: true, messageHost, onWake: () => sender.wake() }), sender };
}

/**
 * Every hour while the app runs: expired links and codes, and mail past its retention (any process may; the deletes
 * are idempotent).
 */
function registerAccountPurge(app: FastifyInstance, db: Kysely<Database>, tokens: AccountTokens): void {
  const purge = setInterval(
    () => {
      const now = new Date();
      Promise.all([tokens.purgeExpired(now), purgeOldMail(db, now)]).catch((error: unknown) =>
        app.log.error({ err: error }, 'account token or mail purge failed'),
      );
    },
    60 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}

/** The careers API server: routes, sessions, CSRF, validation and static files over one database. */
export async function buildApp({ db, config, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  // On every answer: no MIME sniffing; HSTS when the cookies are Secure (security-headers.ts).
  const everyAnswerHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    ...(config.cookieSecure ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  const app = Fastify({
    logger: loggerOptions(logger),
    trustProxy: config.trustProxy,
    // 1 MB for JSON; the document accept call sets its own limit (a signed PDF of up to 10 MB, base64).
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // No router limit on a parameter's length (its default, 100 characters, answers a long id 414 before
    // validation): the contract's limits (at most 64 characters, or an integer) answer 400 naming the parameter.
    // Node bounds the request line anyway (431 past its header limit, 16 KB by default).
    routerOptions: { maxParamLength: Number.MAX_SAFE_INTEGER },
    // Errors raised before routing (a URL that cannot be decoded) get the same body as every other error.
    frameworkErrors: (error, _request, frameworkReply) => {
      const status = error.statusCode ?? 400;
      const reply = frameworkReply as unknown as FastifyReply;
      // Answered before routing, so without the onSend hook below: its headers are set here too.
      for (const [name, value] of Object.entries(everyAnswerHeaders)) reply.header(name, value);
      void reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send(errorBody(status, `${error.message}.`, ServerErrorCodes.badRequest));
    },
  });

  // A broken employer configuration is reported in the server log (once per distinct problem), not on stderr.
  const employers = createEmployerRepository(db, { warn: (message) => app.log.warn(message) });
  const candidates = createCandidateRepository(db);

  app.setValidatorCompiler(typeboxValidatorCompiler);
  registerErrorHandling(app, { employers, candidates, defaultDomain: config.defaultDomain });
  registerDebugParameter(app);
  registerOptionalBodies(app);
  // Only JSON (and, on the sign-in routes, HTML form posts) are accepted as request bodies.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  await registerOpenApi(app);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(everyAnswerHeaders)) reply.header(name, value);
    return payload;
  });

  await app.register(corsPlugin, { db, config });
  const sessionStore = createSessionStore(db);
  const sessions = registerSessions(app, {
    store: sessionStore,
    cookieSecure: config.cookieSecure,
    csrfSecret: await loadServerSecret(db, 'anonymous-csrf'),
  });
  // Before every route: `request.visitor`, then `request.language` (which reads the visitor's candidate).
  await app.register(accessPlugin, { employers, defaultDomain: config.defaultDomain });
  await app.register(languagePlugin, { candidates });

  // Every repository and service once (decision 025); each route module takes what it names from this object.
  const limiter = registerRateLimitPurge(app, createRateLimiter(db));
  const positionServices = createPositionServices(db);
  const mail = startMail(app, db, config);
  const accountSecret = await loadServerSecret(db, 'account-tokens');
  const accountTokens = createAccountTokens(db, accountSecret);
  registerAccountPurge(app, db, accountTokens);
  const accounts = createAccountService({
    db,
    candidates,
    positions: positionServices.positions,
    tokens: accountTokens,
    outbox: mail.outbox,
    limiter,
    siteOrigin: config.publicOrigins[0]!,
    limitPerAddress: config.trustProxy !== false,
    endSessions: (candidateId) => sessionStore.destroyAllOf(candidateId),
  });
  const deps: ServerDeps = {
    db,
    config,
    employers,
    candidates,
    sessions,
    limiter,
    logins: createLoginService(candidates, limiter, { limitPerAddress: config.trustProxy !== false }),
    notifications: createNotificationRepository(db),
    pageViews: createPageViewRepository(db),
    offers: createOfferService(db),
    storedFiles: createStoredFileRepository(db),
    forms: createFormRepository(db),
    formAssignments: createFormAssignmentRepository(db),
    formEsign: createFormEsign(db),
    savedSearches: createSavedSearchRepository(db),
    positions: positionServices.positions,
    search: positionServices.search,
    positionService: positionServices.service,
    jobPages: createJobPageSource(db, positionServices.positions),
    accounts,
    alertMailer: createAlertMailer({
      outbox: mail.outbox,
      siteOrigin: config.publicOrigins[0]!,
      secret: accountSecret,
    }),
  };

  await registerAuthRoutes(app, deps);
  await registerAccountRoutes(app, deps);
  if (config.devInbox) registerDevInbox(app, db);
  registerNotificationRoutes(app, deps);
  registerVslogRoutes(app, deps);
  await registerOfferRoutes(app, deps);
  registerOnboardingRoutes(app, deps);
  await registerProfileRoutes(app, deps);
  registerPositionRoutes(app, { ...deps, service: deps.positionService });
  registerSavedSearchRoutes(app, deps);
  await registerJobAlertRoutes(app, deps);
  registerFormRoutes(app, deps);
  registerFormsCentreRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerGeoRoutes(app, { employerOpenPlaces: employerOpenPlacesOf(deps) });
  registerOpenApiRoute(app);
  registerSeoRoutes(app, deps);
  registerBootDataRoute(app, deps);
  registerHostPageRoutes(app, deps);
  await registerStaticFiles(app, config);

  await app.ready();
  return app;
}
