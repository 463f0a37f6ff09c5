import type { MouseEvent } from 'react';
import { i18n } from '../i18n/i18n';
import { onCareersServerOrigin } from '../http';
import { notify } from '../toast/toasts';

/** Hands a file to the browser's download manager under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download manager has read the file long before; the page keeps no copy.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The file name an answer's `Content-Disposition` gives (`filename*=UTF-8''…` before `filename="…"`), without path
 * separators; null when it gives none.
 */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
  const clean = name
    ?.split('')
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  return clean ? clean : null;
}

export interface ApiDownloadOptions {
  /** The name to save under when the answer names none. */
  fallbackName: string;
  /** Show the file in a new tab instead of saving it (a PDF opened to read). */
  open?: boolean;
}

/** Fetches a file of the careers API with the candidate's session, then saves or opens it. */
export async function fetchDownload(href: string, { fallbackName, open = false }: ApiDownloadOptions): Promise<void> {
  const response = await fetch(href, { credentials: 'include' });
  if (!response.ok) throw new Error(`download answered HTTP ${response.status}`);
  const blob = await response.blob();
  if (open) {
    const url = URL.createObjectURL(blob);
    window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return;
  }
  saveBlob(blob, attachmentName(response.headers.get('content-disposition')) ?? fallbackName);
}

/**
 * The click handler of a download link to the careers API (docs/product/shell.md#downloads-on-the-employers-page).
 * On the careers server's own pages the link is followed as it is: the session cookie goes with it. On an
 * employer's page of another site the browser keeps the session in a cookie partitioned to that page, which a
 * followed link does not carry, so the file is fetched from the page (where the cookie goes) and handed to the
 * browser. A failure says so in a toast and in the console. Clicks with a modifier keep the browser's own meaning.
 */
export function apiDownloadClick(options: ApiDownloadOptions) {
  return (event: MouseEvent<HTMLAnchorElement>): void => {
    if (onCareersServerOrigin() || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    void fetchDownload(href, options).catch((error: unknown) => {
      console.error('[careers] download failed', href, error);
      notify.error(i18n.t('common:download.failed'));
    });
  };
}
