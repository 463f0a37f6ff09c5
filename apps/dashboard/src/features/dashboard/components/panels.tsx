import { useDeferredValue, useId, type ReactNode } from 'react';
import {
  apiDownloadClick,
  Button,
  apiHref,
  Card,
  EmptyState,
  ErrorState,
  Skeleton,
  VisuallyHidden,
  domId,
  selectBoot,
  useAppSelector,
  useEmployerDomain,
  useGetOffersQuery,
  useSavedPositionsQuery,
} from '@careers/shared';
import { useDashboardTranslation } from '../translation';
import type { ViewCard } from '../card';
import { draftCard, isOpenDraft, offerCard, savedPositionCard, type Translate } from '../adapters';
import {
  DASHBOARD_URLS,
  useDashboardApplicationsQuery,
  useDashboardEventsQuery,
  useDashboardInterviewsQuery,
  useDashboardReferralsQuery,
  useDraftApplicationsQuery,
} from '../endpoints';
import type { DashboardTabId } from '../tabs';
import { DashboardCardView } from './DashboardCardView';

/** How many skeleton cards stand in for a list while it loads. */
const SKELETON_CARDS = 2;

/** The part of an RTK Query result a panel draws from. */
interface ListQuery<T> {
  currentData?: T;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The query's data, else its error (with a retry), else a skeleton of the list's size. Arriving data is drawn in a
 * deferred render (`useDeferredValue`): the store's update itself is synchronous, but React then draws the cards in
 * slices of a few milliseconds, yielding to the browser between them, so a long list never blocks input in one task.
 * Data already cached when the panel mounts (a tab opened again) is drawn at once.
 */
function PanelBody<T>({ query, children }: { query: ListQuery<T>; children: (data: T) => ReactNode }) {
  const { t } = useDashboardTranslation();
  const data = useDeferredValue(query.currentData);
  if (data !== undefined) return <>{children(data)}</>;
  if (query.error && !query.isFetching) {
    return (
      <ErrorState message={t('states.error')} onRetry={() => void query.refetch()} retryLabel={t('states.retry')}>
        {t('states.errorBody')}
      </ErrorState>
    );
  }
  return <CardsSkeleton />;
}

/** Cards of a loaded card's size while a list loads, so that nothing moves when it arrives. */
export function CardsSkeleton({
  count = SKELETON_CARDS,
  compact = false,
  className = 'cw-dash__list',
}: {
  count?: number;
  compact?: boolean;
  /** The list's layout (the tab's list; the nudges strip). */
  className?: string;
}) {
  const { t } = useDashboardTranslation();
  return (
    <div className={className} role="status">
      <VisuallyHidden>{t('states.loading')}</VisuallyHidden>
      {Array.from({ length: count }, (_, key) => (
        <Card key={key} className={compact ? 'cw-dash-card cw-dash-card--compact' : 'cw-dash-card'} aria-hidden="true">
          <Skeleton
            width={compact ? 36 : 44}
            height={compact ? 36 : 44}
            shape="circle"
            className="cw-dash-card__icon"
          />
          <div className="cw-dash-card__main">
            <Skeleton width="60%" height={22} shape="text" />
            <Skeleton width="35%" height={18} shape="text" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** A list of cards, or nothing when it is empty. */
function CardList({ cards, level, hideStatus, label }: CardListProps) {
  return (
    <ul className="cw-dash__list" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <DashboardCardView card={card} level={level} hideStatus={hideStatus} />
        </li>
      ))}
    </ul>
  );
}

interface CardListProps {
  cards: readonly ViewCard[];
  level: 2 | 3;
  label: string;
  hideStatus?: boolean;
}

interface Section {
  key: string;
  heading: string;
  cards: readonly ViewCard[];
  /** Said when this section is empty but another is not (an empty section is left out when this is null). */
  none: string | null;
}

/**
 * A tab's sections (active and past applications, upcoming and past interviews, open and closed drafts): each a
 * heading and its cards; when every section is empty, the tab's empty state.
 */
function Sections({ tab, sections, hideStatus }: { tab: DashboardTabId; sections: Section[]; hideStatus?: boolean }) {
  const id = domId('cw-dash-section-', useId());
  if (sections.every((section) => section.cards.length === 0)) return <TabEmpty tab={tab} />;
  return (
    <>
      {sections.map((section) =>
        section.cards.length === 0 && section.none === null ? null : (
          <section key={section.key} className="cw-dash__section" aria-labelledby={`${id}-${section.key}`}>
            <h2 id={`${id}-${section.key}`} className="cw-dash__section-title">
              {section.heading}
            </h2>
            {section.cards.length > 0 ? (
              <CardList cards={section.cards} level={3} hideStatus={hideStatus} label={section.heading} />
            ) : (
              <p className="cw-dash__none">{section.none}</p>
            )}
          </section>
        ),
      )}
    </>
  );
}

/** One list of cards (saved jobs, offers, events, referrals), or the tab's empty state. */
function SingleList({ tab, cards }: { tab: DashboardTabId; cards: readonly ViewCard[] }) {
  const { t } = useDashboardTranslation();
  if (cards.length === 0) return <TabEmpty tab={tab} />;
  return <CardList cards={cards} level={2} label={t(`tabs.${tab}`)} />;
}

function TabEmpty({ tab }: { tab: DashboardTabId }) {
  const { t } = useDashboardTranslation();
  return (
    <EmptyState framed title={t(`empty.${tab}.title`)}>
      {t(`empty.${tab}.body`)}
    </EmptyState>
  );
}

/** The arguments of the dashboard's calls: the employer and the language of the cards. */
function useArgs() {
  const { t, i18n } = useDashboardTranslation();
  const domain = useEmployerDomain();
  return { t: t as Translate, domain, hl: i18n.language };
}

/**
 * `applicationsPageConfig.tabs.submitted.hideApplicationStatus` (docs/product/dashboard.md#applications-tab): hide the
 * applications' status.
 */
function useHideApplicationStatus(): boolean {
  return useAppSelector((state) => {
    const config = selectBoot(state)?.pcsxConfig as
      { applicationsPageConfig?: { tabs?: { submitted?: { hideApplicationStatus?: unknown } } } } | undefined;
    return config?.applicationsPageConfig?.tabs?.submitted?.hideApplicationStatus === true;
  });
}

/**
 * The address of the applications' CSV export (docs/product/dashboard.md#applications-csv): a plain same-site link, so
 * the session cookie goes with it and the browser saves the attachment. A link sends no custom header, so the browser's
 * time zone (the days of the file) goes in the address.
 */
function exportHref(domain: string, hl: string): string {
  const params = new URLSearchParams();
  if (domain) params.set('domain', domain);
  if (hl) params.set('hl', hl);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) params.set('tz', zone);
  return apiHref(`${DASHBOARD_URLS.applicationsExport}?${params.toString()}`);
}

function ApplicationsPanel() {
  const { t, domain, hl } = useArgs();
  const hideStatus = useHideApplicationStatus();
  const query = useDashboardApplicationsQuery({ domain, hl });
  return (
    <PanelBody query={query}>
      {(data) => (
        <>
          {data.applications.length + data.inactiveApplications.length > 0 && (
            <div className="cw-dash__toolbar">
              <Button
                variant="secondary"
                size="small"
                href={exportHref(domain, hl)}
                download
                onClick={apiDownloadClick({ fallbackName: 'applications.csv' })}
              >
                {t('export.download')}
              </Button>
            </div>
          )}
          <Sections
            tab="applications"
            hideStatus={hideStatus}
            sections={[
              {
                key: 'active',
                heading: t('sections.active'),
                cards: data.applications.map((item) => item.card),
                none: t('sections.activeNone'),
              },
              {
                key: 'inactive',
                heading: t('sections.inactive'),
                cards: data.inactiveApplications.map((item) => item.card),
                none: null,
              },
            ]}
          />
        </>
      )}
    </PanelBody>
  );
}

function InterviewsPanel() {
  const { t, domain, hl } = useArgs();
  const query = useDashboardInterviewsQuery({ domain, hl });
  return (
    <PanelBody query={query}>
      {(data) => (
        <Sections
          tab="interviews"
          sections={[
            {
              key: 'upcoming',
              heading: t('sections.upcoming'),
              cards: data.interviews.map((item) => item.card),
              none: t('sections.upcomingNone'),
            },
            {
              key: 'past',
              heading: t('sections.past'),
              cards: data.pastInterviews.map((item) => item.card),
              none: null,
            },
          ]}
        />
      )}
    </PanelBody>
  );
}

function SavedJobsPanel() {
  const { t, domain, hl } = useArgs();
  const query = useSavedPositionsQuery({ domain });
  return (
    <PanelBody query={query}>
      {(positions) => (
        <SingleList
          tab="saved-jobs"
          cards={positions.map((position) => savedPositionCard(position, { t, language: hl, domain }))}
        />
      )}
    </PanelBody>
  );
}

function OffersPanel() {
  const { t, domain, hl } = useArgs();
  const query = useGetOffersQuery({ domain });
  return (
    <PanelBody query={query}>
      {(offers) => (
        <SingleList tab="offers" cards={offers.map((offer) => offerCard(offer, { t, language: hl, domain }))} />
      )}
    </PanelBody>
  );
}

function DraftsPanel() {
  const { t, domain, hl } = useArgs();
  const query = useDraftApplicationsQuery({ domain });
  return (
    <PanelBody query={query}>
      {(drafts) => {
        const context = { t, language: hl, domain };
        return (
          <Sections
            tab="drafts"
            sections={[
              {
                key: 'open',
                heading: t('sections.openDrafts'),
                cards: drafts.filter(isOpenDraft).map((draft) => draftCard(draft, context)),
                none: t('sections.openDraftsNone'),
              },
              {
                key: 'closed',
                heading: t('sections.closedDrafts'),
                cards: drafts.filter((draft) => !isOpenDraft(draft)).map((draft) => draftCard(draft, context)),
                none: null,
              },
            ]}
          />
        );
      }}
    </PanelBody>
  );
}

function EventsPanel() {
  const { domain, hl } = useArgs();
  const query = useDashboardEventsQuery({ domain, hl });
  return (
    <PanelBody query={query}>
      {(events) => <SingleList tab="events" cards={events.map((item) => item.card)} />}
    </PanelBody>
  );
}

function ReferralsPanel() {
  const { domain, hl } = useArgs();
  const query = useDashboardReferralsQuery({ domain, hl });
  return (
    <PanelBody query={query}>
      {(referrals) => <SingleList tab="referrals" cards={referrals.map((item) => item.card)} />}
    </PanelBody>
  );
}

/** The selected tab's content: its data set, loading, failed or empty. */
export function TabPanel({ tab }: { tab: DashboardTabId }) {
  switch (tab) {
    case 'applications':
      return <ApplicationsPanel />;
    case 'interviews':
      return <InterviewsPanel />;
    case 'saved-jobs':
      return <SavedJobsPanel />;
    case 'offers':
      return <OffersPanel />;
    case 'drafts':
      return <DraftsPanel />;
    case 'events':
      return <EventsPanel />;
    case 'referrals':
      return <ReferralsPanel />;
  }
}
