import { useState } from 'react';
import { Button, notify, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../search/namespace';
import { positionPageUrl } from '../links';
import { PositionIcon } from './icons';

export interface ShareButtonProps {
  positionId: number;
  positionName: string;
  isPrivate?: boolean;
}

/**
 * Copies the position's page address to the clipboard (docs/product/positions-and-map.md#share): "Copied to Clipboard"
 * on success, "Sorry, unable to copy the variable. Please contact Support" when the browser refuses (no clipboard, no
 * permission).
 */
export function ShareButton({ positionId, positionName, isPrivate = false }: ShareButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const [copying, setCopying] = useState(false);

  const share = async () => {
    setCopying(true);
    try {
      const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
      if (!clipboard?.writeText) throw new Error('The clipboard is not available');
      await clipboard.writeText(positionPageUrl(window.location.origin, positionId, isPrivate));
      notify.success(t('position.share.copied'));
    } catch {
      notify.error(t('position.share.failed'));
    } finally {
      setCopying(false);
    }
  };

  return (
    <Button
      variant="secondary"
      icon={<PositionIcon name="share" />}
      loading={copying}
      onClick={() => void share()}
      // The visible text, then the position: the name starts with what it shows (WCAG 2.5.3).
      aria-label={t('a11y.named', { label: t('position.share.button'), name: positionName })}
    >
      {t('position.share.button')}
    </Button>
  );
}
