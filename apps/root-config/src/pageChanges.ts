import {
  focusElement,
  getActiveElement,
  i18n,
  matchRoute,
  pageMetadataFor,
  pageTitle,
  setPageTitle,
} from '@careers/shared';
import type { BootData } from '@careers/shared/contract';

/**
 * Hyphens and underscores in a path-supplied query or location read as spaces (docs/product/search.md#search-address).
 */
const fromPath = (value: string | undefined) => (value ? value.replace(/[-_]+/g, ' ') : undefined);

/**
 * The page title for an address (docs/product/shell.md#page-title), from what the address and the configuration tell:
 * the page's SEO title (`seoConfig.pagesMetadata[page].title`, else the older `seo[page].title`), the search query at
 * the location, else "Careers at {company}". A position page's widget refines it
 * with the position's name once it has loaded it (`setPageTitle` from @careers/shared).
 */
function titleFor(url: URL, boot: Pick<BootData, 'pcsxConfig'>): string {
  const match = matchRoute(url.pathname);
  const company = boot.pcsxConfig.branding?.companyName ?? null;
  const seoTitle = pageMetadataFor(boot.pcsxConfig, match?.route.page ?? null).title;
  const isSearch = match?.route.page === 'jobs';
  const parts = {
    seoTitle,
    query: isSearch ? (url.searchParams.get('query') ?? fromPath(match.params.query)) : null,
    location: isSearch ? (url.searchParams.get('location') ?? fromPath(match.params.location)) : null,
    company,
  };
  setPageTitle(parts);
  return pageTitle(parts);
}

/**
 * What the title depends on: the path, and on the search page the query and the location. A routing event that
 * changes none of them (single-spa's first one after the widgets mount, a tab or page number in the query) leaves
 * the title alone: a position page's widget has set the position's name by then (issue 22: it was overwritten by
 * "Careers at {company}" within a second of load).
 */
function titleKey(url: URL): string {
  const isSearch = matchRoute(url.pathname)?.route.page === 'jobs';
  return isSearch
    ? `${url.pathname}?${url.searchParams.get('query')}@${url.searchParams.get('location')}`
    : url.pathname;
}

/** How often, and how many times, a page change looks for the new page's heading while its widget draws. */
const HEADING_LOOK_MS = 100;
const HEADING_LOOKS = 50;

/** The element focus is in, through shadow roots, when it is inside `container` (a slot and its widgets). */
function focusInside(container: Element): boolean {
  for (let node: Node | null = getActiveElement(); node;) {
    if (node === container) return true;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return false;
}

/**
 * After a page change, the keyboard and the screen reader go where the page is: focus moves to the new page's
 * heading (its widget's first h1 in `careers-main`), which reads it out (issue 22: the apply page left nothing
 * focused, and a candidate had to find the page again from the top). Looked for while the widget draws; a widget
 * that moved focus into its page itself (an opened position's heading, a first invalid field) is left as it is, and
 * so is a candidate who has moved on. Answers a function that stops looking.
 */
function focusPageHeading(): () => void {
  let looks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedOn = getActiveElement();
  const look = () => {
    const main = document.getElementById('careers-main');
    const moved = getActiveElement() !== startedOn;
    if (!main || moved || focusInside(main)) return;
    for (const host of Array.from(main.querySelectorAll('[data-careers-widget]'))) {
      const heading = host.shadowRoot?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        focusElement(heading);
        return;
      }
    }
    looks += 1;
    if (looks < HEADING_LOOKS) timer = setTimeout(look, HEADING_LOOK_MS);
  };
  timer = setTimeout(look, 0);
  return () => clearTimeout(timer);
}

/**
 * On every page change: the title, focus on the new page's heading, and scroll back to the top
 * (docs/product/shell.md#page-changes). A change of the query alone (a search refined on the same page) keeps the
 * scroll, and so does a move back or forward through the history, where the browser restores the position the candidate
 * left.
 */
export function followPageChanges(boot: Pick<BootData, 'pcsxConfig'>): () => void {
  let lastPath = window.location.pathname;
  let lastTitleKey = titleKey(new URL(window.location.href));
  let traversal = false;
  let stopLooking: () => void = () => undefined;
  /** The title this wrote last: while the page still shows it, no widget has refined it, and it is this one's. */
  let written: string | null = null;
  // single-spa marks the popstate events it dispatches for pushState/replaceState; the browser's own (back,
  // forward) carry no mark.
  const onPopState = (event: PopStateEvent) => {
    traversal = !(event as PopStateEvent & { singleSpa?: boolean }).singleSpa;
  };
  const onRoute = () => {
    const url = new URL(window.location.href);
    const key = titleKey(url);
    if (key !== lastTitleKey) written = titleFor(url, boot);
    lastTitleKey = key;
    if (url.pathname !== lastPath && !traversal) window.scrollTo(0, 0);
    if (url.pathname !== lastPath) {
      stopLooking();
      stopLooking = focusPageHeading();
    }
    lastPath = url.pathname;
    traversal = false;
  };
  // A language change translates the title this wrote ("Careers at …" becomes "Carrières chez …"); a title a
  // widget wrote since (a position's name, a dashboard page's) is the widget's to translate, and stays.
  const onLanguage = () => {
    if (written !== null && document.title === written) written = titleFor(new URL(window.location.href), boot);
  };
  window.addEventListener('popstate', onPopState);
  window.addEventListener('single-spa:routing-event', onRoute);
  i18n.on('languageChanged', onLanguage);
  // The first page's title is the page server's (a position page's carries the position's name); only a page
  // without one gets it here.
  if (!document.title) written = titleFor(new URL(window.location.href), boot);
  return () => {
    stopLooking();
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener('single-spa:routing-event', onRoute);
    i18n.off('languageChanged', onLanguage);
  };
}
