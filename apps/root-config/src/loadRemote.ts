import type { ManifestWidget } from '@careers/shared/contract';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface FederatedContainer {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

/**
 * How long a remote entry may take before it counts as failed (docs/product/shell.md#loading-widgets).
 * @public (read by the tests through `require` in an isolated module registry)
 */
export const REMOTE_LOAD_TIMEOUT_MS = 120_000;

const scripts = new Map<string, Promise<void>>();
/** Each container's `init`, started once per page (a second caller waits for the first one's). */
const initialised = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.careersRemote = url;
    const timer = setTimeout(
      () => fail(new Error(`Loading chunk failed: timed out (remoteEntry ${url})`)),
      REMOTE_LOAD_TIMEOUT_MS,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      scripts.delete(url);
      reject(error);
    }
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`Loading chunk failed: (remoteEntry ${url})`));
    document.head.appendChild(script);
  });
  scripts.set(url, loading);
  return loading;
}

/** The container a widget's remote entry defines, loaded and joined to the page's share scope (once per page). */
async function joinedContainer(widget: ManifestWidget): Promise<FederatedContainer> {
  await loadScript(widget.remoteEntry);
  const container = (window as unknown as Record<string, FederatedContainer | undefined>)[widget.scope];
  if (!container || typeof container.get !== 'function') {
    throw new Error(`Remote entry ${widget.remoteEntry} did not define the container "${widget.scope}"`);
  }
  await __webpack_init_sharing__('default');
  let init = initialised.get(widget.scope);
  if (!init) {
    init = Promise.resolve(container.init(__webpack_share_scopes__.default));
    initialised.set(widget.scope, init);
  }
  await init;
  return container;
}

/**
 * Loads one widget's remote entry and joins it to the page's share scope, without loading its exposed module: its
 * copies of the shared modules count in the share scope's choice from then on.
 */
export async function joinShareScope(widget: ManifestWidget): Promise<void> {
  await joinedContainer(widget);
}

/**
 * Loads one widget's remote entry (address from the deployment manifest, so a widget can be redeployed without
 * rebuilding the root), joins it to the page's share scope and returns its exposed module.
 */
export async function loadRemoteModule<T>(widget: ManifestWidget): Promise<T> {
  const container = await joinedContainer(widget);
  const factory = await container.get(widget.module);
  return factory() as T;
}
