/** Client-side navigation between careers pages without reloading the page (single-spa aware). */
export { navigate, isPlainLeftClick, type NavigateOptions } from './navigate';
export { useLocation, type PageLocation } from './useLocation';
export { Link, type LinkProps } from './Link';
export { readQueryParam, setQueryParam, useQueryParam, type QueryParamMode } from './queryParam';
