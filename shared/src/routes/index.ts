/** The route table and page helpers every widget and the root config share. */
export {
  ROUTES,
  matchRoute,
  createRouteMatcher,
  leadingInteger,
  positionIdOf,
  requiresLogin,
  heldForLogin,
  isWidgetActive,
  sitePath,
  siteQuery,
  type SitePattern,
  type PlainSitePattern,
  type SitePathParams,
  type SitePathArgs,
  type SiteQuery,
  type Visitor,
  type PageId,
  type RouteAccess,
  type RouteEntry,
  type RouteMatch,
} from '../contract/routes';
export { pageTitle, setPageTitle, seoTitleFor, type PageTitleParts } from './pageTitle';
export { useRoute } from './useRoute';
