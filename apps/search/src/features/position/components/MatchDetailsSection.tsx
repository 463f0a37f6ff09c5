import { useId } from 'react';
import { Tag, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../search/namespace';
import type { MatchDetails } from '../endpoints';
import { PositionIcon } from './icons';
import { StrongMatchTag } from '../strongMatch';

export interface MatchDetailsSectionProps {
  match: MatchDetails;
  /** Level of the section's heading (the skill lists use the next one). */
  headingLevel: 2 | 3;
  /** The score reaches the employer's `strongMatchThreshold`: "Strong match" shows beside it. */
  strong?: boolean;
}

/**
 * Explainable match details (docs/product/positions-and-map.md#match-details): the score is always shown with what
 * makes it up, the position's skills the candidate's profile has and those it lacks, and the server's explanation in
 * the candidate's language.
 */
export function MatchDetailsSection({ match, headingLevel, strong = false }: MatchDetailsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const matchedId = useId();
  const missingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ListHeading = headingLevel === 2 ? 'h3' : 'h4';
  const matched = match.matchedSkills ?? [];
  const missing = match.missingSkills ?? [];
  const total = matched.length + missing.length;
  const score = Math.min(100, Math.max(0, Math.round(match.score)));
  const hasScore = match.profileHasSkills && total > 0;

  return (
    <section className="cw-position__section cw-position__match" aria-labelledby={headingId}>
      <Heading id={headingId} className="cw-position__section-title">
        {t('position.match.title')}
      </Heading>
      {hasScore && (
        <div className="cw-position__score">
          {strong && (
            <p className="cw-position__strong">
              <StrongMatchTag />
            </p>
          )}
          <p className="cw-position__score-value">
            {t('position.match.score', { score, matched: matched.length, total })}
          </p>
          <span className="cw-position__meter" aria-hidden="true">
            <span className="cw-position__meter-fill" style={{ width: `${score}%` }} />
          </span>
        </div>
      )}
      {match.explanation && <p className="cw-position__explanation">{match.explanation}</p>}
      {matched.length > 0 && (
        <>
          <ListHeading id={matchedId} className="cw-position__list-title">
            {t('position.match.matched', { count: matched.length })}
          </ListHeading>
          <ul className="cw-position__tags" aria-labelledby={matchedId}>
            {matched.map((skill) => (
              <li key={skill}>
                <Tag tone="success" className="cw-position__skill">
                  <PositionIcon name="check" size={14} />
                  {skill}
                </Tag>
              </li>
            ))}
          </ul>
        </>
      )}
      {missing.length > 0 && (
        <>
          <ListHeading id={missingId} className="cw-position__list-title">
            {match.profileHasSkills
              ? t('position.match.missing', { count: missing.length })
              : t('position.match.asked', { count: missing.length })}
          </ListHeading>
          <ul className="cw-position__tags" aria-labelledby={missingId}>
            {missing.map((skill) => (
              <li key={skill}>
                <Tag tone="neutral" className="cw-position__skill">
                  <PositionIcon name="minus" size={14} />
                  {skill}
                </Tag>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
