/**
 * Modules one widget exposes to the others through Module Federation (besides its `./Widget` lifecycles), loaded
 * at run time by widget name. The rule stays: no widget imports another widget's source. The root config knows the
 * deployment manifest (where each widget's remote entry is, which modules it exposes) and sets the one loader at
 * start (`setRemoteModuleLoader`); widgets call `loadRemoteModule`, or `useRemoteModule` / `<RemoteModule>`.
 *
 * An exposed module resolves to its public API: its exports, or, when it exports `load()`, what `load()` resolves
 * to. `load()` is for a module that gets its own on-demand chunks and texts ready first, so that the chunk the remote
 * entry loads for it stays small and the heavy code stays lazy in the exposing widget's bundle.
 */

/** Loads one exposed module of a widget by the widget's name (the root config's, from the deployment manifest). */
export type RemoteModuleLoader = (widget: string, module: string) => Promise<unknown>;

/** The forms toolkit's renderer: its public API is `FormRendererModule` of `@careers/shared/forms` (types only). */
export const FORM_RENDERER_REMOTE = { widget: 'forms', module: './FormRenderer' } as const;

/** A remote module that could not be loaded: no loader, an unknown widget or module, or a failed download. */
export class RemoteModuleError extends Error {
  constructor(
    message: string,
    readonly widget: string,
    readonly module: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteModuleError';
  }
}

interface Loadable {
  load(): Promise<unknown>;
}

const isLoadable = (value: unknown): value is Loadable =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Loadable>).load === 'function';

let loader: RemoteModuleLoader | null = null;
/** Loads under way, and modules loaded (a failed load is forgotten, so that it can be tried again). */
const pending = new Map<string, Promise<unknown>>();
const loaded = new Map<string, unknown>();

const keyOf = (widget: string, module: string) => `${widget}\n${module}`;

/** Sets the page's loader (the root config does, at start); `null` removes it. Forgets what was loaded. */
export function setRemoteModuleLoader(next: RemoteModuleLoader | null): void {
  loader = next;
  pending.clear();
  loaded.clear();
}

/**
 * The public API of `module` exposed by `widget`: loaded once per page, shared by every caller; a failed load
 * rejects (with a `RemoteModuleError` when the page cannot know the module) and is tried again on the next call.
 */
export function loadRemoteModule<T>(widget: string, module: string): Promise<T> {
  const key = keyOf(widget, module);
  if (loaded.has(key)) return Promise.resolve(loaded.get(key) as T);
  const known = pending.get(key);
  if (known) return known as Promise<T>;
  const from = loader;
  const loading: Promise<unknown> = (async () => {
    if (!from) {
      throw new RemoteModuleError(
        `Module ${module} of widget "${widget}" cannot be loaded: no remote module loader on this page`,
        widget,
        module,
      );
    }
    const exposed = await from(widget, module);
    return isLoadable(exposed) ? await exposed.load() : exposed;
  })().then(
    (value) => {
      if (pending.get(key) === loading) {
        pending.delete(key);
        loaded.set(key, value);
      }
      return value;
    },
    (error: unknown) => {
      if (pending.get(key) === loading) pending.delete(key);
      console.error(`[careers] module ${module} of widget "${widget}" could not be loaded`, error);
      throw error;
    },
  );
  pending.set(key, loading);
  return loading as Promise<T>;
}

/** The module if it has loaded already (drawn at once, without a loading state), else null. */
export function peekRemoteModule<T>(widget: string, module: string): { module: T } | null {
  const key = keyOf(widget, module);
  return loaded.has(key) ? { module: loaded.get(key) as T } : null;
}
