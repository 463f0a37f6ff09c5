import { PASSWORD_MIN_LENGTH } from '../contract';
import { translator, type Language } from '../i18n';
import { escapeHtml, renderDocument } from '../web/html';

/**
 * The account pages the careers server renders itself (docs/product/accounts-and-mail.md#pages): sign-up, sign-in
 * by code, forgotten password, and the pages mailed links open. Plain forms (no script), each error announced and
 * tied to its field, the typed values kept (never a password).
 */

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

interface Common {
  lang: Language;
  companyName: string;
  domain: string;
  csrfToken: string;
}

type FieldErrors = Partial<Record<string, string>>;

interface InputSpec {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  hint?: string;
  extra?: string;
  maxlength?: number;
}

function field(spec: InputSpec, errors: FieldErrors): string {
  const error = errors[spec.name];
  const described = [spec.hint ? `${spec.name}-hint` : '', error ? `${spec.name}-error` : ''].filter(Boolean).join(' ');
  return [
    '<div class="field">',
    `<label for="${spec.name}">${escapeHtml(spec.label)}</label>`,
    ...(spec.hint ? [`<p id="${spec.name}-hint" class="hint">${escapeHtml(spec.hint)}</p>`] : []),
    ...(error ? [`<p id="${spec.name}-error" class="field-error">${escapeHtml(error)}</p>`] : []),
    `<input id="${spec.name}" name="${spec.name}" type="${spec.type ?? 'text'}" required maxlength="${spec.maxlength ?? 254}"` +
      `${spec.autocomplete ? ` autocomplete="${spec.autocomplete}"` : ''}` +
      `${spec.value !== undefined && spec.type !== 'password' ? ` value="${escapeHtml(spec.value)}"` : ''}` +
      `${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}${spec.extra ?? ''}>`,
    '</div>',
  ].join('\n');
}

const emailField = (t: ReturnType<typeof translator>, value: string | undefined, errors: FieldErrors) =>
  field(
    {
      name: 'email',
      label: t('login.email'),
      value,
      autocomplete: 'username',
      extra: ' inputmode="email" autocapitalize="none" spellcheck="false"',
    },
    errors,
  );

function page(lang: Language, title: string, parts: string[]): string {
  return renderDocument({
    lang,
    title,
    body: ['<main class="card" aria-labelledby="page-heading">', ...parts, '</main>'].join('\n'),
  });
}

const errorRegion = (error: string | undefined) =>
  `<div id="form-error" class="error" role="alert">${error ? escapeHtml(error) : ''}</div>`;

const loginLink = (t: ReturnType<typeof translator>, domain: string, lang: Language, next?: string) => {
  const params = new URLSearchParams({ domain, hl: lang });
  if (next) params.set('next', next);
  return `<p class="secondary"><a href="/careers/login?${escapeHtml(params.toString())}">${escapeHtml(t('account.backToSignIn'))}</a></p>`;
};

export interface SignupPageModel extends Common {
  next: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  error?: string;
  errors?: FieldErrors;
  consentText?: string;
  /** A claim link's token: the address is the link's, already proved (shown, not typed). */
  claim?: { token: string; email: string };
}

/** Create an account: name, email, password (with the rule), consent. */
export function renderSignupPage(model: SignupPageModel): string {
  const t = translator(model.lang);
  const company = model.companyName;
  const errors = model.errors ?? {};
  const values = model.values ?? {};
  const consent = model.consentText ?? t('account.signup.consent', { company });
  const consentError = errors.consent;
  return page(model.lang, t(model.claim ? 'account.claim.pageTitle' : 'account.signup.pageTitle', { company }), [
    `<p class="company">${escapeHtml(company)}</p>`,
    `<h1 id="page-heading">${escapeHtml(t(model.claim ? 'account.claim.heading' : 'account.signup.heading'))}</h1>`,
    `<p class="intro">${escapeHtml(model.claim ? t('account.claim.intro', { email: model.claim.email }) : t('account.signup.intro', { company }))}</p>`,
    errorRegion(model.error),
    `<form method="post" action="${model.claim ? '/api/auth/claim' : '/api/auth/signup'}" class="form" novalidate>`,
    hidden('_csrf', model.csrfToken),
    hidden('hl', model.lang),
    ...(model.claim
      ? [hidden('token', model.claim.token)]
      : [hidden('domain', model.domain), hidden('next', model.next)]),
    field(
      {
        name: 'firstName',
        label: t('account.firstName'),
        value: values.firstName,
        autocomplete: 'given-name',
        maxlength: 100,
      },
      errors,
    ),
    field(
      {
        name: 'lastName',
        label: t('account.lastName'),
        value: values.lastName,
        autocomplete: 'family-name',
        maxlength: 100,
      },
      errors,
    ),
    ...(model.claim ? [] : [emailField(t, values.email, errors)]),
    field(
      {
        name: 'password',
        label: t('account.newPassword'),
        type: 'password',
        autocomplete: 'new-password',
        hint: t('account.password.hint', { count: PASSWORD_MIN_LENGTH }),
        maxlength: 200,
        extra: ` minlength="${PASSWORD_MIN_LENGTH}"`,
      },
      errors,
    ),
    '<div class="check">',
    `<input id="consent" name="consent" type="checkbox" value="true" required${consentError ? ' aria-invalid="true" aria-describedby="consent-error"' : ''}>`,
    `<label for="consent">${escapeHtml(consent)}</label>`,
    ...(consentError ? [`<p id="consent-error" class="field-error">${escapeHtml(consentError)}</p>`] : []),
    '</div>',
    `<button type="submit" class="button">${escapeHtml(t(model.claim ? 'account.claim.submit' : 'account.signup.submit'))}</button>`,
    '</form>',
    loginLink(t, model.domain, model.lang, model.next),
  ]);
}

export interface SentPageModel {
  lang: Language;
  companyName: string;
  domain: string;
  heading: string;
  message: string;
  next?: string;
}

/** "Check your email": what was sent and where. */
export function renderSentPage(model: SentPageModel): string {
  const t = translator(model.lang);
  return page(model.lang, model.heading, [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(model.heading)}</h1>`,
    `<p role="status">${escapeHtml(model.message)}</p>`,
    loginLink(t, model.domain, model.lang, model.next),
  ]);
}

export interface EmailFormPageModel extends Common {
  kind: 'code' | 'forgot';
  next: string;
  email?: string;
  error?: string;
  errors?: FieldErrors;
}

/** "Email me a code" and "Forgot your password?": one email field. */
export function renderEmailFormPage(model: EmailFormPageModel): string {
  const t = translator(model.lang);
  const key = model.kind === 'code' ? 'account.code' : 'account.forgot';
  return page(model.lang, t(`${key}.pageTitle`, { company: model.companyName }), [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(t(`${key}.heading`))}</h1>`,
    `<p class="intro">${escapeHtml(t(`${key}.intro`))}</p>`,
    errorRegion(model.error),
    `<form method="post" action="${model.kind === 'code' ? '/api/auth/code' : '/api/auth/password/forgot'}" class="form" novalidate>`,
    hidden('_csrf', model.csrfToken),
    hidden('domain', model.domain),
    hidden('next', model.next),
    hidden('hl', model.lang),
    emailField(t, model.email, model.errors ?? {}),
    `<button type="submit" class="button">${escapeHtml(t(`${key}.submit`))}</button>`,
    '</form>',
    loginLink(t, model.domain, model.lang, model.next),
  ]);
}

export interface CodeEntryPageModel extends Common {
  next: string;
  email: string;
  error?: string;
}

/** The code sent by mail, typed in. */
export function renderCodeEntryPage(model: CodeEntryPageModel): string {
  const t = translator(model.lang);
  const errors: FieldErrors = model.error ? { code: model.error } : {};
  return page(model.lang, t('account.code.pageTitle', { company: model.companyName }), [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(t('account.code.enterHeading'))}</h1>`,
    `<p class="intro" role="status">${escapeHtml(t('account.code.sent', { email: model.email }))}</p>`,
    '<form method="post" action="/api/auth/code/verify" class="form" novalidate>',
    hidden('_csrf', model.csrfToken),
    hidden('domain', model.domain),
    hidden('next', model.next),
    hidden('hl', model.lang),
    hidden('email', model.email),
    field(
      {
        name: 'code',
        label: t('account.code.label'),
        autocomplete: 'one-time-code',
        maxlength: 20,
        extra: ' inputmode="numeric"',
      },
      errors,
    ),
    `<button type="submit" class="button">${escapeHtml(t('login.submit'))}</button>`,
    '</form>',
    `<p class="secondary"><a href="/careers/login/code?${escapeHtml(new URLSearchParams({ domain: model.domain, hl: model.lang, next: model.next }).toString())}">${escapeHtml(t('account.code.again'))}</a></p>`,
  ]);
}

export interface ResetPageModel extends Common {
  token: string;
  email: string;
  error?: string;
}

/** A reset link's page: the new password. */
export function renderResetPage(model: ResetPageModel): string {
  const t = translator(model.lang);
  const errors: FieldErrors = model.error ? { password: model.error } : {};
  return page(model.lang, t('account.reset.pageTitle', { company: model.companyName }), [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(t('account.reset.heading'))}</h1>`,
    `<p class="intro">${escapeHtml(t('account.reset.intro', { email: model.email }))}</p>`,
    '<form method="post" action="/api/auth/password/reset" class="form" novalidate>',
    hidden('_csrf', model.csrfToken),
    hidden('hl', model.lang),
    hidden('token', model.token),
    `<input type="text" name="username" autocomplete="username" value="${escapeHtml(model.email)}" hidden>`,
    field(
      {
        name: 'password',
        label: t('account.newPassword'),
        type: 'password',
        autocomplete: 'new-password',
        hint: t('account.password.hint', { count: PASSWORD_MIN_LENGTH }),
        maxlength: 200,
        extra: ` minlength="${PASSWORD_MIN_LENGTH}"`,
      },
      errors,
    ),
    `<button type="submit" class="button">${escapeHtml(t('account.reset.submit'))}</button>`,
    '</form>',
  ]);
}

export interface ConfirmLinkPageModel extends Common {
  heading: string;
  message: string;
  action: string;
  submit: string;
  token: string;
  error?: string;
}

/**
 * A mailed link's page that asks for one click before the link is used: mail scanners that open links must not
 * use them up.
 */
export function renderConfirmLinkPage(model: ConfirmLinkPageModel): string {
  return page(model.lang, model.heading, [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(model.heading)}</h1>`,
    `<p class="intro">${escapeHtml(model.message)}</p>`,
    errorRegion(model.error),
    `<form method="post" action="${escapeHtml(model.action)}" class="form">`,
    hidden('_csrf', model.csrfToken),
    hidden('hl', model.lang),
    hidden('token', model.token),
    `<button type="submit" class="button">${escapeHtml(model.submit)}</button>`,
    '</form>',
  ]);
}

/** A link that is unknown, used or expired: what to do instead. */
export function renderInvalidLinkPage(model: { lang: Language; companyName: string; domain: string }): string {
  const t = translator(model.lang);
  return page(model.lang, t('account.invalidLink.heading'), [
    `<p class="company">${escapeHtml(model.companyName)}</p>`,
    `<h1 id="page-heading">${escapeHtml(t('account.invalidLink.heading'))}</h1>`,
    `<p>${escapeHtml(t('account.invalidLink.message'))}</p>`,
    loginLink(t, model.domain, model.lang),
  ]);
}
