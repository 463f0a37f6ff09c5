import { screen } from '@testing-library/react';
import { baseBootData, installFakeServer, ok, renderWithStore } from '@careers/shared/testing';
import en from '../../locales/en.json';
import { setupFormsI18n } from '../renderer/testing';
import { App } from '../../App';

beforeAll(() => setupFormsI18n());

const form = {
  id: 'default',
  title: 'Apply to Acme',
  layout: 'simple',
  sections: [{ id: 'a', title: 'About you', items: [{ name: 'firstname', type: 'text', label: 'First name' }] }],
};

it.each(['/careers/apply?pid=4', '/careers/apply/private?pid=4'])('routes %s to the apply page', async (address) => {
  const server = installFakeServer();
  server.on(
    'GET',
    '/api/pcsx/apply_form',
    ok({
      form,
      values: {},
      positions: [{ id: 4, name: 'Welder', location: 'Laval', applied: false }],
      draftUpdatedAt: null,
    }),
  );
  window.history.replaceState({}, '', address);
  renderWithStore(<App />, { session: baseBootData() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Welder' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en.apply.submit })).toBeInTheDocument();
});
