/**
 * A stand-in for the forms toolkit's renderer, which the widgets (onboarding, dashboard) load from the forms widget
 * at run time (never by importing its source, tests included). It keeps the renderer's contract
 * (`FormRendererProps` of `@careers/shared/forms`) for text questions: labelled inputs with their help, the
 * starting values, required questions and the caller's checks on submit (messages on their fields), the server's
 * errors on their fields until changed, `onSubmit` with the answers, a busy submit button while it runs, and the
 * caller's `footer` after it. The real renderer is exercised by the e2e specs (onboarding, profile).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { FormValues } from '../contract';
import type { FormRendererModule, FormRendererProps } from '../forms/renderer';
import { FORM_RENDERER_REMOTE, setRemoteModuleLoader } from '../remote/remoteModules';

/** Every render's props, latest last (emptied by `installFakeFormRenderer`). */
export const fakeFormRendererProps: FormRendererProps[] = [];

function FakeFormRenderer(props: FormRendererProps) {
  fakeFormRendererProps.push(props);
  const { form, initialValues, customValidators, serverErrors, submitLabel, onSubmit, footer } = props;
  const items = form.sections.flatMap((section) => section.items);
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [server, setServer] = useState<{ errors: Record<string, string>; values: FormValues } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setServer(serverErrors ? { errors: serverErrors, values } : null);
    // Only a new set of server errors is taken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors]);

  const errorOf = (name: string) =>
    errors[name] ?? (server && server.values[name] === values[name] ? server.errors[name] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    for (const item of items) {
      // As the renderer's rule engine: a required question left empty first (its English message), then the caller's.
      const empty = String(values[item.name] ?? '').trim() === '';
      const message =
        item.required && empty
          ? `${item.label} is required`
          : customValidators?.[item.name]?.(values[item.name], values);
      if (message) found[item.name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={form.title} noValidate onSubmit={(event) => void submit(event)}>
      {items.map((item) => {
        const error = errorOf(item.name);
        const described = [item.help && `${item.name}-help`, error && `${item.name}-error`].filter(Boolean);
        return (
          <div key={item.name} data-layout={item.layout ?? 'full'}>
            <label htmlFor={`fake-${item.name}`}>{item.label}</label>
            {item.help && <p id={`${item.name}-help`}>{item.help}</p>}
            <input
              id={`fake-${item.name}`}
              value={String(values[item.name] ?? '')}
              aria-invalid={error ? true : undefined}
              aria-required={item.required || undefined}
              aria-describedby={described.join(' ') || undefined}
              onChange={(event) => {
                setValues({ ...values, [item.name]: event.target.value });
                setErrors((before) => ({ ...before, [item.name]: '' }));
              }}
            />
            {error && <p id={`${item.name}-error`}>{error}</p>}
          </div>
        );
      })}
      <button type="submit" aria-busy={busy} aria-disabled={busy || undefined}>
        {submitLabel ?? 'Submit'}
      </button>
      {footer}
    </form>
  );
}

/**
 * Installs a page loader that answers the toolkit's renderer with the fake (`answer` decides: the module, a pending
 * promise, a failure); returns the loader's mock.
 */
export function installFakeFormRenderer(answer: () => Promise<unknown> = async () => fakeFormRendererModule) {
  fakeFormRendererProps.length = 0;
  const loader = jest.fn(async (widget: string, module: string) => {
    if (widget !== FORM_RENDERER_REMOTE.widget || module !== FORM_RENDERER_REMOTE.module) {
      throw new Error(`unexpected remote module ${module} of ${widget}`);
    }
    return answer();
  });
  setRemoteModuleLoader(loader);
  return loader;
}

/** The module the fake loader answers: what the forms widget exposes, with the fake renderer. */
export const fakeFormRendererModule: FormRendererModule = { FormRenderer: FakeFormRenderer };
