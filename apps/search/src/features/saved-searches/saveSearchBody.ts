import type { SavedSearchMetadata, SaveSearchBody } from '@careers/shared/contract';

export type SearchMetadata = NonNullable<SavedSearchMetadata>;

/**
 * The `filter_{name}` parameters the save call takes (a filter's values comma-joined, docs/product/search.md#filters).
 */
const FILTER_PARAMS = new Set<string>([
  'filter_department',
  'filter_employment_type',
  'filter_location',
  'filter_remote',
  'filter_skills',
  'filter_distance',
]);

/**
 * The save call's body for a search's metadata: query, location, sort, each filter's values comma-joined as
 * `filter_{name}` (values holding a comma percent-encoded when `encodeCommas`, the
 * `behaviourFlags.enableCommaInFilterValues` flag), the domain and `hl`, the language of the search's alerts.
 */
export function saveSearchBody(
  metadata: SearchMetadata,
  { domain, language, encodeCommas }: { domain: string; language: string; encodeCommas: boolean },
): SaveSearchBody {
  const body: Record<string, string> = { domain, hl: language, sort_by: metadata.sort_by };
  if (metadata.query) body.query = metadata.query;
  if (metadata.location) body.location = metadata.location;
  for (const [name, values] of Object.entries(metadata.filters)) {
    const param = `filter_${name}`;
    const kept = values.filter((value) => value !== '');
    if (!FILTER_PARAMS.has(param) || kept.length === 0) continue;
    body[param] = kept
      .map((value) => (encodeCommas && /[,%]/.test(value) ? encodeURIComponent(value) : value))
      .join(',');
  }
  return body as SaveSearchBody;
}
