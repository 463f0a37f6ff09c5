import { screen } from '@testing-library/react';
import { baseBootData, installFakeServer, ok, renderWithStore } from '@careers/shared/testing';
import en from '../../locales/en.json';
import { setupFormsI18n } from '../renderer/testing';
import { App } from '../../App';

beforeAll(() => setupFormsI18n());

it('routes /careers/forms/center to the forms centre', async () => {
  const server = installFakeServer();
  server.on(
    'GET',
    '/api/pcsx/forms_list',
    ok({
      tab_id: 'open',
      forms: [],
      tabs: [
        { id: 'open', label: 'Open', count: 0 },
        { id: 'completed', label: 'Completed', count: 0 },
      ],
    }),
  );
  window.history.replaceState({}, '', '/careers/forms/center?domain=acme.example');
  renderWithStore(<App />, { session: baseBootData() });
  expect(await screen.findByRole('heading', { level: 1, name: en.centre.heading })).toBeInTheDocument();
  expect(await screen.findByText(en.centre.empty.open)).toBeInTheDocument();
});

it('routes /careers/forms/:formId to the form view', async () => {
  const server = installFakeServer();
  server.on(
    'GET',
    '/api/pcsx/form',
    ok({
      form: {
        id: 'f',
        title: 'Work authorisation',
        layout: 'simple',
        sections: [{ id: 'a', title: 'About you', items: [{ name: 'permit', type: 'text', label: 'Permit number' }] }],
      },
      values: {},
      status: 'open',
      assignment: {
        id: 7,
        form_key: 'f',
        title: 'Work authorisation',
        status: 'open',
        assigned_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        completed_at: null,
        href: '/careers/forms/7',
      },
    }),
  );
  window.history.replaceState({}, '', '/careers/forms/7');
  renderWithStore(<App />, { session: baseBootData() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Work authorisation' })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Permit number' })).toBeInTheDocument();
  expect(server.callsTo('GET', '/api/pcsx/form')[0]!.query.get('form_id')).toBe('7');
});
