import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { candidateScope } from '../auth/access';
import { fullNameOf, normalizeEmail } from '../candidates/repository';
import type { SessionManager } from '../auth/sessions';
import {
  ApiErrorBody,
  DeleteAccountBody,
  DeleteAccountResponse,
  ExportResumeQuery,
  MyDataQuery,
  SettingsQuery,
  SettingsResponse,
  UpdateSettingsBody,
} from '../contract';
import type { Database } from '../db/types';
import { contentDisposition } from '../http/file-names';
import { candidateRoute } from '../http/candidate-route';
import { badRequest, loginRequired } from '../http/errors';
import { translator } from '../i18n';
import { loadProfile } from '../profile/repository';
import { deleteCandidateAccount } from './delete-account';
import { collectCandidateData } from './my-data';
import { employerLanguages } from '../employers/pcsx-config';
import { readSettings, updateSettings } from './repository';
import { heavyWorkUnavailable, HeavyTaskFailed, renderResumeInPool } from '../workers/heavy-pool';
import type { ResumeLabels } from './resume-pdf';

const tags = ['settings'];

/**
 * The candidate's own files: never rendered on our origin, never kept by caches, never sniffed. The exported resume
 * gets them inline too (it is drawn from the candidate's own text).
 */
const PRIVATE_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** Latin letters without a decomposition, and the ASCII letter a file name writes them as. */
const LATIN_FALLBACKS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

/** An ASCII file name part (accents dropped, anything unusual replaced). */
const asciiName = (value: string): string =>
  [...value]
    .map((char) => LATIN_FALLBACKS[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);

/**
 * Settings and the candidate's own data (docs/product/settings-and-data.md#calls; the paths are ours), for the
 * signed-in candidate only: language and saved-search alerts, everything held about them as JSON, deleting the
 * account, and the profile as a PDF resume.
 */
export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; sessions: SessionManager },
): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, sessions } = deps;

  routes.get(
    '/api/pcsx/settings',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s settings: the language they chose (else `hl`), the supported languages, ' +
        'saved-search alerts (all, and each saved search) and the account’s email',
      tags,
      querystring: SettingsQuery,
      response: { 200: SettingsResponse },
    }),
    async (request) => {
      const offered = employerLanguages(request.visitor.employer.pcsxConfig).supported;
      const settings = await readSettings(db, candidateScope(request), request.language, offered);
      if (!settings) throw loginRequired();
      return { data: settings };
    },
  );

  routes.post(
    '/api/pcsx/settings',
    candidateRoute('write', {
      summary:
        'Changes the signed-in candidate’s settings: `language` (one of the supported languages), ' +
        '`savedSearchAlerts` (every saved search) and `savedSearches` (`[{ id, alerts }]`, their own only). Answers ' +
        'the settings; 400 naming the field when a value does not fit',
      tags,
      body: UpdateSettingsBody,
      response: { 200: SettingsResponse },
    }),
    async (request) => {
      const scope = candidateScope(request);
      const { body } = request;
      const offered = employerLanguages(request.visitor.employer.pcsxConfig).supported;
      await updateSettings(db, scope, body, offered);
      const settings = await readSettings(db, scope, request.language, offered);
      if (!settings) throw loginRequired();
      return { data: settings };
    },
  );

  routes.get(
    '/api/pcsx/my_data',
    candidateRoute('read', {
      summary:
        'Everything held about the signed-in candidate, as a JSON download: every table with their rows (secrets ' +
        'such as the password hash, session and signing tokens left out; stored files described, not included)',
      tags,
      querystring: MyDataQuery,
      response: {
        200: {
          description: '`{ exportedAt, tables: { <table>: [rows] } }` as an attachment',
          type: 'object',
          additionalProperties: true,
        },
      },
    }),
    async (request, reply) => {
      const scope = candidateScope(request);
      const data = await collectCandidateData(db, scope.candidateId, scope.domain);
      if (!data) throw loginRequired();
      const day = data.exportedAt.slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .headers(PRIVATE_HEADERS)
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  routes.post(
    '/api/pcsx/delete_account',
    candidateRoute('write', {
      summary:
        'Deletes the signed-in candidate’s account: `confirm` must be the account’s email (else 400 naming ' +
        '`confirm`). Every session ends, their data is deleted, their applications stay for the employer without ' +
        'anything that names them; the email may register again. Answers where to go next',
      tags,
      body: DeleteAccountBody,
      response: { 200: DeleteAccountResponse },
    }),
    async (request, reply) => {
      const scope = candidateScope(request);
      const { confirm } = request.body;
      const candidate = await db
        .selectFrom('candidates')
        .select('email')
        .where('id', '=', scope.candidateId)
        .executeTakeFirst();
      if (!candidate) throw loginRequired();
      if (normalizeEmail(confirm) !== candidate.email) {
        throw badRequest('Type your account’s email to confirm deleting it.', 'confirm');
      }
      await deleteCandidateAccount(db, scope.candidateId, scope.domain);
      await sessions.signOut(request, reply);
      return { data: { ok: true as const, next: '/careers' } };
    },
  );

  routes.get(
    '/api/pcsx/export_resume',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s profile as a PDF resume (headings in `hl`, else the language they chose): ' +
        'name, headline, contact, summary, experience, education, skills, languages and links',
      tags,
      querystring: ExportResumeQuery,
      produces: ['application/pdf'],
      response: { 200: { description: 'The resume', type: 'string', format: 'binary' }, 404: ApiErrorBody },
    }),
    async (request, reply) => {
      const scope = candidateScope(request);
      const { disposition = 'attachment' } = request.query;
      const profile = await loadProfile(db, scope.candidateId, scope.domain);
      if (!profile) throw loginRequired();
      const t = translator(request.language);
      const fullName = fullNameOf(profile.candidate) || profile.candidate.email;
      const labels: ResumeLabels = {
        title: t('settings.resume.title', { name: fullName }),
        summary: t('settings.resume.summary'),
        experience: t('settings.resume.experience'),
        education: t('settings.resume.education'),
        skills: t('settings.resume.skills'),
        languages: t('settings.resume.languages'),
        links: t('settings.resume.links'),
        present: t('settings.resume.present'),
        proficiency: Object.fromEntries(
          ['basic', 'conversational', 'professional', 'native'].map((level) => [
            level,
            t(`settings.resume.proficiency.${level}`),
          ]),
        ),
      };
      // Drawn in the heavy-work pool: the layout of the candidate's text never runs on the event loop.
      let bytes: Uint8Array;
      try {
        bytes = await renderResumeInPool({ profile, name: fullName, labels, language: request.language });
      } catch (error) {
        if (error instanceof HeavyTaskFailed) throw heavyWorkUnavailable('draw your resume');
        throw error;
      }
      // The file is named in the candidate's language and script; browsers that cannot read that get ASCII.
      const person = `${profile.candidate.firstName}-${profile.candidate.lastName}`;
      const name = [t('settings.resume.fileName'), person.replace(/\s+/g, '-')].filter(Boolean).join('-');
      const ascii = [asciiName(t('settings.resume.fileName')) || 'Resume', asciiName(person)].filter(Boolean).join('-');
      // Inline too, the sandbox: the browser shows the PDF in its own viewer or our pdf.js one, never as a page of
      // our origin (README "Security", stored files).
      return reply
        .type('application/pdf')
        .headers(PRIVATE_HEADERS)
        .header('content-disposition', contentDisposition(disposition, name, 'pdf', `${ascii}.pdf`))
        .send(Buffer.from(bytes));
    },
  );
}
