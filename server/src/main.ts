import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase, openDatabase } from './db/connection';
import { prepareDatabase } from './db/prepare';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config, (error) => console.error('PostgreSQL pool error:', error.message));
  const app = await (async () => {
    try {
      const { applied, seeded } = await prepareDatabase(db);
      const built = await buildApp({ db, config, logger: true });
      built.log.info(
        { database: describeDatabase(config), migrationsApplied: applied, seeded },
        'database ready',
      );
      return built;
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
    app
      .close()
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
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Careers site ready at http://${host.includes(':') ? `[${host}]` : host}:${port}/careers`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
