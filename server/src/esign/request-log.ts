import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (or may be): never written to a log. */
const SECRET_PARAMETERS = new Set([
  'token',
  'key',
  'signer_key',
  'ticket',
  'code',
  '_csrf',
  'csrf',
  'password',
  'session',
]);

/** Path segments that carry an e-sign session token: everything after `/esign/sessions/` up to the next `/`. */
const ESIGN_TOKEN_IN_PATH = /(\/esign\/sessions\/)[^/?#]+/gi;

/**
 * A request address as it may be logged: the e-sign session token in the path and the values of secret query
 * parameters replaced by `[redacted]`; a fragment (never sent by browsers) dropped.
 */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#', 1)[0]!;
  const queryAt = withoutFragment.indexOf('?');
  const path = (queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt)).replace(
    ESIGN_TOKEN_IN_PATH,
    `$1${REDACTED}`,
  );
  if (queryAt === -1) return path;
  const query = withoutFragment
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: compare the name as it was sent.
      }
      return equals !== -1 && SECRET_PARAMETERS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Where request logs go: `true` is stdout; tests pass a stream to read them. */
export type RequestLogging = boolean | { stream: { write(line: string): void } };

/**
 * Pino options of both servers (careers and e-sign): the level from LOG_LEVEL, and a request serializer that
 * logs the address with its secrets redacted (Fastify's default logs `request.url` as it came).
 */
export function loggerOptions(logging: RequestLogging | undefined): FastifyServerOptions['logger'] {
  if (!logging) return false;
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(typeof logging === 'object' ? { stream: logging.stream } : {}),
  };
}
