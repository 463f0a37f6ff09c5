import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { deleteUnusedApplicationFiles, releaseApplicationFiles } from '../forms/application-files';
import { candidateFileIds } from './my-data';

/** What an anonymised application's email becomes: unique per application, never deliverable (RFC 2606). */
const deletedApplicantEmail = (applicationId: number): string => `deleted-${applicationId}@deleted.invalid`;

/**
 * Deletes a candidate's account in one transaction:
 * - deleted: every session (so every signed-in browser is signed out), the profile, skills, resumes and avatar
 *   (with their stored files), drafts, saved positions, job cart, saved searches, notifications, offers with their
 *   documents, signed copies and e-sign sessions, form assignments with their e-sign sessions, interviews,
 *   referrals, personal event invitations, and the account itself (so the email can register again);
 * - anonymised, kept for the employer: applications (made signed in, or signed out with the account's email) lose
 *   the candidate, email and answers (the email becomes `deleted-<id>@deleted.invalid`, the answers `{}`) and keep
 *   position, status and status history; page views lose the candidate (the counts stay).
 * Returns false when there is no such candidate of `domain`.
 */
export async function deleteCandidateAccount(
  db: Kysely<Database>,
  candidateId: number,
  domain: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const candidate = await trx
      .selectFrom('candidates')
      .select(['id', 'email'])
      .where('id', '=', candidateId)
      .where('domain', '=', domain)
      .executeTakeFirst();
    if (!candidate) return false;
    const fileIds = await candidateFileIds(trx, candidateId);

    await trx.deleteFrom('sessions').where('candidate_id', '=', candidateId).execute();
    // Links and codes of the account or its address, and the mail kept or queued for it (its bodies name it).
    await trx
      .deleteFrom('account_tokens')
      .where((eb) =>
        eb.or([
          eb('candidate_id', '=', candidateId),
          eb.and([eb('domain', '=', domain), eb('email', '=', candidate.email)]),
        ]),
      )
      .execute();
    await trx.deleteFrom('mail_outbox').where('domain', '=', domain).where('recipient', '=', candidate.email).execute();

    const offerIds = (
      await trx.selectFrom('offers').select('id').where('candidate_id', '=', candidateId).execute()
    ).map((row) => row.id);
    if (offerIds.length > 0) {
      const documentIds = (
        await trx.selectFrom('offer_documents').select('id').where('offer_id', 'in', offerIds).execute()
      ).map((row) => row.id);
      if (documentIds.length > 0) {
        await trx.deleteFrom('esign_sessions').where('document_id', 'in', documentIds).execute();
        await trx.deleteFrom('offer_documents').where('id', 'in', documentIds).execute();
      }
      await trx.deleteFrom('offers').where('id', 'in', offerIds).execute();
    }

    const assignmentIds = (
      await trx.selectFrom('form_assignments').select('id').where('candidate_id', '=', candidateId).execute()
    ).map((row) => row.id);
    if (assignmentIds.length > 0) {
      await trx.deleteFrom('form_esign_sessions').where('assignment_id', 'in', assignmentIds).execute();
      await trx.deleteFrom('form_assignments').where('id', 'in', assignmentIds).execute();
    }

    await trx.deleteFrom('interviews').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('referrals').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('career_events').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('notifications').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('saved_positions').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('job_cart_items').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('candidate_skills').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('saved_searches').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('draft_applications').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('candidate_resumes').where('candidate_id', '=', candidateId).execute();
    await trx.deleteFrom('candidate_profiles').where('candidate_id', '=', candidateId).execute();
    await trx.updateTable('page_views').set({ candidate_id: null }).where('candidate_id', '=', candidateId).execute();

    const applications = await trx
      .selectFrom('applications')
      .select('id')
      .where('domain', '=', domain)
      .where((eb) => eb.or([eb('candidate_id', '=', candidateId), eb('email', '=', candidate.email)]))
      .execute();
    for (const application of applications) {
      await trx
        .updateTable('applications')
        .set({ candidate_id: null, email: deletedApplicantEmail(application.id), answers_json: '{}' })
        .where('id', '=', application.id)
        .execute();
    }
    // Their uploaded files go with the answers (a file another applicant sent too stays theirs).
    await deleteUnusedApplicationFiles(
      trx,
      await releaseApplicationFiles(
        trx,
        applications.map((application) => application.id),
      ),
    );

    // A stored file is removed once nothing points at it any more (a demo offer letter may be shared).
    for (const fileId of fileIds) {
      const [documents, resumes, avatars] = await Promise.all([
        trx
          .selectFrom('offer_documents')
          .select('id')
          .where((eb) => eb.or([eb('original_file_id', '=', fileId), eb('signed_file_id', '=', fileId)]))
          .executeTakeFirst(),
        trx.selectFrom('candidate_resumes').select('id').where('file_id', '=', fileId).executeTakeFirst(),
        trx
          .selectFrom('candidate_profiles')
          .select('candidate_id')
          .where('avatar_file_id', '=', fileId)
          .executeTakeFirst(),
      ]);
      if (!documents && !resumes && !avatars) await trx.deleteFrom('stored_files').where('id', '=', fileId).execute();
    }

    await trx.deleteFrom('candidates').where('id', '=', candidateId).execute();
    return true;
  });
}
