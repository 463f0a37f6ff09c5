import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Static, TSchema } from '@sinclair/typebox';
import { PcsxConfig } from '../contract';

/**
 * The parts of `pcsxConfig` an employer configures in `employers.pcsx_config_json` (migration 0007): the search
 * page, the job cart, the position details and the apply form (`disableLoggedOutApply`). Every key is optional; an absent one means the widget's default.
 */
export type EmployerPcsxConfig = Pick<
  Static<typeof PcsxConfig>,
  'searchConfig' | 'jobCartConfig' | 'positionDetailsConfig' | 'applyFormConfig'
>;

/** The keys of `pcsx_config_json`, each checked against its contract schema. */
const EMPLOYER_PCSX_KEYS = ['searchConfig', 'jobCartConfig', 'positionDetailsConfig', 'applyFormConfig'] as const;

type EmployerPcsxKey = (typeof EMPLOYER_PCSX_KEYS)[number];

const checkers: Record<EmployerPcsxKey, TypeCheck<TSchema>> = {
  searchConfig: TypeCompiler.Compile(PcsxConfig.properties.searchConfig),
  jobCartConfig: TypeCompiler.Compile(PcsxConfig.properties.jobCartConfig),
  positionDetailsConfig: TypeCompiler.Compile(PcsxConfig.properties.positionDetailsConfig),
  applyFormConfig: TypeCompiler.Compile(PcsxConfig.properties.applyFormConfig),
};

const isKnownKey = (key: string): key is EmployerPcsxKey => (EMPLOYER_PCSX_KEYS as readonly string[]).includes(key);

/**
 * Reads a stored `pcsx_config_json`. Never throws: invalid JSON or a value that is not an object gives `{}`, a key
 * whose value does not match the contract is left out, and an unknown key is ignored; each problem is passed to
 * `report` (one line, without the stored value, which may hold a maps key).
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
      Object.assign(config, { [key]: part });
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
