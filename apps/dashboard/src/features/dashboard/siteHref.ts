import { selectBoot, useAppSelector, useLocation } from '@careers/shared';

/** Query parameters a link to another careers page keeps: the employer and the chosen language. */
const KEPT_PARAMS = ['domain', 'hl'] as const;

/**
 * A function that gives the address of another careers page (`/careers/...`) with this page's `domain` and `hl`,
 * and the store's `microsite` (spec 000 §3), so the link stays on the employer, its microsite and the language.
 */
export function useSiteHref(): (path: string) => string {
  const { searchParams } = useLocation();
  const microsite = useAppSelector((state) => selectBoot(state)?.microsite);
  return (path) => {
    const params = new URLSearchParams();
    for (const name of KEPT_PARAMS) {
      const value = searchParams.get(name);
      if (value) params.set(name, value);
    }
    if (microsite) params.set('microsite', microsite);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}
