import { sitePath } from '@careers/shared';
import type { FormsCentreTabId } from '@careers/shared/contract';

/** The centre's tabs, in display order (the server's `FORMS_CENTRE_TABS`). */
export const CENTRE_TABS: readonly FormsCentreTabId[] = ['open', 'completed'];

/** The address parameter naming the centre's tab (`open` when absent or unknown). */
const TAB_PARAM = 'tab';

/** The tab an address asks for. */
export function tabOf(searchParams: URLSearchParams): FormsCentreTabId {
  const tab = searchParams.get(TAB_PARAM);
  return CENTRE_TABS.find((candidate) => candidate === tab) ?? 'open';
}

/**
 * The centre's address on a tab, keeping the page's `domain` parameter (the host page's employer) when it has one;
 * the default tab (`open`) is left out.
 */
export function centreHref(searchParams: URLSearchParams, tab: FormsCentreTabId = 'open'): string {
  return sitePath(
    '/careers/forms/center',
    {},
    { domain: searchParams.get('domain'), [TAB_PARAM]: tab === 'open' ? null : tab },
  );
}

/** An assignment id as the API takes it (`form_id`), or null when the address's `:formId` is not one. */
export function readFormId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
