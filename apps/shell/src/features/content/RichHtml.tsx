import { useMemo } from 'react';
import { useTranslation } from '@careers/shared';
import { sanitizeRichText } from '@careers/shared/rich-text';
import { NAMESPACE } from '../../namespace';

export interface RichHtmlProps {
  html: string;
  className?: string;
}

/**
 * Employer-written HTML from the configuration (the footer, the promo banner), sanitised: no scripts, handlers,
 * styles or frames; links to this site open in place, others in a new tab. Its own chunk (with DOMPurify), loaded
 * only on pages that show such HTML.
 */
export default function RichHtml({ html, className }: RichHtmlProps) {
  const { t } = useTranslation(NAMESPACE);
  const clean = useMemo(
    () => sanitizeRichText(html, { newTabLabel: t('richText.newTab'), sameSiteInPlace: true }),
    [html, t],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
