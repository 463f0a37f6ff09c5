import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

/** What {@link useTranslation} returns: the namespace's `t` in the current language, and the page's i18next. */
export interface Translation {
  t: TFunction;
  i18n: typeof i18n;
  ready: true;
}

export interface TranslationOptions {
  /** Keys are read under this prefix (`t('title')` reads `{keyPrefix}.title`). */
  keyPrefix?: string;
}

/** Bumped on every language change: what every component using the hook subscribes to. */
let revision = 0;
const listeners = new Set<() => void>();
/** One answer per language, namespace and prefix: shared by every component that asks for the same. */
const answers = new Map<string, Translation>();
/** Namespaces being loaded for the current language: the promise a component suspends on (one per namespace). */
const loading = new Map<string, Promise<void>>();

// Followed from the start (not from the first component's subscription), so that no answer cached before a language
// change can outlive it.
i18n.on('languageChanged', () => {
  revision += 1;
  answers.clear();
  loading.clear();
  for (const listener of [...listeners]) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getRevision = () => revision;

const isReady = (ns: string) => i18n.isInitialized && i18n.hasLoadedNamespace(ns);

/** Settles when i18next has started and `ns` is loaded in the current language. */
function whenLoaded(ns: string): Promise<void> {
  const known = loading.get(ns);
  if (known) return known;
  const pending: Promise<void> = (async () => {
    if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
    await i18n.loadNamespaces(ns);
  })().finally(() => {
    // A language change meanwhile may have put another load in its place.
    if (loading.get(ns) === pending) loading.delete(ns);
  });
  loading.set(ns, pending);
  return pending;
}

/**
 * The widgets' texts: `const { t, i18n } = useTranslation(namespace, { keyPrefix })`, as react-i18next's hook, for
 * the page's one i18next instance (`@careers/shared`'s `i18n`). The component re-renders when the language changes,
 * and suspends while its namespace is still loading in that language (the widget's Suspense boundary shows meanwhile).
 *
 * Why our own: react-i18next 17's hook copies the i18next instance (each of its own properties) and builds a new
 * fixed `t` for every component that mounts. A dashboard list of cards spent a fifth of its render there. Here every
 * component asking for the same namespace and prefix shares one answer per language, and `t` keeps its identity
 * until the language changes. `i18n` is the instance itself: read `i18n.language` during render for the language.
 */
export function useTranslation(ns = 'common', options?: TranslationOptions): Translation {
  const current = useSyncExternalStore(subscribe, getRevision, getRevision);
  const keyPrefix = options?.keyPrefix;
  const key = `${current}|${ns}|${keyPrefix ?? ''}`;
  const known = answers.get(key);
  if (known) return known;
  if (!isReady(ns)) throw whenLoaded(ns);
  const answer: Translation = {
    t: i18n.getFixedT(i18n.language, ns, keyPrefix) as TFunction,
    i18n,
    ready: true,
  };
  answers.set(key, answer);
  return answer;
}
