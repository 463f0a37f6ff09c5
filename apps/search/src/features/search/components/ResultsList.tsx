import {
  Link,
  Skeleton,
  Tag,
  SEARCH_PAGE_SIZE,
  useTranslation,
  type LatLng,
  type SearchAddress,
} from '@careers/shared';
import type { PositionSummary } from '@careers/shared/contract';
import { NAMESPACE } from '../namespace';
import { rememberScroll } from '../address';
import { SaveButton } from '../../saved/components/SaveButton';
import { CartButton } from '../../cart/components/CartButton';
import { formatRelativeDay } from '../../position/format';
import { ResultStrongMatch } from '../../position/strongMatch';
import { shownPlace } from '../shownPlace';
import { employmentTypeLabel } from '../filters';

export interface ResultsListProps {
  positions: PositionSummary[];
  /** The position open beside the list (marked current). */
  selectedId: number | null;
  /** Address of a position in this search (`pid` set). */
  hrefFor: (id: number) => string;
  /** Coordinates of the searched place, when the search carries them (the nearest place is measured from it). */
  origin?: LatLng | null;
  /** The candidate opened a position from the list (its details then take focus). */
  onOpen?: (id: number) => void;
}

/** When a position was posted, in the page's language, as the position view says it ("3 days ago"). */
export function postedAgo(iso: string, language: string, now = Date.now()): string {
  return formatRelativeDay(iso, language, new Date(now)) ?? '';
}

/**
 * The page of results: each position's title (a link that opens it), place, team, kind, age, save and cart. The
 * place named, its distance and the map's selected pin are one and the same: the position's place nearest the
 * searched one (./shownPlace). "Remote" shows once: as the place of a position without one, else as a tag.
 */
export function ResultsList({ positions, selectedId, hrefFor, origin = null, onOpen }: ResultsListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <ol className="cw-results" aria-label={t('results.listLabel')}>
      {positions.map((position) => {
        const current = position.id === selectedId;
        const place = shownPlace(position, origin);
        const remoteOnly = position.is_remote && position.locations.length === 0;
        return (
          <li key={position.id} className={`cw-result${current ? ' cw-result--current' : ''}`}>
            <h2 className="cw-result__title">
              <Link
                href={hrefFor(position.id)}
                aria-current={current ? 'true' : undefined}
                onClick={() => {
                  rememberScroll();
                  onOpen?.(position.id);
                }}
                className="cw-result__link"
              >
                {position.name}
              </Link>
            </h2>
            <p className="cw-result__meta">
              <span>{remoteOnly ? t('results.remote') : place.name}</span>
              {position.department ? <span>{position.department}</span> : null}
              <span>{employmentTypeLabel(position.employment_type)}</span>
            </p>
            <p className="cw-result__tags">
              <ResultStrongMatch positionId={position.id} />
              {position.is_remote && !remoteOnly ? <Tag tone="info">{t('results.remote')}</Tag> : null}
              <span className="cw-result__posted">{postedAgo(position.posted_at, i18n.language)}</span>
              {place.distanceKm !== null && !remoteOnly ? (
                <span>{t('results.distance', { km: Math.round(place.distanceKm) })}</span>
              ) : null}
            </p>
            <div className="cw-result__actions">
              <SaveButton position={position} />
              <CartButton position={position} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The list's placeholder while a search loads: the final size, so nothing moves when results arrive. */
export function ResultsSkeleton() {
  return (
    <ol className="cw-results" aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="cw-result cw-result--skeleton">
          <Skeleton width="70%" height={22} />
          <Skeleton width="50%" height={16} />
          <Skeleton width="30%" height={16} />
        </li>
      ))}
    </ol>
  );
}

export interface PaginationProps {
  address: SearchAddress;
  count: number;
  hrefFor: (start: number) => string;
}

/** The page links: previous, the first, the pages around the current one, the last, next. */
export function Pagination({ address, count, hrefFor }: PaginationProps) {
  const { t } = useTranslation(NAMESPACE);
  const pages = Math.ceil(count / SEARCH_PAGE_SIZE);
  if (pages <= 1) return null;
  const current = Math.floor(address.start / SEARCH_PAGE_SIZE) + 1;
  const shown = [...new Set([1, current - 1, current, current + 1, pages])]
    .filter((page) => page >= 1 && page <= pages)
    .sort((a, b) => a - b);
  const link = (page: number) => hrefFor((page - 1) * SEARCH_PAGE_SIZE);
  const items: Array<number | 'gap'> = [];
  shown.forEach((page, index) => {
    if (index > 0 && page - shown[index - 1]! > 1) items.push('gap');
    items.push(page);
  });
  return (
    <nav className="cw-pagination" aria-label={t('pagination.label')}>
      <ul className="cw-pagination__list">
        <li>
          {current > 1 ? (
            <Link className="cw-pagination__link" href={link(current - 1)} onClick={rememberScroll}>
              {t('pagination.previous')}
            </Link>
          ) : null}
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="cw-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="cw-pagination__link"
                href={link(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={rememberScroll}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <Link className="cw-pagination__link" href={link(current + 1)} onClick={rememberScroll}>
              {t('pagination.next')}
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
