import DOMPurify, { type Config } from 'dompurify';

export interface SanitizeRichTextOptions {
  /** Visually hidden text appended to every link, which opens in a new tab ("(opens in a new tab)"). */
  newTabLabel?: string;
  /**
   * Links to a page of this site (a path, or an address on the page's own origin) open in place, like the site's
   * own navigation; only links elsewhere open in a new tab. For the shell's footer and banners.
   */
  sameSiteInPlace?: boolean;
}

/** Whether a link's address is a page of this site (the page's origin). */
function isSameSite(href: string, base: string): boolean {
  try {
    const url = new URL(href, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * What employer-written HTML (position descriptions, the terms-of-service disclaimer;
 * docs/product/positions-and-map.md#description) may contain: ordinary HTML text markup (headings, paragraphs, lists,
 * emphasis, links, tables, images). No SVG or MathML, no forms, frames, media or other embedded content, no <style> and
 * no style, class, id or name attributes: a widget's shadow root is one style scope, so the employer's markup must not
 * restyle, hide, overlay or clash with the widget's own elements (a dialog's accept button, the page's ids). Event
 * handler attributes and script URLs are always removed by DOMPurify.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'select',
    'textarea',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'dialog',
    'template',
    'video',
    'audio',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'formaction', 'autofocus', 'tabindex', 'target'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Sanitises employer-written HTML for rendering with `dangerouslySetInnerHTML`. Scripts, event handlers,
 * `javascript:` and other script URLs, frames, forms, media and styles are removed. Every remaining link opens in a
 * new tab with `rel="noopener noreferrer"` (the new page gets no handle on this one and no referrer) and, when
 * given, a visually hidden "(opens in a new tab)"; with `sameSiteInPlace`, links to this site's pages open in place. A link whose address was removed is left as plain text.
 *
 * A subpath of its own (`@careers/shared/rich-text`, not the federated `@careers/shared` index), so only the
 * widgets that show rich text download DOMPurify, and only when they load the code that uses it.
 */
export function sanitizeRichText(
  html: string,
  { newTabLabel = '', sameSiteInPlace = false }: SanitizeRichTextOptions = {},
): string {
  if (!html || !html.trim() || !DOMPurify.isSupported) return '';
  const fragment = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    if (!link.hasAttribute('href')) continue;
    if (sameSiteInPlace && isSameSite(link.getAttribute('href') ?? '', window.location.href)) continue;
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    if (newTabLabel) {
      const hint = link.ownerDocument.createElement('span');
      hint.className = 'cw-visually-hidden';
      hint.textContent = ` ${newTabLabel}`;
      link.appendChild(hint);
    }
  }
  const container = fragment.ownerDocument.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}
