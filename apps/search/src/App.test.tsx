import { screen } from '@testing-library/react';
import { baseBootData, installFakeServer, renderWithStore } from '@careers/shared/testing';
import en from './locales/en.json';
import { App } from './App';
import { setupSearchI18n } from './test/setup';

beforeAll(async () => {
  await setupSearchI18n();
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
