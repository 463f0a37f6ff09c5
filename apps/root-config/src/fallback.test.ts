import { initI18n } from '@careers/shared';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { showStartFailure, unavailableWidget } from './fallback';
import { manifestWidget } from './test/fixtures';

const UNAVAILABLE = 'This section is unavailable right now. Please try again later.';

const widget = manifestWidget({ slot: 'careers-offers-slot' });

const props = { name: 'offers', singleSpa: {}, mountParcel: jest.fn() } as unknown as AppProps;

/** Runs a single-spa lifecycle (single-spa allows a function or a list of them). */
async function run<P>(fn: LifeCycleFn<P> | Array<LifeCycleFn<P>>, props: P & AppProps): Promise<void> {
  for (const f of Array.isArray(fn) ? fn : [fn]) await f(props);
}

function addSlot(): HTMLElement {
  const slot = document.createElement('div');
  slot.id = widget.slot;
  document.body.appendChild(slot);
  return slot;
}

function hostIn(slot: HTMLElement): HTMLElement | null {
  return slot.querySelector<HTMLElement>('[data-careers-widget="offers"]');
}

beforeAll(async () => {
  await initI18n();
});

let mounted: Array<ReturnType<typeof unavailableWidget>> = [];

function create() {
  const lifecycles = unavailableWidget(widget);
  mounted.push(lifecycles);
  return lifecycles;
}

afterEach(async () => {
  for (const lifecycles of mounted) await run(lifecycles.unmount, props);
  mounted = [];
  document.body.innerHTML = '';
  jest.useRealTimers();
});

it('mounts a status notice into the slot, inside a shadow root', async () => {
  const slot = addSlot();
  const lifecycles = create();
  await run(lifecycles.bootstrap, props);
  await run(lifecycles.mount, props);

  const host = hostIn(slot);
  expect(host).not.toBeNull();
  // Nothing leaks into the page's light DOM: the notice lives in the shadow root.
  expect(slot.querySelector('[role="status"]')).toBeNull();
  const notice = host!.shadowRoot!.querySelector('[role="status"]');
  expect(notice).not.toBeNull();
  expect(notice!.textContent).toBe(UNAVAILABLE);
});

it('removes the notice on unmount', async () => {
  const slot = addSlot();
  const lifecycles = create();
  await run(lifecycles.mount, props);
  expect(hostIn(slot)).not.toBeNull();

  await run(lifecycles.unmount, props);
  expect(hostIn(slot)).toBeNull();
  expect(slot.childElementCount).toBe(0);
});

it('places the notice when the slot appears after the mount', async () => {
  jest.useFakeTimers();
  const lifecycles = create();
  await run(lifecycles.mount, props);
  expect(document.querySelector('[data-careers-widget="offers"]')).toBeNull();

  const slot = addSlot();
  jest.advanceTimersByTime(300);
  expect(hostIn(slot)?.shadowRoot?.querySelector('[role="status"]')?.textContent).toBe(UNAVAILABLE);
});

it('stops following the slot after unmount', async () => {
  const slot = addSlot();
  const lifecycles = create();
  await run(lifecycles.mount, props);
  await run(lifecycles.unmount, props);

  slot.remove();
  const again = addSlot();
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  expect(hostIn(again)).toBeNull();
});

it('can be mounted again after an unmount', async () => {
  const slot = addSlot();
  const lifecycles = create();
  await run(lifecycles.mount, props);
  await run(lifecycles.unmount, props);
  await run(lifecycles.mount, props);
  expect(slot.querySelectorAll('[data-careers-widget="offers"]')).toHaveLength(1);
  await run(lifecycles.unmount, props);
  expect(slot.childElementCount).toBe(0);
});

describe('a start that failed', () => {
  it('puts the notice in every widget slot the page has, and says why in the console', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const id of ['careers-main', 'candidate-notification-trigger', 'not-a-slot']) {
      const el = document.createElement('div');
      el.id = id;
      document.body.appendChild(el);
    }
    showStartFailure(new Error('The careers server did not answer'));
    const noticeIn = (id: string) =>
      document.getElementById(id)?.querySelector('[data-careers-widget]')?.shadowRoot?.querySelector('[role="status"]')
        ?.textContent;
    expect(noticeIn('careers-main')).toBe(UNAVAILABLE);
    expect(noticeIn('candidate-notification-trigger')).toBe(UNAVAILABLE);
    expect(document.getElementById('not-a-slot')?.childElementCount).toBe(0);
    expect(consoleError.mock.calls[0]?.slice(0, 2)).toEqual([
      '[careers] the careers widgets could not start:',
      'The careers server did not answer',
    ]);
    consoleError.mockRestore();
    document.body.innerHTML = '';
  });
});
