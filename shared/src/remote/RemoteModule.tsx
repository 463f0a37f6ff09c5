import { Component, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { ErrorState } from '../ui/Display';
import { loadRemoteModule, peekRemoteModule } from './remoteModules';

/** Where a remote module is: loading, ready (drawn at once when it loaded before), or failed (with a retry). */
export type RemoteModuleState<T> =
  { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: unknown; retry: () => void };

type Outcome<T> = { key: string; attempt: number } & ({ ok: true; module: T } | { ok: false; error: unknown });

/** The public API of `module` exposed by `widget` (see `loadRemoteModule`), as React state. */
export function useRemoteModule<T>(widget: string, module: string): RemoteModuleState<T> {
  const key = `${widget}\n${module}`;
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const ready = peekRemoteModule<T>(widget, module);
  const isReady = ready !== null;

  useEffect(() => {
    if (isReady) return undefined;
    let live = true;
    loadRemoteModule<T>(widget, module).then(
      (loaded) => live && setOutcome({ key, attempt, ok: true, module: loaded }),
      (error: unknown) => live && setOutcome({ key, attempt, ok: false, error }),
    );
    return () => {
      live = false;
    };
  }, [widget, module, key, attempt, isReady]);

  if (ready) return { status: 'ready', module: ready.module };
  if (outcome?.key === key && outcome.attempt === attempt) {
    if (outcome.ok) return { status: 'ready', module: outcome.module };
    return { status: 'failed', error: outcome.error, retry: () => setAttempt((n) => n + 1) };
  }
  return { status: 'loading' };
}

/** The small notice in place of a part of the widget that could not be loaded, with a retry. */
export function RemoteModuleFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return <ErrorState className="cw-remote-failed" message={t('widget.failed')} onRetry={onRetry} />;
}

interface BoundaryProps {
  failed: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** A remote part that throws while drawing shows the failure notice; the rest of the widget goes on. */
class RemoteBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('[careers] a remote module failed while drawing', error);
  }

  override render() {
    if (this.state.error !== null) return this.props.failed(() => this.setState({ error: null }));
    return this.props.children;
  }
}

export interface RemoteModuleProps<T> {
  /** The exposing widget's name (as in the deployment manifest) and its exposed module, "./Name". */
  widget: string;
  module: string;
  /** Drawn while the module loads: keep the space its content will take (no layout jump). Nothing by default. */
  loading?: ReactNode;
  /** Drawn when it could not be loaded or failed while drawing; a small notice with a retry by default. */
  failed?: (retry: () => void) => ReactNode;
  /** Draws with the module's API. */
  children: (module: T) => ReactNode;
}

const defaultFailed = (retry: () => void) => <RemoteModuleFailed onRetry={retry} />;

/** A part of a widget drawn by another widget's exposed module, with its loading and failed states. */
export function RemoteModule<T>({
  widget,
  module,
  loading = null,
  failed = defaultFailed,
  children,
}: RemoteModuleProps<T>) {
  const state = useRemoteModule<T>(widget, module);
  if (state.status === 'loading') return loading;
  if (state.status === 'failed') return failed(state.retry);
  return <RemoteBoundary failed={failed}>{children(state.module)}</RemoteBoundary>;
}
