import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../contract';

/** A failure as it is shown to the client. */
export interface PublicError {
  statusCode: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
  /** `body.message` is in the request's language already (HttpError's `localized`). */
  localized?: boolean;
}

/** Answers a failed HTML form post with a page (for example the login form shown again with the message). */
type FormErrorRenderer = (request: FastifyRequest, reply: FastifyReply, error: PublicError) => Promise<unknown>;

/**
 * - `api`: JSON call; loads the session, answers carry the current CSRF token and are never cached.
 * - `page`: HTML rendered by this server; loads the session; failures are shown as an HTML page.
 * Routes without a kind (static files, 404s) never touch the session.
 */
type RouteKind = 'api' | 'page';

declare module 'fastify' {
  interface FastifyContextConfig {
    kind?: RouteKind;
    /** `candidate`: needs a signed-in candidate of the request's `domain` (401, then 403 otherwise). */
    auth?: 'candidate';
    /** The answer (message and field) to a body over the route's `bodyLimit`, instead of the generic one. */
    bodyTooLarge?: { message: string; field: string };
    /** Renders failures of form-encoded posts to this route as HTML. */
    renderFormError?: FormErrorRenderer;
  }
}

/** True when the request body is an HTML form post (application/x-www-form-urlencoded). */
export function isFormRequest(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'];
  return typeof contentType === 'string' && contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');
}
