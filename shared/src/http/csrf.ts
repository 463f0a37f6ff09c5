const META_SELECTOR = 'meta[name="csrf-token"]';

/** The newest token seen in a response, for pages without the meta tag. */
let latestToken: string | null = null;

function metaTag(): HTMLMetaElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(META_SELECTOR);
}

/**
 * The CSRF token to send: the page's `<meta name="csrf-token">` content (kept up to date by
 * {@link setCsrfToken}), else the last token a response carried, else `null`.
 */
export function getCsrfToken(): string | null {
  const content = metaTag()?.content;
  return content ? content : latestToken;
}

/** Replaces the CSRF token for later requests and writes it to the page's meta tag, when there is one. */
export function setCsrfToken(token: string): void {
  latestToken = token;
  const meta = metaTag();
  if (meta) meta.content = token;
}
