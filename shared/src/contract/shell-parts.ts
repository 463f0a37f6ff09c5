/**
 * Which parts of the page shell show on a page (docs/product/shell.md#shell-parts), decided in one place
 * for the page server (which names them in `<html data-careers-shell>` so the page keeps their room before any
 * script runs) and the shell widget (which draws them). Types only from the contract: no schema code here.
 */
import type { BootData } from './index';
import type { HeroImageConfig, PromoBannerConfig } from './shell';

/** The shell widget's name in the widget registry, and the page elements it draws into. */
export const SHELL_WIDGET = 'shell';
export const SHELL_SLOTS = {
  /** The implementation-phase banner (24 px) above the navbar (60 px). The widget's own slot. */
  navbar: 'careers-navbar',
  /** The promo banner, then the hero image, above the page's content. */
  banner: 'careers-banner',
  /** The footer, below the page's content. */
  footer: 'careers-footer',
} as const;

/**
 * The element holding the employer's head scripts of the other pages (a JSON data block with the response's nonce):
 * the root config adds each one to the page when a page it names is reached in the browser (decision 024).
 */
export const HEAD_SCRIPTS_ELEMENT_ID = 'careers-head-scripts';

export type ShellFooter = { kind: 'custom'; html: string } | { kind: 'powered' } | null;

export interface ShellParts {
  /** The careers navbar (false when the employer's own navbar is in force). */
  navbar: boolean;
  /** The implementation-phase banner. */
  phase: boolean;
  promo: PromoBannerConfig | null;
  hero: HeroImageConfig | null;
  footer: ShellFooter;
  /**
   * The job cart panel (docs/product/shell.md#job-cart-button), when `jobCartConfig.enabled`: for a signed-in
   * candidate, whose cart it is (the cart's calls need a session; a visitor's Add to cart asks them to sign in first).
   * It takes no room of its own (a button in the navbar, else pinned over the page), so it is not in `shellAttribute`.
   */
  cart: boolean;
}

/** Pages shown without a footer (onboarding, docs/product/shell.md#footer). */
const PAGES_WITHOUT_FOOTER: ReadonlySet<string> = new Set(['onboarding']);

/** A part configured for some pages shows on those only; without a list, on every careers page. */
const showsOn = (pages: readonly string[] | undefined, page: string | null) =>
  pages === undefined || (page !== null && pages.includes(page));

/** Whether an address holds a character it never holds as written by an employer: controls, spaces, backslashes. */
function hasUnsafeCharacter(address: string): boolean {
  for (const char of address) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\') return true;
  }
  return false;
}

/**
 * An address the shell's configuration may hold (`heroImageConfig.imageUrl`, `contactUrl`): `https:` with a host,
 * a path on the careers site itself (exactly one leading `/`, so never `//host` or `/\host`, which browsers read as
 * another site) and, with `mailto`, a `mailto:` address. Anything else (`javascript:`, `data:`, `http:`, relative
 * paths, control characters) is refused. The server checks stored configuration with it; the widget again.
 */
export function isShellAddress(address: string, { mailto = false }: { mailto?: boolean } = {}): boolean {
  if (address === '' || hasUnsafeCharacter(address)) return false;
  if (address.startsWith('/')) return address.length === 1 || address[1] !== '/';
  const lower = address.toLowerCase();
  if (mailto && lower.startsWith('mailto:')) return address.length > 'mailto:'.length;
  // `https:` and a host: `https:///x` and `https:\\x` would be read as other hosts.
  if (!lower.startsWith('https://') || address[8] === '/' || address[8] === undefined) return false;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The shell's parts for one page (its page identifier from the route table, or null) and the starting data. */
export function shellParts(boot: Pick<BootData, 'isLoggedIn' | 'pcsxConfig' | 'behaviourFlags'>, page: string | null) {
  const branding = boot.pcsxConfig.branding;
  const custom = branding?.customNavbarConfig;
  const customNavbar = custom ? (boot.isLoggedIn ? custom.showInLoggedinView : custom.enable) : false;
  const promoConfig = branding?.customPageSections?.customPcsBanner;
  const heroConfig = branding?.heroImageConfig;
  const footerHtml = branding?.customPageSections?.footer?.trim() ?? '';
  let footer: ShellFooter = null;
  if (page === null || !PAGES_WITHOUT_FOOTER.has(page)) {
    if (footerHtml) footer = { kind: 'custom', html: footerHtml };
    else if (boot.behaviourFlags.hideInjectedFooter !== true) footer = { kind: 'powered' };
  }
  const parts: ShellParts = {
    navbar: !customNavbar,
    phase: boot.pcsxConfig.implementationPhase === true,
    promo:
      promoConfig && promoConfig.enabled !== false && promoConfig.html.trim() && showsOn(promoConfig.pages, page)
        ? promoConfig
        : null,
    hero:
      heroConfig &&
      heroConfig.enabled !== false &&
      isShellAddress(heroConfig.imageUrl) &&
      showsOn(heroConfig.pages, page)
        ? heroConfig
        : null,
    footer,
    cart: boot.isLoggedIn && boot.pcsxConfig.jobCartConfig?.enabled === true,
  };
  return parts;
}

/** The parts as the words of `<html data-careers-shell>`: navbar, phase, promo, hero, footer. */
export function shellAttribute(parts: ShellParts): string {
  return (['navbar', 'phase', 'promo', 'hero', 'footer'] as const).filter((name) => Boolean(parts[name])).join(' ');
}

/** A page's metadata as the page server and the page title use it: trimmed text, null when none. */
export interface PageMetadataText {
  title: string | null;
  description: string | null;
}

type SeoSource = { seoConfig?: unknown; seo?: unknown } | null | undefined;

/** An object's entry by key, when both are objects (boot data from an employer's own server is not checked). */
function entryOf(value: unknown, key: string): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return null;
  const entry = (value as Record<string, unknown>)[key];
  return entry !== null && typeof entry === 'object' && !Array.isArray(entry)
    ? (entry as Record<string, unknown>)
    : null;
}

const textOf = (value: unknown): string | null => {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? null : text;
};

/**
 * A page's title and description from the employer's configuration (`seoConfig.pagesMetadata`, by page
 * identifier, docs/product/shell.md#page-metadata); a title `pagesMetadata` does not give comes from the older
 * `seo[page].title`. The page server writes them into the page; the page title puts the title first
 * (docs/product/shell.md#page-title).
 */
export function pageMetadataFor(pcsxConfig: SeoSource, page: string | null): PageMetadataText {
  if (!page) return { title: null, description: null };
  const metadata = entryOf(entryOf(pcsxConfig, 'seoConfig')?.pagesMetadata, page);
  const legacy = entryOf(pcsxConfig?.seo, page);
  return {
    title: textOf(metadata?.title) ?? textOf(legacy?.title),
    description: textOf(metadata?.description),
  };
}
