import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../i18n/i18n';
import { RemoteModule, useRemoteModule } from './RemoteModule';
import { FORM_RENDERER_REMOTE, loadRemoteModule, RemoteModuleError, setRemoteModuleLoader } from './remoteModules';

interface Greeter {
  greet(name: string): string;
}

const greeter: Greeter = { greet: (name) => `Hello ${name}` };

/** A loader that answers from `modules`, by "widget module", and records its calls. */
function fakeLoader(modules: Record<string, unknown>): jest.Mock<Promise<unknown>, [string, string]> {
  return jest.fn<Promise<unknown>, [string, string]>(async (widget, module) => {
    const key = `${widget} ${module}`;
    if (!(key in modules)) throw new RemoteModuleError(`unknown ${key}`, widget, module);
    const found = modules[key];
    if (found instanceof Error) throw found;
    return found;
  });
}

let consoleError: jest.SpyInstance;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  setRemoteModuleLoader(null);
  jest.restoreAllMocks();
});

describe('loadRemoteModule', () => {
  it('resolves to the exposed module, loaded once for every caller', async () => {
    const loader = fakeLoader({ 'greeter ./Greeter': greeter });
    setRemoteModuleLoader(loader);
    const [a, b] = await Promise.all([
      loadRemoteModule<Greeter>('greeter', './Greeter'),
      loadRemoteModule<Greeter>('greeter', './Greeter'),
    ]);
    expect(a.greet('Nora')).toBe('Hello Nora');
    expect(b).toBe(a);
    await expect(loadRemoteModule('greeter', './Greeter')).resolves.toBe(a);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith('greeter', './Greeter');
  });

  it("resolves to what the module's load() gives when it exports one", async () => {
    const load = jest.fn(async () => greeter);
    setRemoteModuleLoader(fakeLoader({ [`${FORM_RENDERER_REMOTE.widget} ${FORM_RENDERER_REMOTE.module}`]: { load } }));
    await expect(loadRemoteModule(FORM_RENDERER_REMOTE.widget, FORM_RENDERER_REMOTE.module)).resolves.toBe(greeter);
    await loadRemoteModule(FORM_RENDERER_REMOTE.widget, FORM_RENDERER_REMOTE.module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects a failed load, logs it, and tries again on the next call', async () => {
    const modules: Record<string, unknown> = { 'greeter ./Greeter': new Error('Loading chunk failed') };
    const loader = fakeLoader(modules);
    setRemoteModuleLoader(loader);
    await expect(loadRemoteModule('greeter', './Greeter')).rejects.toThrow('Loading chunk failed');
    expect(consoleError).toHaveBeenCalledWith(
      '[careers] module ./Greeter of widget "greeter" could not be loaded',
      expect.any(Error),
    );
    modules['greeter ./Greeter'] = greeter;
    await expect(loadRemoteModule('greeter', './Greeter')).resolves.toBe(greeter);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("rejects when the module's load() fails, and calls it again on retry", async () => {
    const load = jest.fn<Promise<Greeter>, []>().mockRejectedValueOnce(new Error('texts')).mockResolvedValue(greeter);
    setRemoteModuleLoader(fakeLoader({ 'greeter ./Greeter': { load } }));
    await expect(loadRemoteModule('greeter', './Greeter')).rejects.toThrow('texts');
    await expect(loadRemoteModule('greeter', './Greeter')).resolves.toBe(greeter);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects an unknown widget or module with the loader’s error', async () => {
    setRemoteModuleLoader(fakeLoader({ 'greeter ./Greeter': greeter }));
    await expect(loadRemoteModule('nobody', './Greeter')).rejects.toThrow(RemoteModuleError);
    await expect(loadRemoteModule('greeter', './Nothing')).rejects.toMatchObject({
      widget: 'greeter',
      module: './Nothing',
    });
  });

  it('rejects with a RemoteModuleError when the page has no loader (no root config)', async () => {
    await expect(loadRemoteModule('greeter', './Greeter')).rejects.toThrow(
      'Module ./Greeter of widget "greeter" cannot be loaded: no remote module loader on this page',
    );
  });
});

function GreeterView() {
  const state = useRemoteModule<Greeter>('greeter', './Greeter');
  if (state.status === 'loading') return <p>Loading the greeter</p>;
  if (state.status === 'failed') {
    return (
      <button type="button" onClick={state.retry}>
        Retry
      </button>
    );
  }
  return <p>{state.module.greet('Nora')}</p>;
}

describe('useRemoteModule', () => {
  it('is loading, then ready; drawn at once when it loaded before', async () => {
    setRemoteModuleLoader(fakeLoader({ 'greeter ./Greeter': greeter }));
    const first = render(<GreeterView />);
    expect(screen.getByText('Loading the greeter')).toBeInTheDocument();
    expect(await screen.findByText('Hello Nora')).toBeInTheDocument();
    first.unmount();
    render(<GreeterView />);
    expect(screen.getByText('Hello Nora')).toBeInTheDocument();
  });

  it('fails with a retry that loads again', async () => {
    const modules: Record<string, unknown> = { 'greeter ./Greeter': new Error('offline') };
    const loader = fakeLoader(modules);
    setRemoteModuleLoader(loader);
    render(<GreeterView />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    modules['greeter ./Greeter'] = greeter;
    await userEvent.click(retry);
    expect(await screen.findByText('Hello Nora')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <button type="button">Rest of the widget</button>
    </I18nextProvider>
  );
}

describe('<RemoteModule>', () => {
  it('shows its loading content, then the module’s', async () => {
    setRemoteModuleLoader(fakeLoader({ 'greeter ./Greeter': greeter }));
    render(
      <Shell>
        <RemoteModule<Greeter> widget="greeter" module="./Greeter" loading={<p>Getting it</p>}>
          {(module) => <p>{module.greet('Sam')}</p>}
        </RemoteModule>
      </Shell>,
    );
    expect(screen.getByText('Getting it')).toBeInTheDocument();
    expect(await screen.findByText('Hello Sam')).toBeInTheDocument();
  });

  it('shows a small notice with a retry when the module cannot be loaded; the rest keeps working', async () => {
    const modules: Record<string, unknown> = {};
    setRemoteModuleLoader(fakeLoader(modules));
    render(
      <Shell>
        <RemoteModule<Greeter> widget="greeter" module="./Greeter">
          {(module) => <p>{module.greet('Sam')}</p>}
        </RemoteModule>
      </Shell>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This section could not be shown. The rest of the page still works.',
    );
    expect(screen.getByRole('button', { name: 'Rest of the widget' })).toBeEnabled();
    modules['greeter ./Greeter'] = greeter;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Sam')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the notice when the module throws while drawing, and draws again on retry', async () => {
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('render failed');
      return <p>Drawn</p>;
    };
    setRemoteModuleLoader(fakeLoader({ 'greeter ./Greeter': { Flaky } }));
    render(
      <Shell>
        <RemoteModule<{ Flaky: () => React.ReactNode }>
          widget="greeter"
          module="./Greeter"
          failed={(retry) => (
            <button type="button" onClick={retry}>
              Draw again
            </button>
          )}
        >
          {(module) => <module.Flaky />}
        </RemoteModule>
      </Shell>,
    );
    const again = await screen.findByRole('button', { name: 'Draw again' });
    expect(consoleError).toHaveBeenCalledWith('[careers] a remote module failed while drawing', expect.any(Error));
    broken = false;
    await act(async () => {
      await userEvent.click(again);
    });
    expect(screen.getByText('Drawn')).toBeInTheDocument();
  });
});
