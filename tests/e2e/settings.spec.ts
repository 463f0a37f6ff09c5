import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import { E2E_DATA_DIR } from '../../playwright.config';
import { hashPassword } from '../../server/src/auth/password';
import { createCandidateRepository } from '../../server/src/candidates/repository';
import { createSqliteDatabase } from '../../server/src/db/connection';
import type { Database } from '../../server/src/db/types';
import { readResumeText } from '../../server/src/profile/resume-text';
import { DOMAIN, expectNoAxeViolations, login } from './support';

/**
 * Settings and the exported resume (`/careers/settings`, `/careers/export-resume`, dashboard widget) for an account
 * made for this spec (deleting Casey or Olive would break the other specs): the PDF resume downloaded and its text
 * read back with pdf.js, the data download, the language switch to French, and deleting the account (signed out,
 * sent to /careers, signing in again refused); axe on every screen.
 */

const LEAVER = { email: 'leaving@example.com', password: 'careers-demo-leaver' };
let db: Kysely<Database>;

test.beforeAll(async () => {
  db = createSqliteDatabase(path.join(E2E_DATA_DIR, 'careers.sqlite'));
  const now = new Date();
  const candidate = await createCandidateRepository(db).create(
    {
      domain: DOMAIN,
      email: LEAVER.email,
      passwordHash: await hashPassword(LEAVER.password),
      firstName: 'Renée',
      lastName: 'Lévesque',
      location: 'Québec, QC',
      tosAttestedAt: now.toISOString(),
      isOnboarded: true,
      isBootstrapped: true,
    },
    now,
  );
  await db
    .insertInto('candidate_profiles')
    .values({
      candidate_id: candidate.id,
      headline: 'Product designer',
      phone: '+1 418 555 0199',
      summary: 'Designs calm, accessible services for public agencies.',
      avatar_path: null,
      avatar_file_id: null,
      experience_json: JSON.stringify([
        { title: 'Lead designer', company: 'Northwind', startDate: '2020-02', endDate: null },
        { title: 'Designer', company: 'Contoso', startDate: '2016-09', endDate: '2020-01' },
      ]),
      education_json: JSON.stringify([{ school: 'Université Laval', degree: 'BDes' }]),
      languages_json: JSON.stringify([{ language: 'French', proficiency: 'native' }]),
      links_json: JSON.stringify([{ label: 'Portfolio', url: 'https://example.com/renee' }]),
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto('candidate_skills')
    .values({ candidate_id: candidate.id, skill: 'Figma', skill_key: 'figma' })
    .execute();
});

test.afterAll(async () => {
  await db?.destroy();
});

/** The downloaded file's bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(saved) };
}

test('exports the profile as a PDF resume whose text is the profile in order', async ({ page }) => {
  await login(page, LEAVER, `/careers/export-resume?domain=${DOMAIN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Export your resume' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Renée Lévesque' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'What your resume holds' }).getByRole('listitem')).toHaveText([
    'Summary 1 entry',
    'Experience 2 entries',
    'Education 1 entry',
    'Skills 1 entry',
    'Languages 1 entry',
    'Links 1 entry',
  ]);
  await expectNoAxeViolations(page);

  const pdf = await download(page, () => page.getByRole('link', { name: 'Download PDF' }).click());
  // Named as written (`filename*`), with an ASCII name beside it for browsers that read only that.
  expect(pdf.name).toBe('Resume-Renée-Lévesque.pdf');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = ((await readResumeText('pdf', pdf.bytes)) ?? '').replace(/\s+/g, ' ');
  const order = [
    'Renée Lévesque',
    'Product designer',
    'leaving@example.com',
    '+1 418 555 0199',
    'SUMMARY',
    'Designs calm, accessible services',
    'EXPERIENCE',
    'Lead designer — Northwind',
    'Designer — Contoso',
    'EDUCATION',
    'Université Laval',
    'SKILLS',
    'Figma',
    'LANGUAGES',
    'French — Native',
    'LINKS',
    'Portfolio: https://example.com/renee',
  ];
  let at = -1;
  for (const part of order) {
    const found = text.indexOf(part, at + 1);
    expect(found, `"${part}" after position ${at} in: ${text}`).toBeGreaterThan(at);
    at = found;
  }

  // In French: the page and the PDF's headings.
  await page.goto(`/careers/export-resume?domain=${DOMAIN}&hl=fr-CA`);
  await expect(page.getByRole('heading', { level: 1, name: 'Exporter votre CV' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Renée Lévesque' })).toBeVisible();
  await expectNoAxeViolations(page);
  const french = await download(page, () => page.getByRole('link', { name: 'Télécharger le PDF' }).click());
  expect(french.name).toBe('CV-Renée-Lévesque.pdf');
  const frenchText = ((await readResumeText('pdf', french.bytes)) ?? '').replace(/\s+/g, ' ');
  expect(frenchText).toContain('EXPÉRIENCE');
  expect(frenchText).toContain('French — Langue maternelle');
});

test('settings: alerts, the data download, French, then deleting the account', async ({ page }) => {
  await login(page, LEAVER, `/careers/settings?domain=${DOMAIN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const alerts = page.getByRole('checkbox', { name: 'Saved-search alerts' });
  await expect(alerts).toBeChecked();
  await expectNoAxeViolations(page);
  await alerts.uncheck();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(alerts).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Saved-search alerts' })).not.toBeChecked();

  // Everything held about the account, as JSON.
  const data = await download(page, () => page.getByRole('link', { name: 'Download my data' }).click());
  expect(data.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(data.bytes.toString('utf8')) as { tables: Record<string, Array<Record<string, unknown>>> };
  expect(json.tables.candidates).toEqual([
    expect.objectContaining({ email: LEAVER.email, first_name: 'Renée', saved_search_alerts: 0 }),
  ]);
  expect(json.tables.candidate_profiles![0]).toMatchObject({ headline: 'Product designer' });
  expect(json.tables.candidate_skills).toEqual([expect.objectContaining({ skill: 'Figma' })]);
  expect(data.bytes.toString('utf8')).not.toContain('password_hash');
  expect(data.bytes.toString('utf8')).not.toContain('csrf_token');

  // French: the page switches (its toast too) and keeps it in its address.
  await page.getByRole('combobox', { name: 'Language of the site and of your notifications' }).selectOption('fr-CA');
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  // The toast in the language chosen.
  await expect(page.getByText('Paramètres enregistrés')).toBeVisible();
  await expect(page).toHaveURL(/hl=fr-CA/);
  await expectNoAxeViolations(page);

  // Deleting: the confirmation wants the account's email.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoAxeViolations(page);
  const confirm = dialog.getByRole('textbox', { name: 'Votre courriel' });
  await confirm.fill('someone@example.com');
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByText('Saisissez le courriel de votre compte pour confirmer.')).toBeVisible();
  await confirm.fill(LEAVER.email);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/careers'),
    dialog.getByRole('button', { name: 'Supprimer mon compte' }).click(),
  ]);

  // Signed out: the settings page asks to sign in, the API answers 401, and the password no longer works.
  expect((await page.request.get(`/api/pcsx/settings?domain=${DOMAIN}`)).status()).toBe(401);
  await page.goto(`/careers/login?domain=${DOMAIN}`);
  await page.getByLabel(/email/i).fill(LEAVER.email);
  await page.getByLabel(/password/i).fill(LEAVER.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  expect(await db.selectFrom('candidates').select('id').where('email', '=', LEAVER.email).execute()).toEqual([]);
});
