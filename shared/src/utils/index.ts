export { buildApiUrl, appendQueryString, type QueryParams, type QueryValue } from '../contract/address';
export {
  toCamelCaseKeys,
  toSnakeCaseKeys,
  camelCaseKey,
  snakeCaseKey,
  type CamelCase,
  type SnakeCase,
  type CamelCaseKeys,
  type SnakeCaseKeys,
} from './caseKeys';
export { toEpochSeconds } from './toEpochSeconds';
export { isTemplateVariable } from './isTemplateVariable';
export { cachedFetch, CachedFetchError, CACHED_AT_HEADER, type CachedFetchOptions } from './cachedFetch';
export { memoize, type MemoizeOptions, type Memoized } from './memoize';
export { isEmail, EMAIL_MAX_LENGTH, type EmailStrictness } from '../contract/form-rules/email';
