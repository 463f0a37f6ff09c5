import { useEffect, type ComponentType } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import type { AppProps, LifeCycleFn, LifeCycles } from 'single-spa';
import { waitFor } from '@testing-library/dom';
import { booted, selectGroupId } from '../store/sessionSlice';
import { store, useAppSelector } from '../store/store';
import type { BootData } from '../contract';
import { defineWidget, type WidgetCustomProps, type WidgetDefinition } from './defineWidget';
import { useShadowRoot } from './shadowRootContext';

const FAILED = 'This section could not be shown. The rest of the page still works.';

type Props = AppProps & WidgetCustomProps;

/** Runs a single-spa lifecycle (single-spa allows a function or a list of them). */
async function run<P>(fn: LifeCycleFn<P> | Array<LifeCycleFn<P>>, props: P & AppProps): Promise<void> {
  for (const f of Array.isArray(fn) ? fn : [fn]) await f(props);
}

let counter = 0;
let mounted: Array<{ lifecycles: LifeCycles<WidgetCustomProps>; props: Props }>;
let consoleError: jest.SpyInstance;

/** Defines a widget with a unique single-spa name (the library keys its roots by name). */
function widget(App: ComponentType, extra: Partial<WidgetDefinition> = {}) {
  counter += 1;
  const name = `test-widget-${counter}`;
  const lifecycles = defineWidget({ name, App, defaultSlot: 'default-slot', ...extra });
  const props = { name, singleSpa: {}, mountParcel: jest.fn() } as unknown as Props;
  return { name, lifecycles, props };
}

async function start(w: ReturnType<typeof widget>, custom: WidgetCustomProps = {}) {
  const props = { ...w.props, ...custom };
  await run(w.lifecycles.bootstrap, props);
  await run(w.lifecycles.mount, props);
  mounted.push({ lifecycles: w.lifecycles, props });
  return props;
}

function addSlot(id: string): HTMLElement {
  const slot = document.createElement('div');
  slot.id = id;
  document.body.appendChild(slot);
  return slot;
}

function hostOf(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-careers-widget="${name}"]`);
}

beforeEach(() => {
  mounted = [];
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  for (const { lifecycles, props } of mounted.splice(0)) await run(lifecycles.unmount, props).catch(() => undefined);
  for (const el of [...document.body.children]) {
    if (el.getAttribute('data-careers-widget') !== 'toasts') el.remove();
  }
  jest.restoreAllMocks();
});

function Hello() {
  return <p data-testid="hello">Hello from the widget</p>;
}

it('renders the App inside the open shadow root of a host placed into the slot', async () => {
  const slot = addSlot('default-slot');
  const w = widget(Hello);
  await start(w);

  const host = hostOf(w.name);
  expect(host).not.toBeNull();
  expect(host!.parentElement).toBe(slot);
  expect(host!.shadowRoot).not.toBeNull();
  // A widget around the page draws in a transition after its first commit (in slices, see InSlices).
  await waitFor(() =>
    expect(host!.shadowRoot!.querySelector('[data-testid="hello"]')?.textContent).toBe('Hello from the widget'),
  );
  // Inside the shadow root only: the page itself has no trace of the widget markup.
  expect(document.querySelector('[data-testid="hello"]')).toBeNull();
});

it('a page widget (the page slot) draws in its first commit; a widget around the page right after', async () => {
  addSlot('careers-main');
  addSlot('default-slot');
  const page = widget(Hello);
  await start(page, { slot: 'careers-main' });
  // Drawn when the mount resolves: the page's main content is not held back.
  expect(hostOf(page.name)!.shadowRoot!.querySelector('[data-testid="hello"]')).not.toBeNull();

  const around = widget(Hello);
  await start(around);
  const host = hostOf(around.name)!;
  await waitFor(() => expect(host.shadowRoot!.querySelector('[data-testid="hello"]')).not.toBeNull());
});

it('mounts into the slot named in the props, else the default slot', async () => {
  addSlot('default-slot');
  const custom = addSlot('from-manifest');
  const w = widget(Hello);
  await start(w, { slot: 'from-manifest' });
  expect(hostOf(w.name)!.parentElement).toBe(custom);
});

it('applies the widget style sheets and display inside the host', async () => {
  addSlot('default-slot');
  const w = widget(Hello, { styles: ['.hello { color: green; }'], display: 'block' });
  await start(w);
  const host = hostOf(w.name)!;
  expect(host.getAttribute('data-cw-display')).toBe('block');
  expect([...host.shadowRoot!.querySelectorAll('style')].map((s) => s.textContent)).toContain(
    '.hello { color: green; }',
  );
});

it('provides the shared store, i18n and the shadow root to the App', async () => {
  addSlot('default-slot');
  store.dispatch(booted({ groupId: 'acme.example' } as BootData));
  let seenRoot: ShadowRoot | null = null;
  function Probe() {
    const groupId = useAppSelector(selectGroupId);
    const { t } = useTranslation('common');
    seenRoot = useShadowRoot();
    return (
      <p data-testid="probe">
        {groupId} / {t('dialog.close')}
      </p>
    );
  }
  const w = widget(Probe);
  await start(w);
  const host = hostOf(w.name)!;
  await waitFor(() =>
    expect(host.shadowRoot!.querySelector('[data-testid="probe"]')?.textContent).toBe('acme.example / Close'),
  );
  expect(seenRoot).toBe(host.shadowRoot);
});

it('removes the host and unmounts the App on unmount', async () => {
  const slot = addSlot('default-slot');
  const cleanup = jest.fn();
  function WithEffect() {
    useEffect(() => cleanup, []);
    return <Hello />;
  }
  const w = widget(WithEffect);
  const props = await start(w);
  mounted = [];
  await waitFor(() => expect(hostOf(w.name)!.shadowRoot!.querySelector('[data-testid="hello"]')).not.toBeNull());

  await run(w.lifecycles.unmount, props);
  expect(hostOf(w.name)).toBeNull();
  expect(slot.childElementCount).toBe(0);
  expect(cleanup).toHaveBeenCalledTimes(1);
});

it('stops following the slot after unmount', async () => {
  const slot = addSlot('default-slot');
  const w = widget(Hello);
  const props = await start(w);
  mounted = [];
  await run(w.lifecycles.unmount, props);

  slot.remove();
  addSlot('default-slot');
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  expect(hostOf(w.name)).toBeNull();
});

it('mounts again after an unmount', async () => {
  const slot = addSlot('default-slot');
  const w = widget(Hello);
  const props = await start(w);
  await run(w.lifecycles.unmount, props);
  await run(w.lifecycles.mount, props);
  expect(slot.querySelectorAll(`[data-careers-widget="${w.name}"]`)).toHaveLength(1);
  await waitFor(() => expect(hostOf(w.name)!.shadowRoot!.querySelector('[data-testid="hello"]')).not.toBeNull());
});

it('runs prepare once, before the first mount', async () => {
  addSlot('default-slot');
  const order: string[] = [];
  const prepare = jest.fn(async () => {
    order.push('prepare');
  });
  function Logged() {
    order.push('render');
    return null;
  }
  const w = widget(Logged, { prepare });
  const props = await start(w);
  await run(w.lifecycles.unmount, props);
  await run(w.lifecycles.bootstrap, props);
  await run(w.lifecycles.mount, props);
  expect(prepare).toHaveBeenCalledTimes(1);
  expect(order[0]).toBe('prepare');
});

it('shows a fallback notice in the slot when the App throws, without failing the mount', async () => {
  const slot = addSlot('default-slot');
  const other = document.createElement('p');
  other.textContent = 'Rest of the page';
  document.body.appendChild(other);
  function Broken(): never {
    throw new Error('boom');
  }
  const w = widget(Broken);
  await expect(start(w)).resolves.toBeDefined();

  const host = hostOf(w.name)!;
  expect(host.parentElement).toBe(slot);
  await waitFor(() => {
    const notice = host.shadowRoot!.querySelector('[role="status"]');
    expect(notice?.textContent).toBe(FAILED);
  });
  expect(other.isConnected).toBe(true);
  expect(consoleError).toHaveBeenCalledWith(
    `[careers] widget "${w.name}" failed`,
    expect.objectContaining({ message: 'boom' }),
  );
});

it('still unmounts cleanly after the App has thrown', async () => {
  const slot = addSlot('default-slot');
  function Broken(): never {
    throw new Error('boom');
  }
  const w = widget(Broken);
  const props = await start(w);
  mounted = [];
  await waitFor(() => expect(hostOf(w.name)!.shadowRoot!.querySelector('[role="status"]')).not.toBeNull());
  await expect(run(w.lifecycles.unmount, props)).resolves.toBeUndefined();
  expect(slot.childElementCount).toBe(0);
});

it('a failing widget leaves another widget on the page working', async () => {
  addSlot('default-slot');
  function Broken(): never {
    throw new Error('boom');
  }
  const bad = widget(Broken);
  const good = widget(Hello);
  await start(bad);
  await start(good);
  await waitFor(() => expect(hostOf(bad.name)!.shadowRoot!.textContent).toBe(FAILED));
  expect(hostOf(good.name)!.shadowRoot!.querySelector('[data-testid="hello"]')).not.toBeNull();
});

describe('a page widget that throws shows the 500 screen', () => {
  function Broken(): never {
    throw new Error('page exploded');
  }

  function bootWith(user: BootData['user'], contactUrl?: string): void {
    store.dispatch(
      booted({
        groupId: 'acme.example',
        isLoggedIn: user !== null,
        user,
        profile: null,
        pcsxConfig: { branding: { companyName: 'Acme', ...(contactUrl ? { contactUrl } : {}) } },
        behaviourFlags: {},
        notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
        supportedLanguages: ['en'],
        language: 'en',
        manifestUrl: '/widgets/manifest.json',
      }),
    );
  }

  async function failOnPage() {
    addSlot('careers-main');
    const w = widget(Broken);
    await start(w, { slot: 'careers-main' });
    const root = hostOf(w.name)!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Internal Server Error'));
    return root;
  }

  it('with a go-back link and the contact link; no error details for a candidate', async () => {
    bootWith({ id: 'c1', email: 'casey@example.com' }, 'https://acme.example/contact');
    const root = await failOnPage();
    const links = Array.from(root.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Go back', '/careers'],
      ['Contact us', 'https://acme.example/contact'],
    ]);
    expect(root.textContent).not.toContain('page exploded');
    expect(root.querySelector('details')).toBeNull();
  });

  it("an unsafe contact address gives way to the employer's careers mailbox", async () => {
    bootWith(null, 'javascript:alert(1)');
    const root = await failOnPage();
    expect(root.querySelector('a[href^="mailto:"]')?.getAttribute('href')).toBe('mailto:careers@acme.example');
    expect(root.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('an administrator also sees the error and its stack', async () => {
    bootWith({ id: 'a1', email: 'admin@example.com', is_admin: true });
    const root = await failOnPage();
    const details = root.querySelector('details pre')?.textContent ?? '';
    expect(details).toContain('page exploded');
    expect(details).toContain('Broken');
  });
});
