import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@careers/shared';
import type { FormDefinition } from '@careers/shared/contract';
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
import { DRAFT_DELAY_MS } from '../useDraft';
import { ApplyPage } from './ApplyPage';

const form: FormDefinition = {
  id: 'default',
  title: 'Apply to Acme',
  layout: 'simple',
  sections: [
    {
      id: 'about',
      title: 'About you',
      items: [
        { name: 'firstname', type: 'text', label: 'First name', required: true },
        { name: 'email', type: 'email', label: 'Email', required: true, rules: [{ type: 'email' }] },
      ],
    },
  ],
};

const robotics = { id: 1, name: 'Robotics Engineer', location: 'Montréal, QC', applied: false };
const designer = { id: 2, name: 'Product Designer', location: 'Toronto, ON', applied: false };

function applyForm(overrides: Record<string, unknown> = {}): FakeResponseInit {
  return ok({ form, values: { email: 'ada@example.com' }, positions: [robotics], draftUpdatedAt: null, ...overrides });
}

/** A stand-in for the bell's badge query: what it provides is refetched when an application invalidates it. */
const badgeApi = api.enhanceEndpoints({ addTagTypes: ['NotificationBadge'] }).injectEndpoints({
  endpoints: (build) => ({
    testBadge: build.query<unknown, void>({ query: () => '/api/test/badge', providesTags: ['NotificationBadge'] }),
  }),
});

let server: FakeServer;

beforeAll(() => setupFormsI18n());

beforeEach(() => {
  server = installFakeServer();
  window.history.replaceState({}, '', '/careers/apply?pid=1');
});

afterEach(() => {
  jest.useRealTimers();
});

function renderPage(session = baseBootData()) {
  const result = renderWithStore(<ApplyPage />, { session });
  return result;
}

const signedOut = () => baseBootData({ isLoggedIn: false, user: null });

async function formShown() {
  return screen.findByRole('textbox', { name: /First name/ });
}

describe('loading the form', () => {
  it('shows a skeleton while loading, then the positions and the form', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('GET', '/api/pcsx/apply_form', () => held.promise);
    renderPage();
    expect(screen.getByText(en.apply.loading)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: en.apply.heading })).toHaveAttribute('aria-busy', 'true');
    held.resolve(applyForm());
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Robotics Engineer' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Position' });
    expect(within(list).getByText('Robotics Engineer')).toBeInTheDocument();
    expect(within(list).getByText('Montréal, QC')).toBeInTheDocument();
    expect(await formShown()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
    const [call] = server.callsTo('GET', '/api/pcsx/apply_form');
    expect(call!.query.get('pid')).toBe('1');
    expect(call!.query.get('domain')).toBe('acme.example');
    expect(call!.query.get('hl')).toBe('en');
  });

  it('says a malformed pid is not valid, with a link to the search, and calls nothing', () => {
    window.history.replaceState({}, '', '/careers/apply?pid=abc');
    renderPage();
    expect(screen.getByText(en.apply.invalidPid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.apply.backToSearch })).toHaveAttribute('href', '/careers');
    expect(server.calls).toHaveLength(0);
  });

  it('says a closed position is no longer open (404), with a link to the search', async () => {
    server.on('GET', '/api/pcsx/apply_form', fail(404, 'pid: Position 1 is not open', { field: 'pid' }));
    renderPage();
    expect(await screen.findByText('This position is no longer open for applications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.apply.backToSearch })).toHaveAttribute('href', '/careers');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers to try again after another failure, and loads the form then', async () => {
    server.on('GET', '/api/pcsx/apply_form', fail(500, 'Boom'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.apply.loadError);
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    await userEvent.setup().click(within(alert).getByRole('button', { name: en.apply.retry }));
    expect(await formShown()).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/apply_form')).toHaveLength(2);
  });

  it('lists the cart positions of pid=1,2 and flags the one applied to; the form goes to the other', async () => {
    window.history.replaceState({}, '', '/careers/apply?pid=1,2');
    server.on('GET', '/api/pcsx/apply_form', applyForm({ positions: [{ ...robotics, applied: true }, designer] }));
    server.on('POST', '/api/pcsx/apply', ok({ applicationIds: [9], positions: [{ ...designer, applied: true }] }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for 2 positions' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Positions' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Robotics Engineer.*You have already applied/);
    expect(items[1]).not.toHaveTextContent('You have already applied');
    const user = userEvent.setup();
    await user.type(await formShown(), 'Ada');
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    await screen.findByRole('heading', { name: en.apply.done.title });
    expect(server.callsTo('POST', '/api/pcsx/apply')[0]!.body).toMatchObject({ position_ids: [2] });
  });

  it('asks a signed-out visitor to sign in when the employer requires it (401)', async () => {
    server.on('GET', '/api/pcsx/apply_form', {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Sign in to apply.', code: 'login_required' },
    });
    renderPage(signedOut());
    expect(await screen.findByText(en.apply.signInNeeded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.apply.signIn })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
  });

  it('titles the page after the position and the company', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    renderPage(baseBootData({ pcsxConfig: { branding: { companyName: 'Acme Robotics' } } }));
    await formShown();
    expect(document.title).toBe('Robotics Engineer | Acme Robotics');
  });

  it('offers no form when every position is applied to already', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm({ positions: [{ ...robotics, applied: true }] }));
    renderPage();
    expect(await screen.findByText('You have already applied to this position.')).toBeInTheDocument();
    expect(screen.getByText(en.apply.appliedTag)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.apply.submit })).not.toBeInTheDocument();
  });
});

describe('applying', () => {
  it('submits the answers and confirms, the heading focused, with the next steps', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    server.on('POST', '/api/pcsx/apply', ok({ applicationIds: [7], positions: [{ ...robotics, applied: true }] }));
    server.on('GET', '/api/test/badge', ok({ count: 0 }));
    const { store } = renderPage();
    const badge = store.dispatch(badgeApi.endpoints.testBadge.initiate());
    const user = userEvent.setup();
    await user.type(await formShown(), 'Ada');
    expect(server.callsTo('GET', '/api/test/badge')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Robotics Engineer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.apply.seeApplications })).toHaveAttribute(
      'href',
      '/careers/applications',
    );
    expect(screen.getByRole('link', { name: en.apply.backToSearch })).toHaveAttribute('href', '/careers');
    const [call] = server.callsTo('POST', '/api/pcsx/apply');
    expect(call!.body).toEqual({
      domain: 'acme.example',
      position_ids: [1],
      values: { firstname: 'Ada', email: 'ada@example.com' },
    });
    expect(call!.query.get('hl')).toBe('en');
    // The bell's unread badge (a query providing NotificationBadge) is read again.
    await waitFor(() => expect(server.callsTo('GET', '/api/test/badge')).toHaveLength(2));
    badge.unsubscribe();
  });

  it('shows the server’s field errors on their fields, the first one focused (400 form_invalid)', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    server.on('POST', '/api/pcsx/apply', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'form_invalid',
        message: 'First name looks wrong',
        field: 'firstname',
        errors: { firstname: 'First name looks wrong', email: 'This email is taken' },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const name = await formShown();
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    expect(await screen.findByText('First name looks wrong')).toBeInTheDocument();
    expect(screen.getByText('This email is taken')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: en.apply.done.title })).not.toBeInTheDocument();
  });

  it('shows the server’s message above the form when already applied (409)', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    server.on(
      'POST',
      '/api/pcsx/apply',
      fail(409, 'You have already applied to Robotics Engineer (1).', { code: 'already_applied' }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await formShown(), 'Ada');
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already applied to Robotics Engineer (1).');
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
  });
});

describe('drafts', () => {
  it('saves one draft 2 s after the last of several changes, and says so', async () => {
    jest.useFakeTimers();
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    server.on('POST', '/api/pcsx/draft_applications', (call) =>
      ok({
        id: 3,
        position_ids: [1],
        position: { id: 1, name: 'Robotics Engineer', location: 'Montréal, QC', archived_at: -1 },
        updated_at: '2026-11-20T10:00:00.000Z',
        href: '/careers/apply?pid=1',
        echo: call.body,
      }),
    );
    renderPage();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const name = await formShown();
    await user.type(name, 'Ad');
    act(() => jest.advanceTimersByTime(1000));
    await user.type(name, 'a');
    act(() => jest.advanceTimersByTime(DRAFT_DELAY_MS - 100));
    expect(server.callsTo('POST', '/api/pcsx/draft_applications')).toHaveLength(0);
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Draft saved'));
    const calls = server.callsTo('POST', '/api/pcsx/draft_applications');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      domain: 'acme.example',
      position_ids: [1],
      values: { firstname: 'Ada', email: 'ada@example.com' },
    });
  });

  it('saves at once when the page is hidden with unsaved changes; a failure says so and still lets you apply', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm());
    server.on('POST', '/api/pcsx/draft_applications', fail(500, 'Boom'));
    server.on('POST', '/api/pcsx/apply', ok({ applicationIds: [7], positions: [{ ...robotics, applied: true }] }));
    renderPage();
    const user = userEvent.setup();
    await user.type(await formShown(), 'Ada');
    const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    hidden.mockRestore();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The draft could not be saved'));
    expect(server.callsTo('POST', '/api/pcsx/draft_applications')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    expect(await screen.findByRole('heading', { name: en.apply.done.title })).toBeInTheDocument();
  });

  it('says which draft was restored, its date in the page language', async () => {
    server.on(
      'GET',
      '/api/pcsx/apply_form',
      applyForm({ values: { firstname: 'Ada' }, draftUpdatedAt: '2026-11-20T15:30:00.000Z' }),
    );
    renderPage();
    expect(await formShown()).toHaveValue('Ada');
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date('2026-11-20T15:30:00.000Z'),
    );
    expect(screen.getByText(`We restored your draft from ${date}`)).toBeInTheDocument();
  });

  it('writes the restored draft’s date in French on a French page', async () => {
    await setupFormsI18n('fr-CA');
    let unmount = () => {};
    try {
      server.on(
        'GET',
        '/api/pcsx/apply_form',
        applyForm({ values: { firstname: 'Ada' }, draftUpdatedAt: '2026-11-20T15:30:00.000Z' }),
      );
      ({ unmount } = renderPage(baseBootData({ language: 'fr-CA' })));
      expect(await formShown()).toHaveValue('Ada');
      const date = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date('2026-11-20T15:30:00.000Z'),
      );
      expect(screen.getByText(`Nous avons récupéré votre brouillon du ${date}`)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Envoyer ma candidature' })).toBeInTheDocument();
      expect(server.callsTo('GET', '/api/pcsx/apply_form')[0]!.query.get('hl')).toBe('fr-CA');
    } finally {
      unmount();
      await setupFormsI18n('en');
    }
  });

  it('keeps no draft for a signed-out visitor', async () => {
    jest.useFakeTimers();
    server.on('GET', '/api/pcsx/apply_form', applyForm({ values: {} }));
    renderPage(signedOut());
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(await formShown(), 'Ada');
    act(() => jest.advanceTimersByTime(DRAFT_DELAY_MS * 3));
    expect(server.callsTo('POST', '/api/pcsx/draft_applications')).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers no link to the applications once a signed-out visitor has applied', async () => {
    server.on('GET', '/api/pcsx/apply_form', applyForm({ values: {} }));
    server.on('POST', '/api/pcsx/apply', ok({ applicationIds: [7], positions: [{ ...robotics, applied: true }] }));
    renderPage(signedOut());
    const user = userEvent.setup();
    await user.type(await formShown(), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: en.apply.submit }));
    expect(await screen.findByRole('heading', { name: en.apply.done.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.apply.seeApplications })).not.toBeInTheDocument();
  });
});
