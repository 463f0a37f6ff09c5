import { Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { i18n, initI18n, registerNamespace } from './i18n';
import { useTranslation } from './useTranslation';

const NS = 'hook-test';
const english = { card: { title: 'Your applications', count: '{{count}} open' }, greeting: 'Hello' };
const french = { card: { title: 'Vos candidatures' }, greeting: 'Bonjour' };

/** French texts of the test namespace, held back until the test lets them arrive. */
let releaseFrench: (() => void) | null = null;
const loadFrench = () =>
  new Promise<{ default: typeof french }>((resolve) => {
    releaseFrench = () => resolve({ default: french });
  });

beforeAll(async () => {
  await initI18n('en');
  await registerNamespace(NS, english, loadFrench);
});

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

const seen: TFunction[] = [];

function Title() {
  const { t } = useTranslation(NS, { keyPrefix: 'card' });
  seen.push(t);
  return <h1>{t('title')}</h1>;
}

function Count({ count }: { count: number }) {
  const { t, i18n: instance } = useTranslation(NS, { keyPrefix: 'card' });
  seen.push(t);
  return (
    <p lang={instance.language}>
      {t('count', { count })} {useTranslation(NS).t('greeting')}
    </p>
  );
}

const page = (children: ReactNode) => <Suspense fallback={<p>Loading the texts…</p>}>{children}</Suspense>;

describe('useTranslation', () => {
  it('reads the namespace under its key prefix, with interpolation, in English', () => {
    render(
      page(
        <>
          <Title />
          <Count count={3} />
        </>,
      ),
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Your applications');
    expect(screen.getByText(/3 open/)).toHaveTextContent('3 open Hello');
  });

  it('gives every component asking for the same namespace and prefix the same t', () => {
    seen.length = 0;
    render(
      page(
        <>
          <Title />
          <Title />
          <Count count={1} />
        </>,
      ),
    );
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
  });

  it('shows the fallback while the new language loads, then the page in it (English where it has no text)', async () => {
    render(
      page(
        <>
          <Title />
          <Count count={2} />
        </>,
      ),
    );
    let switched!: Promise<unknown>;
    act(() => {
      switched = i18n.changeLanguage('fr-CA');
    });
    // i18next changes the language once the namespace's French texts are in: until then, English stays.
    expect(screen.getByRole('heading')).toHaveTextContent('Your applications');
    await act(async () => {
      releaseFrench?.();
      await switched;
    });
    expect(screen.getByRole('heading')).toHaveTextContent('Vos candidatures');
    expect(screen.getByText(/2 open/)).toHaveTextContent('2 open Bonjour');
    expect(screen.getByText(/2 open/)).toHaveAttribute('lang', 'fr-CA');
  });

  it('suspends a component whose namespace is not loaded in the current language yet', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A namespace whose texts are still on their way: i18next says it is not loaded until they are in.
    const hasLoaded = jest
      .spyOn(i18n, 'hasLoadedNamespace')
      .mockImplementation((ns) => ns !== 'late-texts' || i18n.hasResourceBundle('en', 'late-texts'));
    const loadNamespaces = jest.spyOn(i18n, 'loadNamespaces').mockImplementation(async () => {
      await arrived;
      i18n.addResourceBundle('en', 'late-texts', { title: 'Arrived late' });
    });
    function Late() {
      return <p>{useTranslation('late-texts').t('title')}</p>;
    }
    try {
      render(page(<Late />));
      expect(screen.getByText('Loading the texts…')).toBeInTheDocument();
      expect(loadNamespaces).toHaveBeenCalledWith('late-texts');
      await act(async () => {
        release();
        await arrived;
      });
      expect(await screen.findByText('Arrived late')).toBeInTheDocument();
    } finally {
      loadNamespaces.mockRestore();
      hasLoaded.mockRestore();
    }
  });

  it('drops what it cached before any component subscribed when the language changes', async () => {
    // A fresh module, before any component has subscribed: rendered to a string, nothing subscribes at all.
    let hook!: typeof import('./useTranslation');
    let own!: typeof import('./i18n');
    let renderToStaticMarkup!: (element: ReactNode) => string;
    jest.isolateModules(() => {
      own = require('./i18n') as typeof import('./i18n');
      hook = require('./useTranslation') as typeof import('./useTranslation');
      // The Node build (jsdom has no MessageChannel), with the same copy of React as the hook.
      ({ renderToStaticMarkup } = require('react-dom/server.node') as typeof import('react-dom/server'));
    });
    await own.initI18n('en');
    await own.registerNamespace(NS, english, async () => ({ default: french }));
    function Greeting() {
      return <p>{hook.useTranslation(NS).t('greeting')}</p>;
    }
    expect(renderToStaticMarkup(<Greeting />)).toBe('<p>Hello</p>');
    await own.i18n.changeLanguage('fr-CA');
    expect(renderToStaticMarkup(<Greeting />)).toBe('<p>Bonjour</p>');
  });
});
