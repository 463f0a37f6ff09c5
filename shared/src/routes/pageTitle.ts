import { i18n } from '../i18n/i18n';
import type { PageId } from '../contract/routes';
import { pageMetadataFor } from '../contract/shell-parts';

/** What a page knows for its title (docs/product/shell.md#page-title). */
export interface PageTitleParts {
  /** The employer's SEO title for this page (`seoConfig.pagesMetadata[pageId].title`, else the older `seo`). */
  seoTitle?: string | null;
  /** Search query and location (search pages). */
  query?: string | null;
  location?: string | null;
  /** The position shown (position pages). */
  positionName?: string | null;
  /** The employer's company name (`pcsxConfig.branding.companyName`). */
  company?: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/**
 * The page title, in the spec's order of preference: the page's SEO title; the query at the location; "position |
 * company"; "Careers at {company}". A query without a location (or a location without a query) stands alone.
 */
export function pageTitle(parts: PageTitleParts): string {
  const seo = clean(parts.seoTitle);
  if (seo) return seo;
  const query = clean(parts.query);
  const location = clean(parts.location);
  if (query && location)
    return i18n.t('common:pageTitle.queryAtLocation', { query, location, interpolation: { escapeValue: false } });
  if (query || location) return query || location;
  const company = clean(parts.company);
  const position = clean(parts.positionName);
  if (position)
    return company
      ? i18n.t('common:pageTitle.position', { position, company, interpolation: { escapeValue: false } })
      : position;
  return company ? i18n.t('common:pageTitle.careersAt', { company, interpolation: { escapeValue: false } }) : '';
}

/**
 * Sets `document.title` from {@link pageTitle}; an empty title leaves the page's own title. A title already shown
 * (the page server wrote it) is not set again: setting it costs the browser work even when it does not change.
 */
export function setPageTitle(parts: PageTitleParts): void {
  const title = pageTitle(parts);
  if (title && typeof document !== 'undefined' && document.title !== title) document.title = title;
}

/** The employer's SEO title for a page, if the configuration has one. */
export function seoTitleFor(
  pcsxConfig: { seoConfig?: unknown; seo?: unknown } | null | undefined,
  page: PageId,
): string | null {
  return pageMetadataFor(pcsxConfig, page).title;
}
