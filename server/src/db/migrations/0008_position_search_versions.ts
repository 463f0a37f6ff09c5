import { sql, type Migration } from 'kysely';
import { databaseKind } from '../dialect';

/**
 * A data version per employer for job search: every insert, update or delete of a position, a position's
 * location or a position's skill (through the API, the CLI or plain SQL) raises its employer's version, so the
 * in-memory facet index of the search (server/src/positions/facet-index.ts) knows when to rebuild.
 * - SQLite: row triggers (an upsert per changed row).
 * - PostgreSQL: statement triggers with transition tables (one upsert per statement and employer), so a bulk
 *   insert does not update the same version row once per position.
 */
const CHILD_TABLES = ['position_locations', 'position_skills'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const positionSearchVersions: Migration = {
  async up(db) {
    await db.schema
      .createTable('position_search_versions')
      .addColumn('domain', 'varchar(253)', (col) => col.primaryKey())
      .addColumn('version', 'bigint', (col) => col.notNull())
      .execute();
    if (databaseKind(db) === 'postgres') {
      const bump = (select: string) =>
        `insert into position_search_versions (domain, version) ${select} on conflict (domain) do update set version = position_search_versions.version + 1`;
      await sql
        .raw(
          `create function position_search_bump() returns trigger language plpgsql as $$ begin ${bump('select distinct domain, 1 from changed_rows')}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function position_search_bump_child() returns trigger language plpgsql as $$ begin ${bump('select distinct p.domain, 1 from changed_rows c join positions p on p.id = c.position_id')}; return null; end $$`,
        )
        .execute(db);
      for (const table of ['positions', ...CHILD_TABLES]) {
        const fn = table === 'positions' ? 'position_search_bump' : 'position_search_bump_child';
        for (const event of EVENTS) {
          const rows = event === 'delete' ? 'old' : 'new';
          await sql
            .raw(
              `create trigger ${table}_search_version_${event} after ${event} on ${table} referencing ${rows} table as changed_rows for each statement execute function ${fn}()`,
            )
            .execute(db);
        }
      }
    } else {
      const bump = (domain: string) =>
        `insert into position_search_versions (domain, version) values (${domain}, 1) on conflict (domain) do update set version = version + 1`;
      for (const table of ['positions', ...CHILD_TABLES]) {
        for (const event of EVENTS) {
          const row = event === 'delete' ? 'old' : 'new';
          const domain =
            table === 'positions'
              ? `${row}.domain`
              : `coalesce((select domain from positions where id = ${row}.position_id), '')`;
          await sql
            .raw(
              `create trigger ${table}_search_version_${event} after ${event} on ${table} for each row begin ${bump(domain)}; end`,
            )
            .execute(db);
        }
      }
    }
  },

  async down(db) {
    for (const table of ['positions', ...CHILD_TABLES]) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `drop trigger if exists ${table}_search_version_${event}${databaseKind(db) === 'postgres' ? ` on ${table}` : ''}`,
          )
          .execute(db);
      }
    }
    if (databaseKind(db) === 'postgres') {
      await sql`drop function if exists position_search_bump()`.execute(db);
      await sql`drop function if exists position_search_bump_child()`.execute(db);
    }
    await db.schema.dropTable('position_search_versions').execute();
  },
};
