import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_DATA_DIR } from '../../playwright.config';

export const DOMAIN = 'acme.example';
export const CASEY = { email: 'candidate@example.com', password: 'careers-demo' };
export const OLIVE = { email: 'other@example.com', password: 'careers-demo' };

const repo = path.resolve(__dirname, '../..');

/** Signs in through the real login page and lands on `next`. */
export async function login(page: Page, who: { email: string; password: string }, next = '/careers') {
  await page.goto(`/careers/login?domain=${DOMAIN}&next=${encodeURIComponent(next)}`);
  await page.getByLabel(/email/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname + url.search === next),
    page.getByRole('button', { name: /sign in/i }).click(),
  ]);
}

/** Creates a notification with the operator command, against the database the test server uses. */
export function createNotification(args: {
  email: string;
  type: 'read_only' | 'action_required';
  category: string;
  message: string;
  redirect?: string;
}): void {
  const argv = ['tsx', 'server/src/cli/notify.ts', '--email', args.email, '--domain', DOMAIN, '--type', args.type];
  argv.push('--category', args.category, '--message', args.message);
  if (args.redirect) argv.push('--redirect', args.redirect);
  execFileSync('npx', argv, { cwd: repo, env: { ...process.env, DATA_DIR: E2E_DATA_DIR }, stdio: 'pipe' });
}

export function bell(page: Page) {
  return page.getByRole('button', { name: /^notifications/i });
}

/**
 * axe-core over the whole page (shadow roots included), or only over `within` (a selector path into shadow roots,
 * e.g. `['[data-careers-widget="catalogue"]', '.cw-catalogue-forms']`); fails with the list of violations.
 */
export async function expectNoAxeViolations(page: Page, within?: [string, string, ...string[]]) {
  const builder = new AxeBuilder({ page });
  if (within) builder.include({ fromShadowDom: within });
  const results = await builder.analyze();
  // A path that reached nothing would check nothing.
  if (within) expect(results.passes.length, `axe checked ${within.join(' > ')}`).toBeGreaterThan(0);
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
