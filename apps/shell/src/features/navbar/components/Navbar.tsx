import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import {
  canSignIn,
  cx,
  i18n,
  Icon,
  isPlainLeftClick,
  apiHref,
  onCareersServerOrigin,
  SHOW_LOGIN_PARAM,
  isShellAddress,
  Link,
  LoginModalHost,
  matchRoute,
  type PlainSitePattern,
  navigate,
  requestLogin,
  signOut,
  selectBoot,
  useAppSelector,
  useLocation,
  useShadowRoot,
  useDismiss,
  useTranslation,
} from '@careers/shared';
import { NAMESPACE } from '../../../namespace';
import { CartPanel } from '../../cart/components/CartPanel';
import { adoptBellSlot, BELL_SLOT_NAME } from '../adoptBellSlot';
import { shellHref, withLanguage } from '../links';

/** A globe (Material Design "language", Apache-2.0), beside the language menu. */
const GLOBE_PATH =
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zm6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56zM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96zM4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2H4.26zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56zm2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8zM12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96zM14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56zM16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2h-3.38z';

/**
 * The logo box (178 x 160, docs/product/shell.md#logo): the picture keeps this shape, scaled to the navbar's height.
 */
const LOGO_WIDTH = 178;
const LOGO_HEIGHT = 160;

/**
 * The employer's logo (`branding.logoUrl`: a path on the careers site or an https address), or null. Shown in the
 * careers navbar, so a candidate still sees it once signed in, when the employer's own header (with its logo) gives
 * way to this navbar (issue 22).
 */
function logoOf(branding: unknown): string | null {
  const url = (branding as { logoUrl?: unknown } | null | undefined)?.logoUrl;
  return typeof url === 'string' && isShellAddress(url.trim()) ? url.trim() : null;
}

interface NavLink {
  page: string;
  pattern: PlainSitePattern;
  label: string;
}

/**
 * The careers navbar (docs/product/shell.md#navbar), 60 px high: the company's careers home, the candidate's pages, the
 * language menu, the job cart's button (with `cart`), the notification bell's slot, and sign-in or sign-out. Below
 * 1180 px (phones and tablets) the links, the language and the account actions fold into a "Menu" disclosure that
 * opens over the page (nothing below moves): in one row they need about 1,170 px. The cart's button and the bell
 * stay outside the fold.
 */
export function Navbar({ cart = false }: { cart?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const { pathname, search, searchParams } = useLocation();
  const shadowRoot = useShadowRoot();
  const menuId = `cw-shell-menu-${useId().replace(/:/g, '')}`;
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const page = matchRoute(pathname)?.route.page ?? null;

  // The bell's page element is shown in the navbar while the navbar is on the page.
  useEffect(() => {
    const host = shadowRoot?.host;
    return host ? adoptBellSlot(host) : undefined;
  }, [shadowRoot]);

  // A page change closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  useDismiss({
    enabled: open,
    refs: [toggleRef, panelRef],
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') toggleRef.current?.focus();
    },
  });

  if (!boot) return null;
  const company = boot.pcsxConfig.branding?.companyName ?? '';
  const logo = logoOf(boot.pcsxConfig.branding);
  const candidateLinks: NavLink[] = boot.isLoggedIn
    ? [
        { page: 'dashboard', pattern: '/careers/dashboard', label: t('navbar.dashboard') },
        { page: 'offers', pattern: '/careers/offers', label: t('navbar.offers') },
        { page: 'profile', pattern: '/careers/profile', label: t('navbar.profile') },
        { page: 'settings', pattern: '/careers/settings', label: t('navbar.settings') },
      ]
    : [];
  const links: NavLink[] = [
    { page: 'jobs', pattern: '/careers/:query?/:location?', label: t('navbar.jobs') },
    ...candidateLinks,
  ];
  // Named in themselves by the starting data (docs/product/languages.md#choosing-the-language).
  const languageNames = boot.languageNames ?? {};
  const languages = boot.supportedLanguages.filter((language) => language in languageNames);
  const here = `${pathname}${search}`;
  // On the employer's own page the careers server's sign-in and sign-out pages are on another origin: the sign-in
  // dialog opens over this page and signing out happens from here (docs/product/shell.md#page-events).
  const embedded = !onCareersServerOrigin();
  const signInHref = embedded
    ? `${pathname}?${new URLSearchParams([...searchParams, [SHOW_LOGIN_PARAM, '1']]).toString()}`
    : shellHref('/careers/login', searchParams, { domain: boot.groupId, next: here });
  const signOutHref = shellHref('/logout', searchParams, { domain: boot.groupId });
  const signOutHere = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!embedded || !isPlainLeftClick(event)) return;
    event.preventDefault();
    void signOut(boot.groupId).catch(() => undefined);
  };

  const signIn = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    setOpen(false);
    requestLogin({});
  };

  const changeLanguage = (language: string) => {
    void i18n
      .changeLanguage(language)
      .then(() => navigate(withLanguage(pathname, searchParams, language), { replace: true }));
  };

  return (
    // The page's banner landmark: it shows only when the employer's own navbar (its header) does not.
    <header className="cw-shell-navbar">
      <div className="cw-shell-navbar__inner">
        <Link className="cw-shell-navbar__brand" href={shellHref('/careers/:query?/:location?', searchParams)}>
          {/* Decorative: the link's text names the company. */}
          {logo && <img className="cw-shell-navbar__logo" src={logo} alt="" width={LOGO_WIDTH} height={LOGO_HEIGHT} />}
          <span className="cw-shell-navbar__brand-text">
            {company ? t('navbar.brand', { company }) : t('navbar.brandPlain')}
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="cw-shell-navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className="cw-shell-navbar__toggle-icon" />
          {t('navbar.menu')}
        </button>
        <div
          ref={panelRef}
          id={menuId}
          className={cx('cw-shell-navbar__panel', open && 'cw-shell-navbar__panel--open')}
        >
          <nav className="cw-shell-navbar__nav" aria-label={t('navbar.label')}>
            <ul>
              {links.map((link) => (
                <li key={link.page}>
                  <Link
                    href={shellHref(link.pattern, searchParams)}
                    aria-current={page === link.page ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="cw-shell-navbar__actions">
            {languages.length > 1 && (
              <label className="cw-shell-navbar__language">
                <span className="cw-visually-hidden">{t('navbar.language')}</span>
                <Icon path={GLOBE_PATH} size={18} className="cw-shell-navbar__globe" />
                <select value={i18n.language} onChange={(event) => changeLanguage(event.target.value)}>
                  {languages.map((language) => (
                    <option key={language} value={language} lang={language}>
                      {languageNames[language]}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {boot.isLoggedIn ? (
              <a
                className="cw-shell-navbar__account"
                href={embedded ? apiHref(signOutHref) : signOutHref}
                onClick={signOutHere}
              >
                {t('navbar.signOut')}
              </a>
            ) : (
              canSignIn(boot) && (
                <a className="cw-shell-navbar__account" href={signInHref} onClick={signIn}>
                  {t('navbar.signIn')}
                </a>
              )
            )}
          </div>
        </div>
        {/* After the menu in reading order, like the bell: on a phone both show between the company and Menu. */}
        {cart && <CartPanel />}
        {/* After the menu in reading order: on a phone it shows between the company and the Menu button. */}
        <div className="cw-shell-navbar__bell">
          <slot name={BELL_SLOT_NAME} />
        </div>
      </div>
      {!boot.isLoggedIn && <LoginModalHost />}
    </header>
  );
}
