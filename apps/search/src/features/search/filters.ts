import { allowedFilters, employmentTypeKey, i18n } from '@careers/shared';
import type { FilterDefinition, SearchConfig } from '@careers/shared/contract';
import { NAMESPACE } from './namespace';

/** A filter as the page shows it: its display name, and its options with labels and counts. */
export interface ShownFilter {
  name: string;
  displayName: string;
  options: Array<{ value: string; label: string; count: number }>;
}

/** A filter's display name: `searchOptionsMap[name].displayName`, else the widget's own name for it. */
function filterDisplayName(name: string, config: SearchConfig | undefined): string {
  const configured = config?.searchOptionsMap?.[name]?.displayName;
  if (configured) return configured;
  return i18n.t(`${NAMESPACE}:filters.names.${name}`, { defaultValue: name.replace(/_/g, ' ') });
}

/**
 * A value's label: `searchOptionsMap[name].options.labelMap[value]`, else the widget's own words for the values it
 * knows (remote or on-site, the employment types: docs/product/languages.md#content-in-the-language), else the
 * server's label.
 */
function filterLabel(name: string, value: string, serverLabel: string, config: SearchConfig | undefined): string {
  const labels = config?.searchOptionsMap?.[name]?.options?.labelMap;
  if (labels && Object.prototype.hasOwnProperty.call(labels, value)) return labels[value]!;
  if (name === 'remote' && (value === 'true' || value === 'false'))
    return i18n.t(`${NAMESPACE}:filters.values.remote.${value}`);
  if (name === 'employment_type') return employmentTypeLabel(value);
  return serverLabel;
}

/** An employment type as the employer wrote it, in the page's language when it is one the widget knows. */
export function employmentTypeLabel(value: string): string {
  const key = employmentTypeKey(value);
  return key ? i18n.t(`${NAMESPACE}:results.employmentType.${key}`, { defaultValue: value }) : value;
}

/**
 * The filters the page offers, from the search answer's `filterDef` (options with counts), in the order of the
 * configuration, leaving out filters the employer does not offer. Applied values the answer does not list any
 * more (0 matches) stay listed, so they can be removed.
 */
export function shownFilters(
  definitions: readonly FilterDefinition[],
  applied: Record<string, string[]>,
  config: SearchConfig | undefined,
  /** Keep filters without options (while the first answer loads: the controls keep their place). */
  keepEmpty = false,
): ShownFilter[] {
  const allowed = [...allowedFilters(config)];
  const byName = new Map(definitions.map((definition) => [definition.filterName, definition]));
  return allowed
    .map((name) => {
      const definition = byName.get(name);
      const options = (definition?.options ?? []).map((option) => ({
        value: option.value,
        label: filterLabel(name, option.value, option.label, config),
        count: option.count,
      }));
      for (const value of applied[name] ?? []) {
        if (!options.some((option) => option.value === value)) {
          options.push({ value, label: filterLabel(name, value, value, config), count: 0 });
        }
      }
      return { name, displayName: filterDisplayName(name, config), options };
    })
    .filter((filter) => keepEmpty || filter.options.length > 0);
}

/** The filters with `value` of `name` switched on or off. */
export function toggleFilter(
  filters: Record<string, string[]>,
  name: string,
  value: string,
  on: boolean,
): Record<string, string[]> {
  const current = filters[name] ?? [];
  const next = on ? (current.includes(value) ? current : [...current, value]) : current.filter((v) => v !== value);
  const result = { ...filters };
  if (next.length > 0) result[name] = next;
  else delete result[name];
  return result;
}
