import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase, openDatabase } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { buildEsignApp } from './esign/app';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config, (error) => console.error('PostgreSQL pool error:', error.message));
  const { app, esign } = await (async () => {
    try {
      const { applied, seeded } = await prepareDatabase(db);
      const built = await buildApp({ db, config, logger: true });
      built.log.info({ database: describeDatabase(config), migrationsApplied: applied, seeded }, 'database ready');
      return { app: built, esign: await buildEsignApp({ db, config, logger: true }) };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  })();

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    Promise.all([app.close(), esign.close()])
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  await esign.listen({ port: config.esignPort, host: config.host });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = (server: typeof app, fallback: number) => {
    const address = server.server.address();
    const port = address !== null && typeof address === 'object' ? address.port : fallback;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  app.log.info(`Careers site ready at ${where(app, config.port)}/careers`);
  esign.log.info(
    `E-sign reference server ready at ${where(esign, config.esignPort)} (framed by ${config.publicOrigins.join(', ')})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
