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

/** The language each signed-in candidate chose, read once per request by the plugin's hook. */
const chosenLanguages = new WeakMap<FastifyRequest, Language>();

/**
 * The language of a request by the one rule (decision 025): `hl` (query string, else body), else the signed-in
 * candidate's chosen language (`chosen`, else the one the plugin read), else the best supported match of
 * `Accept-Language`, else English. `chosen` is for the server error page, which may fail before the plugin's hook.
 */
export function languageOf(request: FastifyRequest, chosen?: string | null): Language {
  const hl = requestedHl(request);
  if (hl !== undefined) return resolveLanguage(hl);
  if (chosen) return resolveLanguage(chosen);
  return chosenLanguages.get(request) ?? acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * `request.language` for every route and every failure page. The candidate's chosen language is read in
 * `preHandler`, after the access plugin's visitor (only for the employer the session belongs to, and only when no
 * `hl` decides); a failure answered before that (validation, CSRF) follows the rest of the rule, which needs no
 * lookup, so a getter works the language out from what the request holds when it is read.
 */
export const languagePlugin = fp(
  async (app: FastifyInstance, { candidates }: { candidates?: CandidateRepository }) => {
    app.decorateRequest('language', {
      getter(this: FastifyRequest): Language {
        return languageOf(this);
      },
    });
    app.addHook('preHandler', async (request) => {
      if (!candidates || requestedHl(request) !== undefined) return;
      const candidateId = knownVisitor(request)?.candidateId ?? null;
      if (candidateId === null) return;
      const chosen = (await candidates.findById(candidateId))?.language;
      if (chosen) chosenLanguages.set(request, resolveLanguage(chosen));
    });
  },
  // Registered after the access plugin where there is one (its visitor names the candidate); the e-sign server has
  // none, and no one signs in there.
  { name: 'language' },
);
