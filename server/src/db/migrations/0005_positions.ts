import { sql, type Migration } from 'kysely';
import { databaseKind } from '../dialect';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Positions and job search (docs/product/search.md, docs/product/positions-and-map.md): positions per employer with
 * their locations (coordinates) and skills, the candidate's saved positions, job cart and profile skills, per-position
 * configuration overrides, the terms the search box suggests, and the full-text index:
 * - SQLite: an FTS5 table `positions_fts` (rowid = position id; columns title, skills, department, description
 *   as text; Porter stemming, diacritics removed, prefix indexes of 2 and 3 characters), written by the
 *   repository in the same transaction as the position, ranked with bm25;
 * - PostgreSQL: a generated `search_vector` column (title weight A, skills and department B, description C) with
 *   a GIN index, ranked with ts_rank.
 * Suggestions (`search_terms`) are found by word prefix on a B-tree (binary collation on both databases).
 */
export const positions: Migration = {
  async up(db) {
    const postgres = databaseKind(db) === 'postgres';
    const real = postgres ? sql`double precision` : sql`real`;

    let table = withIdColumn(db, db.schema.createTable('positions'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('department', 'varchar(100)', (col) => col.notNull())
      .addColumn('employment_type', 'varchar(50)', (col) => col.notNull())
      .addColumn('remote', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`remote in (0, 1)`),
      )
      .addColumn('salary_min', 'integer')
      .addColumn('salary_max', 'integer')
      .addColumn('salary_currency', 'varchar(3)')
      /** JSON array of the skills, in the employer's order (the rows of position_skills are for filtering). */
      .addColumn('skills', 'text', (col) => col.notNull())
      .addColumn('posted_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('valid_through', TIMESTAMP)
      .addColumn('archived_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint(
        'positions_salary_check',
        sql`salary_min is null or salary_max is null or salary_min <= salary_max`,
      );
    if (postgres) {
      table = table.addColumn('search_vector', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(skills, '') || ' ' || coalesce(department, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
          )
          .stored(),
      );
    }
    await table.execute();
    // Covers the open-position test and the column filters, so counts and facets read the index, not the rows
    // (the description makes rows wide).
    await db.schema
      .createIndex('positions_open_idx')
      .on('positions')
      .columns(['domain', 'posted_at', 'archived_at', 'valid_through', 'remote', 'department', 'employment_type', 'id'])
      .execute();
    if (postgres) {
      await db.schema
        .createIndex('positions_search_idx')
        .on('positions')
        .using('gin')
        .column('search_vector')
        .execute();
    } else {
      await sql`create virtual table positions_fts using fts5(title, skills, department, description, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(
        db,
      );
    }

    await withIdColumn(db, db.schema.createTable('position_locations'))
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      /** Lower case without diacritics, for matching a typed place name. */
      .addColumn('name_key', 'varchar(200)', (col) => col.notNull())
      .addColumn('lat', real, (col) => col.notNull().check(sql`lat between -90 and 90`))
      .addColumn('lng', real, (col) => col.notNull().check(sql`lng between -180 and 180`))
      .execute();
    await db.schema
      .createIndex('position_locations_position_idx')
      .on('position_locations')
      .column('position_id')
      .execute();
    await db.schema
      .createIndex('position_locations_lat_lng_idx')
      .on('position_locations')
      .columns(['lat', 'lng'])
      .execute();
    await db.schema
      .createIndex('position_locations_name_idx')
      .on('position_locations')
      .columns(['name', 'position_id'])
      .execute();

    await db.schema
      .createTable('position_skills')
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('skill', 'varchar(100)', (col) => col.notNull())
      .addPrimaryKeyConstraint('position_skills_pk', ['position_id', 'skill'])
      .execute();
    await db.schema
      .createIndex('position_skills_skill_idx')
      .on('position_skills')
      .columns(['skill', 'position_id'])
      .execute();

    const binary = postgres ? sql`varchar(200) collate "C"` : sql`varchar(200)`;
    await db.schema
      .createTable('search_terms')
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      /** A word-start suffix of the term, lower case without diacritics ("software engineer", "engineer"). */
      .addColumn('term_key', binary, (col) => col.notNull())
      .addColumn('term', 'varchar(200)', (col) => col.notNull())
      .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('title', 'skill')`))
      .addPrimaryKeyConstraint('search_terms_pk', ['domain', 'term_key', 'kind', 'term'])
      .execute();

    for (const name of ['saved_positions', 'job_cart_items']) {
      await db.schema
        .createTable(name)
        .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
        .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
        .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
        .addPrimaryKeyConstraint(`${name}_pk`, ['candidate_id', 'position_id'])
        .execute();
    }

    await db.schema
      .createTable('position_overrides')
      .addColumn('position_id', 'integer', (col) => col.primaryKey().references('positions.id').onDelete('cascade'))
      /** JSON object merged into pcsxConfig by the widget while the position is open. */
      .addColumn('config_json', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('candidate_skills')
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('skill', 'varchar(100)', (col) => col.notNull())
      .addColumn('skill_key', 'varchar(100)', (col) => col.notNull())
      .addPrimaryKeyConstraint('candidate_skills_pk', ['candidate_id', 'skill_key'])
      .execute();
  },

  async down(db) {
    for (const name of [
      'candidate_skills',
      'position_overrides',
      'job_cart_items',
      'saved_positions',
      'search_terms',
      'position_skills',
      'position_locations',
    ]) {
      await db.schema.dropTable(name).execute();
    }
    if (databaseKind(db) === 'sqlite') await sql`drop table positions_fts`.execute(db);
    await db.schema.dropTable('positions').execute();
  },
};
