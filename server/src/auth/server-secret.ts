import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { randomToken } from './tokens';

/**
 * The secret `name`, the same for every server process on this database: generated on the first start (insert if
 * absent, so two processes starting together keep the one that was stored first) and read back.
 */
export async function loadServerSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomToken(32), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
