import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';

interface PageView {
  domain: string;
  candidateId: number | null;
  pid: string | null;
  namespace: string;
  event: string;
  dataJson: string;
}

export interface PageViewRepository {
  record(view: PageView, now: Date): Promise<number>;
}

export function createPageViewRepository(db: Kysely<Database>): PageViewRepository {
  return {
    async record(view, now) {
      const row = await db
        .insertInto('page_views')
        .values({
          domain: normalizeDomain(view.domain),
          candidate_id: view.candidateId,
          pid: view.pid,
          namespace: view.namespace,
          event: view.event,
          data_json: view.dataJson,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
