import { HEAD_SCRIPTS_ELEMENT_ID, matchRoute } from '@careers/shared';

/** One of the employer's head scripts of other pages, as the page server wrote them (checked when it read them). */
interface PendingScript {
  src?: string;
  code?: string;
  async?: boolean;
  defer?: boolean;
  integrity?: string;
  pages: string[];
}

/** What the data block holds, kept only when it has the shape the page server writes. */
function readPending(element: Element): PendingScript[] {
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (script): script is PendingScript =>
      typeof script === 'object' &&
      script !== null &&
      Array.isArray((script as PendingScript).pages) &&
      // An https source or inline code, as the page server checked them; nothing else is ever given a nonce.
      (typeof (script as PendingScript).code === 'string' ||
        (typeof (script as PendingScript).src === 'string' && (script as PendingScript).src!.startsWith('https://'))),
  );
}

/**
 * The employer's head scripts of the pages reached in the browser (docs/product/shell.md#head-scripts, decision 024).
 * The page server runs the first page's own and writes the others into a JSON block with the response's CSP nonce; the
 * widgets then change pages without a page load, so when one of their pages is reached, each is added to `<head>` with
 * that nonce (the page's CSP allows a script carrying it, and no other inline script), once per page load, as a page
 * load would have run it once. The nonce is read from the element's `nonce` property: browsers hide the attribute.
 */
export function followHeadScripts(doc: Document = document): () => void {
  const element = doc.getElementById(HEAD_SCRIPTS_ELEMENT_ID);
  const nonce = (element as HTMLElement | null)?.nonce || element?.getAttribute('nonce') || '';
  if (!element || !nonce) return () => undefined;
  const pending = readPending(element);
  const win = doc.defaultView ?? window;

  const onRoute = () => {
    const page = matchRoute(win.location.pathname)?.route.page;
    if (!page) return;
    for (let i = 0; i < pending.length; i += 1) {
      const script = pending[i]!;
      if (!script.pages.includes(page)) continue;
      pending.splice(i, 1);
      i -= 1;
      const tag = doc.createElement('script');
      tag.nonce = nonce;
      tag.setAttribute('nonce', nonce);
      tag.dataset.careersHeadScript = '';
      if (script.src !== undefined) {
        tag.src = script.src;
        // A script added by script runs as soon as it arrives unless told otherwise: `async: false` keeps the order
        // of several, as `defer` (without effect here) asked for.
        tag.async = script.async === true || script.defer !== true;
        if (script.integrity) {
          tag.setAttribute('integrity', script.integrity);
          tag.setAttribute('crossorigin', 'anonymous');
        }
      } else {
        tag.textContent = script.code ?? '';
      }
      doc.head.appendChild(tag);
    }
  };
  win.addEventListener('single-spa:routing-event', onRoute);
  return () => win.removeEventListener('single-spa:routing-event', onRoute);
}
