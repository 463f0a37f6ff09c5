import { lazy, Suspense } from 'react';
import { useTranslation, type ShellFooter } from '@careers/shared';
import { NAMESPACE } from '../../../namespace';

const RichHtml = lazy(() => import(/* webpackChunkName: "shell-rich-html" */ '../../content/RichHtml'));

/** The product's name in the "Powered by" footer. */
const PRODUCT_NAME = 'Careers Widgets';

/**
 * The page footer (docs/product/shell.md#footer): the employer's footer HTML from `branding.customPageSections.footer`,
 * sanitised; otherwise "Powered by …" (hidden by `behaviourFlags.hideInjectedFooter`, decided in shellParts).
 */
export function Footer({ footer }: { footer: NonNullable<ShellFooter> }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <footer className="cw-shell-footer">
      {footer.kind === 'custom' ? (
        <Suspense fallback={null}>
          <RichHtml className="cw-shell-footer__custom" html={footer.html} />
        </Suspense>
      ) : (
        <p className="cw-shell-footer__powered">{t('footer.poweredBy', { product: PRODUCT_NAME })}</p>
      )}
    </footer>
  );
}
