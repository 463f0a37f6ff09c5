import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { HttpError } from '../http/errors';
import { resolveLanguage, translator } from '../i18n';
import { createNotificationRepository } from '../notifications/repository';
import type { PositionService } from '../positions/service';
import { alertRecipients } from '../settings/repository';
import { createCandidateRepository } from '../candidates/repository';
import { createEmployerRepository } from '../employers/repository';
import { createJobAlertRepository, type AlertMailer } from './job-alerts';
import { createSavedSearchRepository, type StoredSavedSearch } from './repository';

export interface SavedSearchAlertOutcome {
  /** Candidates notified (one notification each, however many of their searches match). */
  notified: number;
  /** Mails written: one per candidate notified, one per signed-out visitor's matching job alert. */
  mailed: number;
  /** Saved searches whose parameters the search no longer accepts (skipped, with the reason). */
  skipped: Array<{ id: number; reason: string }>;
}

/**
 * Tells every candidate of the employer with a saved search that finds the new position (the search's own
 * conditions, restricted to that position): one read-only notification per candidate, in the language the search
 * was saved in (else English), whose redirect opens their first matching search on the careers site. Searches whose
 * alerts are switched off in the candidate's settings (each, or all of theirs) are skipped; the language the
 * candidate chose in their settings comes before the search's.
 */
export async function sendSavedSearchAlerts(
  db: Kysely<Database>,
  service: PositionService,
  position: { id: number; domain: string; title: string },
  now: Date,
  /**
   * With a mailer, each notified candidate also gets the mail (one-click unsubscribe), and the signed-out visitors'
   * confirmed job alerts that find the position get theirs (docs/product/accounts-and-mail.md#job-alerts).
   */
  mailer?: AlertMailer,
): Promise<SavedSearchAlertOutcome> {
  const recipients = await alertRecipients(db, position.domain);
  const searches = (await createSavedSearchRepository(db).ofEmployer(position.domain)).filter((search) =>
    recipients.searchIds.has(search.id),
  );
  const firstMatch = new Map<number, StoredSavedSearch>();
  const skipped: SavedSearchAlertOutcome['skipped'] = [];
  for (const search of searches) {
    if (firstMatch.has(search.candidateId)) continue;
    try {
      const found = await service.matchingPositionIds(search, position.domain, now, [position.id]);
      if (found.includes(position.id)) firstMatch.set(search.candidateId, search);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      skipped.push({ id: search.id, reason: error.message });
    }
  }
  const notifications = createNotificationRepository(db);
  const employer = mailer ? await createEmployerRepository(db).find(position.domain) : null;
  const candidates = createCandidateRepository(db);
  let mailed = 0;
  for (const [candidateId, search] of firstMatch) {
    const lang = resolveLanguage(recipients.languages.get(candidateId) ?? search.language ?? undefined);
    const t = translator(lang);
    const candidate = employer ? await candidates.findById(candidateId) : null;
    if (mailer && employer && candidate) {
      await mailer.mailNewJob(
        db,
        {
          employer,
          lang,
          to: candidate.email,
          title: position.title,
          searchPath: search.url,
          alert: { kind: 'saved', id: search.id },
        },
        now,
      );
      mailed += 1;
    }
    await notifications.create({
      candidateId,
      domain: position.domain,
      categoryTitle: t('savedSearches.alert.category'),
      message: t('savedSearches.alert.message', { title: position.title }),
      notificationType: 'read_only',
      redirectUrl: search.url,
      createdAt: now,
    });
  }
  if (mailer && employer) {
    for (const alert of await createJobAlertRepository(db).active(position.domain)) {
      try {
        const found = await service.matchingPositionIds(alert, position.domain, now, [position.id]);
        if (!found.includes(position.id)) continue;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        skipped.push({ id: alert.id, reason: `job alert: ${error.message}` });
        continue;
      }
      await mailer.mailNewJob(
        db,
        {
          employer,
          lang: resolveLanguage(alert.language),
          to: alert.email,
          title: position.title,
          searchPath: alert.url,
          alert: { kind: 'guest', id: alert.id },
        },
        now,
      );
      mailed += 1;
    }
  }
  return { notified: firstMatch.size, mailed, skipped };
}
