import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bell, CAREERS, CASEY, DOMAIN, expectNoAxeViolations, focused, login, OLIVE, onePagePdf } from './support';

/**
 * Candidate accounts (docs/product/accounts-and-mail.md) as a candidate goes through them, with the mail read in the
 * development inbox (the e2e server has no SMTP_URL): a signed-out application's receipt makes the account that
 * then lists it; a stranger who applies with Casey's email changes nothing for her; in French, an account made in
 * the sign-in dialog, its password reset by the mailed link, a sign-in with a mailed code; the server's own pages.
 * Each new screen passes axe-core and IBM Equal Access. On the careers server's public origin, the one the mailed
 * links name, so the session the links sign in with is the page's.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000, baseURL: CAREERS });

const SHOTS = path.resolve(__dirname, '../../test-results/accounts');

interface Position {
  id: number;
  name: string;
}

/** Open positions of the demo employer that use its stepper form (the one tests/e2e/apply.spec.ts fills in). */
async function stepperPositions(page: Page, count: number): Promise<Position[]> {
  const res = await page.request.get(`/api/pcsx/search?domain=${DOMAIN}&num=20`);
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { positions: Position[] } };
  const found: Position[] = [];
  for (const { id, name } of data.positions) {
    const form = await page.request.get(`/api/pcsx/apply_form?domain=${DOMAIN}&pid=${id}`);
    if (!form.ok()) continue;
    if (((await form.json()) as { data: { form: { layout: string } } }).data.form.layout === 'stepper')
      found.push({ id, name });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} open positions with the stepper form`);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit application' });
const confirmation = (page: Page) => page.getByRole('heading', { level: 1, name: 'Application submitted' });

/**
 * Applies to `id` through the stepper form (as tests/e2e/apply.spec.ts does): signed out with `person`'s name and
 * email, signed in with what the profile filled in.
 */
async function apply(page: Page, id: number, person?: { first: string; last: string; email: string }) {
  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=${id}`);
  await expect(page.getByRole('form', { name: /Apply to Acme Robotics/ })).toBeVisible();
  await expect(page.getByText('You have already applied to this position.')).toHaveCount(0);
  if (person) {
    await page.getByRole('textbox', { name: 'First name' }).fill(person.first);
    await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
    await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  }
  await page.getByRole('textbox', { name: 'Phone' }).fill('2125550123');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: await onePagePdf('Resume of a test candidate'),
  });
  await expect(page.getByText('resume.pdf')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  // The last question sits under the stepper's sticky footer once scrolled into view: by keyboard.
  const consent = page.getByRole('checkbox', { name: /I agree that Acme Robotics/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.getByRole('combobox', { name: 'Notice period' }).selectOption('2w');
  await submitButton(page).click();
  await expect(confirmation(page)).toBeVisible();
}

/**
 * Opens the newest mail to `to`, which must have this subject, in the development inbox, in front (Chromium slows
 * the pages behind); resolves to its plain text.
 */
async function openMail(inbox: Page, to: string, subject: string): Promise<Locator> {
  await inbox.bringToFront();
  await inbox.goto(`/careers/dev/inbox?to=${encodeURIComponent(to)}`);
  // Newest first; the mail was written with what sent it. The server draws the list: waiting would not change it.
  const newest = inbox.locator('ul.inbox > li').first();
  await expect(newest, `the newest mail to ${to}`).toContainText(subject, { timeout: 1_000 });
  await newest.getByRole('link').click();
  await expect(inbox.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  return inbox.locator('pre.mail-text');
}

/** A new address each run, so that a rerun against a kept database still makes a new account. */
const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now()}@example.org`;

/** The first-run steps' words (apps/onboarding/src/locales, the toasts' in shared/src/i18n/locales). */
const ONBOARDING = {
  en: {
    terms: 'Terms of service',
    accept: 'Accept',
    profile: "Welcome! Let's set up your profile",
    firstName: 'First name',
    location: 'Location',
    save: 'Save and continue',
    done: 'Your profile is set up.',
    closeToast: 'Close notification',
  },
  fr: {
    // The terms' title and button are the employer's own words (its terms configuration), which it wrote in English.
    terms: 'Terms of service',
    accept: 'Accept',
    profile: 'Bienvenue! Configurons votre profil',
    firstName: 'Prénom',
    location: 'Lieu',
    save: 'Enregistrer et continuer',
    done: 'Votre profil est configuré.',
    closeToast: 'Fermer la notification',
  },
};

/**
 * A new account's first run (tests/e2e/onboarding.spec.ts): accepts the terms (the page reloads), then saves the
 * profile step, which has the first name the account was made with, with a location. The toast that says so is
 * closed: it sits over the navbar's account links.
 */
async function onboard(page: Page, words: (typeof ONBOARDING)['en'], firstName: string) {
  const terms = page.getByRole('dialog', { name: words.terms });
  await Promise.all([page.waitForEvent('load'), terms.getByRole('button', { name: words.accept }).click()]);
  const profile = page.getByRole('dialog', { name: words.profile });
  await expect(profile.getByLabel(words.firstName)).toHaveValue(firstName);
  await profile.getByLabel(words.location).fill('Montréal, QC');
  await profile.getByRole('button', { name: words.save }).click();
  await expect(profile).toHaveCount(0);
  await expect(page.getByText(words.done)).toBeVisible();
  await page.getByRole('button', { name: words.closeToast }).click();
}

const applicationsPanel = (page: Page) => page.getByRole('tabpanel');
const inProgress = (page: Page) => applicationsPanel(page).getByRole('list', { name: 'In progress' });

/**
 * Two positions past the four that tests/e2e/apply.spec.ts takes (its first test needs Casey not to have applied to
 * the first), which run on the same server: one for a new address, one that Casey applies to.
 */
let forNewAddress: Position;
let forCasey: Position;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: CAREERS });
  [forCasey, forNewAddress] = (await stepperPositions(page, 6)).slice(4) as [Position, Position];
  await page.close();
});

test('apply signed out, open the receipt in the inbox, make the account from its link: the application is listed', async ({
  page,
}) => {
  const position = forNewAddress;
  const email = uniqueEmail('claim');
  await apply(page, position.id, { first: 'Nova', last: 'Claimer', email });

  const text = await openMail(page, email, 'We received your application to Acme Robotics');
  await expect(text).toContainText('Thank you for applying to');
  await expect(text).toContainText('If you did not apply, ignore this email');
  const link = text.getByRole('link', { name: /\/careers\/account\/claim\?token=/ });
  await expect(link).toHaveCount(1);
  await link.click();

  // No account uses the email: the page asks for a name, a password and consent.
  await expect(page.getByRole('heading', { level: 1, name: 'Add your application to an account' })).toBeVisible();
  await expect(page.getByText(`Create an account for ${email} to follow your applications.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('Nova');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Claimer');
  await page.getByLabel('Password', { exact: true }).fill('copper lantern over the bay');
  await page.getByRole('checkbox', { name: 'I agree that Acme Robotics keeps my details' }).check();
  await page.getByRole('button', { name: 'Create account and add' }).click();

  // Signed in to the new account: its first run (terms, then the profile), then its applications list the one made
  // signed out.
  await onboard(page, ONBOARDING.en, 'Nova');
  await page.getByRole('navigation', { name: 'Careers' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'Applications', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(inProgress(page).getByRole('article')).toHaveCount(1);
  await expect(inProgress(page).getByRole('article', { name: position.name })).toBeVisible();
});

test('a stranger applying with Casey’s email changes nothing Casey sees and does not stop her applying', async ({
  page,
  browser,
}) => {
  const position = forCasey;
  await login(page, CASEY, `/careers/applications?domain=${DOMAIN}`, { on: CAREERS });
  await expect(inProgress(page).getByRole('article').first()).toBeVisible();
  const cards = applicationsPanel(page).getByRole('article');
  const before = await cards.allInnerTexts();
  const bellBefore = await bell(page).getAttribute('aria-label');

  const stranger = await browser.newContext({ baseURL: CAREERS, viewport: { width: 1280, height: 900 } });
  try {
    await apply(await stranger.newPage(), position.id, { first: 'Sam', last: 'Stranger', email: CASEY.email });
  } finally {
    await stranger.close();
  }

  await page.reload();
  await expect(inProgress(page).getByRole('article').first()).toBeVisible();
  expect(await cards.allInnerTexts()).toEqual(before);
  expect(await bell(page).getAttribute('aria-label')).toBe(bellBefore);

  // Signed in, she applies to that position (the form is offered, not "already applied") over the stranger's.
  await apply(page, position.id);
  await expect(page.getByRole('link', { name: 'See your applications' })).toBeVisible();

  // Her settings offer the email change; a wrong password is said on its field (nothing is mailed).
  await page.goto(`/careers/settings?domain=${DOMAIN}`);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('textbox', { name: 'New email' })).toBeFocused();
  await page.getByRole('textbox', { name: 'New email' }).fill('casey.new@example.org');
  await page.getByLabel('Current password').fill('not her password at all');
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeFocused();
  await expectNoAxeViolations(page, ['[data-careers-widget="dashboard"]', '.cw-settings']);
});

test('in French: an account made in the dialog, its password reset by the mailed link, a sign-in with a mailed code', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('fr');
  const modal = `/careers?show_login_modal=1&domain=${DOMAIN}&hl=fr-CA`;
  /** The sign-in dialog, where the accessibility checks look (the careers page under it is not new). */
  const IN_DIALOG: [string, string] = ['[data-careers-widget="careers-login"]', '[role="dialog"]'];
  /** The dialog's screen titled `title` (its name), whose title took focus. */
  const screen = async (title: string) => {
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focused(dialog.getByRole('heading', { name: title }))).toBe(true);
    return dialog;
  };

  // Sign-up in the dialog, with a screenshot at 1280 and at 390 px, the first field focused by keyboard.
  await page.goto(modal);
  await page
    .getByRole('dialog', { name: 'Connectez-vous pour continuer' })
    .getByRole('button', { name: 'Créer un compte' })
    .click();
  let dialog = await screen('Créer votre compte');
  await expectNoAxeViolations(page, IN_DIALOG);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Prénom' })).toBeFocused();
  await page.screenshot({ path: path.join(SHOTS, 'signup-dialog-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'signup-dialog-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill('Élodie');
  await dialog.getByRole('textbox', { name: 'Nom de famille' }).fill('Tremblay');
  await dialog.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill('érable rouge sous la neige');
  await dialog.getByRole('checkbox', { name: /^J’accepte que/ }).check();
  await dialog.getByRole('button', { name: 'Créer un compte' }).click();
  dialog = await screen('Vérifiez vos courriels');
  await expect(dialog).toContainText(`Nous avons envoyé un lien à ${email}.`);

  // The mail opens in a tab of its own, where its links then open.
  const inbox = await context.newPage();
  /** Signs out with the navbar's link, on the page the mailed link signed in. */
  const signOut = async () => {
    await inbox.getByRole('link', { name: 'Se déconnecter' }).click();
    await expect(inbox.getByRole('link', { name: 'Se déconnecter' })).toHaveCount(0);
  };
  const verifyMail = await openMail(inbox, email, 'Confirmez votre courriel pour le site Carrières – Acme Robotics');
  await verifyMail.getByRole('link', { name: /\/careers\/account\/verify\?/ }).click();
  await expect(inbox.getByRole('heading', { level: 1, name: 'Confirmez votre courriel' })).toBeVisible();
  await expectNoAxeViolations(inbox);
  await inbox.getByRole('button', { name: 'Confirmer et me connecter' }).click();
  await onboard(inbox, ONBOARDING.fr, 'Élodie');

  // Signed in by the link; signed out again, the password is forgotten.
  await signOut();
  await page.bringToFront();
  await page.goto(modal);
  await page.getByRole('button', { name: 'Mot de passe oublié?' }).click();
  dialog = await screen('Réinitialiser votre mot de passe');
  await expectNoAxeViolations(page, IN_DIALOG);
  await dialog.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await dialog.getByRole('button', { name: 'M’envoyer un lien' }).click();
  dialog = await screen('Vérifiez vos courriels');
  await expect(dialog).toContainText(`Si un compte utilise ${email}, nous y avons envoyé un lien`);

  const resetMail = await openMail(
    inbox,
    email,
    'Choisissez un nouveau mot de passe pour le site Carrières – Acme Robotics',
  );
  await resetMail.getByRole('link', { name: /\/careers\/account\/reset\?/ }).click();
  await expect(inbox.getByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
  await expect(inbox.getByText(`Pour le compte ${email}.`)).toBeVisible();
  await expectNoAxeViolations(inbox);
  await inbox.getByLabel('Mot de passe', { exact: true }).fill('un tout nouveau mot de passe');
  await inbox.getByRole('button', { name: 'Enregistrer et me connecter' }).click();

  // Signed in by the link; signed out, then in again with a code from the mail.
  await signOut();
  await page.bringToFront();
  await page.goto(modal);
  await page.getByRole('button', { name: 'M’envoyer un code par courriel' }).click();
  dialog = await screen('Se connecter avec un code');
  await expectNoAxeViolations(page, IN_DIALOG);
  await dialog.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await dialog.getByRole('button', { name: 'M’envoyer un code par courriel' }).click();
  const code = dialog.getByRole('textbox', { name: 'Code' });
  await expect.poll(() => focused(code)).toBe(true);
  await expect(dialog).toContainText(`Nous avons envoyé un code à 6 chiffres à ${email}.`);
  await expectNoAxeViolations(page, IN_DIALOG);

  const codeMail = await openMail(inbox, email, 'Votre code de connexion Acme Robotics');
  const digits = /\b(\d{6})\b/.exec((await codeMail.textContent()) ?? '')?.[1];
  expect(digits).toBeDefined();
  await page.bringToFront();
  await code.fill(digits!);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('link', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the server’s own pages: create an account, forgotten password, sign in with a code', async ({
  page,
  context,
}) => {
  await page.goto(`/careers/login?domain=${DOMAIN}`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^I agree that Acme Robotics/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(OLIVE.email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expectNoAxeViolations(page);

  const inbox = await context.newPage();
  const mail = await openMail(inbox, OLIVE.email, 'Your Acme Robotics sign-in code');
  const digits = /\b(\d{6})\b/.exec((await mail.textContent()) ?? '')?.[1];
  expect(digits).toBeDefined();
  await page.bringToFront();
  await page.getByRole('textbox', { name: 'Code' }).fill(digits!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
});

test('a signed-out visitor asks for job alerts by email on the search page: only a confirmation is sent', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('alert');
  await page.goto(`/careers/search?domain=${DOMAIN}&query=robotics`);
  const open = page.getByRole('button', { name: 'Get job alerts by email' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Get job alerts by email' });
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Agree to receive job alerts to continue.')).toBeVisible();
  await expectNoAxeViolations(page, ['[data-careers-widget="search"]', '[role="dialog"]']);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('checkbox', { name: 'I agree to receive job alerts by email.' }).check();
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    dialog.getByText(`Check your email: we sent a link to ${email} to confirm your job alert.`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(open).toBeFocused();

  const inbox = await context.newPage();
  const mail = await openMail(inbox, email, 'Confirm your job alert from Acme Robotics');
  await mail.getByRole('link').first().click();
  await inbox.getByRole('button', { name: 'Confirm job alert' }).click();
  await expect(inbox.getByRole('heading', { level: 1, name: 'Your job alert is on' })).toBeVisible();
  await expectNoAxeViolations(inbox);
});
