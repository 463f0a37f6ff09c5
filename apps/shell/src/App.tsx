import { useEffect, useMemo } from 'react';
import {
  selectBoot,
  shellAttribute,
  shellParts,
  SHELL_SLOTS,
  SlotPortal,
  useAppSelector,
  useRoute,
} from '@careers/shared';
import { Navbar } from './features/navbar/components/Navbar';
import { HeroImage, PhaseBanner, PromoBanner } from './features/banners/components/Banners';
import { Footer } from './features/footer/components/Footer';
import { CartPanel } from './features/cart/components/CartPanel';
import { SHELL_STYLES } from './styles';

/** The `<html>` attribute naming the shell's parts on this page (the page's CSS keeps their room). */
const SHELL_ATTRIBUTE = 'data-careers-shell';

/**
 * The page shell (docs/product/shell.md#shell-parts): in its own slot the implementation-phase banner and the
 * navbar (with the job cart's button, else the cart pinned over the page); in `careers-banner` the promo banner
 * and the hero image; in `careers-footer` the footer. Which parts
 * show on a page is decided by `shellParts`, the same function the page server uses for `data-careers-shell`;
 * after a page change in the browser the widget keeps that attribute current.
 */
export function App() {
  const boot = useAppSelector(selectBoot);
  const page = useRoute()?.route.page ?? null;
  const parts = useMemo(() => (boot ? shellParts(boot, page) : null), [boot, page]);
  const attribute = parts ? shellAttribute(parts) : '';

  useEffect(() => {
    const root = document.documentElement;
    if (attribute) root.setAttribute(SHELL_ATTRIBUTE, attribute);
    else root.removeAttribute(SHELL_ATTRIBUTE);
  }, [attribute]);

  if (!parts) return null;
  return (
    <>
      {parts.phase && <PhaseBanner />}
      {parts.navbar && <Navbar cart={parts.cart} />}
      {!parts.navbar && parts.cart && <CartPanel floating />}
      {(parts.promo || parts.hero) && (
        <SlotPortal slot={SHELL_SLOTS.banner} name="shell-banner" styles={SHELL_STYLES}>
          {parts.promo && <PromoBanner banner={parts.promo} />}
          {parts.hero && <HeroImage hero={parts.hero} />}
        </SlotPortal>
      )}
      {parts.footer && (
        <SlotPortal slot={SHELL_SLOTS.footer} name="shell-footer" styles={SHELL_STYLES}>
          <Footer footer={parts.footer} />
        </SlotPortal>
      )}
    </>
  );
}
