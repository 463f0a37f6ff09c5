import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { DOMAIN } from './support';

/**
 * Window messages (docs/product/shell.md#window-messages) on the real host page, in Chromium: the root config installs
 * one guard before the widgets start. A frame from another origin posts to the page: the page logs the refusal (the
 * origin, never the data) and a listener added on the window afterwards (bubbling or capturing) never hears it; a
 * message from the page's own origin (the page itself, a same-origin frame) reaches that listener. The cross-origin
 * frame is served by the test (page.route) at the e-sign server's origin, the one other origin the host page's CSP lets
 * it frame.
 */

const OWN_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** The e-sign server's origin (ESIGN_PORT defaults to the careers port + 1): framable, and not the page's. */
const OTHER_ORIGIN = `http://localhost:${E2E_PORT + 1}`;
const SECRET = 'probe-secret-4711';

/** A page that posts `{ type, secret }` to its parent as soon as it loads. */
const probePage = (type: string) =>
  `<!doctype html><html lang="en"><title>probe</title><body><script>
    window.parent.postMessage({ type: ${JSON.stringify(type)}, secret: ${JSON.stringify(SECRET)} }, '*');
  </script></body></html>`;

interface Heard {
  phase: 'bubble' | 'capture';
  origin: string;
  type: unknown;
}

/** Adds the test's own listeners on the window (after the page started) and frames `src`. */
async function listenThenFrame(page: Page, src: string | null) {
  await page.evaluate((frameSrc) => {
    const w = window as unknown as { __heard: Heard[] };
    w.__heard = [];
    const record = (phase: Heard['phase']) => (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      w.__heard.push({ phase, origin: event.origin, type: data && typeof data === 'object' ? data.type : data });
    };
    window.addEventListener('message', record('bubble'));
    window.addEventListener('message', record('capture'), { capture: true });
    if (frameSrc) {
      const frame = document.createElement('iframe');
      frame.title = 'Message probe';
      frame.src = frameSrc;
      document.body.appendChild(frame);
    }
  }, src);
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);

async function openHostPage(page: Page): Promise<string[]> {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route(`${OTHER_ORIGIN}/e2e/message-probe`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: probePage('cross-origin-probe') }),
  );
  await page.route(`${OWN_ORIGIN}/e2e/message-probe`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: probePage('same-origin-probe') }),
  );
  await page.goto(`/careers?domain=${DOMAIN}`);
  // The search widget is up: the root config (and so the guard) started before it.
  await expect(page.getByRole('combobox', { name: 'Search', exact: true })).toBeVisible();
  return warnings;
}

test('a frame from another origin is logged and refused; the page’s own messages go through', async ({ page }) => {
  const warnings = await openHostPage(page);
  await listenThenFrame(page, `${OTHER_ORIGIN}/e2e/message-probe`);

  // The frame loaded and posted: the page logged the refusal, with the frame's origin and not its data.
  await expect
    .poll(() => warnings.filter((w) => w.includes(`Refused a window message from ${OTHER_ORIGIN}`)))
    .toHaveLength(1);
  expect(warnings.join('\n')).not.toContain(SECRET);
  expect(warnings.join('\n')).not.toContain('cross-origin-probe');

  // A message from the page itself reaches both of the test's listeners; the frame's never reached either.
  await page.evaluate(() => window.postMessage({ type: 'same-page' }, window.location.origin));
  await expect.poll(() => heard(page)).toContainEqual({ phase: 'bubble', origin: OWN_ORIGIN, type: 'same-page' });
  const all = await heard(page);
  expect(all).toContainEqual({ phase: 'capture', origin: OWN_ORIGIN, type: 'same-page' });
  expect(all.filter((h) => h.origin === OTHER_ORIGIN || h.type === 'cross-origin-probe')).toEqual([]);
});

test('a frame from the page’s own origin reaches the page’s listeners, unlogged', async ({ page }) => {
  const warnings = await openHostPage(page);
  await listenThenFrame(page, `${OWN_ORIGIN}/e2e/message-probe`);
  await expect
    .poll(() => heard(page))
    .toContainEqual({ phase: 'bubble', origin: OWN_ORIGIN, type: 'same-origin-probe' });
  expect(await heard(page)).toContainEqual({ phase: 'capture', origin: OWN_ORIGIN, type: 'same-origin-probe' });
  expect(warnings.filter((w) => w.includes('Refused a window message'))).toEqual([]);
});
