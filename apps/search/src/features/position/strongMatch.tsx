import {
  selectBoot,
  selectIsLoggedIn,
  skipToken,
  Tag,
  useAppSelector,
  useEmployerDomain,
  useTranslation,
} from '@careers/shared';
import { NAMESPACE } from '../search/namespace';
import { useMatchDetailsQuery, type MatchDetails } from './endpoints';
import type { PcsxConfig } from './overrides';

/**
 * "Strong match" (`searchConfig.strongMatchThreshold`, docs/product/positions-and-map.md#strong-match). The
 * specification named the setting only; what it is compared with is the one match measure the product has: the match
 * details' `score`, the share (0 to 100) of the position's skills the signed-in candidate's profile lists. A position
 * is a strong match when that score is at or above the threshold; never while the profile lists no skills or the
 * position asks for none (the score then says nothing), for a signed-out visitor, or where the employer hides match
 * details (decision 020).
 */
export function isStrongMatch(match: MatchDetails | undefined, threshold: number | null): boolean {
  if (threshold === null || !match || !match.profileHasSkills) return false;
  const asked = (match.matchedSkills?.length ?? 0) + (match.missingSkills?.length ?? 0);
  return asked > 0 && match.score >= threshold;
}

/** The threshold that applies to this visitor under this configuration, or null when no strong match is shown. */
export function strongMatchThreshold(config: PcsxConfig | undefined, isLoggedIn: boolean): number | null {
  const threshold = config?.searchConfig?.strongMatchThreshold;
  if (!isLoggedIn || config?.positionDetailsConfig?.showMatchDetails === false) return null;
  return typeof threshold === 'number' && Number.isFinite(threshold) ? threshold : null;
}

/** The "Strong match" tag. */
export function StrongMatchTag() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Tag tone="success" className="cw-strong-match">
      {t('position.match.strong')}
    </Tag>
  );
}

/**
 * A result card's "Strong match": the card asks for the position's match details, with the same arguments as the
 * position view (so the open position's are asked once, and a card's answer is ready when it is opened). Nothing
 * is asked, and nothing shows, where no threshold applies.
 */
export function ResultStrongMatch({ positionId }: { positionId: number }) {
  const { i18n } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const config = useAppSelector(selectBoot)?.pcsxConfig;
  const threshold = strongMatchThreshold(config, isLoggedIn);
  const match = useMatchDetailsQuery(threshold === null ? skipToken : { positionId, domain, hl: i18n.language });
  return isStrongMatch(match.currentData, threshold) ? <StrongMatchTag /> : null;
}
