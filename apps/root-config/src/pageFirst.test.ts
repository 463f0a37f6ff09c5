import type { LifeCycles } from 'single-spa';
import { createPageFirst, PAGE_FIRST_MAX_WAIT_MS, PAGE_SLOT, startsWithPage } from './pageFirst';

/** Lets queued promise callbacks run (works with fake timers too). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function isSettled(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.finally(() => {
    settled = true;
  });
  return () => settled;
}

function lifecycles(mount: LifeCycles['mount']): LifeCycles {
  return { bootstrap: async () => undefined, mount, unmount: async () => undefined };
}

const props = { name: 'dashboard', singleSpa: {}, mountParcel: () => undefined } as never;

afterEach(() => {
  jest.useRealTimers();
});

it('holds the widgets around the page until the page widget has mounted', async () => {
  const pageFirst = createPageFirst(true);
  const ready = isSettled(pageFirst.ready);
  let finishMount!: () => void;
  const tracked = pageFirst.track(
    lifecycles(
      () =>
        new Promise<void>((resolve) => {
          finishMount = resolve;
        }),
    ),
  );
  await settle();
  expect(ready()).toBe(false);

  const mounting = (tracked.mount as (p: unknown) => Promise<unknown>)(props);
  await settle();
  expect(ready()).toBe(false);
  finishMount();
  await mounting;
  await settle();
  expect(ready()).toBe(true);
});

it('runs every step of a mount given as a list, in order, with the props', async () => {
  const calls: string[] = [];
  const tracked = createPageFirst(true).track(
    lifecycles([
      async (p) => {
        calls.push(`one ${(p as { name: string }).name}`);
      },
      async () => {
        calls.push('two');
      },
    ]),
  );
  await (tracked.mount as (p: unknown) => Promise<unknown>)(props);
  expect(calls).toEqual(['one dashboard', 'two']);
  expect(tracked.bootstrap).toBeDefined();
});

it('lets them start when the page widget fails to mount (the failure still reaches single-spa)', async () => {
  const pageFirst = createPageFirst(true);
  const ready = isSettled(pageFirst.ready);
  const tracked = pageFirst.track(
    lifecycles(async () => {
      throw new Error('the dashboard broke');
    }),
  );
  await expect((tracked.mount as (p: unknown) => Promise<unknown>)(props)).rejects.toThrow('the dashboard broke');
  await settle();
  expect(ready()).toBe(true);
});

it('holds nothing on a page without a page widget', async () => {
  const pageFirst = createPageFirst(false);
  const ready = isSettled(pageFirst.ready);
  await settle();
  expect(ready()).toBe(true);
});

it('lets them start after the longest wait when the page widget never mounts', async () => {
  jest.useFakeTimers();
  const pageFirst = createPageFirst(true);
  const ready = isSettled(pageFirst.ready);
  jest.advanceTimersByTime(PAGE_FIRST_MAX_WAIT_MS - 1);
  await settle();
  expect(ready()).toBe(false);
  jest.advanceTimersByTime(1);
  await settle();
  expect(ready()).toBe(true);
});

describe('startsWithPage', () => {
  const none = { promo: null, hero: null };
  const promo = { promo: { html: '<p>Hiring event on Friday</p>', alertType: 'info' as const }, hero: null };
  const hero = { promo: null, hero: { imageUrl: '/host-demo/acme-hero.svg' } };

  it('starts the page widget at once, and the others after it', () => {
    expect(startsWithPage({ name: 'dashboard', slot: PAGE_SLOT }, none)).toBe(true);
    expect(startsWithPage({ name: 'notifications', slot: 'candidate-notification-trigger' }, promo)).toBe(false);
    expect(startsWithPage({ name: 'onboarding', slot: 'careers-gate' }, hero)).toBe(false);
  });

  it('starts the shell at once where it draws the promo banner or the hero image, after the page widget elsewhere', () => {
    const shell = { name: 'shell', slot: 'careers-navbar' };
    expect(startsWithPage(shell, promo)).toBe(true);
    expect(startsWithPage(shell, hero)).toBe(true);
    expect(startsWithPage(shell, none)).toBe(false);
  });
});
