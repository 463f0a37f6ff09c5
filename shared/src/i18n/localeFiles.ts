import type { ResourceKey } from 'i18next';

/**
 * One catalogue's texts in one language, fetched from the files webpack writes beside each bundle
 * (`locales/<version>/<catalogue>/<tag>.json`, scripts/lib/locale-assets.ts). The caller builds the address, since
 * only code compiled into a bundle knows that bundle's place and version:
 * `typeof __CAREERS_LOCALES__ === 'string' ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/<catalogue>/${lng}.json`,
 * __webpack_public_path__)) : import(…)`. webpack then drops the import() (no chunk per language in the bundle's
 * runtime, which every page loads first), and Jest, where the constant is not defined, imports the file.
 */
export async function fetchLocale(url: URL): Promise<ResourceKey> {
  // The texts are public: no cookie goes with them, whichever page embeds the widget.
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}.`);
  return (await response.json()) as ResourceKey;
}
