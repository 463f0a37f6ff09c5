/**
 * The alerts the specs require whatever the call (docs/product/errors-and-limits.md; issue 21 finding 9): "Session
 * timed out." (with the sign-in prompt), "Invalid CSRF.", "Please try again in a few minutes" (429) and "Server error.
 * Please try again." (5xx on GET). For a GET and a POST of each widget, the server's answer is replaced (Playwright's
 * `page.route`) for that one request, and the alert must show exactly once: one toast, and no widget message with
 * the same words. Many of these calls are `silent` (the widget shows its own message), which must not hide them.
 * One page per language, the calls made one after another in it, so the file stays fast.
 */
import { expect, test, type Page } from '@playwright/test';
import { CASEY, DOMAIN, bell, expectNoAxeViolations, login } from './support';

/** The demo application form's cover letter, in English or French. */
const COVER_LETTER = /^(Cover letter|Lettre de présentation)$/;

const NORA = { email: 'new@example.com', password: 'careers-demo' };
/** The demo employer writes its own terms dialog's heading and button (in English only). */
const TERMS = {
  en: { heading: 'Terms of service', accept: 'Accept' },
  'fr-CA': { heading: 'Terms of service', accept: 'Accept' },
} as const;

type Fault = 'sessionTimedOut' | 'invalidCsrf' | 'rateLimited' | 'serverError';
type Language = 'en' | 'fr-CA';

const TEXTS: Record<Language, Record<Fault, string> & { signIn: string }> = {
  en: {
    sessionTimedOut: 'Session timed out.',
    invalidCsrf: 'Invalid CSRF.',
    rateLimited: 'Please try again in a few minutes',
    serverError: 'Server error. Please try again.',
    signIn: 'Sign in',
  },
  'fr-CA': {
    sessionTimedOut: 'Votre session a expiré.',
    invalidCsrf: 'Jeton CSRF invalide.',
    rateLimited: 'Veuillez réessayer dans quelques minutes',
    serverError: 'Erreur du serveur. Veuillez réessayer.',
    signIn: 'Se connecter',
  },
};

/** Labels of the controls the test uses, in each language (the widgets' own locale files). */
const LABELS = {
  en: {
    save: 'Save: Robotics Technician',
    addToCart: 'Add to cart: Robotics Technician',
    interviews: 'Interviews',
    retry: 'Try again',
    alerts: 'Saved-search alerts',
    editSummary: 'Edit summary',
    summary: 'Summary',
    profileSave: 'Save',
    decline: /^Decline/,
    declineDialog: 'Decline offer?',
    declineConfirm: 'Decline offer',
  },
  'fr-CA': {
    save: 'Sauvegarder : Robotics Technician',
    addToCart: 'Ajouter au panier : Robotics Technician',
    interviews: 'Entrevues',
    retry: 'Réessayer',
    alerts: 'Alertes de recherches sauvegardées',
    editSummary: 'Modifier le résumé',
    summary: 'Résumé',
    profileSave: 'Enregistrer',
    decline: /^Refuser/,
    declineDialog: 'Refuser l’offre?',
    declineConfirm: 'Refuser l’offre',
  },
} as const;

/** What the careers API answers in each case (server/src/http/errors.ts). */
function answer(fault: Fault): { status: number; headers?: Record<string, string>; contentType: string; body: string } {
  const body = (statusCode: number, error: string, message: string, code?: string) =>
    JSON.stringify({ statusCode, error, message, ...(code ? { code } : {}) });
  switch (fault) {
    case 'sessionTimedOut':
      return {
        status: 401,
        headers: { 'x-login': '1' },
        contentType: 'application/json',
        body: body(401, 'Unauthorized', 'Login required.', 'login_required'),
      };
    case 'invalidCsrf':
      return {
        status: 403,
        contentType: 'application/json',
        body: body(403, 'Forbidden', 'Invalid CSRF token.', 'invalid_csrf'),
      };
    case 'rateLimited':
      return {
        status: 429,
        headers: { 'retry-after': '60' },
        contentType: 'application/json',
        body: body(429, 'Too Many Requests', 'Too many requests.', 'rate_limited'),
      };
    case 'serverError':
      return {
        status: 500,
        contentType: 'application/json',
        body: body(500, 'Internal Server Error', 'Internal error.'),
      };
  }
}

/**
 * Every failure the specs name for a GET; a POST's 5xx is the widget's to tell ("500 or more on GET",
 * docs/product/errors-and-limits.md). The session's end comes last: after it a widget may rightly offer sign-in instead
 * of its retry button.
 */
const GET_FAULTS: Fault[] = ['serverError', 'rateLimited', 'invalidCsrf', 'sessionTimedOut'];
const POST_FAULTS: Fault[] = ['rateLimited', 'invalidCsrf', 'sessionTimedOut'];

interface Call {
  widget: string;
  method: 'GET' | 'POST';
  /** The API path the fault is served for (the first such request after `prepare`). */
  path: RegExp;
  /** Brings the page to where the call can be made (once, before the faults). */
  prepare?: (page: Page, language: Language) => Promise<void>;
  /** Makes the call; `attempt` counts from 0 (a later attempt may retry what the first one left). */
  trigger: (page: Page, language: Language, attempt: number) => Promise<void>;
}

/** Moves to another page of the careers site the way its links do (no page load). */
async function go(page: Page, path: string, language: Language): Promise<void> {
  const url = new URL(path, 'http://x');
  url.searchParams.set('domain', DOMAIN);
  url.searchParams.set('hl', language);
  await page.evaluate((address) => {
    (window as unknown as { singleSpaNavigate: (a: string) => void }).singleSpaNavigate(address);
  }, `${url.pathname}${url.search}`);
}

const CALLS: Call[] = [
  {
    widget: 'search',
    method: 'GET',
    path: /^\/api\/pcsx\/search$/,
    trigger: (page, language, attempt) => go(page, `/careers/search?query=alerts${attempt}`, language),
  },
  {
    widget: 'search (save a job)',
    method: 'POST',
    path: /^\/api\/pcsx\/positions\/(save|unsave)$/,
    prepare: async (page, language) => {
      await go(page, '/careers/search?query=robotics', language);
      await expect(saveButton(page, language)).toBeVisible();
    },
    trigger: (page, language) => saveButton(page, language).click(),
  },
  {
    widget: 'search (add to the job cart)',
    method: 'POST',
    path: /^\/api\/pcsx\/job_cart$/,
    trigger: (page, language) =>
      page.getByRole('button', { name: LABELS[language].addToCart, exact: true }).first().click(),
  },
  {
    widget: 'dashboard (a tab)',
    method: 'GET',
    path: /^\/api\/pcsx\/dashboard\/interviews$/,
    prepare: async (page, language) => {
      await go(page, '/careers/dashboard', language);
      await expect(page.getByRole('tab', { name: LABELS[language].interviews, exact: true })).toBeVisible();
    },
    trigger: async (page, language, attempt) => {
      if (attempt === 0) await page.getByRole('tab', { name: LABELS[language].interviews, exact: true }).click();
      else await page.getByRole('tabpanel').getByRole('button', { name: LABELS[language].retry }).click();
    },
  },
  {
    widget: 'dashboard (settings)',
    method: 'POST',
    path: /^\/api\/pcsx\/settings$/,
    prepare: async (page, language) => {
      await go(page, '/careers/settings', language);
      await expect(page.getByRole('checkbox', { name: LABELS[language].alerts })).toBeEnabled();
    },
    trigger: (page, language) => page.getByRole('checkbox', { name: LABELS[language].alerts }).click(),
  },
  {
    widget: 'dashboard (profile edit)',
    method: 'POST',
    path: /^\/api\/pcsx\/profile_edit$/,
    prepare: async (page, language) => {
      await go(page, '/careers/profile', language);
      await page.getByRole('button', { name: LABELS[language].editSummary }).click();
      await page
        .getByRole('dialog', { name: LABELS[language].editSummary })
        .getByRole('textbox', { name: LABELS[language].summary })
        .fill('Builds reliable robot fleets.');
    },
    trigger: (page, language) =>
      page
        .getByRole('dialog', { name: LABELS[language].editSummary })
        .getByRole('button', { name: LABELS[language].profileSave, exact: true })
        .click(),
  },
  {
    widget: 'offers',
    method: 'GET',
    path: /^\/api\/offer\/offers$/,
    trigger: async (page, language) => {
      await go(page, '/careers/dashboard', language);
      await go(page, '/careers/offers', language);
    },
  },
  {
    widget: 'offers (decline)',
    method: 'POST',
    path: /^\/api\/offer\/offers\/[^/]+\/decline$/,
    prepare: async (page, language) => {
      await go(page, `/careers/offer/${await liveOfferId(page)}`, language);
      await expect(page.getByRole('button', { name: LABELS[language].decline }).first()).toBeVisible();
    },
    trigger: async (page, language) => {
      const dialog = page.getByRole('dialog', { name: LABELS[language].declineDialog });
      if (!(await dialog.isVisible()))
        await page.getByRole('button', { name: LABELS[language].decline }).first().click();
      await dialog.getByRole('button', { name: LABELS[language].declineConfirm, exact: true }).click();
    },
  },
  {
    widget: 'forms (save a draft)',
    method: 'POST',
    path: /^\/api\/pcsx\/draft_applications$/,
    prepare: async (page, language) => {
      await go(page, '/careers/dashboard', language);
      await go(page, `/careers/apply?pid=${await draftPosition(page)}`, language);
      // The demo form speaks the page's language (docs/product/languages.md#content-in-the-language).
      await expect(page.getByRole('textbox', { name: COVER_LETTER })).toBeVisible();
    },
    // The draft is saved 2 s after the last change (apps/forms/src/features/apply/useDraft.ts).
    trigger: (page, language, attempt) =>
      page.getByRole('textbox', { name: COVER_LETTER }).fill(`Alerts ${language} ${attempt}`),
  },
  {
    widget: 'forms (apply)',
    method: 'GET',
    path: /^\/api\/pcsx\/apply_form$/,
    trigger: async (page, language, attempt) => {
      if (attempt === 0) await go(page, '/careers/apply?pid=1', language);
      else await page.getByRole('button', { name: LABELS[language].retry }).click();
    },
  },
  {
    widget: 'notifications (opening the panel)',
    method: 'POST',
    path: /^\/api\/pcsx\/notifications\/mark_all_viewed$/,
    trigger: async (page) => {
      await bell(page).click();
      await page.keyboard.press('Escape');
    },
  },
  {
    widget: 'notifications (the badge, every 5 minutes)',
    method: 'GET',
    path: /^\/api\/pcsx\/notification_badge$/,
    trigger: (page) => page.clock.fastForward('05:01'),
  },
];

/** A live offer of Casey's to open (nothing is declined: every decline the test sends is answered by a fault). */
async function liveOfferId(page: Page): Promise<string> {
  const res = await page.request.get(`/api/offer/offers?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  const { offers } = (
    (await res.json()) as {
      data: { offers: Array<{ enc_id: string; status: string; expires_at: string | null }> };
    }
  ).data;
  const live = offers.find((o) => o.status === 'Extended' && (!o.expires_at || Date.parse(o.expires_at) > Date.now()));
  expect(live, 'Casey has a live offer').toBeDefined();
  return live!.enc_id;
}

/**
 * An open position Casey has not applied to, from the end of the first 20 (apply.spec.ts takes the first ones), for
 * the draft; its draft is deleted when the test ends.
 */
let draftPid: number | null = null;
async function draftPosition(page: Page): Promise<number> {
  const res = await page.request.get(`/api/pcsx/search?domain=${DOMAIN}&num=20`);
  expect(res.ok()).toBe(true);
  const ids = ((await res.json()) as { data: { positions: Array<{ id: number }> } }).data.positions.map((p) => p.id);
  for (const id of ids.reverse()) {
    const form = await page.request.get(`/api/pcsx/apply_form?domain=${DOMAIN}&pid=${id}`);
    if (!form.ok()) continue;
    const { data } = (await form.json()) as {
      data: { positions: Array<{ applied: boolean }>; form: { items?: unknown } };
    };
    if (data.positions.every((p) => !p.applied) && JSON.stringify(data.form).includes('"coverLetter"')) {
      draftPid = id;
      return id;
    }
  }
  throw new Error('no open position with a cover letter that Casey has not applied to');
}

/** Deletes the draft the forms call may have saved (leaving the page saves unsaved answers), for the other files. */
async function deleteDraft(page: Page): Promise<void> {
  if (draftPid === null) return;
  await page.waitForLoadState('networkidle');
  const status = await page.evaluate(
    async ({ domain, pid }) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const res = await fetch(`/api/pcsx/draft_applications?domain=${domain}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ position_ids: [pid] }),
      });
      return res.status;
    },
    { domain: DOMAIN, pid: draftPid },
  );
  expect([200, 204, 404]).toContain(status);
}

function saveButton(page: Page, language: Language) {
  return page.getByRole('button', { name: LABELS[language].save, exact: true }).first();
}

/** The alert with `text`: it shows exactly once, stays alone a moment, and is closed for the next case. */
async function expectOneAlert(page: Page, text: string, where: string): Promise<void> {
  const alerts = page.getByRole('alert').filter({ hasText: text });
  await expect(alerts, where).toHaveCount(1);
  // No second announcement of the same failure (another widget's message, a later toast).
  await page.waitForTimeout(250);
  await expect(alerts, where).toHaveCount(1);
  await page.locator('.Toastify__toast').filter({ hasText: text }).getByRole('button').last().click();
  await expect(alerts, `${where}: closed`).toHaveCount(0);
}

/** Serves the next failure set with `fail` for the first request that matches it; counts the failures served. */
async function faultingServer(page: Page) {
  let fault: { method: string; path: RegExp; kind: Fault } | null = null;
  let served = 0;
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      const current = fault;
      if (current && request.method() === current.method && current.path.test(new URL(request.url()).pathname)) {
        fault = null;
        served += 1;
        await route.fulfill(answer(current.kind));
        return;
      }
      await route.fallback();
    },
  );
  return {
    fail: (method: string, path: RegExp, kind: Fault) => {
      fault = { method, path, kind };
    },
    served: () => served,
  };
}

/** Each call, with each failure the specs name for its method: the alert shows exactly once. */
async function expectAlertsOnce(page: Page, language: Language, calls: Call[]) {
  const server = await faultingServer(page);
  const texts = TEXTS[language];
  for (const call of calls) {
    await call.prepare?.(page, language);
    const faults = call.method === 'GET' ? GET_FAULTS : POST_FAULTS;
    for (const [attempt, kind] of faults.entries()) {
      const where = `${call.widget}, ${call.method}, ${kind}`;
      server.fail(call.method, call.path, kind);
      const before = server.served();
      await call.trigger(page, language, attempt);
      await expect.poll(() => server.served(), `${where}: the call was made`).toBe(before + 1);
      await expectOneAlert(page, texts[kind], where);
    }
    // A dialog the call left open (the sign-in a widget asks for after "Session timed out.", the profile editor).
    if (await page.locator('.cw-dialog-backdrop').isVisible()) await page.keyboard.press('Escape');
  }
  return server;
}

for (const language of ['en', 'fr-CA'] as const) {
  test(`each HTTP alert shows exactly once, for a GET and a POST of each widget (${language})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await login(page, CASEY);
    await page.goto(`/careers?domain=${DOMAIN}&hl=${language}`);
    await expect(bell(page)).toBeVisible();

    const server = await expectAlertsOnce(page, language, CALLS);
    await expect(page.locator('.cw-dialog-backdrop')).toHaveCount(0);

    // The session time-out's alert carries the sign-in prompt, back to this page.
    server.fail('GET', /^\/api\/pcsx\/search$/, 'sessionTimedOut');
    await go(page, '/careers/search?query=signin', language);
    const signIn = page.getByRole('alert').getByRole('link', { name: TEXTS[language].signIn });
    await expect(signIn).toHaveAttribute(
      'href',
      /^\/careers\/login\?domain=acme\.example&hl=[^&]+&next=%2Fcareers%2Fsearch/,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`session-timed-out-${language}.png`) });
    await deleteDraft(page);
  });

  // The first-run gate (Nora has not accepted the terms): accepting them is the onboarding widget's POST. Nothing
  // reaches the server, so Nora's first run is left for onboarding.spec.ts.
  test(`each HTTP alert shows exactly once for the onboarding widget's POST (${language})`, async ({ page }) => {
    await login(page, NORA);
    await page.goto(`/careers?domain=${DOMAIN}&hl=${language}`);
    const terms = page.getByRole('dialog', { name: TERMS[language].heading });
    await expect(terms).toBeVisible();
    await expectAlertsOnce(page, language, [
      {
        widget: 'onboarding (accept the terms)',
        method: 'POST',
        path: /^\/api\/pcsx\/terms_of_service$/,
        trigger: (p) =>
          p
            .getByRole('dialog', { name: TERMS[language].heading })
            .getByRole('button', { name: TERMS[language].accept })
            .click(),
      },
    ]);
    await expect(terms).toBeVisible();
  });
}
