import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusyError } from '../db/busy';
import { DatabaseUnavailableError } from '../db/unavailable';
import { renderErrorPage, renderServerErrorPage, type ErrorPageSource } from '../web/error-page';
import { errorBody, HttpError, ServerErrorCodes } from './errors';
import { isFormRequest, type PublicError } from './route-config';
import { RequestValidationError } from './validation';
import { inRequestLanguage } from './localize-error';

const FASTIFY_ERRORS: Record<string, { code: string; message?: (error: FastifyError) => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ServerErrorCodes.invalidJson,
    message: () => 'Request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ServerErrorCodes.invalidJson,
    message: () => 'Request body is empty, but its Content-Type says JSON. Send a JSON object.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ServerErrorCodes.unsupportedMediaType,
    message: () => 'Unsupported Content-Type. Send application/json (or a form post where a page does).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ServerErrorCodes.payloadTooLarge, message: () => 'Request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ServerErrorCodes.badRequest },
};

/** Shown when another process kept the database locked past the wait budget (nothing was changed). */
export const databaseBusyMessage = 'The service is busy and nothing was changed. Try again in a few seconds.';

/**
 * Shown while the database cannot be reached (stopped, restarting, connection lost). It does not say "nothing was
 * changed": a connection lost during a COMMIT leaves that unknown (see db/unavailable.ts).
 */
export const databaseUnavailableMessage = 'The service is briefly unavailable. Try again in a few seconds.';

/** Code for a 4xx raised by Fastify or a plugin without one of ours. */
function codeForStatus(status: number): string {
  if (status === 403) return ServerErrorCodes.forbidden;
  if (status === 404) return ServerErrorCodes.notFound;
  return ServerErrorCodes.badRequest;
}

function isClientFastifyError(error: unknown): error is FastifyError {
  if (!(error instanceof Error)) return false;
  const status = (error as Partial<FastifyError>).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Maps any thrown value to what the client may see. Only client mistakes keep their own message. */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof DatabaseBusyError) {
    return {
      statusCode: 503,
      body: errorBody(503, databaseBusyMessage, ServerErrorCodes.serviceUnavailable),
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    };
  }
  if (error instanceof DatabaseUnavailableError) {
    return {
      statusCode: 503,
      body: errorBody(503, databaseUnavailableMessage, ServerErrorCodes.serviceUnavailable),
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: error.toBody(),
      headers: error.options.headers ?? {},
      ...(error.options.localized ? { localized: true } : {}),
    };
  }
  if (error instanceof RequestValidationError) {
    return {
      statusCode: 400,
      body: errorBody(400, error.message, ServerErrorCodes.validation, error.field),
      headers: {},
    };
  }
  if (isClientFastifyError(error)) {
    const status = error.statusCode ?? 400;
    const known = FASTIFY_ERRORS[error.code];
    if (error instanceof SyntaxError && !known) {
      return {
        statusCode: 400,
        body: errorBody(400, 'Request body is not valid JSON.', ServerErrorCodes.invalidJson),
        headers: {},
      };
    }
    return {
      statusCode: status,
      body: errorBody(status, known?.message?.(error) ?? error.message, known?.code ?? codeForStatus(status)),
      headers: {},
    };
  }
  return { statusCode: 500, body: errorBody(500, 'Internal server error.', ServerErrorCodes.internal), headers: {} };
}

async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: PublicError,
  error: unknown,
  errorPage: ErrorPageSource | undefined,
): Promise<unknown> {
  reply.code(failure.statusCode).headers(failure.headers);
  const { kind, renderFormError } = request.routeOptions.config;
  if (renderFormError && isFormRequest(request)) return renderFormError(request, reply, failure);
  // An unexpected failure of a page: the 500 page (go back, contact; the stack for the employer's admin only).
  if (kind === 'page' && failure.statusCode === 500) return renderServerErrorPage(request, reply, error, errorPage);
  if (kind === 'page') return renderErrorPage(request, reply, failure);
  return reply.type('application/json; charset=utf-8').send(inRequestLanguage(request, failure));
}

/**
 * One error format for the whole server: contract `ApiErrorBody` as JSON, or an HTML page for pages and forms.
 * `errorPage`: the lookups of the 500 page (its employer's contact link, the admin's details); without them it still
 * renders, with the default contact link and never the error's details.
 */
export function registerErrorHandling(app: FastifyInstance, errorPage?: ErrorPageSource): void {
  app.setErrorHandler(async (error, request, reply) => {
    const { bodyTooLarge } = request.routeOptions.config;
    const failure = toPublicError(
      bodyTooLarge && (error as Partial<FastifyError>).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new HttpError(413, ServerErrorCodes.payloadTooLarge, bodyTooLarge.message, { field: bodyTooLarge.field })
        : error,
    );
    if (error instanceof DatabaseBusyError)
      request.log.warn({ waitedMs: error.waitedMs }, 'database locked; answered 503');
    else if (error instanceof DatabaseUnavailableError)
      request.log.warn({ reason: (error.cause as Error | undefined)?.message }, 'database unavailable; answered 503');
    else if (failure.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode: failure.statusCode, code: failure.body.code }, failure.body.message);
    return send(request, reply, failure, error, errorPage);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        inRequestLanguage(request, {
          statusCode: 404,
          body: errorBody(404, `Route ${request.method} ${path} not found.`, ServerErrorCodes.notFound),
          headers: {},
        }),
      );
  });
}
