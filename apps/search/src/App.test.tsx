import { screen } from '@testing-library/react';
import { baseBootData, installFakeServer, renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import en from './locales/en.json';
import { NAMESPACE } from './features/search/namespace';
import { App } from './App';

beforeAll(async () => {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`./locales/${lng}.json`));
});

beforeEach(() => {
  installFakeServer();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('App: a position page whose address names no position', () => {
  it('says what the server’s page says, "This position is no longer open", with a way to every open position', () => {
    window.history.replaceState(null, '', '/careers/job/not-a-number');
    renderWithStore(<App />, {
      session: baseBootData({ pcsxConfig: { branding: { companyName: 'Acme Robotics' } } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: en.position.notOpen.heading })).toBeInTheDocument();
    expect(screen.getByText(en.position.notOpen.explanation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all open positions at Acme Robotics' })).toHaveAttribute(
      'href',
      '/careers',
    );
  });
});
