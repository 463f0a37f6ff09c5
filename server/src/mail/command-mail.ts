import type { Kysely } from 'kysely';
import { loadServerSecret } from '../auth/server-secret';
import { loadConfig } from '../config';
import type { Database } from '../db/types';
import { createAlertMailer, type AlertMailer } from '../saved-searches/job-alerts';
import { createOutbox, type Outbox } from './outbox';

/**
 * The outbox of an operator command (a separate process): the same settings as the server's (`SMTP_URL`,
 * `PUBLIC_ORIGINS`, read from the same environment). With an SMTP server the mail is written `pending` and the
 * running server's sender delivers it within its poll; without one it is kept for the development inbox.
 */
export function commandOutbox(): { outbox: Outbox; siteOrigin: string } {
  const config = loadConfig();
  const siteOrigin = config.publicOrigins[0]!;
  return {
    outbox: createOutbox({ delivering: config.smtpUrl !== null, messageHost: new URL(siteOrigin).hostname }),
    siteOrigin,
  };
}

/** The alert mailer of an operator command (see commandOutbox). */
export async function commandAlertMailer(db: Kysely<Database>): Promise<AlertMailer> {
  const { outbox, siteOrigin } = commandOutbox();
  return createAlertMailer({ outbox, siteOrigin, secret: await loadServerSecret(db, 'account-tokens') });
}
