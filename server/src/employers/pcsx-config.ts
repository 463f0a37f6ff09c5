import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  BootData,
  FileUploadConfig,
  Gates,
  ProfileConfig,
  HEAD_SCRIPTS_CODE_TOTAL_MAX,
  HeadScripts,
  isShellAddress,
  LegacySeo,
  PcsxConfig,
  SeoConfig,
  SHIPPED_LANGUAGES,
  SOURCE_LANGUAGE,
  StoredBranding,
  chooseLanguage,
  localizeTexts,
  mapLanguages,
  matchLanguage,
} from '../contract';

/**
 * The parts of `pcsxConfig` an employer configures in `employers.pcsx_config_json` (migration 0007): the search
 * page, the job cart, the position details, the apply form (`disableLoggedOutApply`), the page shell (`branding`
 * without the company name, which is the employer's own column; `implementationPhase`) and the behaviour flags
 * (`behaviourFlags`, for example `hideInjectedFooter`), the pages' metadata (`seoConfig.pagesMetadata`,
 * docs/product/shell.md#page-metadata; the older `seo` is read into it) and the employer's head scripts (`headScripts`,
 * docs/product/shell.md#head-scripts, written by the page server only). Every key is optional; an absent one means the
 * widget's default.
 */
export type EmployerPcsxConfig = Pick<
  Static<typeof PcsxConfig>,
  | 'searchConfig'
  | 'jobCartConfig'
  | 'positionDetailsConfig'
  | 'applyFormConfig'
  | 'implementationPhase'
  | 'fileUploadConfig'
  | 'profileConfig'
  | 'loggedOutNotificationConfig'
> & {
  branding?: StoredBranding;
  behaviourFlags?: Static<typeof BootData.properties.behaviourFlags>;
  gates?: Gates;
  seoConfig?: SeoConfig;
  headScripts?: HeadScripts;
  supportedLanguages?: string[];
  defaultLanguage?: string;
};

/** The keys of `pcsx_config_json`, each checked against its contract schema. */
export const EMPLOYER_PCSX_KEYS = [
  'searchConfig',
  'jobCartConfig',
  'positionDetailsConfig',
  'applyFormConfig',
  'branding',
  'implementationPhase',
  'behaviourFlags',
  // The profile's upload types and sections (docs/product/profile-and-resume.md), and the gates (decision 023).
  'fileUploadConfig',
  'profileConfig',
  'gates',
  'seoConfig',
  'headScripts',
  // Job alerts by email for signed-out visitors (docs/product/accounts-and-mail.md#job-alerts).
  'loggedOutNotificationConfig',
  // The languages the employer offers and the one pages fall back to (docs/product/languages.md#choosing-the-language).
  'supportedLanguages',
  'defaultLanguage',
] as const;

type EmployerPcsxKey = (typeof EMPLOYER_PCSX_KEYS)[number];

/** The older name of `seoConfig.pagesMetadata`'s titles (`pcsxConfig.seo`): still read, stored as `seoConfig`. */
const LEGACY_SEO_KEY = 'seo';
const legacySeoChecker = TypeCompiler.Compile(LegacySeo);

const checkers: Record<EmployerPcsxKey, TypeCheck<TSchema>> = {
  searchConfig: TypeCompiler.Compile(PcsxConfig.properties.searchConfig),
  jobCartConfig: TypeCompiler.Compile(PcsxConfig.properties.jobCartConfig),
  positionDetailsConfig: TypeCompiler.Compile(PcsxConfig.properties.positionDetailsConfig),
  applyFormConfig: TypeCompiler.Compile(PcsxConfig.properties.applyFormConfig),
  branding: TypeCompiler.Compile(StoredBranding),
  implementationPhase: TypeCompiler.Compile(Type.Boolean()),
  behaviourFlags: TypeCompiler.Compile(BootData.properties.behaviourFlags),
  fileUploadConfig: TypeCompiler.Compile(FileUploadConfig),
  profileConfig: TypeCompiler.Compile(ProfileConfig),
  gates: TypeCompiler.Compile(Gates),
  seoConfig: TypeCompiler.Compile(SeoConfig),
  headScripts: TypeCompiler.Compile(HeadScripts),
  loggedOutNotificationConfig: TypeCompiler.Compile(PcsxConfig.properties.loggedOutNotificationConfig),
  supportedLanguages: TypeCompiler.Compile(
    Type.Array(Type.String({ minLength: 1, maxLength: 35 }), { minItems: 1, maxItems: SHIPPED_LANGUAGES.length }),
  ),
  defaultLanguage: TypeCompiler.Compile(Type.String({ minLength: 1, maxLength: 35 })),
};

/**
 * The languages an employer offers, as shipped tags: a tag that names no shipped language is reported and left out
 * (`de` is `de-DE`); none left, every shipped language.
 */
function checkedLanguages(tags: readonly string[], report: (problem: string) => void): string[] | undefined {
  const offered: string[] = [];
  for (const tag of tags) {
    const shipped = matchLanguage(tag);
    if (shipped === null)
      report(`pcsx_config_json "supportedLanguages": "${tag}" is not a shipped language; it is ignored.`);
    else if (!offered.includes(shipped)) offered.push(shipped);
  }
  return offered.length > 0 ? offered : undefined;
}

function checkedDefaultLanguage(tag: string, report: (problem: string) => void): string | undefined {
  const shipped = matchLanguage(tag);
  if (shipped === null)
    report(`pcsx_config_json "defaultLanguage": "${tag}" is not a shipped language; it is ignored.`);
  return shipped ?? undefined;
}

/** The languages an employer offers and its default: every shipped language and English when it set none. */
export function employerLanguages(config: EmployerPcsxConfig): { supported: readonly string[]; default: string } {
  const supported = config.supportedLanguages ?? SHIPPED_LANGUAGES;
  const wanted = config.defaultLanguage === undefined ? null : chooseLanguage(config.defaultLanguage, supported);
  const fallback = supported.includes(SOURCE_LANGUAGE) ? SOURCE_LANGUAGE : (supported[0] ?? SOURCE_LANGUAGE);
  return { supported, default: wanted ?? fallback };
}

const isKnownKey = (key: string): key is EmployerPcsxKey => (EMPLOYER_PCSX_KEYS as readonly string[]).includes(key);

/**
 * The branding's addresses checked (see `isShellAddress`): a hero image or contact link that could lead off the
 * careers site in an unsafe way (`javascript:`, `//host`) is reported and left out, the rest of the branding kept.
 * A stored `companyName` is left out too: the company name is the employer's own column.
 */
function checkedBranding(branding: StoredBranding, report: (problem: string) => void): StoredBranding {
  const { companyName, ...checked } = branding as StoredBranding & { companyName?: unknown };
  if (companyName !== undefined) {
    report(
      'pcsx_config_json "branding" at /companyName: the company name is the employer\'s own column; it is ignored.',
    );
  }
  const imageUrl = checked.heroImageConfig?.imageUrl;
  if (imageUrl !== undefined && !isShellAddress(imageUrl)) {
    report(
      'pcsx_config_json "branding" at /heroImageConfig/imageUrl: Expected an https: address or a path starting with a single "/"; the hero image is ignored.',
    );
    delete checked.heroImageConfig;
  }
  if (checked.contactUrl !== undefined && !isShellAddress(checked.contactUrl, { mailto: true })) {
    report(
      'pcsx_config_json "branding" at /contactUrl: Expected an https: or mailto: address or a path starting with a single "/"; it is ignored.',
    );
    delete checked.contactUrl;
  }
  return checked;
}

/** An origin a head script may name: `https://host[:port]`, nothing after it. */
function isHttpsOrigin(origin: string): boolean {
  if (!isShellAddress(origin) || !origin.toLowerCase().startsWith('https://')) return false;
  try {
    return new URL(origin).origin === origin.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
}

/**
 * The head scripts checked one by one beyond their schema (decision 024): exactly one of `src` and `code`; `src` an
 * https address (never `http:`, `data:` or a path on this site, where an uploaded file could be served); `code`
 * that cannot end its own element or open an HTML comment inside it (`</script`, `<!--`: it is written as it is,
 * since script text has no escaping); `origins` https origins only; all the inline code at most
 * HEAD_SCRIPTS_CODE_TOTAL_MAX characters. A script that fails is reported and left out, the others kept.
 */
function checkedHeadScripts(scripts: HeadScripts, report: (problem: string) => void): HeadScripts {
  let codeTotal = 0;
  return scripts.filter((script, index) => {
    const problem = headScriptProblem(script, codeTotal);
    if (problem) {
      report(`pcsx_config_json "headScripts" at /${index}: ${problem}; the script is ignored.`);
      return false;
    }
    codeTotal += script.code?.length ?? 0;
    return true;
  });
}

/** What is wrong with one head script, or null (`codeTotal`: the inline code of the scripts kept before it). */
function headScriptProblem(script: HeadScripts[number], codeTotal: number): string | null {
  if ((script.src === undefined) === (script.code === undefined))
    return 'Expected exactly one of "src" (an https address) and "code" (inline code)';
  if (script.src !== undefined && !(isShellAddress(script.src) && script.src.toLowerCase().startsWith('https://')))
    return 'Expected "src" to be an https: address';
  if (script.code !== undefined) {
    if (/<\/script|<!--/i.test(script.code)) return 'Expected "code" without "</script" or "<!--"';
    if (codeTotal + script.code.length > HEAD_SCRIPTS_CODE_TOTAL_MAX)
      return `Expected at most ${HEAD_SCRIPTS_CODE_TOTAL_MAX} characters of inline code in all head scripts`;
    if (script.async !== undefined || script.defer !== undefined || script.integrity !== undefined)
      return 'Expected "async", "defer" and "integrity" only with "src"';
  }
  if ((script.origins ?? []).some((origin) => !isHttpsOrigin(origin)))
    return 'Expected "origins" to hold https origins only (https://host, no path)';
  return null;
}

/**
 * The older `seo` (titles by page) read into `seoConfig.pagesMetadata`, where that names no title for the page:
 * an employer who stored it keeps its titles under the spec's name.
 */
function withLegacySeo(config: EmployerPcsxConfig, legacy: unknown, report: (problem: string) => void): void {
  if (!legacySeoChecker.Check(legacy)) {
    const first = legacySeoChecker.Errors(legacy).First();
    report(
      `pcsx_config_json "seo" does not match the contract${first ? ` at ${first.path || '/'}: ${first.message}` : ''}; it is ignored.`,
    );
    return;
  }
  const pagesMetadata = { ...config.seoConfig?.pagesMetadata };
  for (const [page, entry] of Object.entries(legacy)) {
    if (entry.title === undefined || pagesMetadata[page]?.title !== undefined) continue;
    // defineProperty: a page named "__proto__" stays an entry of its own.
    Object.defineProperty(pagesMetadata, page, {
      value: { ...pagesMetadata[page], title: entry.title },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  config.seoConfig = { ...config.seoConfig, pagesMetadata };
}

/**
 * Reads a stored `pcsx_config_json`. Never throws: invalid JSON or a value that is not an object gives `{}`, a key
 * whose value does not match the contract is left out, and an unknown key is ignored; each problem is passed to
 * `report` (one line naming the key and the path, without the stored value, which may hold a maps key).
 */
export function parseEmployerPcsxConfig(raw: string | null, report: (problem: string) => void): EmployerPcsxConfig {
  if (raw === null || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    report(`pcsx_config_json is not valid JSON (${(error as Error).message}); it is ignored.`);
    return {};
  }
  return checkEmployerPcsxConfig(value, report);
}

/** Checks a configuration object as `parseEmployerPcsxConfig` does a stored one (same reports, same result). */
export function checkEmployerPcsxConfig(value: unknown, report: (problem: string) => void): EmployerPcsxConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    report('pcsx_config_json is not a JSON object; it is ignored.');
    return {};
  }
  const config: EmployerPcsxConfig = {};
  let legacySeo: unknown;
  for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
    if (key === LEGACY_SEO_KEY) {
      legacySeo = part;
      continue;
    }
    if (!isKnownKey(key)) {
      report(`pcsx_config_json has an unknown key "${key}"; it is ignored.`);
      continue;
    }
    const checker = checkers[key];
    // A text may be given per language (docs/product/languages.md#content-in-the-language): each language's version
    // must match the contract.
    const languages = mapLanguages(part);
    const versions = languages.length > 0 ? languages.map((tag) => localizeTexts(part, tag, tag)) : [part];
    const failing = versions.find((version) => !checker.Check(version));
    if (failing === undefined) {
      const checked =
        key === 'branding'
          ? checkedBranding(part as StoredBranding, report)
          : key === 'headScripts'
            ? checkedHeadScripts(part as HeadScripts, report)
            : key === 'supportedLanguages'
              ? checkedLanguages(part as string[], report)
              : key === 'defaultLanguage'
                ? checkedDefaultLanguage(part as string, report)
                : part;
      if (checked === undefined) continue;
      Object.assign(config, { [key]: checked });
      continue;
    }
    const first = checker.Errors(failing).First();
    const where = first ? ` at ${first.path || '/'}: ${first.message}` : '';
    report(`pcsx_config_json "${key}" does not match the contract${where}; it is ignored.`);
  }
  // After the loop: `seoConfig` wins over `seo` whatever their order in the stored text.
  if (legacySeo !== undefined) withLegacySeo(config, legacySeo, report);
  return config;
}

/** The stored form of an employer's configuration (null when there is nothing to store). */
export function serializeEmployerPcsxConfig(config: EmployerPcsxConfig | undefined): string | null {
  if (!config) return null;
  const stored = Object.fromEntries(
    EMPLOYER_PCSX_KEYS.filter((key) => config[key] !== undefined).map((key) => [key, config[key]]),
  );
  return Object.keys(stored).length === 0 ? null : JSON.stringify(stored);
}

/** A stored `pcsx_config_json` as an object: `{}` when empty, null when it is not a JSON object (or not JSON). */
export function storedConfigObject(raw: string | null): Record<string, unknown> | null {
  if (raw === null || raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
