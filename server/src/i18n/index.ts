import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource, type TFunction } from 'i18next';
import { FORM_RULES_NAMESPACE } from '../contract';
import { LANGUAGES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, matchLanguage } from '../contract';

/**
 * Languages the server-rendered pages, mails and PDFs are offered in: the widgets' (docs/product/languages.md).
 * English is the source and the last fallback.
 */
export const SUPPORTED_LANGUAGES: readonly string[] = SHIPPED_LANGUAGES;
/** A shipped language tag (`en`, `fr-CA`, `ar-SA`). */
export type Language = string;
export const DEFAULT_LANGUAGE: Language = SOURCE_LANGUAGE;

const SERVER_LOCALES = path.join(__dirname, 'locales');
const FORM_RULES_LOCALES = path.join(__dirname, '../../../shared/src/contract/form-rules/locales');

function readLocale(dir: string, tag: string): Record<string, unknown> {
  const file = path.join(dir, `${tag}.json`);
  // Every catalogue is complete in every shipped language (tests/lint/locales.test.ts); a missing file reads as
  // empty, so its texts fall back to English rather than stopping the server.
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The server's texts and the forms toolkit's validation messages (`formRules`), read once at start. */
function resources(): Resource {
  return Object.fromEntries(
    LANGUAGES.map(({ tag }) => [
      tag,
      { translation: readLocale(SERVER_LOCALES, tag), [FORM_RULES_NAMESPACE]: readLocale(FORM_RULES_LOCALES, tag) },
    ]),
  );
}

const i18n = i18next.createInstance();
void i18n.init({
  // The forms toolkit's validation messages (`formRules`): the server's form errors read as the browser's.
  resources: resources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  // Pages escape every string when they render it; escaping here too would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * The shipped language for a tag (any BCP 47 tag: `de`, `fr_BE`, `zh-Hant-HK`: the same, else the language's match
 * for the region or script, else its main market), else English. Where the employer's languages matter, the request's
 * language (plugin.ts) decides instead.
 */
export function resolveLanguage(hl: string | undefined): Language {
  return (hl && matchLanguage(hl)) || DEFAULT_LANGUAGE;
}

/** Translation function bound to one language. */
export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
