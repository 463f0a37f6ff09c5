import { lazy, Suspense } from 'react';

type CentreModule = typeof import('./components/pages');

let loaded: CentreModule | null = null;
let loading: Promise<CentreModule> | null = null;

/**
 * Loads the forms centre and the form view: their own chunk (`forms-centre`, with the form renderer, the field
 * types and the rule engine, whose texts it registers), so the toolkit's other pages do not download it. Loaded
 * once; a failed load may be tried again.
 */
export function loadCentrePages(): Promise<CentreModule> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "forms-centre" */ './components/pages'),
    // The rule engine's texts (validation messages, the toolkit's shared texts) come with the renderer.
    import(/* webpackChunkName: "forms-centre" */ '../renderer/formTexts').then((texts) => texts.prepareFormTexts()),
  ]).then(
    ([module]) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyCentre = lazy(() => loadCentrePages().then((module) => ({ default: module.FormsCentrePage })));
const LazyFormView = lazy(() => loadCentrePages().then((module) => ({ default: module.FormViewPage })));

/**
 * The forms centre (`documentCenter`): drawn at once when its chunk is loaded (the widget loads it before mounting
 * on the centre's and a form's address, and the page preloads it: registry `startViews`), else through `lazy`.
 */
export function FormsCentreView() {
  if (loaded) return <loaded.FormsCentrePage />;
  return (
    <Suspense fallback={null}>
      <LazyCentre />
    </Suspense>
  );
}

/** One assigned form (`formView`), loaded as {@link FormsCentreView}. */
export function FormView() {
  if (loaded) return <loaded.FormViewPage />;
  return (
    <Suspense fallback={null}>
      <LazyFormView />
    </Suspense>
  );
}
