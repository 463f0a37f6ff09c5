import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import {
  Button,
  Skeleton,
  Tabs,
  cx,
  domId,
  navigate,
  selectBoot,
  sitePath,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useRoute,
} from '@careers/shared';
import { useDashboardTranslation } from '../translation';
import { useDashboardNudgesQuery } from '../endpoints';
import { useCareersPageTitle } from '../pageTitle';
import { useSiteHref } from '../siteHref';
import { configuredTabs, selectedTab, tabHref, type DashboardTabId } from '../tabs';
import { DashboardCardView } from './DashboardCardView';
import { CardsSkeleton, TabPanel } from './panels';

/** The address /careers/dashboard leaves for when `behaviourFlags.shouldRedirectToDashboardV2` is on. */
const DASHBOARD_V1 = (): string => sitePath('/careers/dashboard');
const DASHBOARD_V2 = (): string => sitePath('/careers/dashboardv2');

/**
 * The candidate's dashboard (docs/product/dashboard.md#pages; pages `dashboard`, `applications`, `savedJobs`,
 * `interviews`): the nudges strip, then the tabs of `pcsxConfig.dashboardConfig.tabs` (the tab in the address,
 * `?tab=`; /careers/applications, /careers/saved-jobs and /careers/interviews open on their own).
 */
export function DashboardPage() {
  const { t } = useDashboardTranslation();
  const { pathname, search, searchParams } = useLocation();
  const page = useRoute()?.route.page;
  const boot = useAppSelector(selectBoot);
  const headingId = domId('cw-dashboard-title-', useId());
  const redirect = pathname === DASHBOARD_V1() && boot?.behaviourFlags.shouldRedirectToDashboardV2 === true;

  useEffect(() => {
    if (redirect) navigate(`${DASHBOARD_V2()}${search}`, { replace: true });
  }, [redirect, search]);

  const tabs = useMemo(() => configuredTabs(boot?.pcsxConfig), [boot?.pcsxConfig]);
  const tab = selectedTab(tabs, searchParams, page);
  const defaultTab = selectedTab(tabs, new URLSearchParams(), page);

  const heading = t('title');
  const siteHref = useSiteHref();
  useCareersPageTitle(page);

  if (redirect) return null;

  const firstName = boot?.profile?.firstname?.trim() ?? '';
  const select = (next: DashboardTabId) =>
    navigate(tabHref(pathname, searchParams, next, defaultTab), { replace: true });

  return (
    <section className="cw-dashboard" aria-labelledby={headingId}>
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-dashboard__header">
        <h1 id={headingId} className="cw-dashboard__title">
          {heading}
        </h1>
        <p className="cw-dashboard__greeting">
          {firstName ? t('greeting', { name: firstName }) : t('greetingAnonymous')}
        </p>
        {/* The forms centre and the resume export had no link anywhere (issue 22): here, beside what to do. */}
        <nav className="cw-dashboard__links" aria-label={t('links.label')}>
          <Button variant="secondary" size="small" href={siteHref('/careers/forms/center')}>
            {t('links.forms')}
          </Button>
          <Button variant="secondary" size="small" href={siteHref('/careers/export-resume')}>
            {t('links.exportResume')}
          </Button>
        </nav>
      </div>
      <Nudges />
      <Tabs
        items={tabs.map((item) => ({ value: item.id, label: item.label ?? t(`tabs.${item.id}`) }))}
        selected={tab}
        onSelect={select}
        label={t('tabsLabel')}
        idPrefix="cw-dashboard"
        className="cw-dashboard__tabs"
        listClassName="cw-dashboard__tablist"
        panelClassName="cw-dashboard__panel"
      >
        <TabPanel key={tab} tab={tab} />
      </Tabs>
    </section>
  );
}

/** The nudges a desktop strip shows side by side; with more, "Show all (n)" says how many there are. */
const NUDGES_IN_VIEW = 3;

/**
 * What the candidate can do next (GET /api/pcsx/dashboard/nudges: sign an offer, complete a form, finish a draft,
 * complete the profile; the soonest deadline first), as a strip above the tabs. With more than the strip shows,
 * "Show all (n)" lays every one out in rows (issue 22: 3 of 6 showed with no sign of the rest). Nudges are a
 * shortcut: a failure is logged and leaves the strip out (the tabs hold the same things).
 */
function Nudges() {
  const { t, i18n } = useDashboardTranslation();
  const domain = useEmployerDomain();
  const [showAll, setShowAll] = useState(false);
  const id = domId('cw-dashboard-nudges-', useId());
  const headingId = `${id}-title`;
  const listId = `${id}-list`;
  const query = useDashboardNudgesQuery({ domain, hl: i18n.language });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn('[careers] dashboard: the nudges could not be loaded', error);
  }, [error]);

  // Drawn in a deferred render, in slices (as the tabs' lists: PanelBody).
  const nudges = useDeferredValue(query.currentData);
  if (!nudges && !error) {
    return (
      <div className="cw-dashboard__nudges">
        <div className="cw-dashboard__nudges-head">
          <Skeleton width={140} height={24} shape="text" />
        </div>
        <CardsSkeleton count={3} compact className="cw-dashboard__nudge-list" />
      </div>
    );
  }
  if (!nudges || nudges.length === 0) return null;
  const more = nudges.length > NUDGES_IN_VIEW;
  return (
    <section className="cw-dashboard__nudges" aria-labelledby={headingId}>
      <div className="cw-dashboard__nudges-head">
        <h2 id={headingId} className="cw-dashboard__nudges-title">
          {t('nudges.title')}
        </h2>
        {more && (
          <Button
            variant="text"
            size="small"
            aria-expanded={showAll}
            aria-controls={listId}
            onClick={() => setShowAll((shown) => !shown)}
          >
            {showAll ? t('nudges.showFewer') : t('nudges.showAll', { count: nudges.length })}
          </Button>
        )}
      </div>
      <ul id={listId} className={cx('cw-dashboard__nudge-list', showAll && 'cw-dashboard__nudge-list--all')}>
        {nudges.map((nudge) => (
          <li key={nudge.card.id}>
            <DashboardCardView card={nudge.card} level={3} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
