import { BootDataError, completeBootData, pageHasBootData, readBootData, setCsrfToken } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import type { EmbedScript } from './embedScript';

/** The one call that gives a page without starting data what `#careers-boot-data` holds (docs/product/shell.md#starting-data-from-the-api). */
export const BOOT_DATA_PATH = '/api/pcsx/boot_data';

/** A start that cannot go on, with what the employer's developer should check (printed in the console). */
export class StartError extends Error {
  override name = 'StartError';
}

/** The command that allows a page's origin, for the console messages. */
const allowCommand = (domain: string) => `npm run employer -- origins add ${window.location.origin} --domain ${domain}`;

/**
 * The page's starting data: the page's own `#careers-boot-data` when it has one (a page the careers server
 * rendered: no request), else the API's answer for the script tag's `data-domain`, with the session's CSRF token.
 * The widgets then load from where the root config came from, whatever the answer's `manifestUrl` says.
 */
export async function loadStartingData(embed: EmbedScript): Promise<BootData> {
  if (pageHasBootData()) return readBootData();
  const { domain } = embed;
  if (!domain) {
    throw new BootDataError(
      'The page has no starting data: add data-domain="<your employer domain>" to the root config\'s script tag ' +
        '(or a <script type="application/json" id="careers-boot-data"> element).',
    );
  }
  const url = new URL(BOOT_DATA_PATH, embed.serverOrigin);
  url.searchParams.set('domain', domain);
  // The address's `hl` (a language the candidate chose: the navbar's switcher writes it) wins over the tag's.
  const language = new URLSearchParams(window.location.search).get('hl')?.trim() || embed.language;
  if (language) url.searchParams.set('hl', language);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new StartError(
      `The careers server did not answer ${url.href}. Either it is down, or it does not allow this page's origin ` +
        `(${window.location.origin}): allow it on the careers server with: ${allowCommand(domain)}`,
      { cause: error },
    );
  }
  if (response.status === 404) {
    throw new StartError(`The careers server at ${embed.serverOrigin} has no employer "${domain}": check data-domain.`);
  }
  if (!response.ok) throw new StartError(`${url.href} answered ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new StartError(`${url.href} did not answer JSON.`, { cause: error });
  }
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const { csrfToken, ...boot } =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown> & { csrfToken?: unknown }) : {};
  const token = response.headers.get('x-csrf-token') ?? (typeof csrfToken === 'string' ? csrfToken : null);
  if (token) setCsrfToken(token);
  return { ...completeBootData(boot, url.pathname), manifestUrl: embed.manifestUrl };
}
