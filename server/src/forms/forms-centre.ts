import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { candidateScope } from '../auth/access';
import {
  ApiErrorBody,
  CandidateFormQuery,
  Domain,
  CandidateFormResponse,
  FORMS_CENTRE_TABS,
  FormErrorBody,
  FormsListQuery,
  FormsListResponse,
  SaveCandidateFormBody,
  SaveCandidateFormResponse,
  formItems,
  isItemVisible,
  isLanguageMap,
  localizeTexts,
  SOURCE_LANGUAGE,
  type AssignedForm,
  type FormAssignmentStatus,
  type FormDefinition,
  type FormValues,
  type FormsCentreTabId,
} from '../contract';
import type { Database, FormAssignmentsTable } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { careersOriginOf, esignBaseUrl, esignSessionUrl } from '../esign/origins';
import { candidateRoute } from '../http/candidate-route';
import type { ServerDeps } from '../http/server-deps';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import { translator, type Language } from '../i18n';
import { assignedFormHref } from './demo-forms';
import { createFormRepository } from './repository';
import { checkAnswers } from './answers';
import { APPLY_BODY_LIMIT } from './routes';
import { checkValueShapes, valuesForForm } from './values';

const tags = ['forms'];

/** The largest id an integer column holds (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** Error code of a change to a completed form. */
const FORM_COMPLETED = 'form_completed';

/** The statuses each tab of the centre lists. */
const TAB_STATUSES: Record<FormsCentreTabId, readonly FormAssignmentStatus[]> = {
  open: ['open', 'in_progress'],
  completed: ['completed'],
};

const BODY_TOO_LARGE = {
  message: `The form is too large: it may be at most ${APPLY_BODY_LIMIT / (1024 * 1024)} MB with its files (about 8 MB of files). Upload smaller files.`,
  field: 'values',
};

/** The address of the form post: the optional `domain` the access rules check, and `hl` (the messages' language). */
const FormPostQuery = Type.Object(
  { domain: Type.Optional(Domain), hl: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: false },
);

const isTab = (value: string): value is FormsCentreTabId => (FORMS_CENTRE_TABS as readonly string[]).includes(value);

/** One assigned form with its form's title (and definition, when asked for). */
interface AssignmentRow extends Selectable<FormAssignmentsTable> {
  title: string;
}

/** The form's title in `language` when its definition gives it per language, else the stored title. */
function titleIn(row: AssignmentRow & { definition_json: string }, language: string): string {
  try {
    const title = (JSON.parse(row.definition_json) as { title?: unknown }).title;
    if (isLanguageMap(title))
      return localizeTexts<{ title: unknown }>({ title }, language, SOURCE_LANGUAGE).title as string;
  } catch {
    // A broken definition keeps the title column's.
  }
  return row.title;
}

const toAssignedForm = (row: AssignmentRow & { definition_json: string }, language: string): AssignedForm => ({
  id: row.id,
  form_key: row.form_key,
  title: titleIn(row, language),
  status: row.status,
  assigned_at: row.assigned_at,
  updated_at: row.updated_at,
  completed_at: row.completed_at,
  href: assignedFormHref(row.id, row.domain),
});

/** The forms assigned to candidates: lists by status, one by id (only the candidate's own), saving answers. */
export function createFormAssignmentRepository(db: Kysely<Database>) {
  const withTitles = () =>
    db
      .selectFrom('form_assignments as a')
      .innerJoin('forms as f', (join) => join.onRef('f.domain', '=', 'a.domain').onRef('f.form_key', '=', 'a.form_key'))
      .selectAll('a')
      .select(['f.title', 'f.definition_json']);

  return {
    /** The candidate's assigned forms with these statuses, most recently assigned first. */
    async list(
      domain: string,
      candidateId: number,
      statuses: readonly FormAssignmentStatus[],
      language: string = SOURCE_LANGUAGE,
    ) {
      const rows = await withTitles()
        .where('a.domain', '=', normalizeDomain(domain))
        .where('a.candidate_id', '=', candidateId)
        .where('a.status', 'in', [...statuses])
        .orderBy('a.assigned_at', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
      return rows.map((row) => toAssignedForm(row, language));
    },

    /** How many assigned forms the candidate has in each status. */
    async countByStatus(domain: string, candidateId: number): Promise<Record<FormAssignmentStatus, number>> {
      const rows = await db
        .selectFrom('form_assignments as a')
        .innerJoin('forms as f', (join) =>
          join.onRef('f.domain', '=', 'a.domain').onRef('f.form_key', '=', 'a.form_key'),
        )
        .select(['a.status', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .where('a.domain', '=', normalizeDomain(domain))
        .where('a.candidate_id', '=', candidateId)
        .groupBy('a.status')
        .execute();
      const counts: Record<FormAssignmentStatus, number> = { open: 0, in_progress: 0, completed: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    /** The candidate's own assignment with this id and its form (null: none, another candidate's, no form). */
    async find(domain: string, candidateId: number, id: number, language?: string) {
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
      const row = await withTitles()
        .where('a.id', '=', id)
        .where('a.domain', '=', normalizeDomain(domain))
        .where('a.candidate_id', '=', candidateId)
        .executeTakeFirst();
      if (!row) return null;
      const form = await createFormRepository(db).findForm(row.domain, row.form_key, language);
      if (!form) return null;
      return {
        assignment: toAssignedForm(row, language ?? SOURCE_LANGUAGE),
        form,
        values: JSON.parse(row.values_json) as FormValues,
      };
    },

    /**
     * Saves the answers (`in_progress`) or completes the form (`completed`, with `completed_at`), unless it is
     * completed already; the saved assignment, or null when it was completed meanwhile.
     */
    async save(id: number, candidateId: number, values: FormValues, complete: boolean, now: Date) {
      const at = now.toISOString();
      const result = await db
        .updateTable('form_assignments')
        .set({
          values_json: JSON.stringify(values),
          status: complete ? 'completed' : 'in_progress',
          updated_at: at,
          completed_at: complete ? at : null,
        })
        .where('id', '=', id)
        .where('candidate_id', '=', candidateId)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

/** The answers of the questions that show (a hidden question's answer is not kept). */
function shownValues(form: FormDefinition, values: FormValues): FormValues {
  const items = new Map(formItems(form).map((item) => [item.name, item]));
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => {
      const item = items.get(name);
      return item !== undefined && isItemVisible(item, values);
    }),
  );
}

const truthy = (value: string | undefined) => value === 'true' || value === '1';

/**
 * The forms centre and form view (`/careers/forms/center` and `/careers/forms`, `forms_list`;
 * docs/product/apply-and-drafts.md#forms-centre): the forms the employer assigned to the signed-in candidate.
 * - `GET /api/pcsx/forms_list`: the forms of one tab (`open`: open and in progress; `completed`), with the tabs;
 * - `GET /api/pcsx/form`: one assigned form, its answers so far and its status;
 * - `POST /api/pcsx/form`: saves the answers, or submits them (checked with the form's rules) and completes it.
 */
export function registerFormsCentreRoutes(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'config' | 'formAssignments' | 'formEsign'>,
): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { formAssignments: assignments, formEsign: esign } = deps;

  /** The candidate's own assignment, else 404 naming `form_id` (another candidate's looks the same as none). */
  async function ownAssignment(domain: string, candidateId: number, id: number, language: Language) {
    const found = await assignments.find(domain, candidateId, id, language);
    if (!found) {
      throw new HttpError(404, ServerErrorCodes.notFound, translator(language)('formsCentre.notFound', { id }), {
        field: 'form_id',
        localized: true,
      });
    }
    return found;
  }

  const completedError = (completedAt: string | null, language: Language) =>
    new HttpError(
      409,
      FORM_COMPLETED,
      translator(language)('formsCentre.completed', { date: (completedAt ?? '').slice(0, 10) }),
      { field: 'form_id', localized: true },
    );

  routes.get(
    '/api/pcsx/forms_list',
    candidateRoute('read', {
      summary:
        'The forms the employer assigned to the signed-in candidate ("forms list"), most recently ' +
        'assigned first: those of the tab `tab_id` (`open`, the default: open and in progress; `completed`), each ' +
        'with its status and the address of its form view; with `include_tab_list` (`true` or `1`) also the tabs, ' +
        'their labels in the candidate’s language (`hl`) and how many forms each holds. 400 naming `tab_id` for an ' +
        'unknown tab',
      tags,
      querystring: FormsListQuery,
      response: { 200: FormsListResponse },
    }),
    async (request) => {
      const { query, language } = request;
      const t = translator(language);
      const tabId = query.tab_id ?? 'open';
      if (!isTab(tabId)) {
        throw new HttpError(
          400,
          ServerErrorCodes.validation,
          t('formsCentre.unknownTab', { tab: tabId, tabs: FORMS_CENTRE_TABS.join(', ') }),
          { field: 'tab_id', localized: true },
        );
      }
      const { candidateId, domain } = candidateScope(request);
      const forms = await assignments.list(domain, candidateId, TAB_STATUSES[tabId], language);
      if (!truthy(query.include_tab_list)) return { data: { tab_id: tabId, forms } };
      const counts = await assignments.countByStatus(domain, candidateId);
      const tabs = FORMS_CENTRE_TABS.map((id) => ({
        id,
        label: t(`formsCentre.tabs.${id}`),
        count: TAB_STATUSES[id].reduce((sum, status) => sum + counts[status], 0),
      }));
      return { data: { tab_id: tabId, forms, tabs } };
    },
  );

  routes.get(
    '/api/pcsx/form',
    candidateRoute('read', {
      summary:
        'One form the employer assigned to the signed-in candidate (`form_id`: the id `forms_list` gives): its ' +
        'definition, the answers saved so far (those that still fit the form) and its status. An e-sign question ' +
        'without a signing page of the employer’s (`url`, `customDomain`) is signed on the reference e-sign ' +
        'server: its `url` is the candidate’s signing link there (framed by the careers origin asked on; opening ' +
        'the form gives the question a session, reused, and a new one after a rejection while the form is open), ' +
        'and its answer is that server’s record `{ status, at }`. 404 naming `form_id` when the candidate has no ' +
        'such form (another candidate’s included)',
      tags,
      querystring: CandidateFormQuery,
      response: { 200: CandidateFormResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { query, language } = request;
      const { candidateId, domain } = candidateScope(request);
      const found = await ownAssignment(domain, candidateId, Number(query.form_id), language);
      const { assignment } = found;
      // Signing links as for offers: framed by the careers origin the form was opened on (or the employer's own page
      // of an allowed origin), the key in the fragment.
      const careers = careersOriginOf(request, deps.config);
      const base = esignBaseUrl(careers, deps.config);
      const parent = request.corsGrant?.origin ?? careers;
      const hl = query.hl ? language : undefined;
      const { form, values } = await esign.present(
        assignment,
        found.form,
        found.values,
        (token, signerKey) => esignSessionUrl(base, token, parent, signerKey, hl),
        new Date(),
      );
      return { data: { form, values: valuesForForm(form, values), status: assignment.status, assignment } };
    },
  );

  routes.post(
    '/api/pcsx/form',
    {
      ...candidateRoute('write', {
        summary:
          'Saves (`submit: false`) or submits (`submit: true`) the signed-in candidate’s answers to one of their ' +
          'assigned forms (`hl` in the address: the language of the messages). Saving keeps the answers and sets ' +
          'the status `in_progress`; the rules are not checked, but an answer to no question of the form or of ' +
          'the wrong type is a 400 naming it. The answer of an e-sign question signed on the reference e-sign server ' +
          'is that server’s record, whatever the body says (a required one not signed there fails as missing). ' +
          'Submitting checks the answers with the form’s rules as the browser ' +
          'does (400 `form_invalid` with the first message and `errors` by field) and completes the form. Uploaded ' +
          'files must be what their names say (both ways). A completed form is read-only: 409 `form_completed`. 404 ' +
          `naming \`form_id\` when the candidate has no such form; at most ${APPLY_BODY_LIMIT / (1024 * 1024)} MB (413)`,
        tags,
        querystring: FormPostQuery,
        body: SaveCandidateFormBody,
        response: {
          200: SaveCandidateFormResponse,
          400: Type.Union([FormErrorBody, ApiErrorBody]),
          404: ApiErrorBody,
          409: ApiErrorBody,
          413: ApiErrorBody,
        },
      }),
      config: { kind: 'api', auth: 'candidate', bodyTooLarge: BODY_TOO_LARGE },
      bodyLimit: APPLY_BODY_LIMIT,
    },
    async (request) => {
      const { body, language } = request;
      const { candidateId, domain } = candidateScope(request);
      const now = new Date();
      const { assignment, form } = await ownAssignment(domain, candidateId, body.form_id, language);
      if (assignment.status === 'completed') throw completedError(assignment.completed_at, language);
      const checked = checkValueShapes(form, body.values);
      if ('problem' in checked) throw badRequest(checked.problem.message, checked.problem.field);
      const answers = await esign.answers(assignment.id, form, body.values);
      const values = body.submit ? shownValues(form, answers) : answers;
      await checkAnswers(form, values, checked.files, language, { rules: body.submit });
      if (!(await assignments.save(assignment.id, candidateId, values, body.submit, now))) {
        const current = await ownAssignment(domain, candidateId, body.form_id, language);
        throw completedError(current.assignment.completed_at, language);
      }
      const saved = await ownAssignment(domain, candidateId, body.form_id, language);
      return { data: saved.assignment };
    },
  );
}

export type FormAssignmentRepository = ReturnType<typeof createFormAssignmentRepository>;
