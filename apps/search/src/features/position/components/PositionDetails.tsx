import { useEffect, useId, useMemo, useRef, type RefObject } from 'react';
import {
  Button,
  ErrorState,
  Link,
  notify,
  selectBoot,
  selectIsLoggedIn,
  seoTitleFor,
  setPageTitle,
  skipToken,
  Tag,
  useAppDispatch,
  useAppSelector,
  useTranslation,
  type HttpQueryError,
} from '@careers/shared';
import type { PositionDetails as Position, PositionSummary } from '@careers/shared/contract';
import { CartButton } from '../../cart/components/CartButton';
import { SaveButton } from '../../saved/components/SaveButton';
import { NAMESPACE } from '../../search/namespace';
import {
  useMatchDetailsQuery,
  usePositionDetailsQuery,
  usePositionInsightsQuery,
  usePositionOverridesQuery,
} from '../endpoints';
import { formatDate, formatRelativeDay, formatSalary, isPast } from '../format';
import { applyPath } from '../links';
import { mergePcsxConfig, type PcsxConfig } from '../overrides';
import { employmentTypeLabel } from '../../search/filters';
import { sanitizeRichText } from '@careers/shared/rich-text';
import { positionOverridesLoaded, positionOverridesReset } from '../slice';
import { InsightsSection } from './InsightsSection';
import { MatchDetailsSection } from './MatchDetailsSection';
import { isStrongMatch, strongMatchThreshold } from '../strongMatch';
import { NotOpenNotice, SimilarLinks } from './NotOpenNotice';
import { PositionDetailsSkeleton } from './PositionDetailsSkeleton';
import { ShareButton } from './ShareButton';
import { PositionIcon } from './icons';

export interface PositionDetailsProps {
  positionId: number;
  domain: string;
  layout: 'side' | 'page';
  /** private position page (/careers/job/private?pid=) */
  isPrivate?: boolean;
  /** the search's location (sent as queried_location) */
  queriedLocation?: string;
  /** details failed to load: the lead clears the position */
  onFailed?: () => void;
  /** phone / page view: a "Back to results" button is shown when given */
  onBack?: () => void;
  /**
   * What the results list already knows of the position (its card): if the position is no longer open, the notice
   * offers a search for open positions like it.
   */
  summary?: Pick<PositionSummary, 'name' | 'department'> | null;
  /**
   * The candidate opened this position from the results: focus moves to its heading once it shows, so the next Tab
   * reaches its actions instead of the rest of the list.
   */
  focusOnShow?: boolean;
}

/** How long the "Failed to load position details" toast stays (docs/product/positions-and-map.md#position-details). */
const POSITION_FAILED_TOAST_MS = 2000;

const NO_CONFIG: PcsxConfig = {};

/**
 * The details of one position (docs/product/positions-and-map.md#position-details): beside the results (`side`) or as a
 * page of its own (`page`, phone and /careers/job/{id}). Details, match details (signed-in candidates) and insights
 * load side by side; a position that is not open (404) shows the "no longer open" notice (decision 016), any other
 * failed details call shows a toast and calls `onFailed`, a failed match or insights call only leaves that section out.
 * The position's configuration overrides are kept in the store while it is shown.
 */
export function PositionDetails({
  positionId,
  domain,
  layout,
  isPrivate = false,
  queriedLocation,
  onFailed,
  onBack,
  summary = null,
  focusOnShow = false,
}: PositionDetailsProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const hl = i18n.language;
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const baseConfig = useAppSelector(selectBoot)?.pcsxConfig ?? NO_CONFIG;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const overridesQuery = usePositionOverridesQuery({ positionId, domain });
  const overrides = overridesQuery.currentData;
  const config = useMemo(() => mergePcsxConfig(baseConfig, overrides), [baseConfig, overrides]);
  const showMatch = isLoggedIn && config.positionDetailsConfig?.showMatchDetails !== false;
  const showInsights = config.positionDetailsConfig?.showInsights !== false;

  // The three calls start in the same render: none waits for another.
  const details = usePositionDetailsQuery({ positionId, domain, queriedLocation, hl });
  const match = useMatchDetailsQuery(showMatch ? { positionId, domain, hl } : skipToken);
  const insights = usePositionInsightsQuery(showInsights ? { positionId, domain, hl } : skipToken);

  // The position's overrides join the effective configuration while it is shown; none (or a failed call) resets.
  useEffect(() => {
    if (overrides && Object.keys(overrides).length > 0) dispatch(positionOverridesLoaded({ positionId, overrides }));
    else dispatch(positionOverridesReset());
    return () => {
      dispatch(positionOverridesReset());
    };
  }, [dispatch, positionId, overrides]);

  // The server answers 404 for a position that is closed, archived or unknown: an answer, not a failure. Asking
  // again cannot change it, so it gets the "no longer open" notice, without a toast or a "Try again".
  const settled = details.isError && !details.isFetching;
  const notOpen = settled && (details.error as Partial<HttpQueryError> | undefined)?.status === 404;
  const failed = settled && !notOpen;

  // A failed details call: a 2-second toast, and the caller clears the position.
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  const failedMessage = useRef('');
  failedMessage.current = t('position.loadFailed');
  useEffect(() => {
    if (!failed) return;
    notify.error(failedMessage.current, { autoClose: POSITION_FAILED_TOAST_MS });
    onFailedRef.current?.();
  }, [failed, positionId]);

  const position = details.currentData?.data;
  const isFallback = details.currentData?.metadata.isFallback === true;
  const companyName = config.branding?.companyName;
  const seoTitle = seoTitleFor(config, 'singlePosition');

  useEffect(() => {
    if (layout !== 'page' || !position) return;
    const showTitle = () => setPageTitle({ seoTitle, positionName: position.name, company: companyName });
    showTitle();
    // The root config writes the title its address tells ("Careers at {company}") on every single-spa routing
    // event, the first one included, which comes after the widgets mount and knows nothing of the position. This
    // listener was added after the root config's, so it runs after it and puts the position's title back.
    window.addEventListener('single-spa:routing-event', showTitle);
    return () => window.removeEventListener('single-spa:routing-event', showTitle);
  }, [layout, position, seoTitle, companyName]);

  // Focus moves to the heading once, when the position (or its notice) first shows.
  const shown = position !== undefined || notOpen;
  const focused = useRef(false);
  useEffect(() => {
    if (!focusOnShow || !shown || focused.current) return;
    focused.current = true;
    headingRef.current?.focus();
  }, [focusOnShow, shown]);

  const headingLevel = layout === 'page' ? 2 : 3;
  const back = onBack && (
    <Button variant="text" className="cw-position__back" icon={<PositionIcon name="back" />} onClick={onBack}>
      {t('position.back')}
    </Button>
  );

  if (!position && notOpen) {
    return (
      <section className={`cw-position cw-position--${layout}`} aria-labelledby={headingId} aria-busy={false}>
        {back}
        <NotOpenNotice
          headingId={headingId}
          headingRef={headingRef}
          layout={layout}
          summary={summary}
          company={companyName}
        />
      </section>
    );
  }

  if (!position) {
    return (
      <section className={`cw-position cw-position--${layout}`} aria-label={t('position.region')} aria-busy={!failed}>
        {back}
        {failed ? (
          <ErrorState
            message={t('position.loadFailed')}
            onRetry={() => void details.refetch()}
            retryLabel={t('position.retry')}
          />
        ) : (
          <PositionDetailsSkeleton />
        )}
      </section>
    );
  }

  return (
    <section className={`cw-position cw-position--${layout}`} aria-labelledby={headingId} aria-busy={false}>
      {back}
      <PositionBody
        position={position}
        headingId={headingId}
        headingRef={headingRef}
        layout={layout}
        isPrivate={isPrivate}
        isFallback={isFallback}
      />
      {showMatch && match.currentData && (
        <MatchDetailsSection
          match={match.currentData}
          headingLevel={headingLevel}
          strong={isStrongMatch(match.currentData, strongMatchThreshold(config, isLoggedIn))}
        />
      )}
      {showInsights && insights.currentData && (
        <InsightsSection insights={insights.currentData} headingLevel={headingLevel} />
      )}
      <Description html={position.description} headingLevel={headingLevel} />
    </section>
  );
}

interface PositionBodyProps {
  position: Position;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  layout: 'side' | 'page';
  isPrivate: boolean;
  isFallback: boolean;
}

/** Title, actions and facts of the position. */
function PositionBody({ position, headingId, headingRef, layout, isPrivate, isFallback }: PositionBodyProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language;
  const Heading = layout === 'page' ? 'h1' : 'h2';
  const skillsId = useId();
  const closed = position.archived_at != null || isPast(position.valid_through);
  const salary = formatSalary(position.salary_min, position.salary_max, position.salary_currency, language);
  const posted = formatDate(position.posted_at, language);
  const postedAgo = formatRelativeDay(position.posted_at, language);
  const validThrough = formatDate(position.valid_through, language);
  const places = position.locations.map((place) => place.name).filter(Boolean);
  if (position.is_remote) places.push(t('position.remote'));
  if (places.length === 0 && position.location) places.push(position.location);

  return (
    <>
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-position__header">
        <Heading id={headingId} ref={headingRef} className="cw-position__title" tabIndex={-1}>
          {position.name}
        </Heading>
        <p className="cw-position__subtitle">
          {[position.department, position.employment_type && employmentTypeLabel(position.employment_type)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>

      {isFallback && (
        <p className="cw-position__note" role="note">
          <PositionIcon name="info" />
          <span>{t('position.fallback')}</span>
        </p>
      )}
      {closed && (
        <div className="cw-position__note cw-position__note--closed" role="note">
          <PositionIcon name="info" />
          <div>
            <p>{t('position.closed')}</p>
            <SimilarLinks summary={position} />
          </div>
        </div>
      )}

      <div className="cw-position__actions">
        {!closed && (
          <Link
            href={applyPath(position.id, isPrivate)}
            className="cw-button cw-button--primary"
            // The visible text, then the position: the name starts with what it shows (WCAG 2.5.3).
            aria-label={t('a11y.named', { label: t('position.apply.button'), name: position.name })}
          >
            {t('position.apply.button')}
          </Link>
        )}
        <ShareButton positionId={position.id} positionName={position.name} isPrivate={isPrivate} />
        {/* A closed position can be neither saved nor applied to from the cart: neither is offered. */}
        {!closed && <SaveButton position={position} size="medium" />}
        {!closed && <CartButton position={position} size="medium" />}
      </div>

      <dl className="cw-position__facts">
        {position.department && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.department')}</dt>
            <dd>{position.department}</dd>
          </div>
        )}
        {position.employment_type && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.employmentType')}</dt>
            <dd>{employmentTypeLabel(position.employment_type)}</dd>
          </div>
        )}
        {places.length > 0 && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.locations', { count: places.length })}</dt>
            <dd>
              {places.length === 1 ? (
                places[0]
              ) : (
                <ul className="cw-position__places">
                  {places.map((place) => (
                    <li key={place}>{place}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        )}
        {salary && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.salary')}</dt>
            <dd>
              {salary.kind === 'range' ? salary.text : t(`position.salary.${salary.kind}`, { amount: salary.text })}
            </dd>
          </div>
        )}
        {posted && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.posted')}</dt>
            <dd>
              <time dateTime={position.posted_at}>
                {postedAgo ? t('position.postedValue', { relative: postedAgo, date: posted }) : posted}
              </time>
            </dd>
          </div>
        )}
        {validThrough && position.valid_through && (
          <div className="cw-position__fact">
            <dt>{t('position.facts.validThrough')}</dt>
            <dd>
              <time dateTime={position.valid_through}>{validThrough}</time>
            </dd>
          </div>
        )}
      </dl>

      {position.skills.length > 0 && (
        <div className="cw-position__skills">
          <p id={skillsId} className="cw-position__list-title">
            {t('position.skills')}
          </p>
          <ul className="cw-position__tags" aria-labelledby={skillsId}>
            {position.skills.map((skill) => (
              <li key={skill}>
                <Tag>{skill}</Tag>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * The employer's description, sanitised (docs/product/positions-and-map.md#description): links open in a new tab with
 * rel="noopener noreferrer".
 */
function Description({ html, headingLevel }: { html: string; headingLevel: 2 | 3 }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const newTabLabel = t('position.newTab');
  const safe = useMemo(() => sanitizeRichText(html, { newTabLabel }), [html, newTabLabel]);
  if (!safe) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="cw-position__section" aria-labelledby={headingId}>
      <Heading id={headingId} className="cw-position__section-title">
        {t('position.description')}
      </Heading>
      {/* Sanitised with DOMPurify just above. */}
      <div className="cw-position__description" dangerouslySetInnerHTML={{ __html: safe }} />
    </section>
  );
}
