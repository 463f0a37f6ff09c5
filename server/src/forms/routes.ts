import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import type { Candidate } from '../candidates/repository';
import {
  ApiErrorBody,
  ApplyBody,
  ApplyFormQuery,
  ApplyFormResponse,
  ApplyResponse,
  DeleteDraftBody,
  SaveDraftResponse,
  DeleteDraftResponse,
  DraftApplicationsResponse,
  Domain,
  FormErrorBody,
  Headers,
  SaveDraftBody,
  formItems,
  sitePath,
  isItemVisible,
  type ApplyPosition,
  type DraftApplication as DraftApplicationType,
  type FormDefinition,
  type FormValues,
} from '../contract';
import { candidateRoute } from '../http/candidate-route';
import type { ServerDeps } from '../http/server-deps';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import { translator, type Language } from '../i18n';
import { checkAnswers, FormInvalidError } from './answers';
import { separateFiles } from './application-files';
import { countApplication, DEFAULT_APPLY_LIMITS, draftLimitError } from './apply-limits';
import {
  AlreadyAppliedError,
  DraftLimitError,
  DEFAULT_APPLICATION_FORM_KEY,
  sortedPositionIds,
  type ApplyPositionRow,
  type StoredDraft,
} from './repository';
import { checkValueShapes, profileValues, valuesForForm } from './values';
import { isOpenAt } from '../positions/open';

const tags = ['applications'];

/** Error codes of the apply calls. */
const ApplyErrorCodes = {
  alreadyApplied: 'already_applied',
} as const;

/**
 * Body limit of the apply and draft calls: the answers with their files as base64 (4/3 of their size), so about
 * 8 MB of files in all.
 */
export const APPLY_BODY_LIMIT = 12 * 1024 * 1024;
const BODY_TOO_LARGE = {
  message: `The application is too large: it may be at most ${APPLY_BODY_LIMIT / (1024 * 1024)} MB with its files (about 8 MB of files). Upload smaller files.`,
  field: 'values',
};

/** `hl` of the apply and draft posts (their bodies are the contract's; the language comes in the address). */
const LanguageQuery = Type.Object(
  { hl: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: false },
);

/** The same, with the optional `domain` the access rules check, for the draft calls. */
const DraftQuery = Type.Object(
  { domain: Type.Optional(Domain), hl: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: false },
);

/** Ids without repeats, in the order given. */
const distinct = <T>(items: readonly T[]): T[] => [...new Set(items)];

const parsePid = (pid: string) => distinct(pid.split(',').map(Number));

/** Seconds since the epoch; 0 for a stored date that does not parse (closed, when unknown), never NaN. */
const seconds = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
};

/** The one open rule of every public surface (positions/open.ts), on an apply row. */
const isOpen = (row: ApplyPositionRow, now: string) =>
  isOpenAt({ archived_at: row.archivedAt, posted_at: row.postedAt, valid_through: row.validThrough }, now);

const publicPosition = (row: ApplyPositionRow, applied: boolean): ApplyPosition => ({
  id: row.id,
  name: row.title,
  location: row.location,
  applied,
});

/**
 * Applying and draft applications (docs/product/apply-and-drafts.md, forms as data:
 * docs/product/forms-toolkit.md#forms-as-data):
 * - `GET /api/pcsx/apply_form`: the application form of the positions, prefilled;
 * - `POST /api/pcsx/apply`: submits the answers, checked with the form's rules (the browser's rule engine);
 * - `GET`, `POST` and `DELETE /api/pcsx/draft_applications`: the signed-in candidate's unfinished applications.
 * Applying is open to signed-out visitors unless the employer sets `applyFormConfig.disableLoggedOutApply`.
 */
export function registerFormRoutes(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'config' | 'limiter' | 'forms' | 'candidates' | 'notifications' | 'accounts'>,
): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, limiter, forms, candidates, notifications, accounts } = deps;
  const limits = { ...DEFAULT_APPLY_LIMITS, ...config.applyLimits };

  /** The employer of the call (the visitor's), and the signed-in candidate when the session belongs to it. */
  async function applyScope(request: FastifyRequest) {
    const { employer, candidateId } = request.visitor;
    if (candidateId === null && employer.pcsxConfig.applyFormConfig?.disableLoggedOutApply === true) {
      throw new HttpError(401, ServerErrorCodes.loginRequired, translator(request.language)('forms.signInToApply'), {
        headers: { [Headers.login]: '1' },
        localized: true,
      });
    }
    const candidate = candidateId === null ? null : await candidates.findById(candidateId);
    return { domain: employer.domain, candidate };
  }

  /** The positions, each open at the employer (else 404 naming `field` and the first such position). */
  async function openPositions(domain: string, ids: number[], field: string, language: Language, now: Date) {
    const rows = await forms.positions(domain, ids);
    const at = now.toISOString();
    const closed = ids.find((id) => {
      const row = rows.get(id);
      return !row || !isOpen(row, at);
    });
    if (closed !== undefined) {
      throw new HttpError(
        404,
        ServerErrorCodes.notFound,
        `${field}: ${translator(language)('forms.positionNotOpen', { id: closed })}`,
        { field, localized: true },
      );
    }
    return ids.map((id) => rows.get(id)!);
  }

  /**
   * The form of the positions: their own form when they all name the same one, else the employer's default. Skill
   * selectors suggest the positions' skills first.
   */
  async function formFor(domain: string, positions: ApplyPositionRow[], language: Language): Promise<FormDefinition> {
    const keys = new Set(positions.map((position) => position.formKey ?? DEFAULT_APPLICATION_FORM_KEY));
    const shared = keys.size === 1 ? [...keys][0]! : DEFAULT_APPLICATION_FORM_KEY;
    const form =
      (await forms.findForm(domain, shared, language)) ??
      (shared === DEFAULT_APPLICATION_FORM_KEY
        ? null
        : await forms.findForm(domain, DEFAULT_APPLICATION_FORM_KEY, language));
    if (!form)
      throw new HttpError(404, ServerErrorCodes.notFound, translator(language)('forms.noForm'), { localized: true });
    const skills = distinct(positions.flatMap((position) => position.skills));
    if (skills.length === 0) return form;
    return {
      ...form,
      sections: form.sections.map((section) => ({
        ...section,
        items: section.items.map((item) =>
          item.type === 'skillSelector'
            ? { ...item, suggestedSkills: [...new Set([...skills, ...(item.suggestedSkills ?? [])])].slice(0, 200) }
            : item,
        ),
      })),
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

  /** The email the application is made under: the account's when signed in, else the form's email answer. */
  function applicantEmail(form: FormDefinition, values: FormValues, candidate: Candidate | null, language: Language) {
    if (candidate) return candidate.email;
    const items = formItems(form);
    const item = items.find((entry) => entry.type === 'email') ?? items.find((entry) => entry.name === 'email');
    const value = item ? values[item.name] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value.trim().toLowerCase();
    const field = item?.name ?? 'email';
    throw new FormInvalidError({ [field]: translator(language)('forms.emailNeeded') }, field);
  }

  const shapeOk = (form: FormDefinition, values: FormValues) => {
    const checked = checkValueShapes(form, values);
    if ('problem' in checked) throw badRequest(checked.problem.message, checked.problem.field);
    return checked.files;
  };

  routes.get(
    '/api/pcsx/apply_form',
    {
      schema: {
        summary:
          'The application form of the positions in `pid` (one id, or several comma-joined from the job cart): their ' +
          'own form when they all share one, else the employer’s default; prefilled with the signed-in candidate’s ' +
          'draft for exactly these positions (`draftUpdatedAt`), else from their profile (firstname, lastname, ' +
          'email). 404 naming `pid` for a position that is unknown, closed or another employer’s; 401 ' +
          '`login_required` signed out when the employer sets `applyFormConfig.disableLoggedOutApply`',
        tags,
        querystring: ApplyFormQuery,
        response: { 200: ApplyFormResponse, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { kind: 'api' },
    },
    async (request) => {
      const { query, language } = request;
      const { domain, candidate } = await applyScope(request);
      const ids = parsePid(query.pid);
      const positions = await openPositions(domain, ids, 'pid', language, new Date());
      const form = await formFor(domain, positions, language);
      const applied = candidate
        ? await forms.appliedPositionIds(domain, ids, {
            candidateId: candidate.id,
            email: candidate.email,
            signedIn: true,
          })
        : new Set<number>();
      const draft = candidate ? await forms.draft(domain, candidate.id, ids) : null;
      const values = draft ? valuesForForm(form, draft.values) : candidate ? profileValues(form, candidate) : {};
      return {
        data: {
          form,
          values,
          positions: positions.map((position) => publicPosition(position, applied.has(position.id))),
          draftUpdatedAt: draft?.updatedAt ?? null,
        },
      };
    },
  );

  routes.post(
    '/api/pcsx/apply',
    {
      schema: {
        summary:
          'Submits an application to every position in `position_ids` with the form’s answers in `values` (`hl` in ' +
          'the address: the language of the messages). The answers are checked with the form’s rules as the ' +
          'browser checks them: 400 `form_invalid` with the first message and `errors` by field; an answer to no ' +
          'question of the form or of the wrong type is a 400 naming it; uploaded files must be what their names ' +
          `say. At most ${APPLY_BODY_LIMIT / (1024 * 1024)} MB (413). Signed out, the form’s email answer names the ` +
          'applicant: the application is attached to no account, and a receipt to that email carries the link that ' +
          'adds it to one (signed in, the receipt goes to the account’s email). 409 `already_applied` ' +
          'naming the positions applied to already (a withdrawn application does not count; signed in, neither does ' +
          'one made signed out with the account’s email: it is replaced). 429 with `Retry-After` past the limits ' +
          '(applications per browser, per email or account, per address signed out; `upload_quota_exceeded` naming ' +
          'the files question past the bytes of files a day), nothing stored. Each file is stored once however many ' +
          'positions. The candidate’s draft for these positions is deleted and their bell tells them the application ' +
          'was submitted',
        tags,
        security: [{ session: [], csrf: [] }],
        querystring: LanguageQuery,
        body: ApplyBody,
        response: {
          200: ApplyResponse,
          400: Type.Union([FormErrorBody, ApiErrorBody]),
          401: ApiErrorBody,
          403: ApiErrorBody,
          404: ApiErrorBody,
          409: ApiErrorBody,
          413: ApiErrorBody,
          429: ApiErrorBody,
        },
      },
      config: { kind: 'api', bodyTooLarge: BODY_TOO_LARGE },
      bodyLimit: APPLY_BODY_LIMIT,
    },
    async (request) => {
      const { body, language } = request;
      const t = translator(language);
      const now = new Date();
      const { domain, candidate } = await applyScope(request);
      const ids = distinct(body.position_ids);
      const positions = await openPositions(domain, ids, 'position_ids', language, now);
      const form = await formFor(domain, positions, language);
      const files = shapeOk(form, body.values);
      const values = shownValues(form, body.values);
      await checkAnswers(form, values, files, language);
      const email = applicantEmail(form, values, candidate, language);
      const alreadyApplied = (positionIds: number[]) =>
        new HttpError(
          409,
          ApplyErrorCodes.alreadyApplied,
          t('forms.alreadyApplied', {
            positions: positions
              .filter((position) => positionIds.includes(position.id))
              .map((position) => `${position.title} (${position.id})`)
              .join(', '),
          }),
          { field: 'position_ids', localized: true },
        );
      // Files once per SHA-256 however many positions; the limits count once the answers are checked (decision 010).
      const separated = separateFiles(values, new Set(files.map(({ file }) => file)));
      const filesField = files.map(({ field }) => field.split('.')[0]!).find((field) => field in values) ?? null;
      const takeBack = await countApplication(
        limiter,
        limits,
        {
          domain,
          browser: request.session ? `session:${request.session.id}` : `anonymous:${request.anonymousId ?? ''}`,
          accountId: candidate?.id ?? null,
          email,
          address: request.ip,
        },
        { bytes: separated.bytes, filesField },
        language,
        now,
      );
      let applicationIds: number[];
      try {
        applicationIds = await forms.apply(
          ids,
          {
            domain,
            // Signed out, the email is only typed: the application stays unattached, whoever holds an account with
            // that email (docs/product/apply-and-drafts.md#signed-out-applications). It never shows in, notifies or blocks one.
            candidateId: candidate?.id ?? null,
            email,
            signedIn: candidate !== null,
            values: separated.values,
            files: separated.files,
          },
          now,
          // The receipt: signed out, with the link that adds the application to an account once the email is
          // proved (docs/product/accounts-and-mail.md#claiming-signed-out-applications).
          (trx) =>
            accounts.mailApplicationReceived(trx, {
              employer: request.visitor.employer,
              lang: language,
              email,
              positions: positions.map((position) => position.title),
              signedIn: candidate !== null,
              now,
            }),
        );
        accounts.wakeMail();
      } catch (error) {
        await takeBack();
        if (error instanceof AlreadyAppliedError) throw alreadyApplied(error.positionIds);
        throw error;
      }
      if (candidate) {
        for (const position of positions) {
          await notifications.create({
            candidateId: candidate.id,
            domain,
            categoryTitle: t('forms.notification.category'),
            message: t('forms.notification.message', { position: position.title }),
            notificationType: 'read_only',
            redirectUrl: sitePath('/careers/applications'),
            createdAt: now,
          });
        }
      }
      return {
        data: { applicationIds, positions: positions.map((position) => publicPosition(position, true)) },
      };
    },
  );

  /** A draft as the dashboard lists it: its first open position (else its first), open (-1) or when it closed. */
  function draftView(
    draft: StoredDraft,
    rows: Map<number, ApplyPositionRow>,
    now: string,
  ): DraftApplicationType | null {
    const known = draft.positionIds.map((id) => rows.get(id)).filter((row) => row !== undefined);
    const position = known.find((row) => isOpen(row, now)) ?? known[0];
    if (!position) return null;
    const closedAt =
      position.archivedAt ?? (position.validThrough && position.validThrough <= now ? position.validThrough : null);
    return {
      id: draft.id,
      position_ids: draft.positionIds,
      position: {
        id: position.id,
        name: position.title,
        location: position.location,
        archived_at: isOpen(position, now) || closedAt === null ? -1 : seconds(closedAt),
      },
      updated_at: draft.updatedAt,
      // The positions in one order (the draft's key), so one draft has one address.
      href: sitePath('/careers/apply', {}, { domain: draft.domain, pid: sortedPositionIds(draft.positionIds) }),
    };
  }

  routes.get(
    '/api/pcsx/draft_applications',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s draft applications, most recently saved first: each with its positions, one of ' +
        'them shown (`position.archived_at` -1 while open, else when it closed, in seconds) and the address that ' +
        'resumes it',
      tags,
      response: { 200: DraftApplicationsResponse },
    }),
    async (request) => {
      const { candidateId, domain } = candidateScope(request);
      const drafts = await forms.drafts(domain, candidateId);
      const rows = await forms.positions(domain, distinct(drafts.flatMap((draft) => draft.positionIds)));
      const now = new Date().toISOString();
      return {
        data: {
          draft_applications: drafts
            .map((draft) => draftView(draft, rows, now))
            .filter((draft): draft is DraftApplicationType => draft !== null),
        },
      };
    },
  );

  routes.post(
    '/api/pcsx/draft_applications',
    {
      ...candidateRoute('write', {
        summary:
          'Saves the signed-in candidate’s unfinished application for `position_ids` (replacing the one saved for ' +
          'the same positions). The answers are not checked with the rules (a draft is unfinished), but an answer ' +
          'to no question of the form or of the wrong type is a 400 naming it. 404 naming `position_ids` for a ' +
          `position that is not open; at most ${APPLY_BODY_LIMIT / (1024 * 1024)} MB (413)`,
        tags,
        querystring: DraftQuery,
        body: SaveDraftBody,
        response: { 200: SaveDraftResponse, 404: ApiErrorBody, 409: ApiErrorBody, 413: ApiErrorBody },
      }),
      config: { kind: 'api', auth: 'candidate', bodyTooLarge: BODY_TOO_LARGE },
      bodyLimit: APPLY_BODY_LIMIT,
    },
    async (request) => {
      const { body, language } = request;
      const { candidateId, domain } = candidateScope(request);
      const now = new Date();
      const ids = distinct(body.position_ids);
      const positions = await openPositions(domain, ids, 'position_ids', language, now);
      const form = await formFor(domain, positions, language);
      shapeOk(form, body.values);
      let draft: StoredDraft;
      try {
        draft = await forms.saveDraft(domain, candidateId, ids, body.values, now, {
          count: limits.draftsHeld,
          bytes: limits.draftBytesHeld,
        });
      } catch (error) {
        if (error instanceof DraftLimitError) throw draftLimitError(limits, error.which, language);
        throw error;
      }
      return { data: draftView(draft, new Map(positions.map((row) => [row.id, row])), now.toISOString())! };
    },
  );

  routes.delete(
    '/api/pcsx/draft_applications',
    candidateRoute('write', {
      summary:
        'Deletes the signed-in candidate’s draft application that holds the position in `position_ids` (a list of ' +
        'one id); 404 when they have none',
      tags,
      querystring: DraftQuery,
      body: DeleteDraftBody,
      response: { 200: DeleteDraftResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { body, language } = request;
      const { candidateId, domain } = candidateScope(request);
      const [positionId] = body.position_ids as [number];
      if ((await forms.deleteDraftsWith(domain, candidateId, positionId)) === 0) {
        throw new HttpError(
          404,
          ServerErrorCodes.notFound,
          translator(language)('forms.draftNotFound', { id: positionId }),
          { localized: true },
        );
      }
      return { data: { position_ids: [positionId], deleted: true as const } };
    },
  );
}
