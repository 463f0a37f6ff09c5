import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, selectBoot, setRemoteModuleLoader } from '@careers/shared';
import { fakeFormRendererModule, fakeFormRendererProps, installFakeFormRenderer } from '@careers/shared/testing';
import { bootData, DOMAIN, onboarding, profile, renderWithStore, setupI18n } from '../../../test/renderWithStore';
import {
  deferred,
  fail,
  installFakeServer,
  ok,
  type FakeResponseInit,
  type FakeServer,
} from '../../../test/fakeServer';
import { App } from '../../../App';

const BOOTSTRAP = '/api/pcsx/profile_bootstrap';
const HEADING = "Welcome! Let's set up your profile";

let server: FakeServer;
let errorToast: jest.SpyInstance;
let successToast: jest.SpyInstance;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  server.on('POST', BOOTSTRAP, ok({ isOnboarded: true, isBootstrapped: true, tosAttested: true }));
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  successToast = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  installFakeFormRenderer();
});

afterEach(() => {
  setRemoteModuleLoader(null);
  jest.restoreAllMocks();
});

function session(overrides: Parameters<typeof bootData>[0] = {}) {
  return bootData({ onboarding: onboarding({ isBootstrapped: false }), ...overrides });
}

/** Opens the step and waits for its form (the toolkit's renderer, loaded through the page's loader). */
async function open(s = session()) {
  const user = userEvent.setup();
  const result = renderWithStore(<App />, { session: s });
  const dialog = await screen.findByRole('dialog', { name: HEADING });
  await within(dialog).findByRole('form', { name: HEADING });
  return { user, dialog, ...result };
}

const lastProps = () => fakeFormRendererProps[fakeFormRendererProps.length - 1]!;

const field = (name: string) => screen.getByRole('textbox', { name });

describe('when the step shows', () => {
  it('shows to a logged-in candidate who is not bootstrapped, as a modal that cannot be closed', async () => {
    const { user, dialog } = await open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Tell us your name and where you are/);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Save and continue']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: HEADING })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: HEADING })).toHaveFocus());
  });

  it('does not show to a bootstrapped candidate, nor to a logged-out visitor', async () => {
    const first = renderWithStore(<App />, { session: bootData() });
    await act(async () => {});
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    const second = renderWithStore(<App />, {
      session: bootData({ isLoggedIn: false, user: null, profile: null, onboarding: null }),
    });
    await act(async () => {});
    expect(second.container).toBeEmptyDOMElement();
    expect(server.calls).toHaveLength(0);
  });

  it('prefills the fields from the profile', async () => {
    await open();
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Location')).toHaveValue('London, UK');
    expect(field('Location')).toHaveAccessibleDescription('City and region, for example Toronto, ON');
  });

  it('is a toolkit form drawn by the forms widget’s renderer: the three fields, the names side by side', async () => {
    const { dialog } = await open();
    const props = lastProps();
    expect(props.form.layout).toBe('simple');
    expect(props.form.sections[0]!.title).toBe('Your details');
    expect(props.form.sections[0]!.items.map((item) => [item.name, item.label, item.layout ?? 'full'])).toEqual([
      ['firstname', 'First name', 'half'],
      ['lastname', 'Last name', 'half'],
      ['location', 'Location', 'full'],
    ]);
    expect(props.initialValues).toEqual({ firstname: 'Ada', lastname: 'Lovelace', location: 'London, UK' });
    expect(props.mode ?? 'edit').toBe('edit');
    expect(within(dialog).getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
  });

  it('keeps the form’s place in the dialog while the renderer loads', async () => {
    let load: (module: unknown) => void = () => undefined;
    installFakeFormRenderer(() => new Promise((resolve) => (load = resolve)));
    renderWithStore(<App />, { session: session() });
    const dialog = await screen.findByRole('dialog', { name: HEADING });
    expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent('Loading the profile form…');
    expect(dialog.querySelector('.cw-onb-bootstrap__form .cw-onb-bootstrap__placeholder')).not.toBeNull();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await act(async () => load(fakeFormRendererModule));
    expect(await within(dialog).findByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    expect(within(dialog).queryByText('Loading the profile form…')).not.toBeInTheDocument();
  });

  it('says so in the dialog when the renderer cannot be loaded, and tries again on request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fails = true;
    const loader = installFakeFormRenderer(async () => {
      if (fails) throw new Error('Loading chunk failed');
      return fakeFormRendererModule;
    });
    const user = userEvent.setup();
    renderWithStore(<App />, { session: session() });
    const dialog = await screen.findByRole('dialog', { name: HEADING });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The profile form could not be loaded. Check your connection and try again.',
    );
    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: 'First name' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('starts empty without a profile', async () => {
    await open(session({ profile: null }));
    expect(field('First name')).toHaveValue('');
    expect(field('Last name')).toHaveValue('');
    expect(field('Location')).toHaveValue('');
  });
});

describe('validation', () => {
  it('says which fields are required and marks them invalid', async () => {
    const { user } = await open(session({ profile: null }));
    await user.type(field('Last name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveAccessibleDescription('First name is required');
    expect(field('Location')).toHaveAccessibleDescription(
      'City and region, for example Toronto, ON Location is required',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('checks the maximum lengths (100, 100, 200)', async () => {
    const { user } = await open();
    await user.clear(field('Last name'));
    await user.click(field('Last name'));
    await user.paste('L'.repeat(101));
    await user.clear(field('Location'));
    await user.click(field('Location'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Last name must be 100 characters or fewer.')).toBeInTheDocument();
    expect(screen.getByText('Location must be 200 characters or fewer.')).toBeInTheDocument();
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
    expect(server.calls).toHaveLength(0);
  });

  it('accepts exactly the maximum lengths', async () => {
    const { user } = await open();
    await user.clear(field('First name'));
    await user.click(field('First name'));
    await user.paste('F'.repeat(100));
    await user.clear(field('Location'));
    await user.click(field('Location'));
    await user.paste('x'.repeat(200));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(server.callsTo('POST', BOOTSTRAP)).toHaveLength(1));
  });

  it('clears a message once the field is fixed', async () => {
    const { user } = await open(session({ profile: profile({ firstname: '' }) }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(field('First name'), 'Grace');
    await waitFor(() => expect(screen.queryByText('First name is required')).not.toBeInTheDocument());
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
  });
});

describe('saving', () => {
  it('sends the trimmed values, shows a success toast and closes the step', async () => {
    const { user, store } = await open();
    await user.clear(field('First name'));
    await user.type(field('First name'), '  Grace ');
    await user.clear(field('Location'));
    await user.type(field('Location'), 'Arlington, VA');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', BOOTSTRAP)).toHaveLength(1);
    expect(server.callsTo('POST', BOOTSTRAP)[0]?.body).toEqual({
      domain: DOMAIN,
      firstname: 'Grace',
      lastname: 'Lovelace',
      location: 'Arlington, VA',
    });
    expect(successToast).toHaveBeenCalledWith('Your profile is set up.');
    const boot = selectBoot(store.getState());
    expect(boot?.onboarding?.isBootstrapped).toBe(true);
    expect(boot?.profile).toMatchObject({
      firstname: 'Grace',
      lastname: 'Lovelace',
      fullname: 'Grace Lovelace',
      location: 'Arlington, VA',
    });
  });

  it('keeps the profile as the server saved it when the answer has it', async () => {
    server.on(
      'POST',
      BOOTSTRAP,
      ok({
        onboarding: { isOnboarded: true, isBootstrapped: true, tosAttested: true },
        profile: profile({ firstname: 'Ada', lastname: 'King', fullname: 'Ada King', location: 'Ockham, Surrey' }),
      }),
    );
    const { user, store } = await open();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectBoot(store.getState())?.profile).toMatchObject({
      lastname: 'King',
      fullname: 'Ada King',
      location: 'Ockham, Surrey',
    });
    expect(selectBoot(store.getState())?.onboarding?.isBootstrapped).toBe(true);
  });

  it('says it is saving, and cannot be sent twice while saving', async () => {
    const answer = deferred<FakeResponseInit>();
    server.on('POST', BOOTSTRAP, () => answer.promise);
    const { user, dialog } = await open();
    const button = screen.getByRole('button', { name: 'Save and continue' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(within(dialog).getByText('Saving your profile…')).toBeInTheDocument();
    await user.click(button);
    expect(server.callsTo('POST', BOOTSTRAP)).toHaveLength(1);
    await act(async () => answer.resolve(ok({})));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts a server field error on its field and focuses it', async () => {
    server.on('POST', BOOTSTRAP, fail(400, 'Location must be a real place', { code: 'validation', field: 'location' }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Location must be a real place')).toBeInTheDocument();
    // Given to the renderer, which shows it on its field until changed (and focuses it).
    expect(lastProps().serverErrors).toEqual({ location: 'Location must be a real place' });
    expect(field('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Location')).toHaveAccessibleDescription(/Location must be a real place/);
    expect(screen.getByRole('dialog', { name: HEADING })).toBeInTheDocument();
    expect(screen.queryByText('Saving your profile…')).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
    expect(successToast).not.toHaveBeenCalled();
  });

  it('understands a server field given as a path ("/firstname")', async () => {
    server.on('POST', BOOTSTRAP, fail(400, 'First name contains unsupported characters', { field: '/firstname' }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('First name contains unsupported characters')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other failures in a toast and keeps the step open', async () => {
    server.on('POST', BOOTSTRAP, fail(400, 'domain is not allowed', { field: 'domain' }));
    const { user } = await open();
    const button = screen.getByRole('button', { name: 'Save and continue' });
    await user.click(button);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('domain is not allowed'));
    expect(screen.getByRole('dialog', { name: HEADING })).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy', 'true'));
    expect(lastProps().serverErrors).toBeUndefined();

    server.on('POST', BOOTSTRAP, { status: 500, body: '' });
    await user.click(button);
    await waitFor(() =>
      expect(errorToast).toHaveBeenLastCalledWith("We couldn't save your profile. Please try again."),
    );
    expect(screen.getByRole('dialog', { name: HEADING })).toBeInTheDocument();
  });
});

describe('when the profile was already set up', () => {
  it('closes the step on a 409 with an information toast, keeping the profile the page has', async () => {
    const infoToast = jest.spyOn(notify, 'info').mockImplementation(() => 'toast');
    try {
      server.on(
        'POST',
        BOOTSTRAP,
        fail(409, 'Your profile is already set up. Change your name or location by editing your profile.', {
          code: 'conflict',
        }),
      );
      const { user, store } = await open();
      const before = selectBoot(store.getState())?.profile;
      await user.clear(field('First name'));
      await user.type(field('First name'), 'Someone');
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(infoToast).toHaveBeenCalledWith(
        'Your profile was already set up. You can change your details in your profile.',
      );
      expect(errorToast).not.toHaveBeenCalled();
      expect(successToast).not.toHaveBeenCalled();
      const boot = selectBoot(store.getState());
      expect(boot?.onboarding?.isBootstrapped).toBe(true);
      expect(boot?.profile).toEqual(before);
    } finally {
      infoToast.mockRestore();
    }
  });
});

describe('after the terms', () => {
  const TERMS = '/api/pcsx/terms_of_service';

  it('waits for the terms: shows the terms first, then this step once they are accepted', async () => {
    server.on('GET', TERMS, ok({ tosAttested: false }));
    server.on('POST', TERMS, ok({ tosAttested: true }));
    const user = userEvent.setup();
    renderWithStore(<App />, {
      session: session({
        pcsxConfig: { termsOfServiceConfig: { enabled: true } },
        onboarding: onboarding({ isBootstrapped: false, tosAttested: false }),
      }),
    });
    const terms = await screen.findByRole('dialog', { name: 'Terms of service' });
    expect(screen.queryByRole('dialog', { name: HEADING })).not.toBeInTheDocument();
    await user.click(within(terms).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('dialog', { name: HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Terms of service' })).not.toBeInTheDocument();
  });

  it('shows once the status check confirms the terms are attested', async () => {
    server.on('GET', TERMS, ok({ tosAttested: true }));
    renderWithStore(<App />, {
      session: session({
        pcsxConfig: { termsOfServiceConfig: { enabled: true } },
        onboarding: onboarding({ isBootstrapped: false }),
      }),
    });
    expect(await screen.findByRole('dialog', { name: HEADING })).toBeInTheDocument();
  });

  it('after a failed status check, follows the starting data: shows when it says attested, not otherwise', async () => {
    server.on('GET', TERMS, fail(500));
    const attested = renderWithStore(<App />, {
      session: session({
        pcsxConfig: { termsOfServiceConfig: { enabled: true } },
        onboarding: onboarding({ isBootstrapped: false }),
      }),
    });
    expect(await screen.findByRole('dialog', { name: HEADING })).toBeInTheDocument();
    attested.unmount();

    const notAttested = renderWithStore(<App />, {
      session: session({
        pcsxConfig: { termsOfServiceConfig: { enabled: true } },
        onboarding: onboarding({ isBootstrapped: false, tosAttested: false }),
      }),
    });
    await waitFor(() => expect(server.callsTo('GET', TERMS)).toHaveLength(2));
    await waitFor(() => expect(notAttested.container).toBeEmptyDOMElement());
  });
});
