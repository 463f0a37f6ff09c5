import { searchCall, type SearchAddress, type SearchAddressOptions } from '@careers/shared';
import type { JobAlertBody } from '@careers/shared/contract';

/** Where the job alert call goes (`JobAlertBody` in shared/src/contract/account.ts). */
export const JOB_ALERTS_PATH = '/api/pcsx/job_alerts';

const FILTER_PREFIX = 'filter_';

/**
 * The job alert call's body for the search the visitor is looking at: the parameters the search page sends to
 * GET /api/pcsx/search for this address (`searchCall`): query, location, sort, and each `filter_{name}` with its
 * values as the search sends them (sorted, a value holding a comma percent-encoded with
 * `behaviourFlags.enableCommaInFilterValues`), comma-joined. The page (`start`), the open position and a `Map Area`
 * search's `map_bounds` are not part of an alert (the call takes no bounds).
 */
export function jobAlertBody(
  address: SearchAddress,
  { domain, email, options }: { domain: string; email: string; options: SearchAddressOptions },
): JobAlertBody {
  const { params } = searchCall(address, domain, options);
  const text = (name: string): string | undefined => {
    const value = params[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const body: JobAlertBody = { email, consent: true };
  if (domain) body.domain = domain;
  const query = text('query');
  if (query) body.query = query;
  const location = text('location');
  if (location) body.location = location;
  if (text('sort_by') && address.sortBy) body.sort_by = address.sortBy;
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!name.startsWith(FILTER_PREFIX)) continue;
    const joined = (Array.isArray(value) ? value : [value]).join(',');
    if (joined !== '') filters[name] = joined;
  }
  if (Object.keys(filters).length > 0) body.filters = filters;
  return body;
}
