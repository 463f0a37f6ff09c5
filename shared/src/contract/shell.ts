/**
 * The page shell's configuration (docs/product/shell.md): the navbar, the
 * footer, the hero image, the promo banner, the implementation-phase banner and the error page's contact link.
 * It sits in `pcsxConfig.branding` (and `pcsxConfig.implementationPhase`), stored per employer in
 * `employers.pcsx_config_json` and checked against these schemas when read.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * Page identifiers (`dashboard`, `profile`, `jobs`, …: docs/product/routes-and-access.md#page-identifiers) a part of
 * the shell shows on. Absent: every careers page.
 */
export const ShellPages = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 40 });
export type ShellPages = Static<typeof ShellPages>;

/**
 * Whether the employer's own (custom) navbar is used instead of the careers navbar widget: `showInLoggedinView`
 * for a signed-in candidate, `enable` otherwise (docs/product/shell.md#navbar). When it is, the navbar widget draws
 * nothing.
 */
export const CustomNavbarConfig = Type.Object(
  { enable: Type.Boolean(), showInLoggedinView: Type.Boolean() },
  { additionalProperties: true },
);
export type CustomNavbarConfig = Static<typeof CustomNavbarConfig>;

/** The promo banner ("custom banner per page"): sanitised HTML, `alertType` alert or info. */
export const PromoBannerConfig = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    alertType: Type.Union([Type.Literal('alert'), Type.Literal('info')]),
    /** The banner's text: HTML, sanitised before it is shown (links, emphasis). */
    html: Type.String({ minLength: 1, maxLength: 4000 }),
    pages: Type.Optional(ShellPages),
  },
  { additionalProperties: true },
);
export type PromoBannerConfig = Static<typeof PromoBannerConfig>;

/** The hero image above the page's content. */
export const HeroImageConfig = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    /** An https address, or a path on the careers site. */
    imageUrl: Type.String({ minLength: 1, maxLength: 2000 }),
    /** The image's text alternative; absent or empty: the image is decorative. */
    altText: Type.Optional(Type.String({ maxLength: 300 })),
    pages: Type.Optional(ShellPages),
  },
  { additionalProperties: true },
);
export type HeroImageConfig = Static<typeof HeroImageConfig>;

export const CustomPageSections = Type.Object(
  {
    /** The footer: HTML, sanitised before it is shown. Absent: the "Powered by" footer (unless hidden). */
    footer: Type.Optional(Type.String({ maxLength: 20000 })),
    customPcsBanner: Type.Optional(PromoBannerConfig),
  },
  { additionalProperties: true },
);
export type CustomPageSections = Static<typeof CustomPageSections>;

export const Branding = Type.Object(
  {
    companyName: Type.String(),
    customNavbarConfig: Type.Optional(CustomNavbarConfig),
    customPageSections: Type.Optional(CustomPageSections),
    heroImageConfig: Type.Optional(HeroImageConfig),
    /**
     * The employer's logo in the careers navbar (a 178 x 160 box, scaled to the navbar's 40 px,
     * docs/product/shell.md#logo): a path on the careers site or an https address; anything else is not shown.
     * Decorative: the link beside it names the company.
     */
    logoUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /**
     * Where the error page's contact link goes: an https or mailto address, or a path on the careers site.
     * Absent: `mailto:careers@{employer domain}`.
     */
    contactUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /** The employer's accent in the mail it sends (`#rrggbb`; docs/product/accounts-and-mail.md#the-mail). */
    primaryColor: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  },
  { additionalProperties: true },
);
export type Branding = Static<typeof Branding>;

/** The parts of `branding` an employer stores (the company name is the employer's own column). */
export const StoredBranding = Type.Omit(Branding, ['companyName'], { additionalProperties: true });
export type StoredBranding = Static<typeof StoredBranding>;

/**
 * One page's metadata for search engines and the browser (`seoConfig.pagesMetadata`,
 * docs/product/shell.md#page-metadata).
 */
export const PageMetadata = Type.Object(
  {
    /** The page's title: the first choice of the page title's order (docs/product/shell.md#page-title). */
    title: Type.Optional(Type.String({ maxLength: 200 })),
    /** The page's `<meta name="description">` (search engines show about 160 characters). */
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: true },
);
export type PageMetadata = Static<typeof PageMetadata>;

/**
 * The employer's search-engine settings (`pcsxConfig.seoConfig`, docs/product/shell.md#page-metadata): `pagesMetadata`
 * by page identifier (`jobs`, `singlePosition`, `dashboard`, …; the route table's `page`). The older `pcsxConfig.seo`
 * (titles only, same keys) is still read where `pagesMetadata` says nothing (see `pageMetadataFor`).
 */
export const SeoConfig = Type.Object(
  { pagesMetadata: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 40 }), PageMetadata)) },
  { additionalProperties: true },
);
export type SeoConfig = Static<typeof SeoConfig>;

/** The older per-page titles (`pcsxConfig.seo`), still accepted. */
export const LegacySeo = Type.Record(
  Type.String({ minLength: 1, maxLength: 40 }),
  Type.Object({ title: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
);
export type LegacySeo = Static<typeof LegacySeo>;

/** The most characters of one inline head script (a tag manager's loader is about 1,000). */
export const HEAD_SCRIPT_CODE_MAX = 16384;
/** The most characters of all inline head scripts of an employer together. */
export const HEAD_SCRIPTS_CODE_TOTAL_MAX = 65536;

/**
 * One of the employer's scripts in the careers pages' `<head>` (docs/product/shell.md#head-scripts):
 * an https address (`src`) or inline code (`code`), exactly one of them, on the pages it names (page identifiers;
 * absent: every careers page). The page server writes it with the request's CSP nonce; nothing of the candidate's
 * is ever written into it. `origins`: further https origins the script loads from or sends to (a tag manager's
 * libraries, an analytics beacon), allowed for scripts, connections and images on the pages that carry it.
 * `integrity`: a Subresource Integrity hash of `src`. Stored in `pcsxConfig.headScripts`; never in the starting data
 * (the widgets do not need it). See docs/decisions/024.
 */
export const HeadScript = Type.Object(
  {
    src: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: HEAD_SCRIPT_CODE_MAX })),
    async: Type.Optional(Type.Boolean()),
    defer: Type.Optional(Type.Boolean()),
    integrity: Type.Optional(
      Type.String({
        maxLength: 400,
        pattern: '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}( sha(256|384|512)-[A-Za-z0-9+/]+={0,2})*$',
      }),
    ),
    origins: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 10 })),
    pages: Type.Optional(ShellPages),
  },
  // No other attribute (`type`, event handlers) can be asked for: the page server writes only these.
  { additionalProperties: false },
);
export type HeadScript = Static<typeof HeadScript>;

export const HeadScripts = Type.Array(HeadScript, { maxItems: 10 });
export type HeadScripts = Static<typeof HeadScripts>;
