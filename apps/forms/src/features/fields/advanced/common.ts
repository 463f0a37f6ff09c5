import { useTranslation } from '@careers/shared';
import { FORM_RULES_NAMESPACE } from '@careers/shared/forms';
import type { FormItem, FormRuleType } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';

/** The widget's texts (`fields.*` keys), the toolkit's shared texts through `{ ns: FORM_RULES_NAMESPACE }`. */
export function useFieldTexts() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return { t, language, rulesNs: FORM_RULES_NAMESPACE };
}

/** The number a rule of the item holds (`minLength`, `maxLength`...), when it has that rule with a number. */
export function ruleNumber(item: FormItem, type: FormRuleType): number | undefined {
  const rule = item.rules?.find((r) => r.type === type);
  return typeof rule?.value === 'number' && Number.isFinite(rule.value) ? rule.value : undefined;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in `language` (the code itself when the browser has no name for it). */
export function countryName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A file size for people: "820 B", "12.5 kB", "3.1 MB" in `language`. */
export function formatFileSize(bytes: number, language: string): string {
  const [unit, value] =
    bytes >= 1_000_000
      ? (['megabyte', bytes / 1_000_000] as const)
      : bytes >= 1000
        ? (['kilobyte', bytes / 1000] as const)
        : (['byte', bytes] as const);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * An address that may be shown in a frame or a link: http(s) only (relative addresses resolve against the page),
 * else null (`javascript:`, `data:` and the like are refused).
 */
export function safeHttpUrl(value: string | undefined | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** A Formik value as a list (anything else is an empty list). */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
