/**
 * The careers API contract: one module, used by the reference server (runtime JSON Schemas for validation and
 * the OpenAPI description) and by the widgets (`import type` only, so no schema code reaches a browser bundle).
 *
 * Wire conventions
 * - Every success answer is `{ data: ... }`.
 * - Every error answer is `ApiErrorBody`: `{ statusCode, error, message, code?, field? }`. `message` is a
 *   sentence a person can read; `field` names the offending request field on 400s.
 * - GET calls take the employer domain as the `domain` query parameter; POST calls take it in the JSON body.
 */
import { Type, type Static } from '@sinclair/typebox';

export * from './common';
export * from './account';
export * from './offers';
export * from './search';
export * from './employment-types';
export * from './localized-text';
export * from './geo';
export * from './forms';
export * from './form-rules';
export * from './profile';
export * from './dashboard';
export * from './settings';
export * from './shell';
export * from './shell-parts';
export * from './slots';
import { CandidateDomain, Domain, Envelope, OkData } from './common';
import { Gates } from './dashboard';
import { OnboardingData } from './offers';
import { FileUploadConfig, ProfileAnalysisResponse, ProfileConfig } from './profile';
import { Branding } from './shell';

export { ErrorCodes, Headers } from './wire';
/** The route table and careers addresses built from it (`sitePath`), for the server's links and redirects. */
export * from './routes';

/* ------------------------------------------------------------- candidates */

export const Profile = Type.Object({
  encId: Type.String(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  fullname: Type.String(),
  hasResume: Type.Boolean(),
  location: Type.String(),
});
export type Profile = Static<typeof Profile>;

/** Answer of POST /api/pcsx/profile_bootstrap: the candidate's first-run state and updated profile. */
export const BootstrapProfileResponse = Envelope(Type.Object({ onboarding: OnboardingData, profile: Profile }));
export type BootstrapProfileResponse = Static<typeof BootstrapProfileResponse>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    domain: Domain,
    next: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/* ---------------------------------------------------------- notifications */

export const NotificationType = Type.Union([Type.Literal('read_only'), Type.Literal('action_required')]);
export type NotificationType = Static<typeof NotificationType>;

export const Notification = Type.Object({
  id: Type.Integer(),
  categoryTitle: Type.String(),
  message: Type.String(),
  /** ISO 8601 timestamp. */
  createdAt: Type.String({ format: 'date-time' }),
  isClicked: Type.Boolean(),
  isViewed: Type.Boolean(),
  redirectUrl: Type.Union([Type.String(), Type.Null()]),
  notificationType: NotificationType,
});
export type Notification = Static<typeof Notification>;

export const NotificationsQuery = Type.Object(
  {
    domain: CandidateDomain,
    type_filter: Type.Optional(Type.Literal('action_required')),
  },
  { additionalProperties: false },
);
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const NotificationsResponse = Envelope(Type.Object({ notifications: Type.Array(Notification) }));
export type NotificationsResponse = Static<typeof NotificationsResponse>;

export const NotificationBadgeResponse = Envelope(Type.Object({ count: Type.Integer({ minimum: 0 }) }));
export type NotificationBadgeResponse = Static<typeof NotificationBadgeResponse>;

export const NotificationBootData = Type.Object({
  groupId: Type.String(),
  isLoggedIn: Type.Boolean(),
  enableCandidateInappNotifications: Type.Boolean(),
  hasActionRequiredNotificationsConfigured: Type.Boolean(),
});
export type NotificationBootData = Static<typeof NotificationBootData>;

export const NotificationBootDataResponse = Envelope(NotificationBootData);
export type NotificationBootDataResponse = Static<typeof NotificationBootDataResponse>;

/** Answer of mark_all_viewed, mark_clicked and mark_all_clicked: how many rows changed. */
export const MarkResponse = Envelope(Type.Object({ updated: Type.Integer({ minimum: 0 }) }));
export type MarkResponse = Static<typeof MarkResponse>;

/* ------------------------------------------------------------------ vslog */

const VslogName = Type.String({ minLength: 1, maxLength: 100 });

/**
 * Query of POST /vslog. Page views (docs/product/shell.md#page-views) send `domain` and `pid`; timing sends `event` and
 * `namespace` here instead of in the body. Without `domain`, the session's employer.
 */
export const VslogQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    pid: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9]*$' })),
    namespace: Type.Optional(VslogName),
    event: Type.Optional(VslogName),
  },
  { additionalProperties: false },
);
export type VslogQuery = Static<typeof VslogQuery>;

/** Body of POST /vslog: `namespace` and `event` here or in the query (400 when neither, or when they differ). */
export const VslogBody = Type.Object(
  {
    namespace: Type.Optional(VslogName),
    event: Type.Optional(VslogName),
    /** JSON text: page id, position_id, utm parameters and the like. At most 8 KB. */
    data_json: Type.String({ maxLength: 8192 }),
  },
  { additionalProperties: false },
);
export type VslogBody = Static<typeof VslogBody>;

/* ------------------------------------------------------ starting page data */

/** Terms-of-service modal configuration (pcsxConfig.termsOfServiceConfig). */
export const TermsOfServiceConfig = Type.Object({
  enabled: Type.Boolean(),
  disclaimerText: Type.Optional(Type.String()),
  infoText: Type.Optional(Type.String()),
  helperText: Type.Optional(Type.String()),
  headingText: Type.Optional(Type.String()),
  submitButtonText: Type.Optional(Type.String()),
});

/** How a filter is shown (docs/product/search.md#filters): its display name, and labels for its values. */
export const SearchOptionsMapEntry = Type.Object(
  {
    displayName: Type.Optional(Type.String()),
    options: Type.Optional(
      Type.Object(
        { labelMap: Type.Optional(Type.Record(Type.String(), Type.String())) },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type SearchOptionsMapEntry = Static<typeof SearchOptionsMapEntry>;

/** The search page's configuration (pcsxConfig.searchConfig, docs/product/search.md). */
export const SearchConfig = Type.Object(
  {
    /** Filters offered as chips above the results, by name (`department`, `employment_type`, ...). */
    smartFilters: Type.Optional(Type.Array(Type.String())),
    /** Every filter offered (the filter panel), by name. Filters in neither list are dropped before a search. */
    allFilters: Type.Optional(Type.Array(Type.String())),
    /**
     * The map view. Without an `apiKey` the map toggle is not offered. `isMapOpenByDefault`: the map shows on the
     * search page's first load (until the candidate closes it).
     */
    mapConfig: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          apiKey: Type.Optional(Type.String()),
          mapId: Type.Optional(Type.String()),
          isMapOpenByDefault: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: true },
      ),
    ),
    /** The "current location" special location (the browser's geolocation) is offered. */
    currentLocation: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true })),
    /** Display names of filters and labels of their values, by filter name. */
    searchOptionsMap: Type.Optional(Type.Record(Type.String(), SearchOptionsMapEntry)),
    /** Shortest search term that asks for suggestions (default 1). */
    minSuggestionLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    /**
     * A signed-in candidate's match score (match details `score`, 0 to 100: the share of the position's skills
     * their profile has) at or above this is called a "strong match" on results and details. Unset: never.
     */
    strongMatchThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: true },
);
export type SearchConfig = Static<typeof SearchConfig>;

export const PcsxConfig = Type.Object(
  {
    searchConfig: Type.Optional(SearchConfig),
    /** The job cart (docs/product/cart-and-saved.md#job-cart). */
    jobCartConfig: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true })),
    /** What the position details show: match details and insights (both on unless false). */
    positionDetailsConfig: Type.Optional(
      Type.Object(
        { showMatchDetails: Type.Optional(Type.Boolean()), showInsights: Type.Optional(Type.Boolean()) },
        { additionalProperties: true },
      ),
    ),
    /** The company name and the page shell: navbar, footer, hero image, promo banner (see ./shell). */
    branding: Type.Optional(Branding),
    /** The employer's careers site is being set up: the implementation-phase banner shows on every page. */
    implementationPhase: Type.Optional(Type.Boolean()),
    termsOfServiceConfig: Type.Optional(TermsOfServiceConfig),
    /** The careers pages are embedded in a career hub (the offers list then hides its visible heading). */
    careerHubMode: Type.Optional(Type.Boolean()),
    /** Per-page SEO titles, by page identifier (docs/product/shell.md#page-title). */
    seo: Type.Optional(
      Type.Record(Type.String(), Type.Object({ title: Type.Optional(Type.String()) }, { additionalProperties: true })),
    ),
    /**
     * Job alerts by email for signed-out visitors (docs/product/accounts-and-mail.md#job-alerts): offered on the
     * search page when enabled, with the employer's privacy text beside the email field.
     */
    loggedOutNotificationConfig: Type.Optional(
      Type.Object(
        { enabled: Type.Boolean(), privacyText: Type.Optional(Type.String({ maxLength: 2000 })) },
        { additionalProperties: true },
      ),
    ),
    /** Apply form settings: `disableLoggedOutApply` makes /careers/apply need a signed-in candidate. */
    applyFormConfig: Type.Optional(
      Type.Object({ disableLoggedOutApply: Type.Optional(Type.Boolean()) }, { additionalProperties: true }),
    ),
    /** The reCAPTCHA frames' origin, whose window messages are let through (default https://www.google.com). */
    recaptchaConfig: Type.Optional(Type.Object({ origin: Type.String() }, { additionalProperties: true })),
    /** Which resume types the profile's upload accepts (`resume.allowedFileTypes`; see ./profile). */
    fileUploadConfig: Type.Optional(FileUploadConfig),
    /** The profile page's sections, fields and their order (`own`; see ./profile). */
    profileConfig: Type.Optional(ProfileConfig),
  },
  { additionalProperties: true },
);

/**
 * The JSON the embedding page puts in `<script type="application/json" id="careers-boot-data">`. The root
 * config reads it once at start; an employer's own server renders it the same way the reference server does.
 */
export const BootData = Type.Object({
  groupId: Type.String(),
  isLoggedIn: Type.Boolean(),
  user: Type.Union([
    Type.Object({
      id: Type.String(),
      email: Type.String(),
      /** An administrator of the employer's site: the error page also shows the error and its stack. */
      is_admin: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ]),
  profile: Type.Union([Profile, Type.Null()]),
  pcsxConfig: PcsxConfig,
  behaviourFlags: Type.Record(Type.String(), Type.Boolean()),
  notificationsConfig: Type.Object(
    {
      enabled: Type.Boolean(),
      hasActionRequiredNotificationsConfigured: Type.Boolean(),
      /** Per-kind switches; `savedSearchNotification.enabled` offers saved searches and their alerts. */
      notificationKeys: Type.Optional(
        Type.Record(Type.String(), Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true })),
      ),
    },
    { additionalProperties: true },
  ),
  /**
   * Whether candidates may sign in at all (docs/product/routes-and-access.md#who-may-sign-in); absent means they may.
   */
  loginSignupConfig: Type.Optional(
    Type.Object(
      {
        candidateLoginEnabled: Type.Boolean(),
        /** Candidates may create an account here (docs/product/accounts-and-mail.md#sign-up); absent means they may. */
        candidateSignupEnabled: Type.Optional(Type.Boolean()),
        /** The employer's consent text beside the sign-up form (plain text); absent: the product's own words. */
        consentText: Type.Optional(Type.String({ maxLength: 2000 })),
      },
      { additionalProperties: true },
    ),
  ),
  supportedLanguages: Type.Array(Type.String()),
  /**
   * Each of `supportedLanguages` named in itself ("Deutsch", "日本語"), for the language menus; the widgets do not
   * carry the list of 42 (docs/product/languages.md#choosing-the-language). Absent: no language menu.
   */
  languageNames: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 100 }))),
  language: Type.String(),
  /** Address of the widget deployment manifest. */
  manifestUrl: Type.String(),
  /** First-run state of the logged-in candidate (terms, onboarding, profile bootstrapping); null when logged out. */
  onboarding: Type.Optional(Type.Union([OnboardingData, Type.Null()])),
  /** Features the employer turned on by name (see ./dashboard `Gates`). */
  gates: Type.Optional(Gates),
  /**
   * The microsite the page belongs to (docs/product/routes-and-access.md#microsite). Absent: the
   * page address's `microsite`, if any (read with the boot data).
   */
  microsite: Type.Optional(Type.String({ maxLength: 100 })),
  /**
   * How complete the candidate's profile is (`profileCompletionData`, docs/product/profile-and-resume.md#completion):
   * what `profile_analysis` answers. Optional at start; the dashboard widget keeps it current in the store.
   */
  profileCompletionData: Type.Optional(Type.Union([ProfileAnalysisResponse.properties.data, Type.Null()])),
});
export type BootData = Static<typeof BootData>;

/**
 * Answer of GET /api/pcsx/boot_data, for a page the careers server does not render
 * (docs/product/shell.md#starting-data-from-the-api): the starting data, with an absolute `manifestUrl`, and the
 * session's CSRF token (also in the `x-csrf-token` header) for a client that cannot read response headers.
 */
export const BootDataResponse = Envelope(Type.Object({ ...BootData.properties, csrfToken: Type.String() }));
export type BootDataResponse = Static<typeof BootDataResponse>;

/* ---------------------------------------------------- deployment manifest */

export const ManifestWidget = Type.Object({
  /** single-spa application name, also the widget's folder under /widgets. */
  name: Type.String(),
  /** Address of the widget's remoteEntry.js (served uncached). */
  remoteEntry: Type.String(),
  /** Module Federation container name (the global the remote entry defines). */
  scope: Type.String(),
  /** Exposed module that returns the single-spa lifecycles. */
  module: Type.String(),
  /** Id of the page element the widget mounts into. */
  slot: Type.String(),
  /**
   * When the widget is active: `"routes"` for a page widget (active on the pages the route table gives it, one
   * page widget per slot), or path prefixes for a widget that stays on every page under them ("/" means every page).
   */
  activeWhen: Type.Union([Type.Literal('routes'), Type.Array(Type.String())]),
  /**
   * Every module the widget's container exposes (`module` among them), for other widgets to load by widget name
   * (`loadRemoteModule` of `@careers/shared`). A manifest without it exposes `module` only.
   */
  exposes: Type.Optional(Type.Array(Type.String())),
});
export type ManifestWidget = Static<typeof ManifestWidget>;

export const Manifest = Type.Object({ widgets: Type.Array(ManifestWidget) });
export type Manifest = Static<typeof Manifest>;

/* ------------------------------------------- notifications: extra request shapes */

/** Query of GET /api/pcsx/notifications_boot_data: the domain is optional (session domain, then the default). */
export const NotificationsBootDataQuery = Type.Object(
  { domain: Type.Optional(Domain) },
  { additionalProperties: false },
);
export type NotificationsBootDataQuery = Static<typeof NotificationsBootDataQuery>;

/** Path parameters of POST /api/pcsx/notifications/{id}/mark_clicked (ids are 32-bit on every database). */
export const NotificationIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type NotificationIdParams = Static<typeof NotificationIdParams>;

export const VslogResponse = Envelope(OkData);
export type VslogResponse = Static<typeof VslogResponse>;

/* ----------------------------------------------- sign-in, sign-out and pages */

/** `hl` query parameter: a language tag; unsupported tags fall back to English. */
export const LanguageTag = Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9_-]+$' });

/** Where to go after sign-in or sign-out. Only a same-site path is followed; anything else means /careers. */
export const RedirectPath = Type.String({ maxLength: 2000 });

/** Query of GET /careers/login (page parameters the product passes along are allowed and ignored). */
export const LoginPageQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    next: Type.Optional(RedirectPath),
    /** Comma-joined position ids. */
    pid: Type.Optional(Type.String({ maxLength: 1000, pattern: '^([0-9]+(,[0-9]+)*)?$' })),
    microsite: Type.Optional(Type.String({ maxLength: 100 })),
    hl: Type.Optional(LanguageTag),
  },
  { additionalProperties: true },
);
export type LoginPageQuery = Static<typeof LoginPageQuery>;

/** Form-encoded body of POST /api/auth/login as the server-rendered login page sends it. */
export const LoginFormBody = Type.Object(
  {
    ...LoginBody.properties,
    /** CSRF token of the session (forms cannot send headers). */
    _csrf: Type.String({ maxLength: 200 }),
    hl: Type.Optional(LanguageTag),
  },
  { additionalProperties: false },
);
export type LoginFormBody = Static<typeof LoginFormBody>;

export const AuthRedirectData = Type.Object({ ok: Type.Literal(true), next: Type.String() });

export const LoginResponse = Envelope(AuthRedirectData);
export type LoginResponse = Static<typeof LoginResponse>;

/** Query of GET /logout and GET /api/auth/logout. */
export const LogoutQuery = Type.Object(
  { domain: Type.Optional(Domain), next: Type.Optional(RedirectPath), hl: Type.Optional(LanguageTag) },
  { additionalProperties: true },
);
export type LogoutQuery = Static<typeof LogoutQuery>;

/** JSON body of POST /api/auth/logout. */
export const LogoutBody = Type.Object({ next: Type.Optional(RedirectPath) }, { additionalProperties: false });
export type LogoutBody = Static<typeof LogoutBody>;

/** Form-encoded body of POST /api/auth/logout as the sign-out page sends it. */
export const LogoutFormBody = Type.Object(
  { _csrf: Type.String({ maxLength: 200 }), next: Type.Optional(RedirectPath) },
  { additionalProperties: false },
);
export type LogoutFormBody = Static<typeof LogoutFormBody>;

export const LogoutResponse = Envelope(AuthRedirectData);
export type LogoutResponse = Static<typeof LogoutResponse>;

/** Query of the host page (GET /careers and below); search and tracking parameters pass through. */
export const HostPageQuery = Type.Object(
  { domain: Type.Optional(Domain), hl: Type.Optional(LanguageTag) },
  { additionalProperties: true },
);
export type HostPageQuery = Static<typeof HostPageQuery>;

/** Query of GET /api/pcsx/boot_data: the employer (left out: the session's, else the default) and `hl`. */
export const BootDataQuery = Type.Object(
  { domain: Type.Optional(Domain), hl: Type.Optional(LanguageTag) },
  { additionalProperties: false },
);
export type BootDataQuery = Static<typeof BootDataQuery>;
