import DOMPurify, { type Config } from 'dompurify';

export interface SanitizeOptions {
  /** Visually hidden text appended to every link, which opens in a new tab ("(opens in a new tab)"). */
  newTabLabel?: string;
}

/**
 * What the disclaimer may contain: ordinary HTML text markup. No SVG or MathML, no forms or embedded content,
 * no <style> (the shadow root is one style scope: it could restyle or hide the whole dialog, accept button
 * included) and no style, class, id or name attributes (no overlaying or hiding parts of the dialog, no clashing
 * with the dialog's own ids). Event handler attributes and script URLs are always removed by DOMPurify.
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
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'formaction', 'autofocus', 'tabindex', 'target'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Sanitises the employer's terms-of-service disclaimer (HTML from `termsOfServiceConfig.disclaimerText`) for
 * rendering with `dangerouslySetInnerHTML`. Scripts, event handlers, `javascript:` and other script URLs,
 * iframes, forms and styles are removed. The dialog blocks the page, so every remaining link opens in a new tab,
 * with `rel="noopener noreferrer"` (the new page gets no handle on this one and no referrer) and, when given, a
 * visually hidden "(opens in a new tab)". A link whose address was removed is left as plain text.
 */
export function sanitizeDisclaimer(html: string, { newTabLabel = '' }: SanitizeOptions = {}): string {
  if (!html.trim() || !DOMPurify.isSupported) return '';
  const fragment = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    if (!link.hasAttribute('href')) continue;
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
