/**
 * The page shell's configuration (spec 000 §2 "App shell", spec 001 §2 "Page behaviour"): the navbar, the
 * footer, the hero image, the promo banner, the implementation-phase banner and the error page's contact link.
 * It sits in `pcsxConfig.branding` (and `pcsxConfig.implementationPhase`), stored per employer in
 * `employers.pcsx_config_json` and checked against these schemas when read.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * Page identifiers (spec 000 §2 list: `dashboard`, `profile`, `jobs`, …) a part of the shell shows on. Absent:
 * every careers page.
 */
export const ShellPages = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 40 });
export type ShellPages = Static<typeof ShellPages>;

/**
 * Whether the employer's own (custom) navbar is used instead of the careers navbar widget: `showInLoggedinView`
 * for a signed-in candidate, `enable` otherwise (spec 001 §6). When it is, the navbar widget draws nothing.
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
     * The employer's logo in the careers navbar (spec 001 §9: a 178 x 160 box, scaled to the navbar's 40 px): a path
     * on the careers site or an https address; anything else is not shown. Decorative: the link beside it names the
     * company.
     */
    logoUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /**
     * Where the error page's contact link goes: an https or mailto address, or a path on the careers site.
     * Absent: `mailto:careers@{employer domain}`.
     */
    contactUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: true },
);
export type Branding = Static<typeof Branding>;

/** The parts of `branding` an employer stores (the company name is the employer's own column). */
export const StoredBranding = Type.Omit(Branding, ['companyName'], { additionalProperties: true });
export type StoredBranding = Static<typeof StoredBranding>;
