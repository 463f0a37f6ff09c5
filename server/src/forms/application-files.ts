import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** The contract's UploadedFile without its bytes: what every stored file object has, whichever way it is kept. */
function isFileObject(value: unknown): value is Record<string, unknown> & { name: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.uid === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.lastModified === 'number' &&
    file.status === 'done'
  );
}

/** An uploaded file as a request carries it (contract UploadedFile): the bytes base64 in `content`. */
function isSentFile(value: unknown): value is Record<string, unknown> & { content: string; name: string } {
  return isFileObject(value) && typeof value.content === 'string';
}

/** An uploaded file as an application keeps it (0016): its description and the `sha256` of its bytes. */
function isStoredFile(value: unknown): value is Record<string, unknown> & { sha256: string; name: string } {
  return isFileObject(value) && typeof value.sha256 === 'string' && !('content' in value);
}

const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Copies a JSON value, replacing every node `replace` answers for (undefined: copy it and look inside). */
function mapJson(value: unknown, replace: (node: unknown) => unknown): unknown {
  const replaced = replace(value);
  if (replaced !== undefined) return replaced;
  if (Array.isArray(value)) return value.map((item) => mapJson(item, replace));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapJson(item, replace)]));
  }
  return value;
}

/** An application's answers with their files' bytes taken out, and those bytes once per SHA-256. */
interface SeparatedFiles {
  /** The answers, each uploaded file's `content` replaced by `sha256`. */
  values: Record<string, unknown>;
  /** The files' bytes by SHA-256 (hex). */
  files: Map<string, Buffer>;
  /** Bytes of the distinct files (what storing them costs at most). */
  bytes: number;
}

/**
 * Takes the bytes of the uploaded files out of checked answers (`uploads`: the file objects the form's file
 * questions hold, each one's base64 checked against its size and type; an answer that only looks like a file is
 * kept as it is): the answers keep each file's description and the SHA-256 of its bytes, stored once however many
 * applications name it.
 */
export function separateFiles(values: Record<string, unknown>, uploads: ReadonlySet<unknown>): SeparatedFiles {
  const files = new Map<string, Buffer>();
  const kept = mapJson(values, (node) => {
    if (!uploads.has(node) || !isSentFile(node)) return undefined;
    const { content, ...described } = node;
    const bytes = Buffer.from(content, 'base64');
    const sha256 = sha256Of(bytes);
    files.set(sha256, bytes);
    return { ...described, sha256 };
  }) as Record<string, unknown>;
  let bytes = 0;
  for (const content of files.values()) bytes += content.byteLength;
  return { values: kept, files, bytes };
}

/**
 * A stored JSON value (answers, draft values) with every uploaded file described, not included: `{ name, type,
 * size, sha256 }` (the bytes' hash computed when the value still holds them).
 */
export function describeFiles(value: unknown): unknown {
  return mapJson(value, (node) => {
    if (!isSentFile(node) && !isStoredFile(node)) return undefined;
    const sha256 = isStoredFile(node) ? node.sha256 : sha256Of(Buffer.from(node.content, 'base64'));
    return { name: node.name, type: node.type, size: node.size, sha256 };
  });
}

/**
 * Stores an application's files: the bytes once per SHA-256 (a file already stored is not sent again), and that
 * the application uses them.
 */
export async function saveApplicationFiles(
  db: Kysely<Database>,
  applicationId: number,
  files: ReadonlyMap<string, Buffer>,
  now: Date,
): Promise<void> {
  if (files.size === 0) return;
  const hashes = [...files.keys()];
  const stored = new Set(
    (await db.selectFrom('application_files').select('sha256').where('sha256', 'in', hashes).execute()).map(
      (row) => row.sha256,
    ),
  );
  for (const [sha256, content] of files) {
    if (stored.has(sha256)) continue;
    await db
      .insertInto('application_files')
      .values({ sha256, content, byte_size: content.byteLength, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
  }
  await db
    .insertInto('application_file_uses')
    .values(hashes.map((sha256) => ({ application_id: applicationId, sha256 })))
    .onConflict((conflict) => conflict.columns(['application_id', 'sha256']).doNothing())
    .execute();
}

/** Forgets which files the applications use (their answers are being replaced or emptied); the files they used. */
export async function releaseApplicationFiles(
  db: Kysely<Database>,
  applicationIds: readonly number[],
): Promise<string[]> {
  if (applicationIds.length === 0) return [];
  const used = await db
    .selectFrom('application_file_uses')
    .select('sha256')
    .where('application_id', 'in', [...applicationIds])
    .execute();
  if (used.length === 0) return [];
  await db
    .deleteFrom('application_file_uses')
    .where('application_id', 'in', [...applicationIds])
    .execute();
  return [...new Set(used.map((row) => row.sha256))];
}

/** Deletes those of the files that no application uses any more. */
export async function deleteUnusedApplicationFiles(db: Kysely<Database>, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .deleteFrom('application_files')
    .where('sha256', 'in', [...hashes])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('application_file_uses')
            .select('application_file_uses.sha256')
            .whereRef('application_file_uses.sha256', '=', 'application_files.sha256'),
        ),
      ),
    )
    .execute();
}
