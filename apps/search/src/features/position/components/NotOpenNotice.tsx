import { useId, type RefObject } from 'react';
import {
  allowedFilters,
  EMPTY_SEARCH,
  Link,
  selectBoot,
  useAppSelector,
  useTranslation,
  type SearchAddress,
} from '@careers/shared';
import type { BootData, PositionSummary } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';
import { searchHref } from '../../search/address';

/** The address of a search on the careers home (`/careers`, the page's other parameters kept). */
function searchFor(next: Partial<SearchAddress>, boot: BootData | null | undefined): string {
  return searchHref({ ...EMPTY_SEARCH, ...next }, boot);
}

/**
 * Ways to open positions like one that is no longer open: a search for its title and, when it has one, its
 * department when the employer offers that filter. Only what is known of the position is offered (nothing when
 * nothing is known).
 */
export function SimilarLinks({ summary }: { summary: Pick<PositionSummary, 'name' | 'department'> | null }) {
  const { t } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const name = summary?.name.trim();
  // The search page drops a filter the employer does not offer: a link with it would not search what it says.
  const department = allowedFilters(boot?.pcsxConfig.searchConfig).has('department')
    ? summary?.department.trim()
    : undefined;
  if (!name && !department) return null;
  return (
    <ul className="cw-position__similar">
      {name && (
        <li>
          <Link href={searchFor({ query: name }, boot)}>{t('position.notOpen.similarTitle', { name })}</Link>
        </li>
      )}
      {department && (
        <li>
          <Link href={searchFor({ filters: { department: [department] } }, boot)}>
            {t('position.notOpen.similarDepartment', { department })}
          </Link>
        </li>
      )}
    </ul>
  );
}

export interface NotOpenNoticeProps {
  /** The heading's id, when the surrounding section is labelled by it. */
  headingId?: string;
  /** To move focus to the heading. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  layout: 'side' | 'page';
  summary: Pick<PositionSummary, 'name' | 'department'> | null;
  company: string | undefined;
}

/**
 * A position that is closed, archived or unknown (the details answer 404): the words of the server's own page for it
 * ("This position is no longer open"), searches for similar open positions when the results told what it was, and
 * every open position. Nothing that acts on the position (apply, share, save, cart) is offered.
 */
export function NotOpenNotice({ headingId, headingRef, layout, summary, company }: NotOpenNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const ownId = useId();
  const Heading = layout === 'page' ? 'h1' : 'h2';
  return (
    <div className="cw-position__not-open">
      <Heading id={headingId ?? ownId} ref={headingRef} className="cw-position__title" tabIndex={-1}>
        {t('position.notOpen.heading')}
      </Heading>
      <p>{t('position.notOpen.explanation')}</p>
      <SimilarLinks summary={summary} />
      <p>
        <Link href={searchFor({}, boot)} className="cw-button cw-button--secondary">
          {company ? t('position.notOpen.allPositions', { company }) : t('position.notOpen.allPositionsPlain')}
        </Link>
      </p>
    </div>
  );
}
