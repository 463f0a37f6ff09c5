import { useMemo } from 'react';
import { useLocation } from '../navigation/useLocation';
import { matchRoute, type RouteMatch } from '../contract/routes';

/** The route-table match of the current page address (re-renders on every navigation), or null. */
export function useRoute(): RouteMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
}
