import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase, openDatabase } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { withStartupLock } from './db/startup-lock';
import { buildEsignApp } from './esign/app';
import { gazetteer } from './geo/gazetteer';
import { buildHostDemoApp } from './host-demo/static-demo';
import { createAllowedOriginRepository } from './employers/allowed-origins';
import { DEMO_DOMAIN } from './db/seed';
import { trackConnections } from './process/graceful-close';

/** On SIGTERM/SIGINT, requests in flight get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Past the grace period, a shutdown still not done (a stuck database close) ends the process with code 1. */
const SHUTDOWN_HARD_LIMIT_MS = SHUTDOWN_GRACE_MS + 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config, (error) => console.error('PostgreSQL pool error:', error.message));
  const { app, esign, hostDemo } = await (async () => {
    try {
      const { applied, seeded } = await withStartupLock(db, () => prepareDatabase(db, { demoPositions: true }));
      const built = await buildApp({ db, config, logger: true });
      built.log.info({ database: describeDatabase(config), migrationsApplied: applied, seeded }, 'database ready');
      const demo = config.hostDemoPort === null ? null : await buildHostDemoApp(config);
      if (demo?.app === null) built.log.warn(`The demo employer's static page is not served: ${demo.reason}`);
      const hostDemo = demo?.app ?? null;
      return { app: built, esign: await buildEsignApp({ db, config, logger: true }), hostDemo };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  })();

  const servers = [app, esign, ...(hostDemo ? [hostDemo] : [])].map((server) => ({
    server,
    connections: trackConnections(server.server),
  }));
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const grace = setTimeout(() => {
      const inFlight = servers.reduce((sum, { connections }) => sum + connections.inFlight, 0);
      app.log.warn({ inFlight }, 'requests still running after the grace period; closing their connections');
      for (const { server } of servers) server.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    const hardLimit = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS);
    hardLimit.unref();
    // Stop listening (new requests on open connections get 503), let requests in flight finish, and close every
    // keep-alive connection as soon as it is idle, so no client can hold the process open.
    const closed = servers.map(({ server }) => server.close());
    for (const { connections } of servers) connections.drain();
    Promise.all(closed)
      .then(() => db.destroy())
      .then(() => {
        app.log.info('shut down');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // The gazetteer (location suggestions, geocoding) is read before listening, so no visitor waits for it (~0.6 s).
  gazetteer();
  await app.listen({ port: config.port, host: config.host });
  await esign.listen({ port: config.esignPort, host: config.host });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = (server: typeof app, fallback: number) => {
    const address = server.server.address();
    const port = address !== null && typeof address === 'object' ? address.port : fallback;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  if (hostDemo && config.hostDemoPort !== null) await hostDemo.listen({ port: config.hostDemoPort, host: config.host });
  app.log.info(`Careers site ready at ${where(app, config.port)}/careers`);
  if (hostDemo && config.hostDemoPort !== null) {
    // The seed allows the demo page on its default port; on another port (PORT, HOST_DEMO_PORT) the demo allows
    // its own origins, as an operator would with `npm run employer -- origins add`.
    const demoPort = new URL(where(hostDemo, config.hostDemoPort)).port;
    const origins = createAllowedOriginRepository(db);
    for (const origin of [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`]) {
      await origins.add(DEMO_DOMAIN, origin).catch(() => false); // no demo employer: nothing to allow
    }
    app.log.info(
      `The demo employer's own page, embedding the widgets from another origin: http://localhost:${demoPort}/careers`,
    );
  }
  esign.log.info(
    `E-sign reference server ready at ${where(esign, config.esignPort)} (framed by ${config.publicOrigins.join(', ')})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
