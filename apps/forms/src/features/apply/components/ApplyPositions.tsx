import { Tag, useTranslation } from '@careers/shared';
import type { ApplyPosition } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';

export interface ApplyPositionsProps {
  positions: ApplyPosition[];
  /** Flag the positions applied to already ("You have already applied"). */
  showApplied?: boolean;
}

/** The positions of an application (name, location), a named list. */
export function ApplyPositions({ positions, showApplied = true }: ApplyPositionsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className="cw-apply__positions" aria-label={t('apply.positions', { count: positions.length })}>
      {positions.map((position) => (
        <li key={position.id} className="cw-apply__position">
          <span className="cw-apply__position-name">{position.name}</span>
          {position.location && <span className="cw-apply__position-location">{position.location}</span>}
          {showApplied && position.applied && <Tag tone="success">{t('apply.appliedTag')}</Tag>}
        </li>
      ))}
    </ul>
  );
}
