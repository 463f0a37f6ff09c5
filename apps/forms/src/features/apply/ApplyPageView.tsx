import { lazy, Suspense } from 'react';

type ApplyModule = typeof import('./components/ApplyPage');

let loaded: ApplyModule | null = null;
let loading: Promise<ApplyModule> | null = null;

/**
 * Loads the apply page: its own chunk (`forms-apply`, with the form renderer, the field types and the rule engine,
 * whose texts it registers), so the toolkit's other pages do not download it. Loaded once; a failed load may be
 * tried again.
 */
export function loadApplyPage(): Promise<ApplyModule> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "forms-apply" */ './components/ApplyPage'),
    // The rule engine's texts (validation messages, the toolkit's shared texts) come with the renderer.
    import(/* webpackChunkName: "forms-apply" */ '../renderer/formTexts').then((texts) => texts.prepareFormTexts()),
  ]).then(
    ([module]) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyApplyPage = lazy(() => loadApplyPage().then((module) => ({ default: module.ApplyPage })));

/**
 * The apply page: drawn at once when its chunk is loaded (the widget loads it before mounting on an apply address,
 * and the page preloads it: registry `startViews`), else through `lazy`.
 */
export function ApplyPageView() {
  if (loaded) return <loaded.ApplyPage />;
  return (
    <Suspense fallback={null}>
      <LazyApplyPage />
    </Suspense>
  );
}
