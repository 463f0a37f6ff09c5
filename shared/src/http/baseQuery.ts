import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { QueryParams } from '../contract/address';
import { ApiError, isAbortError, type ApiErrorKind } from './apiError';
import { request, type HttpMethod } from './http';
import { httpMessages, type HttpMessageKey } from './messages';

/** What an endpoint's `query` returns: a path, or a path with request details. */
export interface HttpQueryArgs {
  url: string;
  method?: HttpMethod;
  params?: QueryParams;
  body?: unknown;
  /** When true, a failure raises no page notice. */
  silent?: boolean;
}

/** A failed request as plain, serialisable data (what `error` holds in RTK Query hooks). */
export interface HttpQueryError {
  /** HTTP status; 0 when there was no answer. */
  status: number;
  /** The `ApiError` kind, or `aborted` when the request was cancelled. */
  kind: ApiErrorKind | 'aborted';
  /** English text; show it as is when `messageKey` is absent (the server wrote it). */
  message: string;
  /** i18n key (namespace `common`) to translate at display time. */
  messageKey?: HttpMessageKey;
  code?: string;
  field?: string;
  /** A form's messages by field (the body's `errors` of a 400 `form_invalid`), to show on each field. */
  errors?: Record<string, string>;
}

/** The body's `errors`, when it is an object of texts by field name. */
function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function toQueryError(error: ApiError): HttpQueryError {
  const result: HttpQueryError = { status: error.status, kind: error.kind, message: error.message };
  if (error.messageKey !== undefined) result.messageKey = error.messageKey;
  if (error.code !== undefined) result.code = error.code;
  if (error.field !== undefined) result.field = error.field;
  const errors = fieldErrorsOf(error.body);
  if (errors) result.errors = errors;
  return result;
}

/**
 * RTK Query base query over {@link request}: `{ data }` on success, `{ error: HttpQueryError }` on failure.
 * RTK Query's abort signal is passed on; a cancelled request gives an error of kind `aborted`. Anything else
 * thrown (a programming error, such as a body JSON cannot encode) is rethrown.
 *
 * @example createApi({ baseQuery: httpBaseQuery, endpoints: (b) => ({ offers: b.query({ query: () => '/api/offer/offers' }) }) })
 */
export const httpBaseQuery: BaseQueryFn<string | HttpQueryArgs, unknown, HttpQueryError> = async (args, api) => {
  const { url, method, params, body, silent } = typeof args === 'string' ? { url: args } : args;
  try {
    const data = await request<unknown>(url, { method, query: params, body, silent, signal: api.signal });
    return { data };
  } catch (error) {
    if (error instanceof ApiError) return { error: toQueryError(error) };
    if (isAbortError(error) || api.signal.aborted) {
      return {
        error: {
          status: 0,
          kind: 'aborted',
          message: httpMessages['http.requestProblem'],
          messageKey: 'http.requestProblem',
        },
      };
    }
    throw error;
  }
};
