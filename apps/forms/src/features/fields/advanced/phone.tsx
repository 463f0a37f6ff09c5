import { lazy, Suspense } from 'react';
import { loadPhoneRules } from '@careers/shared/forms';
import type { FieldProps } from '../../renderer/types';

type PhoneModule = typeof import('./PhoneField');

let loaded: PhoneModule | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads what a phone question needs: its field and the rule engine's phone checks, both on libphonenumber-js
 * (chunk `forms-phone`, about 40 KB gzip), so forms without a phone question never download it. Once; a failed
 * load may be tried again.
 */
export function loadPhoneSupport(): Promise<void> {
  if (loaded) return loadPhoneRules();
  loading ??= Promise.all([
    import(/* webpackChunkName: "forms-phone" */ './PhoneField').then((module) => {
      loaded = module;
    }),
    loadPhoneRules(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Phone support is loaded (the renderer waits for it before drawing a form with a phone question). */
export const phoneSupportLoaded = (): boolean => loaded !== null;

const LazyPhoneField = lazy(() => loadPhoneSupport().then(() => ({ default: (loaded as PhoneModule).PhoneField })));

/** The phone question: drawn at once once loaded (the renderer loads it first), else through `lazy`. */
export function PhoneQuestion(props: FieldProps) {
  if (loaded) return <loaded.PhoneField {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPhoneField {...props} />
    </Suspense>
  );
}
