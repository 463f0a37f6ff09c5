import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { BootData, isShellAddress, PcsxConfig, StoredBranding } from '../contract';

/**
 * The parts of `pcsxConfig` an employer configures in `employers.pcsx_config_json` (migration 0007): the search
 * page, the job cart, the position details, the apply form (`disableLoggedOutApply`), the page shell (`branding`
 * without the company name, which is the employer's own column; `implementationPhase`) and the behaviour flags
 * (`behaviourFlags`, for example `hideInjectedFooter`). Every key is optional; an absent one means the widget's
 * default.
 */
export type EmployerPcsxConfig = Pick<
  Static<typeof PcsxConfig>,
  'searchConfig' | 'jobCartConfig' | 'positionDetailsConfig' | 'applyFormConfig' | 'implementationPhase'
> & {
  branding?: StoredBranding;
  behaviourFlags?: Static<typeof BootData.properties.behaviourFlags>;
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
] as const;

type EmployerPcsxKey = (typeof EMPLOYER_PCSX_KEYS)[number];

const checkers: Record<EmployerPcsxKey, TypeCheck<TSchema>> = {
  searchConfig: TypeCompiler.Compile(PcsxConfig.properties.searchConfig),
  jobCartConfig: TypeCompiler.Compile(PcsxConfig.properties.jobCartConfig),
  positionDetailsConfig: TypeCompiler.Compile(PcsxConfig.properties.positionDetailsConfig),
  applyFormConfig: TypeCompiler.Compile(PcsxConfig.properties.applyFormConfig),
  branding: TypeCompiler.Compile(StoredBranding),
  implementationPhase: TypeCompiler.Compile(Type.Boolean()),
  behaviourFlags: TypeCompiler.Compile(BootData.properties.behaviourFlags),
};

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
  for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
    if (!isKnownKey(key)) {
      report(`pcsx_config_json has an unknown key "${key}"; it is ignored.`);
      continue;
    }
    const checker = checkers[key];
    if (checker.Check(part)) {
      Object.assign(config, { [key]: key === 'branding' ? checkedBranding(part as StoredBranding, report) : part });
      continue;
    }
    const first = checker.Errors(part).First();
    const where = first ? ` at ${first.path || '/'}: ${first.message}` : '';
    report(`pcsx_config_json "${key}" does not match the contract${where}; it is ignored.`);
  }
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
