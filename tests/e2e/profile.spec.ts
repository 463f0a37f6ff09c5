import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CASEY, DOMAIN, expectNoAxeViolations, login } from './support';

/**
 * The profile page (`/careers/profile`, dashboard widget): section editing through the forms toolkit's real
 * renderer (with a forced 422), the resume upload with a real PDF naming a skill, and match details on a position
 * changing after it; axe on each screen, French. The widget renders in a shadow root; role and label locators reach
 * into it.
 */

const profilePage = `/careers/profile?domain=${DOMAIN}`;
const SKILL = 'Kubernetes';

/** A one-page PDF resume with `lines` of text (pdf.js reads them back on the server). */
async function resumePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 300]);
  lines.forEach((line, row) => page.drawText(line, { x: 24, y: 260 - row * 20, size: 12, font }));
  return Buffer.from(await doc.save());
}

/** A demo position asking for `skill` that Casey's profile lacks (as the API tests pick one). */
async function positionMissing(page: Page, skill: string): Promise<number> {
  for (let id = 1; id <= 400; id += 1) {
    const res = await page.request.get(`/api/pcsx/match_details?position_id=${id}&domain=${DOMAIN}`);
    if (!res.ok()) continue;
    const { data } = (await res.json()) as { data: { missingSkills?: string[] } };
    if (data.missingSkills?.includes(skill)) return id;
  }
  throw new Error(`no demo position asks for ${skill}`);
}

/** The position page's list of the skills Casey has, and of those she lacks. */
const matchList = (page: Page, heading: RegExp) => page.getByRole('list', { name: heading });

async function openProfile(page: Page, next = profilePage) {
  await login(page, CASEY, next);
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Jordan' })).toBeVisible();
}

test('edits a section with the forms toolkit, and a 422 keeps the answers with its toast and its message on the field', async ({
  page,
}) => {
  await openProfile(page);
  await expect(page.getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute('aria-valuenow', '58');
  await expect(page.getByRole('heading', { name: 'Your profile is 58% complete' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit summary' });
  const summary = dialog.getByRole('textbox', { name: 'Summary' });
  await expect(summary).toBeVisible();
  await expectNoAxeViolations(page);
  await summary.fill('Robotics developer who ships reliable fleets.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Robotics developer who ships reliable fleets.')).toBeVisible();

  // Adding a link, then the server answering 422.
  await page.route('**/api/pcsx/profile_edit', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'op_data.value.url is not valid',
        field: 'op_data.value.url',
      }),
    }),
  );
  await page.getByRole('region', { name: 'Links' }).getByRole('button', { name: 'Add a link' }).click();
  const add = page.getByRole('dialog', { name: 'Add a link' });
  await add.getByRole('textbox', { name: 'Label' }).fill('Portfolio');
  await add.getByRole('textbox', { name: 'Address' }).fill('https://casey.example/portfolio');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid request received. Please try again')).toBeVisible();
  await expect(add).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Label' })).toHaveValue('Portfolio');
  const address = add.getByRole('textbox', { name: 'Address' });
  await expect(address).toHaveValue('https://casey.example/portfolio');
  // The server's message on the field it names (the path replaced by the question's label), which gets focus.
  await expect(add.getByText('Address is not valid')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/Address is not valid/);
  await expect(address).toBeFocused();
  await expectNoAxeViolations(page);
  // Gone after 3 s.
  await expect(page.getByText('Invalid request received. Please try again')).toBeHidden({ timeout: 6000 });

  await page.unroute('**/api/pcsx/profile_edit');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('link', { name: 'https://casey.example/portfolio' })).toBeVisible();

  // Screenshots to look at (attached to the test's results): the phone width and the desktop.
  for (const [name, width] of [
    ['profile-375.png', 375],
    ['profile-desktop.png', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    const path = test.info().outputPath(name);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(name, { path, contentType: 'image/png' });
  }
});

test('a PDF resume naming a skill changes the match details of a position that asks for it', async ({ page }) => {
  await openProfile(page);
  const positionId = await positionMissing(page, SKILL);
  const position = `/careers/job/${positionId}?domain=${DOMAIN}`;

  await page.goto(position);
  await expect(matchList(page, /^Missing from your profile/).getByText(SKILL, { exact: true })).toBeVisible();
  await expect(matchList(page, /^Skills? you have/).getByText(SKILL, { exact: true })).toHaveCount(0);

  await page.goto(profilePage);
  const resumes = page.getByRole('region', { name: 'Resumes' });
  await expect(resumes.getByText('No resume uploaded yet.')).toBeVisible();
  const pdf = await resumePdf(['Casey Jordan', 'Skills', `${SKILL}, ROS`]);

  // Cancel closes the confirmation, nothing is sent.
  let chooser = page.waitForEvent('filechooser');
  await resumes.getByRole('button', { name: 'Upload a resume' }).click();
  await (await chooser).setFiles({ name: 'casey-resume.pdf', mimeType: 'application/pdf', buffer: pdf });
  let confirm = page.getByRole('dialog', { name: 'Upload this resume?' });
  await expect(confirm).toContainText('casey-resume.pdf');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(resumes.getByText('No resume uploaded yet.')).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await resumes.getByRole('button', { name: 'Upload a resume' }).click();
  await (await chooser).setFiles({ name: 'casey-resume.pdf', mimeType: 'application/pdf', buffer: pdf });
  confirm = page.getByRole('dialog', { name: 'Upload this resume?' });
  await confirm.getByRole('button', { name: 'Upload' }).click();
  await expect(resumes.getByText(new RegExp(`^Skills added: .*${SKILL}`))).toBeVisible({ timeout: 20_000 });
  await expect(resumes.getByRole('link', { name: 'casey-resume.pdf' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Skills' }).getByText(SKILL, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A file that only claims to be a PDF is refused with a clear message.
  chooser = page.waitForEvent('filechooser');
  await resumes.getByRole('button', { name: 'Upload a resume' }).click();
  await (await chooser).setFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await page.getByRole('dialog', { name: 'Upload this resume?' }).getByRole('button', { name: 'Upload' }).click();
  await expect(resumes.getByRole('alert')).toHaveText(
    'This file is not a readable PDF or Word (.docx) document. Choose another one.',
  );

  await page.goto(position);
  await expect(matchList(page, /^Skills? you have/).getByText(SKILL, { exact: true })).toBeVisible();
  await expect(matchList(page, /^Missing from your profile/).getByText(SKILL, { exact: true })).toHaveCount(0);
});

test('with hl=fr-CA the profile speaks French, and passes axe', async ({ page }) => {
  await openProfile(page, `${profilePage}&hl=fr-CA`);
  // The tests before changed Casey's profile (same database): the figure is not 58 % any more.
  await expect(page.getByRole('heading', { name: /^Votre profil est complet à \d+ %$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Expérience' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Téléverser un CV' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Modifier le résumé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le résumé' });
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  await expectNoAxeViolations(page);
});
