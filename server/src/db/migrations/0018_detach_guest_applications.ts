import type { Kysely, Migration } from 'kysely';

interface Tables {
  applications: { candidate_id: number | null; signed_in: number };
}

/**
 * Signed-out applications are attached to no account (docs/product/apply-and-drafts.md#signed-out-applications).
 * Until this rule, one made signed out with an account's email was attached to that account by the email alone.
 * This detaches those made since 0016 recorded how an application was made (`signed_in = 0`); older ones cannot be
 * told apart, as 0016 took every attached application for one made signed in.
 */
export const detachGuestApplications: Migration = {
  async up(db: Kysely<unknown>) {
    await (db as unknown as Kysely<Tables>)
      .updateTable('applications')
      .set({ candidate_id: null })
      .where('signed_in', '=', 0)
      .where('candidate_id', 'is not', null)
      .execute();
  },
  // Nothing to put back: an attachment made on an unverified claim is not worth keeping a record of.
  async down() {},
};
