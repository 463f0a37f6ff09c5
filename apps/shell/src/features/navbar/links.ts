/** Query parameters a navbar link keeps from the current address: the employer and the chosen language. */
const KEPT_PARAMS = ['domain', 'hl'] as const;

/** `path` with the current address's `domain` and `hl` (so a link stays on the employer and in the language). */
export function shellHref(path: string, current: URLSearchParams, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The address of the same page in another language (`hl`), keeping every other parameter. */
export function withLanguage(pathname: string, search: URLSearchParams, language: string): string {
  const params = new URLSearchParams(search);
  params.set('hl', language);
  return `${pathname}?${params.toString()}`;
}
