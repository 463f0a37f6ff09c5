import type { Migration } from 'kysely';
import { TIMESTAMP } from './helpers';

/**
 * Security limits shared by every server process on one database:
 * - `rate_limits`: fixed-window counters (failed sign-ins, page-view posts), keyed by the SHA-256 of the limit's
 *   name and subject (an email or address is never stored as such), with the end of the current window;
 * - `server_secrets`: secrets generated once on first start (the key that signs anonymous CSRF tokens), so two
 *   processes behind one load balancer accept each other's tokens.
 */
export const securityLimits: Migration = {
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('window_ends_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_ends_idx').on('rate_limits').column('window_ends_at').execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'varchar(50)', (col) => col.primaryKey())
      .addColumn('value', 'varchar(200)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('server_secrets').execute();
    await db.schema.dropTable('rate_limits').execute();
  },
};
