import { i18n, matchRoute, pageMetadataFor, pageTitle, setPageTitle } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';

/** Hyphens and underscores in a path-supplied query or location read as spaces (spec 001 §2). */
const fromPath = (value: string | undefined) => (value ? value.replace(/[-_]+/g, ' ') : undefined);

/**
 * The page title for an address (spec 000 §2), from what the address and the configuration tell: the page's SEO
 * title (`seoConfig.pagesMetadata[page].title`, else the older `seo[page].title`), the search query at the
 * location, else "Careers at {company}". A position page's widget refines it
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

/**
 * On every page change: the title, and scroll back to the top (spec 001 §2). A change of the query alone (a
 * search refined on the same page) keeps the scroll, and so does a move back or forward through the history,
 * where the browser restores the position the candidate left.
 */
export function followPageChanges(boot: Pick<BootData, 'pcsxConfig'>): () => void {
  let lastPath = window.location.pathname;
  let lastTitleKey = titleKey(new URL(window.location.href));
  let traversal = false;
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
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener('single-spa:routing-event', onRoute);
    i18n.off('languageChanged', onLanguage);
  };
}
