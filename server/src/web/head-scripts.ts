import { randomBytes } from 'node:crypto';
import { HEAD_SCRIPTS_ELEMENT_ID, type HeadScripts } from '../contract';
import { escapeHtml, serializeJsonForScript } from './html';

/**
 * The employer's head scripts (docs/product/shell.md#head-scripts, `pcsxConfig.headScripts`, checked when read: see
 * employers/pcsx-config.ts) in the careers host page, and what the page's CSP must allow for them (decision 024).
 * Each `<script>` carries the response's nonce, which its CSP names: nothing else inline runs, and the nonce is new
 * on every response, so a script tag that some page content managed to slip in has none. Only the employer's
 * configuration is written: nothing of the request or the candidate is.
 */

/** A fresh nonce for one response: 128 random bits, base64 (CSP's nonce-source syntax). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Whether a head script is for a page (its identifier; null for an address that is none of the careers pages). */
const isFor = (script: HeadScripts[number], page: string | null) =>
  script.pages === undefined || (page !== null && script.pages.includes(page));

/**
 * The head scripts of a page load: `now`, the page's own, written as scripts; `later`, those of other pages only,
 * which the root config adds when the candidate reaches one of their pages in the browser (the widgets change
 * pages without a page load).
 */
export function headScriptsFor(
  scripts: HeadScripts | undefined,
  page: string | null,
): { now: HeadScripts; later: HeadScripts } {
  const all = scripts ?? [];
  return { now: all.filter((script) => isFor(script, page)), later: all.filter((script) => !isFor(script, page)) };
}

/**
 * The `<script>` elements of the page's own scripts, in the configured order, then the data block of the others
 * (JSON, escaped so that no value can end the element) with the same nonce, for the root config to give them.
 */
export function renderHeadScripts({ now, later }: { now: HeadScripts; later: HeadScripts }, nonce: string): string[] {
  const nonceAttribute = ` nonce="${escapeHtml(nonce)}"`;
  const scripts = now.map((script) => {
    if (script.src !== undefined) {
      const attributes = [
        `src="${escapeHtml(script.src)}"`,
        ...(script.async ? ['async'] : []),
        ...(script.defer ? ['defer'] : []),
        // A hash is checked against the bytes of a cross-origin script only when it is fetched with CORS.
        ...(script.integrity ? [`integrity="${escapeHtml(script.integrity)}"`, 'crossorigin="anonymous"'] : []),
      ];
      return `<script ${attributes.join(' ')}${nonceAttribute} data-careers-head-script></script>`;
    }
    // Script text has no escaping: the code was refused at reading if it held `</script` or `<!--`.
    return `<script${nonceAttribute} data-careers-head-script>${script.code ?? ''}</script>`;
  });
  const pending = later.length
    ? [
        `<script type="application/json" id="${HEAD_SCRIPTS_ELEMENT_ID}"${nonceAttribute}>` +
          `${serializeJsonForScript(later)}</script>`,
      ]
    : [];
  return [...scripts, ...pending];
}

/**
 * What the page's CSP adds for the employer's scripts (all of them: any may run during this page load): the nonce
 * (script-src) and the https origins the scripts come from or name in `origins` (script-src, connect-src, img-src:
 * a tag manager's libraries, its beacons and pixels).
 */
export function headScriptSources(scripts: HeadScripts): string[] {
  const origins = new Set<string>();
  for (const script of scripts) {
    if (script.src !== undefined) origins.add(new URL(script.src).origin);
    for (const origin of script.origins ?? []) origins.add(new URL(origin).origin);
  }
  return [...origins].sort();
}
