import { STATUS_CODES } from 'node:http';
import { ErrorCodes, Headers, type ApiErrorBody } from '../contract';

/** Error codes the server adds to the contract's `ErrorCodes` for transport-level failures. */
export const ServerErrorCodes = {
  ...ErrorCodes,
  badRequest: 'bad_request',
  forbidden: 'forbidden',
  invalidCredentials: 'invalid_credentials',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notificationsDisabled: 'notifications_disabled',
  serviceUnavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;

/** An error whose status, code and message are safe to show to the client as they are. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly options: {
      field?: string;
      headers?: Record<string, string>;
      /**
       * The message is written in the request's language (from its translator), so it is shown as it is; any other
       * message is the route's English, replaced for a request in another language (./localize-error.ts).
       */
      localized?: boolean;
    } = {},
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return errorBody(this.statusCode, this.message, this.code, this.options.field);
  }
}

export function errorBody(statusCode: number, message: string, code?: string, field?: string): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code === undefined ? {} : { code }),
    ...(field === undefined ? {} : { field }),
  };
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, ServerErrorCodes.validation, message, field === undefined ? {} : { field });

export const notFound = (message: string) => new HttpError(404, ServerErrorCodes.notFound, message);

export const loginRequired = () =>
  new HttpError(401, ServerErrorCodes.loginRequired, 'Login required.', { headers: { [Headers.login]: '1' } });

export const invalidCsrf = () => new HttpError(403, ServerErrorCodes.invalidCsrf, 'Invalid CSRF token.');

export const forbiddenDomain = (domain: string) =>
  new HttpError(
    403,
    ServerErrorCodes.forbiddenDomain,
    `You are signed in to a different employer and cannot use domain "${domain}".`,
    { field: 'domain' },
  );
