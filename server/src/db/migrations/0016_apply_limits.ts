import { createHash } from 'node:crypto';
import { sql, type Migration } from 'kysely';
import { databaseKind } from '../dialect';
import { TIMESTAMP } from './helpers';

/** The database as a migration sees it (no schema types: the schema is what the migrations made). */
type MigrationDb = Parameters<Migration['up']>[0];

/** Applications converted per read (each one's answers are parsed and rewritten on their own). */
const BATCH = 50;

/** An uploaded file as applications stored it until now: the contract's UploadedFile, bytes base64 in `content`. */
function isStoredUpload(value: unknown): value is Record<string, unknown> & { content: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.content === 'string' &&
    typeof file.uid === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.lastModified === 'number' &&
    file.status === 'done'
  );
}

/**
 * The answers with every uploaded file's bytes taken out (its `content` replaced by `sha256`), and the bytes by
 * hash. Written here rather than imported, so this migration keeps doing what it did when the code moves on.
 */
function takeOutFiles(value: unknown, files: Map<string, Buffer>): unknown {
  if (Array.isArray(value)) return value.map((item) => takeOutFiles(item, files));
  if (isStoredUpload(value)) {
    const { content, ...described } = value;
    const base64 = content.replace(/^data:[^,]*,/, '');
    const bytes = Buffer.from(base64, /[-_]/.test(base64) ? 'base64url' : 'base64');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    files.set(sha256, bytes);
    return { ...described, sha256 };
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, takeOutFiles(item, files)]));
  }
  return value;
}

/** Moves one application's files into `application_files` (once per hash) and its answers to references. */
async function convertApplication(db: MigrationDb, row: { id: number; answers_json: string; created_at: string }) {
  let answers: unknown;
  try {
    answers = JSON.parse(row.answers_json);
  } catch {
    return;
  }
  const files = new Map<string, Buffer>();
  const converted = takeOutFiles(answers, files);
  if (files.size === 0) return;
  for (const [sha256, content] of files) {
    await db
      .insertInto('application_files')
      .values({ sha256, content, byte_size: content.byteLength, created_at: row.created_at })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
    await db
      .insertInto('application_file_uses')
      .values({ application_id: row.id, sha256 })
      .onConflict((conflict) => conflict.columns(['application_id', 'sha256']).doNothing())
      .execute();
  }
  await db
    .updateTable('applications')
    .set({ answers_json: JSON.stringify(converted) })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Limits of applying (issue 21, decision 010):
 * - `application_files`: the bytes of the files uploaded with applications, once per SHA-256 however many
 *   applications (positions) name them; an application's answers keep each file's description and `sha256`;
 * - `application_file_uses`: which application uses which file, so a file nothing uses any more can be deleted
 *   (an anonymised or re-submitted application);
 * - `applications.signed_in`: 1 when the application was made by the signed-in account holder, 0 when it was
 *   made signed out (the email typed in the form, not verified). Existing applications with an account count as
 *   the account's own (1): which of them were made signed out was not recorded.
 * Existing applications' files are moved out of `answers_json` into `application_files`.
 */
export const applyLimits: Migration = {
  async up(db) {
    const blob = databaseKind(db) === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('application_files')
      .addColumn('sha256', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('content', sql.raw(blob), (col) => col.notNull())
      .addColumn('byte_size', 'integer', (col) => col.notNull().check(sql`byte_size >= 0`))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('application_file_uses')
      .addColumn('application_id', 'integer', (col) => col.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('sha256', 'varchar(64)', (col) => col.notNull().references('application_files.sha256'))
      .addPrimaryKeyConstraint('application_file_uses_pkey', ['application_id', 'sha256'])
      .execute();
    await db.schema
      .createIndex('application_file_uses_sha256_idx')
      .on('application_file_uses')
      .column('sha256')
      .execute();
    await db.schema
      .alterTable('applications')
      .addColumn('signed_in', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`signed_in in (0, 1)`),
      )
      .execute();
    await db.updateTable('applications').set({ signed_in: 1 }).where('candidate_id', 'is not', null).execute();

    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'answers_json', 'created_at'])
        .where('id', '>', after)
        .where('answers_json', 'like', '%"content"%')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows as Array<{ id: number; answers_json: string; created_at: string }>) {
        await convertApplication(db, row);
        after = row.id;
      }
    }
  },

  async down(db) {
    await db.schema.alterTable('applications').dropColumn('signed_in').execute();
    await db.schema.dropTable('application_file_uses').execute();
    await db.schema.dropTable('application_files').execute();
  },
};
