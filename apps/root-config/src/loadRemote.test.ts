import type { ManifestWidget } from '@careers/shared/contract';
import { manifestWidget } from './test/fixtures';

type LoadRemote = typeof import('./loadRemote');

interface FakeContainer {
  init: jest.Mock<Promise<void>, [unknown]>;
  get: jest.Mock<Promise<() => unknown>, [string]>;
}

let loadRemoteModule: LoadRemote['loadRemoteModule'];
let joinShareScope: LoadRemote['joinShareScope'];
let REMOTE_LOAD_TIMEOUT_MS: number;
let initSharing: jest.Mock<Promise<void>, [string]>;
let shareScope: { react: object };

const offers = manifestWidget();

const globals = globalThis as unknown as Record<string, unknown>;

function defineGlobal(name: string, value: unknown) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

function remoteScripts(url?: string): HTMLScriptElement[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script[data-careers-remote]')].filter(
    (s) => url === undefined || s.dataset.careersRemote === url,
  );
}

/** Installs a container as the remote entry would, exposing `exposed` under any module name. */
function fakeContainer(scope: string, exposed: unknown = { mount: 'lifecycles' }): FakeContainer {
  const container: FakeContainer = {
    init: jest.fn<Promise<void>, [unknown]>(async () => undefined),
    get: jest.fn<Promise<() => unknown>, [string]>(async () => () => exposed),
  };
  defineGlobal(scope, container);
  return container;
}

function fire(script: HTMLScriptElement | undefined, type: 'load' | 'error') {
  if (!script) throw new Error('no remote script on the page');
  script.dispatchEvent(new Event(type));
}

/** Lets queued promise callbacks run (works with fake timers too). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

beforeEach(() => {
  jest.isolateModules(() => {
    ({ loadRemoteModule, joinShareScope, REMOTE_LOAD_TIMEOUT_MS } = require('./loadRemote') as LoadRemote);
  });
  shareScope = { react: {} };
  initSharing = jest.fn<Promise<void>, [string]>(async () => undefined);
  defineGlobal('__webpack_init_sharing__', initSharing);
  defineGlobal('__webpack_share_scopes__', { default: shareScope });
});

afterEach(() => {
  document.head.innerHTML = '';
  for (const name of ['__webpack_init_sharing__', '__webpack_share_scopes__', 'careers_offers', 'careers_other']) {
    Reflect.deleteProperty(globals, name);
  }
  jest.useRealTimers();
});

it('appends an async script for the remote entry and waits for it to load', async () => {
  const container = fakeContainer('careers_offers', { bootstrap: 'fn' });
  let settled = false;
  const loading = loadRemoteModule(offers).finally(() => {
    settled = true;
  });

  const [script, ...others] = remoteScripts();
  expect(others).toHaveLength(0);
  expect(script!.getAttribute('src')).toBe('/widgets/offers/remoteEntry.js');
  expect(script!.async).toBe(true);
  expect(script!.parentNode).toBe(document.head);

  await settle();
  expect(settled).toBe(false);
  expect(container.get).not.toHaveBeenCalled();

  fire(script, 'load');
  await expect(loading).resolves.toEqual({ bootstrap: 'fn' });
});

it('joins the page share scope, then returns the exposed module', async () => {
  const container = fakeContainer('careers_offers');
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'load');
  await loading;

  expect(initSharing).toHaveBeenCalledWith('default');
  expect(container.init).toHaveBeenCalledTimes(1);
  expect(container.init.mock.calls[0]![0]).toBe(shareScope);
  expect(initSharing.mock.invocationCallOrder[0]!).toBeLessThan(container.init.mock.invocationCallOrder[0]!);
  expect(container.get).toHaveBeenCalledWith('./widget');
});

it('joins the share scope without loading the exposed module; a later load initialises nothing again', async () => {
  const container = fakeContainer('careers_offers');
  const joining = joinShareScope(offers);
  fire(remoteScripts()[0], 'load');
  await joining;
  expect(container.init).toHaveBeenCalledWith(shareScope);
  expect(container.get).not.toHaveBeenCalled();

  await expect(loadRemoteModule(offers)).resolves.toEqual({ mount: 'lifecycles' });
  expect(container.init).toHaveBeenCalledTimes(1);
  expect(remoteScripts()).toHaveLength(1);
});

it('a load started while the container initialises waits for that init before asking for the module', async () => {
  const container = fakeContainer('careers_offers');
  let initDone!: () => void;
  container.init.mockImplementation(
    () =>
      new Promise<void>((resolve) => {
        initDone = resolve;
      }),
  );
  const joining = joinShareScope(offers);
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'load');
  await settle();
  expect(container.init).toHaveBeenCalledTimes(1);
  expect(container.get).not.toHaveBeenCalled();
  initDone();
  await joining;
  await expect(loading).resolves.toEqual({ mount: 'lifecycles' });
  expect(container.init).toHaveBeenCalledTimes(1);
});

it('rejects with "Loading chunk failed" when the script fails, and removes it', async () => {
  fakeContainer('careers_offers');
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'error');
  await expect(loading).rejects.toThrow(/^Loading chunk failed/);
  await expect(loading).rejects.toThrow('/widgets/offers/remoteEntry.js');
  expect(remoteScripts()).toHaveLength(0);
});

it('tries the script again on the next load after a failure', async () => {
  const container = fakeContainer('careers_offers');
  const first = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'error');
  await expect(first).rejects.toThrow('Loading chunk failed');

  const second = loadRemoteModule(offers);
  expect(remoteScripts()).toHaveLength(1);
  fire(remoteScripts()[0], 'load');
  await expect(second).resolves.toEqual({ mount: 'lifecycles' });
  expect(container.init).toHaveBeenCalledTimes(1);
});

it('rejects with "Loading chunk failed" when the script takes too long', async () => {
  jest.useFakeTimers();
  fakeContainer('careers_offers');
  const loading = loadRemoteModule(offers);
  const outcome = loading.then(
    () => 'resolved',
    (error: Error) => error.message,
  );
  jest.advanceTimersByTime(REMOTE_LOAD_TIMEOUT_MS - 1);
  await settle();
  expect(remoteScripts()).toHaveLength(1);

  jest.advanceTimersByTime(1);
  await expect(outcome).resolves.toMatch(/^Loading chunk failed: timed out/);
  expect(remoteScripts()).toHaveLength(0);
});

it('does not time out once the script has loaded', async () => {
  jest.useFakeTimers();
  fakeContainer('careers_offers');
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'load');
  await expect(loading).resolves.toEqual({ mount: 'lifecycles' });
  jest.advanceTimersByTime(REMOTE_LOAD_TIMEOUT_MS * 2);
  expect(remoteScripts()).toHaveLength(1);
});

it('loads each remote entry script once (cached), even for loads started together', async () => {
  const container = fakeContainer('careers_offers');
  const a = loadRemoteModule(offers);
  const b = loadRemoteModule(offers);
  expect(remoteScripts()).toHaveLength(1);
  fire(remoteScripts()[0], 'load');
  await Promise.all([a, b]);

  await loadRemoteModule(offers);
  expect(remoteScripts()).toHaveLength(1);
  expect(container.get).toHaveBeenCalledTimes(3);
});

it('initialises a container once per scope, but every scope once', async () => {
  const container = fakeContainer('careers_offers');
  const other = fakeContainer('careers_other');
  const otherWidget: ManifestWidget = {
    ...offers,
    name: 'other',
    scope: 'careers_other',
    remoteEntry: '/widgets/other/remoteEntry.js',
    module: './other',
  };

  const a = loadRemoteModule(offers);
  const b = loadRemoteModule(otherWidget);
  expect(remoteScripts()).toHaveLength(2);
  fire(remoteScripts('/widgets/offers/remoteEntry.js')[0], 'load');
  fire(remoteScripts('/widgets/other/remoteEntry.js')[0], 'load');
  await Promise.all([a, b]);
  await loadRemoteModule(offers);
  await loadRemoteModule(otherWidget);

  expect(container.init).toHaveBeenCalledTimes(1);
  expect(other.init).toHaveBeenCalledTimes(1);
  expect(other.init).toHaveBeenCalledWith(shareScope);
  expect(other.get).toHaveBeenCalledWith('./other');
});

it('fails clearly when the script does not define the container', async () => {
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'load');
  await expect(loading).rejects.toThrow(
    'Remote entry /widgets/offers/remoteEntry.js did not define the container "careers_offers"',
  );
  expect(initSharing).not.toHaveBeenCalled();
});

it('passes on a failure of container.get', async () => {
  const container = fakeContainer('careers_offers');
  container.get.mockRejectedValueOnce(new Error('Module "./widget" does not exist in container.'));
  const loading = loadRemoteModule(offers);
  fire(remoteScripts()[0], 'load');
  await expect(loading).rejects.toThrow('does not exist in container');
});
