import type { Language } from '../i18n';
import { translator } from '../i18n';
import { escapeHtml, renderDocument } from '../web/html';

/**
 * The other ways in beside the password (docs/product/accounts-and-mail.md#pages): a code by email, a forgotten
 * password, and creating an account where the employer allows it. Each keeps the employer, language and `next`.
 */
function accountLinks(model: LoginPageModel, t: ReturnType<typeof translator>): string {
  const query = escapeHtml(new URLSearchParams({ domain: model.domain, hl: model.lang, next: model.next }).toString());
  const links = [
    [`/careers/login/code?${query}`, t('login.emailCode')],
    [`/careers/password/forgot?${query}`, t('login.forgotPassword')],
    ...(model.signupEnabled ? [[`/careers/signup?${query}`, t('login.createAccount')]] : []),
  ];
  return `<ul class="links">${links.map(([href, label]) => `<li><a href="${href}">${escapeHtml(label!)}</a></li>`).join('')}</ul>`;
}

export interface LoginPageModel {
  lang: Language;
  companyName: string;
  domain: string;
  csrfToken: string;
  next: string;
  /** What the visitor typed (kept after a failed attempt; the password never is). */
  email?: string;
  error?: string;
  /** The employer lets candidates create accounts here (a "Create an account" link). */
  signupEnabled?: boolean;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

/** The candidate login page: labelled fields, a submit button and an error region announced by screen readers. */
export function renderLoginPage(model: LoginPageModel): string {
  const t = translator(model.lang);
  const company = model.companyName;
  const invalid = model.error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const body = [
    '<main class="card" aria-labelledby="login-heading">',
    `<p class="company">${escapeHtml(company)}</p>`,
    `<h1 id="login-heading">${escapeHtml(t('login.heading'))}</h1>`,
    `<p class="intro">${escapeHtml(t('login.intro', { company }))}</p>`,
    `<div id="login-error" class="error" role="alert">${model.error ? escapeHtml(model.error) : ''}</div>`,
    '<form method="post" action="/api/auth/login" class="form">',
    hidden('_csrf', model.csrfToken),
    hidden('domain', model.domain),
    hidden('next', model.next),
    hidden('hl', model.lang),
    '<div class="field">',
    `<label for="email">${escapeHtml(t('login.email'))}</label>`,
    `<input id="email" name="email" type="text" inputmode="email" autocapitalize="none" spellcheck="false" autocomplete="username" required maxlength="254" value="${escapeHtml(model.email ?? '')}"${invalid}>`,
    '</div>',
    '<div class="field">',
    `<label for="password">${escapeHtml(t('login.password'))}</label>`,
    `<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${invalid}>`,
    '</div>',
    `<button type="submit" class="button">${escapeHtml(t('login.submit'))}</button>`,
    '</form>',
    accountLinks(model, t),
    `<p class="secondary"><a href="${escapeHtml(`/careers?domain=${encodeURIComponent(model.domain)}`)}">${escapeHtml(t('login.backToCareers'))}</a></p>`,
    '</main>',
  ].join('\n');
  return renderDocument({ lang: model.lang, title: t('login.pageTitle', { company }), body });
}

export interface LogoutPageModel {
  lang: Language;
  csrfToken: string;
  next: string;
  /** The employer whose careers site "Stay signed in" goes back to. */
  domain: string;
  /** Opened from this site (our Sign out link): post the form at once. Otherwise ask for a click. */
  atOnce: boolean;
}

/**
 * The sign-out page. Opened from this site, its form posts at once (script file, so a strict CSP holds), with a
 * button for browsers without JS. Opened from another site, it has no script: it asks whether to sign out, with the
 * same form's button and a way back that keeps the candidate signed in.
 */
export function renderLogoutPage(model: LogoutPageModel): string {
  const t = translator(model.lang);
  const careers = `/careers?domain=${encodeURIComponent(model.domain)}`;
  const body = [
    '<main class="card" aria-labelledby="logout-heading">',
    `<h1 id="logout-heading">${escapeHtml(t(model.atOnce ? 'logout.heading' : 'logout.confirmHeading'))}</h1>`,
    `<p>${escapeHtml(t(model.atOnce ? 'logout.explanation' : 'logout.confirmExplanation'))}</p>`,
    '<form id="logout-form" method="post" action="/api/auth/logout" class="form">',
    hidden('_csrf', model.csrfToken),
    hidden('next', model.next),
    `<button type="submit" class="button">${escapeHtml(t('logout.submit'))}</button>`,
    '</form>',
    ...(model.atOnce
      ? []
      : [`<p class="secondary"><a href="${escapeHtml(careers)}">${escapeHtml(t('logout.stay'))}</a></p>`]),
    '</main>',
  ].join('\n');
  return renderDocument({
    lang: model.lang,
    title: t(model.atOnce ? 'logout.pageTitle' : 'logout.confirmPageTitle'),
    body,
    scripts: model.atOnce ? ['/server-assets/logout.js'] : [],
  });
}
