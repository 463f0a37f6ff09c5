import { useCallback, type ReactNode } from 'react';
import type { FormRendererModule, FormRendererProps } from '../forms/renderer';
import { ErrorState } from '../ui/Display';
import { RemoteModule } from './RemoteModule';
import { FORM_RENDERER_REMOTE } from './remoteModules';

export interface RemoteFormRendererProps extends FormRendererProps {
  /** Drawn while the forms widget's renderer loads: a placeholder of the form's size (no layout jump). */
  loading: ReactNode;
  /** The notice when the renderer cannot be loaded or fails while drawing (a retry is offered); a general one by default. */
  failedMessage?: string;
}

/**
 * A forms toolkit form in another widget: the renderer the forms widget exposes (`FORM_RENDERER_REMOTE`), loaded on
 * demand, with its loading and failed states. Takes the renderer's own props.
 */
export function RemoteFormRenderer({ loading, failedMessage, ...props }: RemoteFormRendererProps) {
  const failed = useCallback(
    (retry: () => void) => <ErrorState message={failedMessage} onRetry={retry} />,
    [failedMessage],
  );
  return (
    <RemoteModule<FormRendererModule>
      widget={FORM_RENDERER_REMOTE.widget}
      module={FORM_RENDERER_REMOTE.module}
      loading={loading}
      {...(failedMessage === undefined ? {} : { failed })}
    >
      {({ FormRenderer }) => <FormRenderer {...props} />}
    </RemoteModule>
  );
}
