import { useId } from 'react';
import { Tag, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../search/namespace';
import type { PositionInsight } from '../endpoints';
import { PositionIcon, type PositionIconName } from './icons';

export interface InsightsSectionProps {
  insights: PositionInsight[];
  headingLevel: 2 | 3;
}

const ICONS: Record<string, PositionIconName> = {
  posted: 'clock',
  similar_openings: 'openings',
  team_skills: 'team',
};

/**
 * The position's insights (docs/product/positions-and-map.md#insights): facts the server drew from its data, in the
 * candidate's language (posted how long ago, similar openings, the team's most asked skills, which are also shown as
 * tags).
 */
export function InsightsSection({ insights, headingLevel }: InsightsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = insights.filter((insight) => typeof insight?.text === 'string' && insight.text.trim() !== '');
  if (shown.length === 0) return null;

  return (
    <section className="cw-position__section cw-position__insights" aria-labelledby={headingId}>
      <Heading id={headingId} className="cw-position__section-title">
        {t('position.insights.title')}
      </Heading>
      <ul className="cw-position__insight-list">
        {shown.map((insight) => (
          <li key={insight.key} className="cw-position__insight">
            <span className="cw-position__insight-icon">
              <PositionIcon name={ICONS[insight.key] ?? 'info'} />
            </span>
            <span className="cw-position__insight-body">
              <span className="cw-position__insight-text">{insight.text}</span>
              {Array.isArray(insight.value) && insight.value.length > 0 && (
                <span className="cw-position__tags cw-position__tags--inline" aria-hidden="true">
                  {insight.value.map((skill) => (
                    <Tag key={skill} tone="info">
                      {skill}
                    </Tag>
                  ))}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
