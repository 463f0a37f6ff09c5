import { lazy, Suspense } from 'react';
import { cx, useTranslation, type ShellParts } from '@careers/shared';
import { NAMESPACE } from '../../../namespace';

const RichHtml = lazy(() => import(/* webpackChunkName: "shell-rich-html" */ '../../content/RichHtml'));

/** The implementation-phase banner (spec 000 §2), 24 px high, above the navbar. */
export function PhaseBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cw-shell-phase" aria-label={t('phase.label')} title={t('phase.text')}>
      {t('phase.text')}
    </section>
  );
}

/**
 * The promo banner (spec 000 §2 "custom banner per page"): the employer's sanitised HTML, `alert` (warning colours
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
      <span className="cw-shell-promo__icon" aria-hidden="true">
        {alert ? '!' : 'i'}
      </span>
      <Suspense fallback={<div className="cw-shell-promo__text" />}>
        <RichHtml className="cw-shell-promo__text" html={banner.html} />
      </Suspense>
    </section>
  );
}

/** The hero image (spec 000 §2), full width and a fixed height (the page keeps its room before it loads). */
export function HeroImage({ hero }: { hero: NonNullable<ShellParts['hero']> }) {
  const alt = hero.altText?.trim() ?? '';
  return (
    <div className="cw-shell-hero">
      <img
        className="cw-shell-hero__image"
        src={hero.imageUrl}
        alt={alt}
        fetchPriority="high"
        decoding="async"
      />
    </div>
  );
}
