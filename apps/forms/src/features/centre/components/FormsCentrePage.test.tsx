import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignedForm, FormsCentreTab } from '@careers/shared/contract';
import {
  baseBootData,
  deferred,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeResponseInit,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { setupFormsI18n } from '../../renderer/testing';
import { FormsCentrePage } from './FormsCentrePage';

const background: AssignedForm = {
  id: 11,
  form_key: 'background-check-consent',
  title: 'Background check consent',
  status: 'open',
  assigned_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  completed_at: null,
  href: '/careers/forms/11?domain=acme.example',
};
const authorisation: AssignedForm = {
  id: 12,
  form_key: 'work-authorisation',
  title: 'Work authorisation',
  status: 'in_progress',
  assigned_at: '2026-11-10T09:00:00.000Z',
  updated_at: '2026-11-12T09:00:00.000Z',
  completed_at: null,
  href: '/careers/forms/12?domain=acme.example',
};
const medical: AssignedForm = {
  ...background,
  id: 13,
  form_key: 'medical',
  title: 'Medical questionnaire',
  status: 'completed',
  updated_at: '2026-11-05T10:00:00.000Z',
  completed_at: '2026-11-05T10:00:00.000Z',
  href: '/careers/forms/13?domain=acme.example',
};

const tabs = (open: number, completed: number): FormsCentreTab[] => [
  { id: 'open', label: 'Open', count: open },
  { id: 'completed', label: 'Completed', count: completed },
];

const openTab = (forms = [background, authorisation]): FakeResponseInit =>
  ok({ tab_id: 'open', forms, tabs: tabs(forms.length, 1) });
const completedTab = (forms = [medical]): FakeResponseInit =>
  ok({ tab_id: 'completed', forms, tabs: tabs(2, forms.length) });

const medium = (at: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(at));

let server: FakeServer;

beforeAll(() => setupFormsI18n());

beforeEach(() => {
  server = installFakeServer();
  window.history.replaceState({}, '', '/careers/forms/center');
});

afterEach(() => jest.restoreAllMocks());

const renderPage = (session = baseBootData()) => renderWithStore(<FormsCentrePage />, { session });

describe('the forms centre', () => {
  it('shows a skeleton of the list’s size while loading, then the tabs with their counts and the open forms', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('GET', '/api/pcsx/forms_list', () => held.promise);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: en.centre.heading })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(en.centre.loading);
    // The tabs are there from the start (no count yet), so nothing moves when the list arrives.
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');

    held.resolve(openTab());
    const list = await screen.findByRole('list', { name: 'Open' });
    expect(screen.getByRole('tab', { name: 'Open 2 forms' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Completed 1 form' })).toHaveAttribute('aria-selected', 'false');
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Background check consent' })).toHaveAttribute(
      'href',
      '/careers/forms/11?domain=acme.example',
    );
    expect(cards[0]).toHaveTextContent('Status: Open');
    expect(cards[0]).toHaveTextContent(`Assigned ${medium(background.assigned_at)}`);
    expect(cards[1]).toHaveTextContent('Status: In progress');
    expect(cards[1]).toHaveTextContent(`Last saved ${medium(authorisation.updated_at)}`);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const [call] = server.callsTo('GET', '/api/pcsx/forms_list');
    expect(call!.query.get('tab_id')).toBe('open');
    expect(call!.query.get('include_tab_list')).toBe('true');
    expect(call!.query.get('domain')).toBe('acme.example');
    expect(call!.query.get('hl')).toBe('en');
  });

  it('switches tabs by keyboard: the address keeps the tab, the completed forms show with their dates', async () => {
    server.on('GET', '/api/pcsx/forms_list', (call) =>
      call.query.get('tab_id') === 'completed' ? completedTab() : openTab(),
    );
    renderPage();
    await screen.findByRole('list', { name: 'Open' });
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: /^Open/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const completed = screen.getByRole('tab', { name: /^Completed/ });
    expect(completed).toHaveFocus();
    expect(completed).toHaveAttribute('aria-selected', 'true');
    expect(window.location.search).toBe('?tab=completed');
    const list = await screen.findByRole('list', { name: 'Completed' });
    const [card] = within(list).getAllByRole('article');
    expect(within(card!).getByRole('link', { name: 'Medical questionnaire' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Status: Completed');
    expect(card).toHaveTextContent(`Completed ${medium(medical.completed_at!)}`);
    expect(server.callsTo('GET', '/api/pcsx/forms_list').map((c) => c.query.get('tab_id'))).toEqual([
      'open',
      'completed',
    ]);
    // Back with Home: the open tab's list (cached).
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /^Open/ })).toHaveFocus();
    expect(await screen.findByRole('list', { name: 'Open' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('opens on the tab the address names', async () => {
    window.history.replaceState({}, '', '/careers/forms/center?domain=acme.example&tab=completed');
    server.on('GET', '/api/pcsx/forms_list', completedTab());
    renderPage();
    expect(await screen.findByRole('link', { name: 'Medical questionnaire' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Completed/ })).toHaveAttribute('aria-selected', 'true');
    expect(server.callsTo('GET', '/api/pcsx/forms_list')[0]!.query.get('tab_id')).toBe('completed');
  });

  it('says so when a tab has no forms', async () => {
    server.on('GET', '/api/pcsx/forms_list', (call) =>
      call.query.get('tab_id') === 'completed' ? completedTab([]) : openTab([]),
    );
    renderPage();
    expect(await screen.findByText(en.centre.empty.open)).toBeInTheDocument();
    expect(screen.getByText(en.centre.emptyBody.open)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Open 0 forms' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /^Completed/ }));
    expect(await screen.findByText(en.centre.empty.completed)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('logs a failed list only, shows a calm message, and loads the list on retry', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('GET', '/api/pcsx/forms_list', fail(500, 'Boom'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.centre.loadError);
    expect(alert).not.toHaveTextContent('Boom');
    expect(logged).toHaveBeenCalledWith(
      '[careers] forms centre: the forms list could not be loaded',
      expect.objectContaining({ status: 500 }),
    );
    server.on('GET', '/api/pcsx/forms_list', openTab());
    await userEvent.setup().click(within(alert).getByRole('button', { name: en.centre.retry }));
    expect(await screen.findByRole('link', { name: 'Background check consent' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/forms_list')).toHaveLength(2);
  });

  it('titles the page in the page title’s order: its SEO title, else Careers at {company}', async () => {
    server.on('GET', '/api/pcsx/forms_list', openTab());
    const { unmount } = renderPage(baseBootData({ pcsxConfig: { branding: { companyName: 'Acme Robotics' } } }));
    await screen.findByRole('list', { name: 'Open' });
    expect(document.title).toBe('Careers at Acme Robotics');
    unmount();
    renderPage(
      baseBootData({
        pcsxConfig: {
          branding: { companyName: 'Acme Robotics' },
          seoConfig: { pagesMetadata: { documentCenter: { title: 'Your forms at Acme' } } },
        } as never,
      }),
    );
    await screen.findByRole('list', { name: 'Open' });
    expect(document.title).toBe('Your forms at Acme');
  });

  it('speaks French on a French page, dates included', async () => {
    await setupFormsI18n('fr-CA');
    let unmount = () => {};
    try {
      server.on(
        'GET',
        '/api/pcsx/forms_list',
        ok({
          tab_id: 'open',
          forms: [authorisation],
          tabs: [
            { id: 'open', label: 'À remplir', count: 1 },
            { id: 'completed', label: 'Remplis', count: 0 },
          ],
        }),
      );
      ({ unmount } = renderPage(baseBootData({ language: 'fr-CA' })));
      const list = await screen.findByRole('list', { name: 'À remplir' });
      expect(screen.getByRole('heading', { level: 1, name: 'Centre des formulaires' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'À remplir 1 formulaire' })).toBeInTheDocument();
      expect(list).toHaveTextContent('État : En cours');
      expect(list).toHaveTextContent(`Enregistré le ${medium(authorisation.updated_at, 'fr-CA')}`);
      expect(server.callsTo('GET', '/api/pcsx/forms_list')[0]!.query.get('hl')).toBe('fr-CA');
    } finally {
      act(() => unmount());
      await setupFormsI18n('en');
    }
  });
});

it('keeps the list of the last tab while none is known yet: the error of another tab shows in its panel', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.on('GET', '/api/pcsx/forms_list', (call) =>
    call.query.get('tab_id') === 'completed' ? fail(503, 'Down') : openTab(),
  );
  renderPage();
  await screen.findByRole('list', { name: 'Open' });
  await userEvent.setup().click(screen.getByRole('tab', { name: /^Completed/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.centre.loadError);
  // The tabs (and their counts) stay.
  expect(screen.getByRole('tab', { name: 'Open 2 forms' })).toBeInTheDocument();
  await waitFor(() => expect(logged).toHaveBeenCalled());
});
