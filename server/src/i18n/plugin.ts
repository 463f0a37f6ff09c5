import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { knownVisitor } from '../auth/access';
import type { CandidateRepository } from '../candidates/repository';
import { chooseLanguage } from '../contract';
import { employerLanguages } from '../employers/pcsx-config';
import { fieldOf } from '../http/request-context';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '.';

/** The `hl` a request names: the query string's, else its body's (the sign-in form posts its page's `hl`). */
function requestedHl(request: FastifyRequest): string | undefined {
  const inQuery = fieldOf(request.query, 'hl');
  if (typeof inQuery === 'string' && inQuery !== '') return inQuery;
  const inBody = fieldOf(request.body, 'hl');
  return typeof inBody === 'string' && inBody !== '' ? inBody : undefined;
}

/**
 * The best offered language of an `Accept-Language` header: its tags by preference (`q`, then order), the first one
 * an offered language answers (the same, its region's or its stand-in: `fr-CH` → `fr-FR`, `pt-PT` → `pt-BR` when
 * only that is offered); null when none does.
 */
export function acceptedLanguage(
  header: string | string[] | undefined,
  supported: readonly string[] = SUPPORTED_LANGUAGES,
): Language | null {
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
    const language = chooseLanguage(tag, supported);
    if (language) return language;
  }
  return null;
}

/** The language each signed-in candidate chose, read once per request by the plugin's hook. */
const chosenLanguages = new WeakMap<FastifyRequest, string>();
/** The languages the request's employer offers, and its default, read by the plugin's hook. */
const offeredLanguages = new WeakMap<FastifyRequest, { supported: readonly string[]; default: string }>();

/**
 * The language of a request by the one rule (decision 025, docs/product/languages.md#choosing-the-language), each
 * step limited to the languages the employer offers (a language it does not offer reads its stand-in: `fr-BE` →
 * `fr-FR`): `hl` (query string, else body), else the signed-in candidate's chosen language (`chosen`, else the one
 * the plugin read), else the best offered match of `Accept-Language`, else the employer's default language, else
 * English. `chosen` is for the server error page, which may fail before the plugin's hook; before it, every shipped
 * language is offered.
 */
export function languageOf(request: FastifyRequest, chosen?: string | null): Language {
  const offered = offeredLanguages.get(request);
  const supported = offered?.supported ?? SUPPORTED_LANGUAGES;
  const hl = requestedHl(request);
  const fromHl = hl === undefined ? null : chooseLanguage(hl, supported);
  if (fromHl) return fromHl;
  const candidateChoice = chosen || chosenLanguages.get(request);
  const fromChoice = candidateChoice ? chooseLanguage(candidateChoice, supported) : null;
  return (
    fromChoice ??
    acceptedLanguage(request.headers['accept-language'], supported) ??
    offered?.default ??
    DEFAULT_LANGUAGE
  );
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
      const visitor = knownVisitor(request);
      if (!visitor) return;
      offeredLanguages.set(request, employerLanguages(visitor.employer.pcsxConfig));
      if (!candidates || visitor.candidateId === null) return;
      const hl = requestedHl(request);
      if (hl !== undefined && chooseLanguage(hl, offeredLanguages.get(request)?.supported) !== null) return;
      const chosen = (await candidates.findById(visitor.candidateId))?.language;
      if (chosen) chosenLanguages.set(request, chosen);
    });
  },
  // Registered after the access plugin where there is one (its visitor names the candidate); the e-sign server has
  // none, and no one signs in there.
  { name: 'language' },
);
