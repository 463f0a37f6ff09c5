import type { BootData } from '@careers/shared/contract';

export type PcsxConfig = BootData['pcsxConfig'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys that must never be merged (prototype pollution through a crafted override). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function deepMerge(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

/**
 * The effective configuration of a position (docs/product/positions-and-map.md#configuration-overrides): the employer's
 * `pcsxConfig` with the position's overrides merged in. Objects merge key by key, at any depth; any other value (text,
 * number, list) replaces the employer's. No overrides (`{}`) gives back `config` itself.
 */
export function mergePcsxConfig(config: PcsxConfig, overrides: Record<string, unknown> | null | undefined): PcsxConfig {
  if (!overrides || Object.keys(overrides).length === 0) return config;
  return deepMerge(config, overrides) as PcsxConfig;
}
