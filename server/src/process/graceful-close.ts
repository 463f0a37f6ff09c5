import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Lets an HTTP server stop without waiting for keep-alive clients. `server.close()` (Fastify's `close()`) closes
 * the connections that are idle at that moment, but a connection with a request in flight stays open after its
 * answer, kept alive for the next request that will never come, and the server's close then waits for the
 * client (or the keep-alive timeout, 72 s in Fastify). Once `drain()` has been called:
 * - every answer still to be sent says `Connection: close`, so Node ends the connection after it;
 * - every connection that becomes idle (its answer had started before, so it could not say so) is closed.
 * Requests in flight finish normally.
 */
export interface ConnectionDrain {
  drain(): void;
  /** Requests still being answered. */
  readonly inFlight: number;
}

export function trackConnections(server: Server): ConnectionDrain {
  const pending = new Set<ServerResponse>();
  let draining = false;

  const closeIdle = () => setImmediate(() => server.closeIdleConnections());

  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    pending.add(response);
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      pending.delete(response);
      if (draining) closeIdle();
    });
  });

  return {
    drain() {
      draining = true;
      for (const response of pending) if (!response.headersSent) response.setHeader('connection', 'close');
      server.closeIdleConnections();
    },
    get inFlight() {
      return pending.size;
    },
  };
}
