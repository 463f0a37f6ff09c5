import { Skeleton, useTranslation, VisuallyHidden } from '@careers/shared';
import { NAMESPACE } from '../../search/namespace';

/** The position details while they load: the same blocks at their final size, so the layout does not jump. */
export function PositionDetailsSkeleton() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cw-position__skeleton">
      <VisuallyHidden role="status">{t('position.loading')}</VisuallyHidden>
      <Skeleton width="70%" height={32} shape="text" />
      <Skeleton width="45%" height={20} shape="text" />
      <div className="cw-position__actions">
        <Skeleton width={112} height={44} />
        <Skeleton width={112} height={44} />
        <Skeleton width={112} height={44} />
      </div>
      <div className="cw-position__skeleton-facts">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} width="100%" height={44} />
        ))}
      </div>
      <div className="cw-position__skeleton-lines">
        <Skeleton width="100%" height={16} shape="text" />
        <Skeleton width="96%" height={16} shape="text" />
        <Skeleton width="90%" height={16} shape="text" />
        <Skeleton width="60%" height={16} shape="text" />
      </div>
    </div>
  );
}
