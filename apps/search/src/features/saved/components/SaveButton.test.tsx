import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginModalHost, notify, prepareAuth, useSavedPositionsQuery } from '@careers/shared';
import type { BootData, PositionSummary } from '@careers/shared/contract';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeServer,
} from '@careers/shared/testing';
import { reloadPage } from '../../../../../../shared/src/auth/reload';
import { SaveButton, type SaveablePosition } from './SaveButton';
import { setupSearchI18n } from '../../../test/setup';

jest.mock('../../../../../../shared/src/auth/reload', () => ({ reloadPage: jest.fn() }));
const reloadMock = reloadPage as jest.MockedFunction<typeof reloadPage>;

const nurse: SaveablePosition = { id: 7, name: 'Nurse', positionUserActions: { isSaved: false, inCart: false } };
const signedOut = (overrides: Partial<BootData> = {}) => baseBootData({ isLoggedIn: false, user: null, ...overrides });
const actions = (isSaved: boolean) => ok({ positionId: 7, positionUserActions: { isSaved, inCart: false } });

let server: FakeServer;
let errorToast: jest.SpyInstance;

beforeAll(async () => {
  await setupSearchI18n({ prepare: prepareAuth });
});

beforeEach(() => {
  server = installFakeServer();
  server.on('POST', '/api/pcsx/positions/save', actions(true));
  server.on('POST', '/api/pcsx/positions/unsave', actions(false));
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  reloadMock.mockClear();
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  window.history.replaceState(null, '', '/careers/nurse');
});

afterEach(() => jest.restoreAllMocks());

// Named by what it shows, then the position (WCAG 2.5.3): "Save: Nurse", "Saved: Nurse".
const saveButton = () => screen.getByRole('button', { name: /^Saved?: Nurse$/ });

describe('SaveButton', () => {
  it('saves, then unsaves, showing the state the server answered', async () => {
    const user = userEvent.setup();
    renderWithStore(<SaveButton position={nurse} />, { session: baseBootData() });
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');
    expect(saveButton()).toHaveAccessibleName('Save: Nurse');

    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(saveButton()).toHaveAccessibleName('Saved: Nurse');
    expect(server.callsTo('POST', '/api/pcsx/positions/save')[0]?.body).toEqual({ domain: DOMAIN, position_id: 7 });

    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(server.callsTo('POST', '/api/pcsx/positions/unsave')[0]?.body).toEqual({ domain: DOMAIN, position_id: 7 });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('keeps the answer when it differs from the request (the flag comes from the server)', async () => {
    server.on('POST', '/api/pcsx/positions/save', actions(false));
    const user = userEvent.setup();
    renderWithStore(<SaveButton position={nurse} />, { session: baseBootData() });
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/positions/save')).toHaveLength(1));
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('starts from the results: a saved position shows Saved and unsaves', async () => {
    const user = userEvent.setup();
    const saved = { ...nurse, positionUserActions: { isSaved: true, inCart: false } };
    renderWithStore(<SaveButton position={saved} />, { session: baseBootData() });
    expect(saveButton()).toHaveAttribute('aria-pressed', 'true');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('shows a toast and keeps the state when saving fails', async () => {
    server.on('POST', '/api/pcsx/positions/save', fail(500, 'Internal error'));
    const user = userEvent.setup();
    renderWithStore(<SaveButton position={nurse} />, { session: baseBootData() });
    await user.click(saveButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Nurse could not be saved. Please try again.'));
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'false'));
  });

  it('says so when the position is no longer open', async () => {
    server.on('POST', '/api/pcsx/positions/save', fail(404, 'Position 7 not found.'));
    const user = userEvent.setup();
    renderWithStore(<SaveButton position={nurse} />, { session: baseBootData() });
    await user.click(saveButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Nurse is no longer open, so it cannot be saved.'));
  });

  it('asks a signed-out visitor to sign in, then saves the position and reloads', async () => {
    server.on('POST', '/api/auth/login', {
      ...ok({ ok: true, next: '/careers/nurse' }),
      headers: { 'x-csrf-token': 'csrf-2' },
    });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <SaveButton position={nurse} />
        <LoginModalHost />
      </>,
      { session: signedOut() },
    );
    await user.click(saveButton());
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(server.callsTo('POST', '/api/pcsx/positions/save')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'candidate@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', '/api/pcsx/positions/save')[0]?.body).toEqual({ domain: DOMAIN, position_id: 7 });
  });

  it('asks the server to save the position for a visitor who creates an account instead', async () => {
    server.on('POST', '/api/auth/signup', { status: 202, body: { data: { ok: true, email: 'ada@example.com' } } });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <SaveButton position={nurse} />
        <LoginModalHost />
      </>,
      { session: signedOut() },
    );
    await user.click(saveButton());
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(server.callsTo('POST', '/api/auth/signup')[0]?.body).toMatchObject({
      pendingAction: { type: 'save_job', positionId: 7 },
    });
    // Saved by the server once the email is confirmed, not by this page.
    expect(server.callsTo('POST', '/api/pcsx/positions/save')).toHaveLength(0);
  });

  it('is not offered to signed-out visitors where candidates cannot sign in', () => {
    renderWithStore(<SaveButton position={nurse} />, {
      session: signedOut({ loginSignupConfig: { candidateLoginEnabled: false } }),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('useSavedPositionsQuery', () => {
  function SavedList() {
    const { data } = useSavedPositionsQuery({ domain: DOMAIN });
    return <p>Saved: {(data ?? []).map((position) => position.name).join(', ') || 'none'}</p>;
  }

  it('lists the saved positions, and a save fetches them again', async () => {
    const list = (positions: Array<Partial<PositionSummary>>) => ok({ positions });
    server.on('GET', '/api/pcsx/positions/saved', list([]));
    const user = userEvent.setup();
    renderWithStore(
      <>
        <SaveButton position={nurse} />
        <SavedList />
      </>,
      { session: baseBootData() },
    );
    expect(await screen.findByText('Saved: none')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/positions/saved')[0]?.query.get('domain')).toBe(DOMAIN);

    server.on('GET', '/api/pcsx/positions/saved', list([{ id: 7, name: 'Nurse' }]));
    await user.click(saveButton());
    expect(await screen.findByText('Saved: Nurse')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/positions/saved')).toHaveLength(2);
  });
});
