import type { FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../contract';
import { DEFAULT_LANGUAGE, translator } from '../i18n';
import { ServerErrorCodes } from './errors';
import type { PublicError } from './route-config';

/** The general texts of `apiErrors` in the server's catalogues, one per kind of failure. */
type GeneralText =
  | 'invalid'
  | 'loginRequired'
  | 'invalidCsrf'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'gone'
  | 'tooLarge'
  | 'rateLimited'
  | 'unavailable'
  | 'internal';

const BY_STATUS: Readonly<Record<number, GeneralText>> = {
  401: 'loginRequired',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  410: 'gone',
  413: 'tooLarge',
  429: 'rateLimited',
  503: 'unavailable',
};

function generalText(body: ApiErrorBody): GeneralText {
  if (body.code === ServerErrorCodes.invalidCsrf) return 'invalidCsrf';
  const byStatus = BY_STATUS[body.statusCode];
  if (byStatus) return byStatus;
  return body.statusCode >= 500 ? 'internal' : 'invalid';
}

function requestLanguage(request: FastifyRequest): string {
  try {
    return request.language;
  } catch {
    // The language could not be worked out (the failure may be that very lookup): the route's own words.
    return DEFAULT_LANGUAGE;
  }
}

/**
 * An API error's body as the caller reads it (docs/product/languages.md#error-messages): `message` is for people, so
 * for a request in another language than English a message the route wrote in English (most of them name a field or
 * a value for developers) becomes the general text of its kind in that language, and the English goes to `detail`.
 * Messages the route wrote with the request's translator, and every answer in English, are sent as they are. The
 * status, `code` and `field` never change.
 */
export function inRequestLanguage(request: FastifyRequest, failure: PublicError): ApiErrorBody {
  const language = requestLanguage(request);
  if (failure.localized || language === DEFAULT_LANGUAGE) return failure.body;
  const message = translator(language)(`apiErrors.${generalText(failure.body)}`);
  return { ...failure.body, message, detail: failure.body.message };
}
