export {
  request,
  configureHttp,
  apiHref,
  onCareersServerOrigin,
  type HttpMethod,
  type HttpContext,
  type RequestOptions,
} from './http';
export { ApiError, isApiError, isAbortError, type ApiErrorKind, type ApiErrorInit } from './apiError';
export { onHttpNotice, isHttpAlert, type HttpNotice, type HttpNoticeKind, type HttpNoticeListener } from './notices';
export { getCsrfToken, setCsrfToken } from './csrf';
export { extractErrorMessage, findErrorMessage } from './errorMessage';
export { httpMessages, HTTP_MESSAGES_NAMESPACE, type HttpMessageKey } from './messages';
export { httpBaseQuery, type HttpQueryArgs, type HttpQueryError } from './baseQuery';
