import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { knownVisitor } from '../auth/access';
import type { CandidateRepository } from '../candidates/repository';
import { fieldOf } from '../http/request-context';
import { DEFAULT_LANGUAGE, resolveLanguage, supportedMatch, type Language } from '.';

/** The `hl` a request names: the query string's, else its body's (the sign-in form posts its page's `hl`). */
function requestedHl(request: FastifyRequest): string | undefined {
  const inQuery = fieldOf(request.query, 'hl');
  if (typeof inQuery === 'string' && inQuery !== '') return inQuery;
  const inBody = fieldOf(request.body, 'hl');
  return typeof inBody === 'string' && inBody !== '' ? inBody : undefined;
}

/**
 * The best supported language of an `Accept-Language` header: its tags by preference (`q`, then order), the first
 * one a supported language matches (exactly, else by its primary language: `fr-BE` → `fr-CA`); null when none does.
 */
export function acceptedLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > 4096) return null;
  const ranked = value
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter(({ tag, weight }) => weight > 0 && /^[A-Za-z0-9_-]{1,35}$/.test(tag))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranked) {
    const language = supportedMatch(tag);
    if (language) return language;
  }
  return null;
}

/**
 * `request.language` for every route (decision 025): `hl` (query string, else body), else the signed-in candidate's
 * chosen language (only on a route that has a visitor, and for the employer the session belongs to), else the best
 * supported match of `Accept-Language`, else English. Set in `preHandler`, after validation (`hl` is checked by the
 * route's schema) and after the access plugin's visitor; a failure answered earlier is rendered with `hl` alone.
 */
export const languagePlugin = fp(
  async (app: FastifyInstance, { candidates }: { candidates: CandidateRepository }) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('preHandler', async (request) => {
      const hl = requestedHl(request);
      if (hl !== undefined) {
        request.language = resolveLanguage(hl);
        return;
      }
      const candidateId = knownVisitor(request)?.candidateId ?? null;
      const chosen = candidateId === null ? null : (await candidates.findById(candidateId))?.language;
      request.language = chosen
        ? resolveLanguage(chosen)
        : (acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE);
    });
  },
  { name: 'language', dependencies: ['access'] },
);
