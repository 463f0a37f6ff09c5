import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

interface StoredFileInfo {
  id: number;
  name: string;
  byteSize: number;
  sha256: string;
  contentType: string;
}

export interface StoredFile extends StoredFileInfo {
  content: Buffer;
}

/** A server-made file name: `doc_<random>.pdf`. Client file names are never stored or used. */
const newStoredFileName = (extension = 'pdf'): string => `doc_${randomBytes(12).toString('base64url')}.${extension}`;

/** A `stored_files` row's description (its byte size comes back as a string from PostgreSQL). */
const fileInfo = (row: {
  id: number;
  name: string;
  byte_size: number | string;
  sha256: string;
  content_type: string;
}): StoredFileInfo => ({
  id: row.id,
  name: row.name,
  byteSize: Number(row.byte_size),
  sha256: row.sha256,
  contentType: row.content_type,
});

export interface StoredFileRepository {
  /** Stores the bytes (in the database) under a new server-made name. */
  save(content: Uint8Array, contentType: string, now: Date): Promise<StoredFileInfo>;
  find(id: number): Promise<StoredFile | null>;
}

export function createStoredFileRepository(db: Kysely<Database>): StoredFileRepository {
  return {
    async save(content, contentType, now) {
      const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      const row = await db
        .insertInto('stored_files')
        .values({
          name: newStoredFileName(),
          content: bytes,
          byte_size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          content_type: contentType,
          created_at: now.toISOString(),
        })
        .returning(['id', 'name', 'byte_size', 'sha256', 'content_type'])
        .executeTakeFirstOrThrow();
      return fileInfo(row);
    },
    async find(id) {
      const row = await db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
        ...fileInfo(row),
        content: Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content as Uint8Array),
      };
    },
  };
}
