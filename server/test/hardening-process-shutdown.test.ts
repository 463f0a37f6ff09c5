/**
 * Graceful shutdown of the real server process (`tsx server/src/main.ts`): with an idle keep-alive connection to
 * each listener and a request still arriving, SIGTERM lets the request finish, closes the connections and exits 0.
 * Before the fix the open keep-alive connections held the process until "shutdown timed out; exiting" (exit 1).
 * Runs on SQLite, and on PostgreSQL in the PostgreSQL run.
 */
import http from 'node:http';
import net from 'node:net';
import {
  createEmptyPostgresDatabase,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  startServerProcess,
  tempDir,
} from './helpers';

jest.setTimeout(90_000);

const dataDir = tempDir('shutdown');

/** A GET over `agent`; resolves with the status and the Connection header. */
function get(agent: http.Agent, origin: string, path: string) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

it('finishes the request in flight, closes keep-alive connections and exits 0 on SIGTERM', async () => {
  const postgres = await createEmptyPostgresDatabase();
  const server = await startServerProcess({ dataDir, databaseUrl: postgres?.url });
  const agent = new http.Agent({ keepAlive: true });
  const socket = new net.Socket();
  try {
    // Idle keep-alive connections to both listeners.
    expect(await get(agent, server.origin, '/host-demo/site.css')).toEqual({ status: 200, connection: 'keep-alive' });
    expect((await get(agent, server.esignOrigin, '/')).connection).toBe('keep-alive');

    // A sign-in whose body is still on its way when SIGTERM arrives (cookie and CSRF token from the sign-in page).
    const page = await fetch(`${server.origin}/careers/login?domain=${DEMO_DOMAIN}`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    const csrf = /name="(?:_csrf|csrf-token)" (?:value|content)="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const body = JSON.stringify({ email: DEMO_OTHER_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN });
    const { port } = new URL(server.origin);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(Number(port), '127.0.0.1', resolve);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      [
        'POST /api/auth/login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Connection: keep-alive',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Cookie: ${cookie}`,
        `X-CSRF-Token: ${csrf}`,
        `Origin: ${server.origin}`,
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );

    // SIGTERM only once the server has the request (its log line): on a loaded machine the signal could otherwise be
    // handled before the socket's bytes are read, and a request that arrives while closing rightly gets 503.
    await server.waitForOutput(/"url":"\/api\/auth\/login"[^\n]*"msg":"incoming request"/);
    server.signal('SIGTERM');
    await server.waitForOutput(/"msg":"shutting down"/);
    socket.write(body.slice(10));

    // The request in flight was answered in full, told the client to close, and the server closed its end.
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"data"');

    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/shutdown timed out|after the grace period/);
    expect(server.output()).toMatch(/"msg":"shut down"/);
  } finally {
    socket.destroy();
    agent.destroy();
    await server.stop();
    await postgres?.destroy();
  }
});
