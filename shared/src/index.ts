/**
 * @careers/shared — the one library every careers widget uses. At run time it is a Module Federation singleton:
 * every widget on the page gets this same module instance, hence one store, one API cache, one i18n instance.
 */
export * from './utils';
export * from './http';
export { api } from './api/api';
export {
  notificationsBootDataCall,
  notificationBadgeCall,
  termsOfServiceCall,
  offersListCall,
  offerCall,
  profileDetailsCall,
  profileAnalysisCall,
  positionDetailsCall,
  positionOverridesCall,
  positionInsightsCall,
  matchDetailsCall,
  searchAddressOptions,
  type ApiCall,
} from './contract/first-screen';
export {
  readSearchAddress,
  searchAddressQuery,
  searchCall,
  specialLocation,
  locationName,
  allowedFilters,
  joinFilterValues,
  EMPTY_SEARCH,
  SEARCH_CALL_PATH,
  type SearchAddress,
  type SearchAddressOptions,
} from './contract/search-url';
export {
  SEARCH_PAGE_SIZE,
  SEARCH_MAX_START,
  SpecialLocations,
  LOCATION_COORDINATES_SEPARATOR,
  type SpecialLocation,
} from './contract/search-constants';
export { parseLocationText, formatLocationText } from './contract/search-grammar';
export { employmentTypeKey, EMPLOYMENT_TYPE_KEYS, type EmploymentTypeKey } from './contract/employment-types';
export { haversineKm, isPoint, type LatLng } from './contract/geometry';
export { CROSS_WIDGET_TAGS, type CrossWidgetTag } from './api/tags';
export {
  savedPositionsApi,
  useSavedPositionsQuery,
  useSavePositionMutation,
  useUnsavePositionMutation,
  type PositionUserActions,
  type SavePositionArgs,
} from './api/savedPositions';
export { offersListApi, useGetOffersQuery, OFFERS_CACHE_SECONDS } from './api/offers';
export {
  allowedResumeTypes,
  shownProfileSections,
  isProfileFieldShown,
  PROFILE_CONFIG_SECTIONS,
  PROFILE_OPTIONAL_FIELDS,
  RESUME_FILE_TYPES,
  type ResumeFileType,
  type ProfileConfigSection,
  type ProfileFieldSection,
} from './contract/profile-rules';
export {
  useCartEnabled,
  useJobCart,
  useCartActions,
  cartApplyHref,
  type JobCart,
  type CartOperation,
} from './api/jobCart';
export {
  shellParts,
  shellAttribute,
  isShellAddress,
  pageMetadataFor,
  HEAD_SCRIPTS_ELEMENT_ID,
  SHELL_SLOTS,
  SHELL_WIDGET,
  type ShellParts,
  type ShellFooter,
} from './contract/shell-parts';
export { EMBED_SLOTS } from './contract/slots';
export {
  store,
  rootReducer,
  createCareersStore,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type LazyLoadedSlices,
  type RootState,
  type AppDispatch,
  type CareersStore,
} from './store/store';
export {
  sessionSlice,
  booted,
  profileSaved,
  selectBoot,
  selectGroupId,
  selectIsLoggedIn,
  type SessionState,
  type ProfileSaved,
} from './store/sessionSlice';
export { useEmployerDomain } from './boot/useEmployerDomain';
export { fetchLocale } from './i18n/localeFiles';
export { i18n, initI18n, commonText, registerNamespace, SOURCE_LANGUAGE, directionOf } from './i18n/i18n';
export { notify, ensureToastHost, TOAST_DEFAULT_MS, TOAST_HELPER_MS } from './toast/toasts';
export {
  apiDownloadClick,
  attachmentName,
  fetchDownload,
  saveBlob,
  type ApiDownloadOptions,
} from './download/download';
export {
  defineWidget,
  type Widget,
  type WidgetDefinition,
  type WidgetCustomProps,
  type WidgetLocales,
} from './widget/defineWidget';
export { watchSlot, SLOT_POLL_ATTEMPTS, SLOT_POLL_INTERVAL_MS, type SlotWatcher } from './widget/slotWatcher';
export { createShadowHost, adoptStyles, hasAdoptedStyles, type ShadowHost } from './widget/shadowHost';
export { SlotPortal, type SlotPortalProps } from './widget/SlotPortal';
export { ShadowRootContext, useShadowRoot } from './widget/shadowRootContext';
export { viewChunk } from './widget/viewChunk';
export {
  setRemoteModuleLoader,
  loadRemoteModule,
  RemoteModuleError,
  FORM_RENDERER_REMOTE,
  type RemoteModuleLoader,
} from './remote/remoteModules';
export {
  useRemoteModule,
  RemoteModule,
  RemoteModuleFailed,
  type RemoteModuleState,
  type RemoteModuleProps,
} from './remote/RemoteModule';
export { RemoteFormRenderer, type RemoteFormRendererProps } from './remote/RemoteFormRenderer';
export { readBootData, completeBootData, pageHasBootData, BootDataError, BOOT_DATA_ELEMENT_ID } from './boot/bootData';
export { startShared } from './boot/startShared';
export {
  installWindowMessageGuard,
  onTrustedMessage,
  DEFAULT_RECAPTCHA_ORIGIN,
  type WindowMessageGuardOptions,
  type TrustedMessageSource,
  type TrustedMessageHandler,
} from './messages/windowMessages';
export * from './ui';
export { upload, type UploadOptions, type UploadProgress } from './http/upload';
export * from './navigation';
export * from './auth';
export {
  SESSION_EVENT,
  SIGN_IN_EVENT,
  SIGN_OUT_EVENT,
  announceSession,
  followPageRequests,
  type SessionEventDetail,
} from './embed/pageEvents';
export * from './routes';

/*
 * The state and i18n libraries live inside this module, not beside it: widgets import what they use from here
 * (types may still come from the packages), so the page carries one copy of each, cut down to what the widgets
 * use, instead of every export of every package (a shared module cannot be tree-shaken). The lint rule
 * in eslint.config.mjs keeps widgets from importing the packages themselves. See docs/decisions/006.
 */
export { I18nextProvider } from 'react-i18next';
export { useTranslation, type Translation, type TranslationOptions } from './i18n/useTranslation';
export { createSlice } from '@reduxjs/toolkit';
export { skipToken } from '@reduxjs/toolkit/query';
