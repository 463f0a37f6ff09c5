import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/**
 * E-sign signer keys: each signing session gets a second secret beside its token. The careers API hands it only
 * to the candidate the offer belongs to, in the fragment of the signing link (never sent in a request line, so
 * never in a request log), and the e-sign server records an outcome only with it. Sessions created before this
 * migration get a key here.
 */
export const esignSignerKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('esign_sessions').addColumn('signer_key', 'varchar(64)').execute();
    const sessions = db as unknown as Kysely<{ esign_sessions: { id: number; signer_key: string | null } }>;
    const rows = await sessions.selectFrom('esign_sessions').select('id').where('signer_key', 'is', null).execute();
    for (const row of rows) {
      await sessions
        .updateTable('esign_sessions')
        .set({ signer_key: randomBytes(32).toString('base64url') })
        .where('id', '=', row.id)
        .execute();
    }
  },

  async down(db) {
    await db.schema.alterTable('esign_sessions').dropColumn('signer_key').execute();
  },
};
