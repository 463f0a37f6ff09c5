/**
 * The GET calls a page's first screen makes, written once for the widget that makes them and for the page server
 * that answers them in the page (`<script id="careers-page-data">`, read by shared/src/http/pageData.ts): both
 * build the address with `buildApiUrl`, so the answer in the page is always the one the widget asks for.
 *
 * A widget's endpoint uses the call (`query: ({ domain }) => offersListCall(domain)`); the page server plans the
 * calls of the route's page (`PAGE_FIRST_CALLS`, by page identifier) and of the widgets that start on every page
 * (`WIDGET_START_CALLS`, by registry name), for a signed-in candidate.
 */
import { buildApiUrl } from './address';
import type { BootData } from './index';
import { leadingInteger, type PageId } from './routes';
import { readSearchAddress, searchCall, type SearchAddressOptions } from './search-url';

/** A GET call: path and query parameters, as RTK Query's `FetchArgs` and the HTTP layer take them. */
export interface ApiCall {
  url: string;
  /** A list repeats its parameter once per value (`filter_department=A&filter_department=B`). */
  params: Record<string, string | string[]>;
}

/** The address of a call, exactly as the HTTP layer requests it. */
export const apiAddress = (call: ApiCall): string => buildApiUrl(call.url, call.params);

/** The offer ids the API accepts in a path (encrypted ids, docs/product/offers-and-signing.md). */
const OFFER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const notificationsBootDataCall = (): ApiCall => ({ url: '/api/pcsx/notifications_boot_data', params: {} });
export const notificationBadgeCall = (domain: string): ApiCall => ({
  url: '/api/pcsx/notification_badge',
  params: { domain },
});
export const termsOfServiceCall = (domain: string): ApiCall => ({
  url: '/api/pcsx/terms_of_service',
  params: { domain },
});
export const offersListCall = (domain: string): ApiCall => ({ url: '/api/offer/offers', params: { domain } });
export const offerCall = (encId: string, domain: string): ApiCall => ({
  url: `/api/offer/${encodeURIComponent(encId)}`,
  params: { domain },
});

/**
 * The profile page's calls (docs/product/profile-and-resume.md#calls): the candidate's profile, and how complete it is
 * in the page's language.
 */
export const profileDetailsCall = (domain: string): ApiCall => ({
  url: '/api/pcsx/profile_details',
  params: { domain },
});
export const profileAnalysisCall = (domain: string, hl: string): ApiCall => ({
  url: '/api/pcsx/profile_analysis',
  params: { domain, hl },
});

/** A position's id, as the route gives it (text) or the widget holds it (a number): the same `position_id`. */
type PositionId = string | number;

/**
 * The position calls (docs/product/positions-and-map.md#position-details), for the page server and the search widget
 * alike: `position_id`, `domain`, then `hl` (and the details' `queried_location`) when given. One builder per call, so
 * the address the page server answers in the page is the one the widget asks for (a parameter in another order would
 * miss the answer).
 */
const positionCall =
  (url: string) =>
  (positionId: PositionId, domain: string, hl?: string): ApiCall => ({
    url,
    params:
      hl === undefined ? { position_id: String(positionId), domain } : { position_id: String(positionId), domain, hl },
  });
/** The position's details; `queriedLocation` is the search's location, for the distance to it. */
export const positionDetailsCall = (
  positionId: PositionId,
  domain: string,
  hl?: string,
  queriedLocation?: string,
): ApiCall => {
  const call = positionCall('/api/pcsx/position_details')(positionId, domain, hl);
  return queriedLocation === undefined
    ? call
    : { ...call, params: { ...call.params, queried_location: queriedLocation } };
};
/** The position's configuration overrides (not by language). */
export const positionOverridesCall = (positionId: PositionId, domain: string): ApiCall =>
  positionCall('/api/pcsx/overrides')(positionId, domain);
export const positionInsightsCall = positionCall('/api/pcsx/position_insights');
export const matchDetailsCall = positionCall('/api/pcsx/match_details');

/** What a page's first calls may depend on besides the route's parameters. */
export interface FirstCallContext {
  domain: string;
  pathname: string;
  /** The address's query (`?query=...`), as `location.search`. */
  search: string;
  boot: BootData;
}

/**
 * How the search page reads and writes its address, from the page's starting data: the page server's first search
 * and the search widget's (apps/search address.ts `addressOptions`) read the address the same way.
 */
export function searchAddressOptions(boot: BootData | null | undefined): SearchAddressOptions {
  return {
    searchConfig: boot?.pcsxConfig.searchConfig,
    commaInFilterValues: boot?.behaviourFlags.enableCommaInFilterValues === true,
  };
}

/** The search page's first call: the search its address holds, as the search widget makes it. */
function firstSearch({ pathname, search, boot, domain }: FirstCallContext): ApiCall[] {
  const options = searchAddressOptions(boot);
  return [searchCall(readSearchAddress(pathname, search, options, { boot: true }), domain, options)];
}

/**
 * A position page's first calls: the details, the position's configuration overrides, and the insights and (signed
 * in) match details unless the employer hides them, in the page's language, as the search widget asks for them.
 */
function firstPositionCalls(params: Record<string, string>, { search, boot, domain }: FirstCallContext) {
  // As the widget reads it (positionIdOf, then a number): `pid` in the query, else in the path.
  const raw = leadingInteger(new URLSearchParams(search).get('pid')) ?? leadingInteger(params.pid);
  const number = Number(raw ?? NaN);
  if (!Number.isSafeInteger(number) || number < 1) return [];
  const id = String(number);
  const config = boot.pcsxConfig.positionDetailsConfig;
  const hl = boot.language;
  return [
    positionDetailsCall(id, domain, hl),
    positionOverridesCall(id, domain),
    ...(config?.showInsights !== false ? [positionInsightsCall(id, domain, hl)] : []),
    ...(boot.isLoggedIn && config?.showMatchDetails !== false ? [matchDetailsCall(id, domain, hl)] : []),
  ];
}

/** The first calls of a page widget's page, from the route's parameters (only well-formed ids are planned). */
export const PAGE_FIRST_CALLS: Partial<
  Record<PageId, (params: Record<string, string>, context: FirstCallContext) => ApiCall[]>
> = {
  offers: (_params, { domain }) => [offersListCall(domain)],
  offer: ({ id }, { domain }) => (id && OFFER_ID.test(id) ? [offerCall(id, domain)] : []),
  offerLetter: ({ id }, { domain }) => (id && OFFER_ID.test(id) ? [offerCall(id, domain)] : []),
  jobs: (_params, context) => firstSearch(context),
  singlePosition: firstPositionCalls,
  profile: (_params, { domain, boot }) => [profileDetailsCall(domain), profileAnalysisCall(domain, boot.language)],
};

/** Pages whose first calls are public: planned for signed-out visitors too. */
export const PUBLIC_FIRST_CALL_PAGES: ReadonlySet<PageId> = new Set<PageId>(['jobs', 'singlePosition']);

/** The calls a widget that starts on every page makes at once, given the page's starting data. */
export const WIDGET_START_CALLS: Record<string, (boot: BootData) => ApiCall[]> = {
  notifications: (boot) =>
    boot.notificationsConfig.enabled ? [notificationsBootDataCall(), notificationBadgeCall(boot.groupId)] : [],
  onboarding: (boot) => (boot.pcsxConfig.termsOfServiceConfig?.enabled ? [termsOfServiceCall(boot.groupId)] : []),
};
