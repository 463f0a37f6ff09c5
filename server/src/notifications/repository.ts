import type { Kysely, Selectable } from 'kysely';
import type { Notification, NotificationType } from '../contract';
import type { Database, NotificationsTable } from '../db/types';
import { normalizeDomain } from '../employers/repository';

/** At most this many notifications are listed, newest first. */
const NOTIFICATION_LIST_LIMIT = 100;

/** Whose notifications: one candidate, at one employer. */
export interface NotificationOwner {
  candidateId: number;
  domain: string;
}

export interface NewNotification extends NotificationOwner {
  categoryTitle: string;
  message: string;
  notificationType: NotificationType;
  redirectUrl: string | null;
  createdAt?: Date;
  viewedAt?: Date | null;
  clickedAt?: Date | null;
}

function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    categoryTitle: row.category_title,
    message: row.message,
    createdAt: row.created_at,
    isClicked: row.clicked_at !== null,
    isViewed: row.viewed_at !== null,
    redirectUrl: row.redirect_url,
    notificationType: row.notification_type,
  };
}

export interface NotificationRepository {
  list(owner: NotificationOwner, options?: { type?: NotificationType }): Promise<Notification[]>;
  countUnviewed(owner: NotificationOwner): Promise<number>;
  markAllViewed(owner: NotificationOwner, now: Date): Promise<number>;
  /** Rows changed (0 when already clicked), or null when the owner has no such notification. */
  markClicked(owner: NotificationOwner, id: number, now: Date): Promise<number | null>;
  markAllClicked(owner: NotificationOwner, now: Date): Promise<number>;
  create(notification: NewNotification): Promise<Notification>;
}

export function createNotificationRepository(db: Kysely<Database>): NotificationRepository {
  const owned = ({ candidateId, domain }: NotificationOwner) =>
    db
      .updateTable('notifications')
      .where('candidate_id', '=', candidateId)
      .where('domain', '=', normalizeDomain(domain));

  return {
    async list({ candidateId, domain }, options = {}) {
      let query = db
        .selectFrom('notifications')
        .selectAll()
        .where('candidate_id', '=', candidateId)
        .where('domain', '=', normalizeDomain(domain));
      if (options.type) query = query.where('notification_type', '=', options.type);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(NOTIFICATION_LIST_LIMIT)
        .execute();
      return rows.map(toNotification);
    },

    async countUnviewed({ candidateId, domain }) {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('candidate_id', '=', candidateId)
        .where('domain', '=', normalizeDomain(domain))
        .where('viewed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markAllViewed(owner, now) {
      const result = await owned(owner)
        .set({ viewed_at: now.toISOString() })
        .where('viewed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markClicked(owner, id, now) {
      const stamp = now.toISOString();
      const result = await owned(owner)
        .set((eb) => ({ clicked_at: stamp, viewed_at: eb.fn.coalesce('viewed_at', eb.val(stamp)) }))
        .where('id', '=', id)
        .where('clicked_at', 'is', null)
        .executeTakeFirst();
      const updated = Number(result.numUpdatedRows);
      if (updated > 0) return updated;
      const exists = await db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', id)
        .where('candidate_id', '=', owner.candidateId)
        .where('domain', '=', normalizeDomain(owner.domain))
        .executeTakeFirst();
      return exists ? 0 : null;
    },

    async markAllClicked(owner, now) {
      const stamp = now.toISOString();
      const result = await owned(owner)
        .set((eb) => ({ clicked_at: stamp, viewed_at: eb.fn.coalesce('viewed_at', eb.val(stamp)) }))
        .where('clicked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async create(notification) {
      const createdAt = notification.createdAt ?? new Date();
      const row = await db
        .insertInto('notifications')
        .values({
          domain: normalizeDomain(notification.domain),
          candidate_id: notification.candidateId,
          category_title: notification.categoryTitle,
          message: notification.message,
          notification_type: notification.notificationType,
          redirect_url: notification.redirectUrl,
          created_at: createdAt.toISOString(),
          viewed_at: notification.viewedAt ? notification.viewedAt.toISOString() : null,
          clicked_at: notification.clickedAt ? notification.clickedAt.toISOString() : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toNotification(row);
    },
  };
}
