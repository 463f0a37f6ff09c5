import type { Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * The candidate's profile beyond the account (`profile_details`, `profile_edit`, `upload_resume`;
 * docs/product/profile-and-resume.md): one `candidate_profiles` row per candidate (created on the first edit) with the
 * single sections as columns and the list sections as JSON arrays; skills stay in `candidate_skills` (0005), which
 * match details read. The avatar is a path: relative (`/api/pcsx/profile_avatar?v=<file id>`, the stored file
 * `avatar_file_id`) or an absolute address. `candidate_resumes` lists the candidate's uploaded resumes, their bytes
 * in `stored_files` (0002).
 */
export const profile: Migration = {
  async up(db) {
    await db.schema
      .createTable('candidate_profiles')
      .addColumn('candidate_id', 'integer', (col) => col.primaryKey().references('candidates.id').onDelete('cascade'))
      .addColumn('headline', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(40)', (col) => col.notNull().defaultTo(''))
      .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('avatar_path', 'varchar(500)')
      .addColumn('avatar_file_id', 'integer', (col) => col.references('stored_files.id').onDelete('set null'))
      .addColumn('experience_json', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('education_json', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('languages_json', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('links_json', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withIdColumn(db, db.schema.createTable('candidate_resumes'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('file_id', 'integer', (col) => col.notNull().references('stored_files.id'))
      .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
      .addColumn('byte_size', 'integer', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('candidate_resumes_candidate_idx')
      .on('candidate_resumes')
      .columns(['candidate_id', 'created_at'])
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('candidate_resumes').execute();
    await db.schema.dropTable('candidate_profiles').execute();
  },
};
