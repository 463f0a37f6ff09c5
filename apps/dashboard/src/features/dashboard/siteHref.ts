import { useLocation } from '@careers/shared';

/** Query parameters a link to another careers page keeps: the employer and the chosen language. */
const KEPT_PARAMS = ['domain', 'hl'] as const;

/**
 * A function that gives the address of another careers page (`/careers/...`) with this page's `domain` and `hl`,
 * so the link stays on the employer and in the language.
 */
export function useSiteHref(): (path: string) => string {
  const { searchParams } = useLocation();
  return (path) => {
    const params = new URLSearchParams();
    for (const name of KEPT_PARAMS) {
      const value = searchParams.get(name);
      if (value) params.set(name, value);
    }
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}
