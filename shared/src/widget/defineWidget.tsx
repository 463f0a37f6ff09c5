import React, { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycles } from 'single-spa';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { useTranslation } from '../i18n/useTranslation';
import { store } from '../store/store';
import type { ResourceKey } from 'i18next';
import { i18n, initI18n, registerNamespace } from '../i18n/i18n';
import { ensureToastHost } from '../toast/toasts';
import { createShadowHost, type ShadowHost } from './shadowHost';
import { watchSlot, type SlotWatcher } from './slotWatcher';
import { ShadowRootContext } from './shadowRootContext';
import { InternalErrorScreen } from './InternalErrorScreen';
import { selectBoot } from '../store/sessionSlice';

/** The page element page widgets mount into; their failure shows the 500 screen. */
const PAGE_SLOT = 'careers-main';

/** Custom props the root config passes to every widget (from the deployment manifest). */
export interface WidgetCustomProps {
  /** Id of the page element to mount into. */
  slot?: string;
}

export interface WidgetDefinition {
  /** single-spa application name. */
  name: string;
  /** The widget's root component. */
  App: ComponentType;
  /** Style sheets (text) for the widget's shadow root. */
  styles?: readonly string[];
  /** Slot id used when the manifest does not name one. */
  defaultSlot: string;
  /** How the host element flows in the page. */
  display?: 'inline' | 'block';
  /**
   * The widget's texts: its i18n namespace, the English source (bundled: English is the fallback) and a loader
   * for the other locales (a dynamic import, so each locale is its own chunk, downloaded only when used).
   */
  locales?: WidgetLocales;
  /** Runs before the first mount, after the widget's texts are registered (other namespaces, slices). */
  prepare?: () => Promise<void> | void;
}

export interface WidgetLocales {
  namespace: string;
  en: ResourceKey;
  load: (language: string) => Promise<{ default: ResourceKey }>;
}

/** single-spa lifecycles, and `prepare` (what bootstrap runs before the first mount; idempotent, for tests). */
export interface Widget extends LifeCycles<WidgetCustomProps> {
  prepare(): Promise<void>;
}

function WidgetFallback(): ReactNode {
  const { t } = useTranslation('common');
  return (
    <div className="cw-widget-fallback" role="status">
      {t('widget.failed')}
    </div>
  );
}

/**
 * Draws its children in a transition after its own first commit: React then renders them in slices of a few
 * milliseconds, yielding to the browser between slices, instead of in one long task. For the widgets around the page
 * (bell, shell, first-run gate), which mount after the page widget has drawn the page's main content: their first
 * render no longer blocks the page's input (Total Blocking Time). The page widget itself draws at once.
 */
function InSlices({ children }: { children: ReactNode }): ReactNode {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

/**
 * Turns a React root component into single-spa lifecycles: an isolated shadow-root host kept in its page slot,
 * the shared store and i18n providers, and an error boundary that shows a small fallback in the widget's own
 * slot when the widget throws (the rest of the page goes on working).
 */
export function defineWidget(def: WidgetDefinition): Widget {
  let current: (ShadowHost & { watcher: SlotWatcher }) | null = null;
  let prepared: Promise<void> | null = null;

  const Root = ({ shadowRoot, slot }: { shadowRoot: ShadowRoot } & AppProps & WidgetCustomProps) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShadowRootContext.Provider value={shadowRoot}>
          {(slot ?? def.defaultSlot) === PAGE_SLOT ? (
            <def.App />
          ) : (
            <InSlices>
              <def.App />
            </InSlices>
          )}
        </ShadowRootContext.Provider>
      </I18nextProvider>
    </Provider>
  );

  const react = singleSpaReact<{ shadowRoot: ShadowRoot }>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary(error, _info, props) {
      console.error(`[careers] widget "${def.name}" failed`, error);
      // A page widget's failure is the page's: the 500 screen (docs/product/shell.md#error-screen). Others show a small
      // fallback.
      const slot = (props as WidgetCustomProps | undefined)?.slot ?? def.defaultSlot;
      return (
        <I18nextProvider i18n={i18n}>
          {slot === PAGE_SLOT ? (
            <InternalErrorScreen error={error} boot={selectBoot(store.getState())} />
          ) : (
            <WidgetFallback />
          )}
        </I18nextProvider>
      );
    },
  });

  const prepare = (): Promise<void> => {
    prepared ??= (async () => {
      if (def.locales) await registerNamespace(def.locales.namespace, def.locales.en, def.locales.load);
      await def.prepare?.();
    })();
    return prepared;
  };

  return {
    prepare,
    async bootstrap(props) {
      initI18n();
      await prepare();
      await react.bootstrap(props as never);
    },
    async mount(props) {
      ensureToastHost();
      const shadow = createShadowHost(def.name, def.styles ?? [], def.display);
      const watcher = watchSlot(props.slot ?? def.defaultSlot, shadow.host);
      current = { ...shadow, watcher };
      await react.mount({ ...props, domElement: shadow.mountPoint, shadowRoot: shadow.shadowRoot } as never);
    },
    async unmount(props) {
      const mounted = current;
      current = null;
      await react.unmount(props as never);
      if (mounted) {
        mounted.watcher.stop();
        mounted.host.remove();
      }
    },
  };
}
