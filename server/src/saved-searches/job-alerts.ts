import { createHmac } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { normalizeEmail } from '../candidates/repository';
import type { SavedSearchParameters } from '../contract';
import type { Database, JobAlertsTable } from '../db/types';
import { normalizeDomain, type Employer } from '../employers/repository';
import type { Language } from '../i18n';
import type { Outbox } from '../mail/outbox';
import { renderMail } from '../mail/templates';
import { constantTimeEqual } from '../auth/tokens';
import { parametersKey, savedSearchUrl } from './repository';

/** A confirmed job alert of a signed-out visitor (docs/product/accounts-and-mail.md#job-alerts). */
export interface JobAlert extends SavedSearchParameters {
  id: number;
  domain: string;
  email: string;
  language: string;
  url: string;
}

function toAlert(row: Selectable<JobAlertsTable>): JobAlert {
  const parameters: SavedSearchParameters = {
    query: row.query,
    location: row.location,
    filters: JSON.parse(row.filters) as Record<string, string[]>,
    sort_by: row.sort_by,
  };
  return {
    id: row.id,
    domain: row.domain,
    email: row.email,
    language: row.language,
    ...parameters,
    url: savedSearchUrl(row.domain, parameters),
  };
}

export function createJobAlertRepository(db: Kysely<Database>) {
  return {
    /**
     * Subscribes a search to an email, unconfirmed (again, when it was unsubscribed or never confirmed); returns its
     * id. The same email and search keep one row.
     */
    async subscribe(
      input: { domain: string; email: string; parameters: SavedSearchParameters; language: string },
      now: Date,
    ): Promise<number> {
      const key = parametersKey(input.parameters);
      const values = {
        domain: normalizeDomain(input.domain),
        email: normalizeEmail(input.email),
        params_key: key,
        query: input.parameters.query,
        location: input.parameters.location,
        filters: JSON.stringify(input.parameters.filters),
        sort_by: input.parameters.sort_by,
        language: input.language,
        created_at: now.toISOString(),
      };
      const row = await db
        .insertInto('job_alerts')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .columns(['domain', 'email', 'params_key'])
            .doUpdateSet({ language: input.language, unsubscribed_at: null }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async confirm(id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('job_alerts')
        .set({ confirmed_at: now.toISOString(), unsubscribed_at: null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async unsubscribe(id: number, now: Date): Promise<void> {
      await db
        .updateTable('job_alerts')
        .set({ unsubscribed_at: now.toISOString() })
        .where('id', '=', id)
        .where('unsubscribed_at', 'is', null)
        .execute();
    },
    /** The employer's confirmed alerts still on. */
    async active(domain: string): Promise<JobAlert[]> {
      const rows = await db
        .selectFrom('job_alerts')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where('confirmed_at', 'is not', null)
        .where('unsubscribed_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toAlert);
    },
    async find(id: number): Promise<JobAlert | null> {
      const row = await db.selectFrom('job_alerts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAlert(row) : null;
    },
  };
}

/** Whose alert a one-click unsubscribe ends: a candidate's saved search, or a signed-out visitor's job alert. */
export type AlertKind = 'saved' | 'guest';

/**
 * The mail of new jobs, with its one-click unsubscribe (RFC 8058): the address carries the alert and an HMAC of it
 * under the server's account secret, so it needs no session and no CSRF token (a mail client posts it), and cannot
 * be made for another alert.
 */
export function createAlertMailer(deps: { outbox: Outbox; siteOrigin: string; secret: Buffer }) {
  const signatureOf = (kind: AlertKind, id: number) =>
    createHmac('sha256', deps.secret).update(`alert-unsubscribe\n${kind}\n${id}`, 'utf8').digest('base64url');

  const unsubscribeUrl = (kind: AlertKind, id: number) => {
    const url = new URL('/careers/alerts/unsubscribe', deps.siteOrigin);
    url.searchParams.set('k', kind);
    url.searchParams.set('id', String(id));
    url.searchParams.set('sig', signatureOf(kind, id));
    return url.toString();
  };

  return {
    /** Whether `sig` is the signature of this alert (compared in constant time). */
    verify(kind: AlertKind, id: number, sig: string): boolean {
      return constantTimeEqual(sig, signatureOf(kind, id));
    },

    /** "New jobs for your search": the position, the search's link, and the unsubscribe link and headers. */
    async mailNewJob(
      db: Kysely<Database>,
      input: {
        employer: Employer;
        lang: Language;
        to: string;
        title: string;
        searchPath: string;
        alert: { kind: AlertKind; id: number };
      },
      now: Date,
    ): Promise<void> {
      const unsubscribe = unsubscribeUrl(input.alert.kind, input.alert.id);
      await deps.outbox.enqueue(
        db,
        renderMail(input.alert.kind === 'saved' ? 'saved_search_alert' : 'job_alert', {
          lang: input.lang,
          employer: input.employer,
          to: input.to,
          values: { title: input.title, unsubscribe },
          actionUrl: new URL(input.searchPath, deps.siteOrigin).toString(),
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
        now,
      );
    },
  };
}

export type AlertMailer = ReturnType<typeof createAlertMailer>;
