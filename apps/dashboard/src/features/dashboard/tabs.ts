import type { PageId } from '@careers/shared';

/** The dashboard's tabs (docs/product/dashboard.md#tabs), one per data set the candidate follows. */
const DASHBOARD_TABS = ['applications', 'interviews', 'saved-jobs', 'offers', 'drafts', 'events', 'referrals'] as const;
export type DashboardTabId = (typeof DASHBOARD_TABS)[number];

/** A tab as the page shows it: its id and, when the employer's configuration names it, that label. */
export interface DashboardTab {
  id: DashboardTabId;
  label: string | null;
}

/** The address parameter naming the tab (the page's own tab when absent or unknown). */
const TAB_PARAM = 'tab';

/** The names a configuration may give a tab (compared without case, spaces, dashes or underscores). */
const ALIASES: Record<string, DashboardTabId> = {
  applications: 'applications',
  myapplications: 'applications',
  inactiveapplications: 'applications',
  interviews: 'interviews',
  savedjobs: 'saved-jobs',
  savedpositions: 'saved-jobs',
  saved: 'saved-jobs',
  offers: 'offers',
  drafts: 'drafts',
  draftapplications: 'drafts',
  opendraftapplications: 'drafts',
  closeddraftapplications: 'drafts',
  events: 'events',
  referrals: 'referrals',
};

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/** A configured tab entry: a name, or an object naming it (`id`, `key`, `name` or `type`) with an optional `label`. */
function readEntry(entry: unknown): DashboardTab | null {
  if (typeof entry === 'string') {
    const id = ALIASES[normalise(entry)];
    return id ? { id, label: null } : null;
  }
  if (typeof entry !== 'object' || entry === null) return null;
  const record = entry as Record<string, unknown>;
  if (record.enabled === false || record.hidden === true) return null;
  const name = [record.id, record.key, record.name, record.type].find((value) => typeof value === 'string');
  const id = typeof name === 'string' ? ALIASES[normalise(name)] : undefined;
  if (!id) return null;
  const label = typeof record.label === 'string' && record.label.trim() ? record.label.trim() : null;
  return { id, label };
}

/**
 * The tabs `pcsxConfig.dashboardConfig.tabs` asks for, in its order (names or objects, unknown and repeated ones
 * left out); without that configuration, or when it names none we know, every tab in the default order:
 * applications, interviews, saved jobs, offers, drafts, events, referrals.
 */
export function configuredTabs(pcsxConfig: unknown): DashboardTab[] {
  const dashboardConfig = (pcsxConfig as { dashboardConfig?: { tabs?: unknown } } | undefined)?.dashboardConfig;
  const entries = Array.isArray(dashboardConfig?.tabs) ? (dashboardConfig.tabs as unknown[]) : [];
  const tabs: DashboardTab[] = [];
  for (const entry of entries) {
    const tab = readEntry(entry);
    if (tab && !tabs.some((known) => known.id === tab.id)) tabs.push(tab);
  }
  return tabs.length > 0 ? tabs : DASHBOARD_TABS.map((id) => ({ id, label: null }));
}

/** The tab a page opens on: its own for /careers/applications, /careers/saved-jobs, /careers/interviews. */
function pageTab(page: PageId | undefined): DashboardTabId | null {
  if (page === 'applications') return 'applications';
  if (page === 'savedJobs') return 'saved-jobs';
  if (page === 'interviews') return 'interviews';
  return null;
}

/** The tab shown: the address's when it is offered, else the page's own when offered, else the first. */
export function selectedTab(
  tabs: readonly DashboardTab[],
  searchParams: URLSearchParams,
  page: PageId | undefined,
): DashboardTabId {
  const offered = (id: string | null) => tabs.find((tab) => tab.id === id)?.id ?? null;
  return offered(searchParams.get(TAB_PARAM)) ?? offered(pageTab(page)) ?? tabs[0]?.id ?? 'applications';
}

/**
 * The address of `tab` on the current page: every parameter kept (the employer's `domain`, `hl`...), `tab` left
 * out when it is the one the page opens on anyway.
 */
export function tabHref(
  pathname: string,
  searchParams: URLSearchParams,
  tab: DashboardTabId,
  defaultTab: DashboardTabId,
): string {
  const query = new URLSearchParams(searchParams);
  if (tab === defaultTab) query.delete(TAB_PARAM);
  else query.set(TAB_PARAM, tab);
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}
