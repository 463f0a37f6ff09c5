import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of a widget in its own chunk (a page's view, the phone support): `load` imports it (with its webpack
 * chunk name). `preload()` loads it once (a failed load may be tried again); `view(pick)` is a component drawn at
 * once when the chunk is already loaded (the widget's `prepare` or the page's preloads fetched it), else through
 * `lazy` with nothing shown meanwhile.
 */
export function viewChunk<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;

  const preload = (): Promise<M> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function view<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> {
    const Lazy = lazy(() => preload().then((module) => ({ default: pick(module) })));
    return function ChunkView(props: P) {
      if (loaded) {
        const Loaded = pick(loaded);
        return <Loaded {...props} />;
      }
      return (
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      );
    };
  }

  return { preload, view, isLoaded: (): boolean => loaded !== null };
}
