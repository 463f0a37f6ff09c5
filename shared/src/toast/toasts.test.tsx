import fs from 'node:fs';
import path from 'node:path';
import { act, waitFor } from '@testing-library/react';
import { request } from '../http/http';
import { i18n, initI18n } from '../i18n/i18n';
import { store } from '../store/store';
import { booted } from '../store/sessionSlice';
import { baseBootData, fail, installFakeServer, type FakeServer } from '../testing';
import { setGlobal } from '../testing/fakeWeb';
import { ensureToastHost } from './toasts';

/** The toasts' shadow root (the page's one toast container, mounted on the first toast). */
function toastRoot(): ShadowRoot | null {
  return document.querySelector<HTMLElement>('[data-careers-widget="toasts"]')?.shadowRoot ?? null;
}

/** The texts of the alerts on screen (react-toastify gives each toast's body role="alert"). */
function alertTexts(): string[] {
  return [...(toastRoot()?.querySelectorAll('[role="alert"]') ?? [])].map((node) => node.textContent ?? '');
}

/** Makes every call fail; a failed call's rejection is expected (the caller catches it). */
async function failingCalls(calls: Array<Parameters<typeof request>[1] & { path: string }>): Promise<void> {
  await Promise.all(calls.map(({ path, ...options }) => request(path, options).catch(() => undefined)));
}

let server: FakeServer;

beforeAll(async () => {
  await initI18n('en');
  store.dispatch(booted(baseBootData()));
  ensureToastHost();
  // Several widgets on the page each make sure of the toast host: still one listener.
  ensureToastHost();
});

beforeEach(async () => {
  server = installFakeServer();
  window.history.replaceState(null, '', '/careers/profile?domain=acme.example');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

afterEach(async () => {
  setGlobal('fetch', undefined);
  // Close every toast, so the next test starts with none on screen.
  const { toast } = await import('react-toastify/unstyled');
  act(() => toast.dismiss());
  await waitFor(() => expect(alertTexts()).toEqual([]));
});

it('a toast is not a Tab stop of its own and its icon is decorative; its close button stays reachable', async () => {
  const { show } = await import('./toastHost');
  act(() => show('success', 'Saved'));
  await waitFor(() => expect(alertTexts()).toEqual(['Saved']));
  const toastNode = toastRoot()!.querySelector('.Toastify__toast')!;
  await waitFor(() => expect(toastNode).toHaveAttribute('tabindex', '-1'));
  for (const svg of toastNode.querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(toastNode.querySelector('button')).not.toHaveAttribute('tabindex');
});

it('shows "Session timed out." once, with a sign-in link back to this page, even for silent calls', async () => {
  const ended = { status: 401, headers: { 'x-login': '1' }, body: { message: 'Login required.' } };
  server.on('POST', '/api/pcsx/profile_edit', ended);
  server.on('GET', '/api/pcsx/notification_badge', ended);
  // Two widgets' calls fail for the same cause at the same moment.
  await failingCalls([
    { path: '/api/pcsx/profile_edit', method: 'POST', body: {}, silent: true },
    { path: '/api/pcsx/notification_badge', silent: true },
  ]);

  await waitFor(() => expect(alertTexts()).toEqual(['Session timed out. Sign in']));
  const link = toastRoot()!.querySelector<HTMLAnchorElement>('[role="alert"] a')!;
  expect(link.textContent).toBe('Sign in');
  expect(link.getAttribute('href')).toBe(
    `/careers/login?domain=acme.example&next=${encodeURIComponent('/careers/profile?domain=acme.example')}`,
  );
});

it.each([
  ['a 403 invalid CSRF on a POST', 'POST', fail(403, 'Invalid CSRF token.', { code: 'invalid_csrf' }), 'Invalid CSRF.'],
  ['a 429 on a GET', 'GET', fail(429, 'Too many requests'), 'Please try again in a few minutes'],
  ['a 500 on a GET', 'GET', fail(500), 'Server error. Please try again.'],
] as const)('shows %s once per failure, silent or not', async (_name, method, answer, text) => {
  server.on(method, '/api/pcsx/thing', answer);
  await failingCalls([
    { path: '/api/pcsx/thing', method, silent: true },
    { path: '/api/pcsx/thing', method },
  ]);
  await waitFor(() => expect(alertTexts()).toEqual([text]));
});

it('says nothing for a 500 on a POST nor for another refusal (the caller tells)', async () => {
  server.on('POST', '/api/pcsx/thing', fail(500));
  server.on('POST', '/api/pcsx/other', fail(403, 'No', { code: 'forbidden_domain' }));
  await failingCalls([
    { path: '/api/pcsx/thing', method: 'POST' },
    { path: '/api/pcsx/other', method: 'POST' },
  ]);
  // Then a failure that does show: only it is on screen.
  server.on('GET', '/api/pcsx/third', fail(503));
  await failingCalls([{ path: '/api/pcsx/third' }]);
  await waitFor(() => expect(alertTexts()).toEqual(['Server error. Please try again.']));
});

// Issue 22: "Copied to Clipboard" at the top covered the heading of the sign-in dialog opened just after it.
it('moves toasts to the bottom while a modal dialog has focus, and back to the top right after', async () => {
  server.on('GET', '/api/pcsx/profile_details', { status: 503, body: { message: 'Down' } });
  await failingCalls([{ path: '/api/pcsx/profile_details' }]);
  await waitFor(() => expect(alertTexts()).toHaveLength(1));
  const host = document.querySelector<HTMLElement>('[data-careers-widget="toasts"]')!;
  expect(toastRoot()!.querySelector('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
  expect(host).not.toHaveAttribute('data-dialog-open');

  // A widget's dialog, in the widget's own shadow root (as the sign-in dialog is), takes focus.
  const widget = document.createElement('div');
  document.body.appendChild(widget);
  const root = widget.attachShadow({ mode: 'open' });
  root.innerHTML =
    '<div role="dialog" aria-modal="true" aria-labelledby="t"><h2 id="t">Sign in</h2><button>Close</button></div>';
  act(() => root.querySelector('button')!.focus());
  await waitFor(() => expect(host).toHaveAttribute('data-dialog-open'));
  // The toast on screen is still announced; its sheet puts it at the bottom while the host is so marked.
  expect(alertTexts()).toHaveLength(1);
  // (Jest replaces style sheets with empty ones: the rule is read from the sheet itself.)
  const sheet = fs.readFileSync(path.join(__dirname, 'toasts.css'), 'utf8');
  expect(sheet.replace(/\s+/g, ' ')).toContain(
    ':host([data-dialog-open]) .Toastify__toast-container--top-right { top: auto; bottom: var(--toastify-toast-bottom); }',
  );

  // Pressing the toast's close button focuses it: the toasts stay where they are (moving them between press and
  // release took the button from under the pointer, and the click was lost).
  act(() => toastRoot()!.querySelector<HTMLButtonElement>('.Toastify__close-button')!.focus());
  expect(host).toHaveAttribute('data-dialog-open');
  act(() => root.querySelector('button')!.focus());
  // A press that makes focus leave the dialog (it closes, focus goes back to the page): no move until the release.
  const outside = document.createElement('button');
  document.body.appendChild(outside);
  act(() => {
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    outside.focus();
  });
  expect(host).toHaveAttribute('data-dialog-open');
  act(() => {
    document.dispatchEvent(new Event('pointerup', { bubbles: true }));
  });
  await waitFor(() => expect(host).not.toHaveAttribute('data-dialog-open'));
  outside.remove();
  act(() => root.querySelector('button')!.focus());
  await waitFor(() => expect(host).toHaveAttribute('data-dialog-open'));

  // The dialog closes with focus in it: the toasts go back to the top right.
  act(() => widget.remove());
  await waitFor(() => expect(host).not.toHaveAttribute('data-dialog-open'), { timeout: 3000 });
});

it('speaks the page language (fr-CA)', async () => {
  await act(() => i18n.changeLanguage('fr-CA'));
  server.on('GET', '/api/pcsx/thing', { status: 401, headers: { 'x-login': '1' }, body: {} });
  await failingCalls([{ path: '/api/pcsx/thing', silent: true }]);
  await waitFor(() => expect(alertTexts()).toEqual(['Votre session a expiré. Se connecter']));
  // Its close button is named in French too.
  const close = toastRoot()!.querySelector('.Toastify__toast button.Toastify__close-button');
  expect(close?.getAttribute('aria-label')).toBe('Fermer la notification');
});
