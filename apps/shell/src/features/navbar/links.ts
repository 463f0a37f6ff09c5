import { sitePath, type PlainSitePattern, type SiteQuery } from '@careers/shared';

/** Query parameters a navbar link keeps from the current address: the employer and the chosen language. */
const KEPT_PARAMS = ['domain', 'hl'] as const;

/** A page's address with the current address's `domain` and `hl` (so a link stays on the employer and in the language). */
export function shellHref(pattern: PlainSitePattern, current: URLSearchParams, extra: SiteQuery = {}): string {
  const kept = Object.fromEntries(KEPT_PARAMS.map((name) => [name, current.get(name)]));
  return sitePath(pattern, {}, { ...kept, ...extra });
}

/** The address of the same page in another language (`hl`), keeping every other parameter. */
export function withLanguage(pathname: string, search: URLSearchParams, language: string): string {
  const params = new URLSearchParams(search);
  params.set('hl', language);
  return `${pathname}?${params.toString()}`;
}
