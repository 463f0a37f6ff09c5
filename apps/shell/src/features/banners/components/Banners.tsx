import { lazy, Suspense } from 'react';
import { cx, Icon, useTranslation, type ShellParts } from '@careers/shared';

/**
 * The banner's mark, drawn (a circle with "i" or "!" cut out): a graphic, not a letter on a coloured disc, so no
 * text-contrast rule applies to what is decoration (the section's name says info or alert).
 */
const INFO_MARK = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z';
const ALERT_MARK = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z';
import { NAMESPACE } from '../../../namespace';

const RichHtml = lazy(() => import(/* webpackChunkName: "shell-rich-html" */ '../../content/RichHtml'));

/** The implementation-phase banner (docs/product/shell.md#banners), 24 px high, above the navbar. */
export function PhaseBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cw-shell-phase" aria-label={t('phase.label')} title={t('phase.text')}>
      {t('phase.text')}
    </section>
  );
}

/**
 * The promo banner (docs/product/shell.md#banners): the employer's sanitised HTML, `alert` (warning colours
 * and "Important:") or `info`. It keeps a fixed height (at most two lines of text), so the page never moves when
 * its text arrives.
 */
export function PromoBanner({ banner }: { banner: NonNullable<ShellParts['promo']> }) {
  const { t } = useTranslation(NAMESPACE);
  const alert = banner.alertType === 'alert';
  return (
    <section
      className={cx('cw-shell-promo', alert ? 'cw-shell-promo--alert' : 'cw-shell-promo--info')}
      aria-label={alert ? t('promo.alertLabel') : t('promo.infoLabel')}
    >
      <Icon className="cw-shell-promo__icon" path={alert ? ALERT_MARK : INFO_MARK} size={22} />
      <Suspense fallback={<div className="cw-shell-promo__text" />}>
        <RichHtml className="cw-shell-promo__text" html={banner.html} />
      </Suspense>
    </section>
  );
}

/**
 * The hero image (docs/product/shell.md#banners), full width and a fixed height (the page keeps its room before it
 * loads).
 */
export function HeroImage({ hero }: { hero: NonNullable<ShellParts['hero']> }) {
  const alt = hero.altText?.trim() ?? '';
  return (
    <div className="cw-shell-hero">
      <img className="cw-shell-hero__image" src={hero.imageUrl} alt={alt} fetchPriority="high" decoding="async" />
    </div>
  );
}
