import { selectBoot, sitePath, useAppSelector, useLocation, type PlainSitePattern } from '@careers/shared';

/** Query parameters a link to another careers page keeps: the employer and the chosen language. */
const KEPT_PARAMS = ['domain', 'hl'] as const;

/**
 * A function that gives the address of another careers page (a route-table pattern) with this page's `domain` and
 * `hl`, and the store's `microsite` (docs/product/routes-and-access.md#microsite), so the link stays on the employer, its microsite and the language.
 */
export function useSiteHref(): (pattern: PlainSitePattern) => string {
  const { searchParams } = useLocation();
  const microsite = useAppSelector((state) => selectBoot(state)?.microsite);
  return (pattern) => {
    const kept = Object.fromEntries(KEPT_PARAMS.map((name) => [name, searchParams.get(name)]));
    return sitePath(pattern, {}, { ...kept, microsite });
  };
}
