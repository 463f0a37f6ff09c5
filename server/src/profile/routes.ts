import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { candidateScope } from '../auth/access';
import { toProfile } from '../candidates/repository';
import type { Config } from '../config';
import {
  allowedResumeTypes,
  ApiErrorBody,
  PROFILE_AVATAR_MAX_BYTES,
  ProfileAnalysisResponse,
  ProfileAvatarQuery,
  ProfileDetailsResponse,
  ProfileEditBody,
  ProfileQuery,
  RESUME_MAX_BYTES,
  ResumeFileQuery,
  UploadResumeResponse,
} from '../contract';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { originOf } from '../esign/origins';
import { candidateRoute } from '../http/candidate-route';
import { sessionEmployer } from '../http/request-context';
import type { ServerDeps } from '../http/server-deps';
import { forbiddenDomain, loginRequired, notFound } from '../http/errors';
import { translator } from '../i18n';
import { analyseProfile } from './analysis';
import { applyProfileEdit, avatarOfEdit } from './edit';
import { loadProfile, toProfileDetails, withStaticHost, type StoredProfile } from './repository';
import { readResumeForm } from './upload';
import { storeResume } from './resume-service';

export type ProfileRouteDeps = Pick<ServerDeps, 'db' | 'config' | 'limiter' | 'storedFiles'>;

const tags = ['profile'];

/** Room for the JSON around an avatar's data URL (the picture itself is checked after decoding). */
const EDIT_BODY_LIMIT = Math.ceil(PROFILE_AVATAR_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Stored files are the candidate's: never rendered on our origin, never shared by caches. */
const PRIVATE_FILE_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-cache',
} as const;

/** `attachment` with an ASCII file name (accents dropped, anything unusual replaced). */
function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .replace(/^[ ._]+/, '')
      .slice(0, 120) || 'resume';
  return `attachment; filename="${ascii}"`;
}

/**
 * The static host for the avatar address of an answer (docs/product/profile-and-resume.md#picture: a relative avatar
 * path gets a static host prefix): the origin the request was made on, when it is one the site is served from
 * (PUBLIC_ORIGINS); otherwise none, so the path stays relative. Never another configured origin: a page opened on
 * http://127.0.0.1 whose picture pointed at http://localhost (the first entry) was blocked by the page's own CSP
 * (`img-src 'self'`), and the widgets call the API on the page's origin, so the request's origin is the page's (issue
 * 22, defect 2). A forged Host header that is not listed gets the relative path, never its own name in an address.
 */
function staticHostOf(request: FastifyRequest, config: Pick<Config, 'publicOrigins'>): string {
  const origin = originOf(`${request.protocol}://${request.host}`);
  return origin !== null && config.publicOrigins.includes(origin) ? origin : '';
}

/**
 * Profile and resume (docs/product/profile-and-resume.md#calls: `profile_details`, `profile_analysis`, `profile_edit`,
 * `upload_resume`), for the signed-in candidate only: every call reads and changes the session's own candidate, never
 * one named in the request. The static host that prefixes a relative avatar path is the origin of the request itself
 * (see `staticHostOf`).
 */
export async function registerProfileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, limiter, storedFiles } = deps;

  async function ownProfile(request: FastifyRequest, source: Kysely<Database> = db): Promise<StoredProfile> {
    const scope = candidateScope(request);
    const profile = await loadProfile(source, scope.candidateId, scope.domain);
    if (!profile) throw loginRequired();
    return profile;
  }

  routes.get(
    '/api/pcsx/profile_details',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s profile in sections: basic info (with the avatar), contact, summary, experience, ' +
        'education, skills, languages, links and resumes',
      tags,
      querystring: ProfileQuery,
      response: { 200: ProfileDetailsResponse },
    }),
    async (request) => ({ data: toProfileDetails(await ownProfile(request), staticHostOf(request, config)) }),
  );

  routes.get(
    '/api/pcsx/profile_analysis',
    candidateRoute('read', {
      summary:
        'How complete the signed-in candidate’s profile is (0-100) and what is missing, each with a label in the ' +
        '`hl` language and the section that fills it',
      tags,
      querystring: ProfileQuery,
      response: { 200: ProfileAnalysisResponse },
    }),
    async (request) => {
      // The employer's configuration: the profile sections it shows.
      const employer = sessionEmployer(request);
      return {
        data: analyseProfile(
          await ownProfile(request),
          translator(request.language),
          employer?.pcsxConfig.profileConfig?.own,
        ),
      };
    },
  );

  routes.post(
    '/api/pcsx/profile_edit',
    {
      ...candidateRoute('write', {
        summary:
          'Changes one section of the signed-in candidate’s profile: `add`, `update` or `delete` an item of a list ' +
          'section (`op_data.index`), `update` a single section, `update` or `delete` the avatar (a PNG, JPEG or ' +
          `WebP data URL of at most ${PROFILE_AVATAR_MAX_BYTES / (1024 * 1024)} MB and 25 megapixels, stored ` +
          're-encoded as a WebP of at most 288 pixels square without metadata). Answers the new profile; 422 ' +
          'naming the field when the section, operation, index or value does not fit',
        tags,
        body: ProfileEditBody,
        response: { 200: ProfileDetailsResponse, 413: ApiErrorBody, 422: ApiErrorBody },
      }),
      bodyLimit: EDIT_BODY_LIMIT,
    },
    async (request) => {
      const { body } = request;
      const now = new Date();
      const avatar = await avatarOfEdit(body); // decoded before the transaction, never inside it
      const profile = await db.transaction().execute(async (trx) => {
        await applyProfileEdit(trx, await ownProfile(request, trx), body, now, avatar);
        return ownProfile(request, trx);
      });
      return { data: toProfileDetails(profile, staticHostOf(request, config)) };
    },
  );

  routes.get(
    '/api/pcsx/profile_avatar',
    candidateRoute('read', {
      summary: 'The signed-in candidate’s own profile picture (`v` changes with each new picture)',
      tags,
      querystring: ProfileAvatarQuery,
      produces: ['image/png', 'image/jpeg', 'image/webp'],
      response: { 200: { description: 'The picture', type: 'string', format: 'binary' }, 404: ApiErrorBody },
    }),
    async (request, reply) => {
      const profile = await ownProfile(request);
      const file = profile.avatarFileId === null ? null : await storedFiles.find(profile.avatarFileId);
      if (!file) throw notFound('You have no profile picture.');
      return reply.type(file.contentType).headers(PRIVATE_FILE_HEADERS).send(file.content);
    },
  );

  routes.get(
    '/api/pcsx/resume_file',
    candidateRoute('read', {
      summary: 'Downloads one of the signed-in candidate’s own resumes',
      tags,
      querystring: ResumeFileQuery,
      produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      response: { 200: { description: 'The resume', type: 'string', format: 'binary' }, 404: ApiErrorBody },
    }),
    async (request, reply) => {
      const { resume_id: id } = request.query;
      const profile = await ownProfile(request);
      const resume = profile.resumes.find((item) => item.id === id);
      const file = resume ? await storedFiles.find(resume.file_id) : null;
      if (!resume || !file) throw notFound(`There is no resume ${id}.`);
      return reply
        .type(file.contentType)
        .headers(PRIVATE_FILE_HEADERS)
        .header('content-disposition', attachment(resume.file_name))
        .send(file.content);
    },
  );

  // The only multipart call of this module: the parser is registered for it alone.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/pcsx/upload_resume',
      candidateRoute('write', {
        summary:
          'Stores a resume for the signed-in candidate: multipart/form-data with the text fields "resume_file_name", ' +
          `"resume_content" (a data URL of a PDF or DOCX of at most ${RESUME_MAX_BYTES / (1024 * 1024)} MB, checked by ` +
          'content) and optional "domain". The employer’s `fileUploadConfig.resume.allowedFileTypes` may accept only ' +
          'some of these types: another answers 400 naming `resume_file_name`. Fills the empty profile fields the ' +
          'resume gives (name, phone, location, ' +
          'summary) and adds the employer’s skills it names; answers the candidate',
        tags,
        consumes: ['multipart/form-data'],
        querystring: ProfileQuery,
        response: { 200: UploadResumeResponse, 413: ApiErrorBody, 415: ApiErrorBody },
      }),
      async (request) => {
        const scope = candidateScope(request);
        const form = await readResumeForm(request);
        if (form.domain !== undefined && normalizeDomain(form.domain) !== scope.domain)
          throw forbiddenDomain(form.domain);
        // The employer's configuration: the resume types its upload accepts.
        const employer = sessionEmployer(request);
        const result = await storeResume(
          db,
          limiter,
          scope,
          form,
          new Date(),
          allowedResumeTypes(employer?.pcsxConfig.fileUploadConfig),
        );
        if (!result) throw loginRequired();
        const { profile } = result;
        const staticHost = staticHostOf(request, config);
        const details = toProfileDetails(profile, staticHost);
        const { candidate } = profile;
        return {
          data: {
            candidate: { ...toProfile(candidate), avatar: withStaticHost(profile.avatarPath, staticHost) },
            profile: details,
            resume: details.resumes.find((item) => item.id === result.resumeId)!,
            filled: result.filled,
            skillsAdded: result.skillsAdded,
          },
        };
      },
    );
  });
}
