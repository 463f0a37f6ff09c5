import type { Kysely, Selectable } from 'kysely';
import { randomToken } from '../auth/tokens';
import {
  formItems,
  type EsignValue,
  type FormDefinition,
  type FormItem,
  type FormSection,
  type FormValues,
} from '../contract';
import type { Database, FormEsignSessionsTable } from '../db/types';

type FormEsignSessionRow = Selectable<FormEsignSessionsTable>;

/**
 * Whether the reference e-sign service signs this question: an `esignForm` item for which the employer gave no
 * signing page of their own (`url`) and no e-sign service domain (`customDomain`). Its answer is then the e-sign
 * server's record, never the browser's word.
 */
function isServerSigned(item: FormItem): boolean {
  return item.type === 'esignForm' && !item.url?.trim() && !item.customDomain?.trim();
}

/** The form's questions the reference e-sign service signs (top-level questions; a dynamic list holds none). */
const serverSignedItems = (form: FormDefinition): FormItem[] => formItems(form).filter(isServerSigned);

/** Where a session's signing page is, for the candidate asking (the key goes in the link's fragment). */
type FormEsignLink = (token: string, signerKey: string) => string;

/** The e-sign sessions of one assignment's questions, by item name, oldest first. */
type SessionsByItem = Map<string, FormEsignSessionRow[]>;

/**
 * The server's answer of one e-sign question: the outcome of its latest answered session (`{ status, at }`), or
 * none while no session was answered. A rejection stays the answer until the candidate signs a later session.
 */
function outcomeOf(sessions: readonly FormEsignSessionRow[] | undefined): EsignValue | null {
  const answered = (sessions ?? []).filter((session) => session.status !== 'pending' && session.completed_at);
  const last = answered[answered.length - 1];
  return last ? { status: last.status as EsignValue['status'], at: last.completed_at! } : null;
}

/**
 * `values` with the e-sign answers of the server-signed questions replaced by the server's record: the outcome of
 * each question's latest answered session, else no answer (whatever the browser sent). The only place the forms
 * centre decides what an e-sign question's answer is.
 */
function withServerOutcomes(form: FormDefinition, values: FormValues, sessions: SessionsByItem): FormValues {
  const result: FormValues = { ...values };
  for (const item of serverSignedItems(form)) {
    const outcome = outcomeOf(sessions.get(item.name));
    if (outcome) result[item.name] = outcome;
    else delete result[item.name];
  }
  return result;
}

/** The form with `url` set on the questions that have a signing link. */
function withLinks(form: FormDefinition, urls: ReadonlyMap<string, string>): FormDefinition {
  if (urls.size === 0) return form;
  return {
    ...form,
    sections: form.sections.map((section): FormSection => ({
      ...section,
      items: section.items.map((item) => (urls.has(item.name) ? { ...item, url: urls.get(item.name)! } : item)),
    })),
  };
}

/**
 * E-sign questions of assigned forms (`esignForm`, docs/product/forms-toolkit.md#e-sign-and-embedded-forms) signed
 * through the reference e-sign server: its sessions (`form_esign_sessions`) for (assignment, question), the signing
 * links handed to the candidate, and the answers the server records.
 */
export function createFormEsign(db: Kysely<Database>) {
  async function sessionsOf(assignmentId: number): Promise<SessionsByItem> {
    const rows = await db
      .selectFrom('form_esign_sessions')
      .selectAll()
      .where('assignment_id', '=', assignmentId)
      .orderBy('id')
      .execute();
    const byItem: SessionsByItem = new Map();
    for (const row of rows) byItem.set(row.item_name, [...(byItem.get(row.item_name) ?? []), row]);
    return byItem;
  }

  /** A new pending session of the question; nothing when one is pending already (another request made it). */
  async function open(assignmentId: number, itemName: string, now: Date): Promise<void> {
    await db
      .insertInto('form_esign_sessions')
      .values({
        token: randomToken(32),
        signer_key: randomToken(32),
        assignment_id: assignmentId,
        item_name: itemName,
        status: 'pending',
        signer_name: null,
        completed_at: null,
        created_at: now.toISOString(),
      })
      // At most one pending session per question (a partial unique index): a concurrent request's wins.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  return {
    /**
     * The form and answers as the candidate sees them (GET /api/pcsx/form): each server-signed question gets the
     * `url` of its signing page, and its answer is the server's record. While the form is not completed, a
     * question gets a session when it has none, and a new one after a rejection (the candidate may still sign);
     * a pending or signed session is reused. A completed form keeps the answers it was submitted with and gets
     * no new session (its links show the recorded outcome).
     */
    async present(
      assignment: { id: number; status: string },
      form: FormDefinition,
      values: FormValues,
      link: FormEsignLink,
      now: Date,
    ): Promise<{ form: FormDefinition; values: FormValues }> {
      const items = serverSignedItems(form);
      if (items.length === 0) return { form, values };
      const completed = assignment.status === 'completed';
      let sessions = await sessionsOf(assignment.id);
      if (!completed) {
        const needed = items.filter((item) => {
          const latest = sessions.get(item.name)?.at(-1);
          return latest === undefined || latest.status === 'rejected';
        });
        for (const item of needed) await open(assignment.id, item.name, now);
        if (needed.length > 0) sessions = await sessionsOf(assignment.id);
      }
      const urls = new Map<string, string>();
      for (const item of items) {
        const latest = sessions.get(item.name)?.at(-1);
        if (latest) urls.set(item.name, link(latest.token, latest.signer_key));
      }
      return {
        form: withLinks(form, urls),
        values: completed ? values : withServerOutcomes(form, values, sessions),
      };
    },

    /** The answers to save or submit (POST /api/pcsx/form), with the server's e-sign answers. */
    async answers(assignmentId: number, form: FormDefinition, values: FormValues): Promise<FormValues> {
      if (serverSignedItems(form).length === 0) return values;
      return withServerOutcomes(form, values, await sessionsOf(assignmentId));
    },
  };
}

export type FormEsign = ReturnType<typeof createFormEsign>;
