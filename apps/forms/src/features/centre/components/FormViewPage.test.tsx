import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@careers/shared';
import type { AssignedForm, FormDefinition, FormValues } from '@careers/shared/contract';
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
import { FormViewPage } from './FormViewPage';

const form: FormDefinition = {
  id: 'medical',
  title: 'Medical questionnaire',
  layout: 'simple',
  sections: [
    {
      id: 'health',
      title: 'Your health',
      items: [
        { name: 'doctor', type: 'text', label: 'Family doctor', required: true },
        { name: 'allergies', type: 'textarea', label: 'Allergies' },
      ],
    },
  ],
};

const assignment: AssignedForm = {
  id: 21,
  form_key: 'medical',
  title: 'Medical questionnaire',
  status: 'open',
  assigned_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  completed_at: null,
  href: '/careers/forms/21?domain=acme.example',
};

function candidateForm(status: AssignedForm['status'] = 'open', values: FormValues = {}, extra = {}) {
  const completed = status === 'completed' ? '2026-11-22T10:00:00.000Z' : null;
  return ok({
    form,
    values,
    status,
    assignment: {
      ...assignment,
      status,
      completed_at: completed,
      updated_at: completed ?? assignment.updated_at,
      ...extra,
    },
  });
}

const saved = (status: AssignedForm['status'], at = '2026-11-23T14:30:00.000Z') =>
  ok({ ...assignment, status, updated_at: at, completed_at: status === 'completed' ? at : null });

let server: FakeServer;

beforeAll(() => setupFormsI18n());

beforeEach(() => {
  server = installFakeServer();
  window.history.replaceState({}, '', '/careers/forms/21?domain=acme.example');
});

afterEach(() => jest.restoreAllMocks());

const renderPage = (session = baseBootData()) => renderWithStore(<FormViewPage />, { session });
const doctor = () => screen.findByRole('textbox', { name: /Family doctor/ });
const submitButton = () => screen.getByRole('button', { name: en.centre.form.submit });
/** The page's header: the form's title and its status. */
const statusOf = () => screen.getByRole('heading', { level: 1 }).parentElement;
const saveButton = () => screen.getByRole('button', { name: en.centre.form.saveProgress });

describe('loading a form', () => {
  it('shows a skeleton while loading, then the form to answer with its saved answers', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('GET', '/api/pcsx/form', () => held.promise);
    renderPage(baseBootData({ pcsxConfig: { branding: { companyName: 'Acme Robotics' } } }));
    expect(screen.getByText(en.centre.form.loading)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: en.centre.form.heading })).toHaveAttribute('aria-busy', 'true');
    held.resolve(candidateForm('in_progress', { doctor: 'Dr Lee' }, { updated_at: '2026-11-21T08:00:00.000Z' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical questionnaire' })).toBeInTheDocument();
    expect(await doctor()).toHaveValue('Dr Lee');
    expect(statusOf()).toHaveTextContent('Status: In progress');
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-11-21T08:00:00.000Z'));
    expect(screen.getByText(`Your answers saved on ${date} are filled in.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.centre.form.backToCentre })).toHaveAttribute(
      'href',
      '/careers/forms/center?domain=acme.example',
    );
    const [call] = server.callsTo('GET', '/api/pcsx/form');
    expect(call!.query.get('form_id')).toBe('21');
    expect(call!.query.get('domain')).toBe('acme.example');
    expect(call!.query.get('hl')).toBe('en');
    // The page title's order (docs/product/shell.md#page-title): no SEO title for the form view, so "Careers at
    // {company}" (a form is not a position).
    expect(document.title).toBe('Careers at Acme Robotics');
  });

  it('says an unknown form (404) is not found, with a link back to the centre', async () => {
    server.on('GET', '/api/pcsx/form', fail(404, 'form_id: you have no form 21.', { field: 'form_id' }));
    renderPage();
    expect(await screen.findByText(en.centre.form.notFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: en.centre.form.notFoundHeading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.centre.form.backToCentre })).toHaveAttribute(
      'href',
      '/careers/forms/center?domain=acme.example',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says a malformed form id is not found without calling the API', () => {
    window.history.replaceState({}, '', '/careers/forms/abc');
    renderPage();
    expect(screen.getByText(en.centre.form.notFound)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('sends the address without a form id to the centre', async () => {
    window.history.replaceState({}, '', '/careers/forms?domain=acme.example');
    renderPage();
    await waitFor(() => expect(window.location.pathname).toBe('/careers/forms/center'));
    expect(window.location.search).toBe('?domain=acme.example');
    expect(server.calls).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in (401)', async () => {
    server.on('GET', '/api/pcsx/form', {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Sign in.', code: 'login_required' },
    });
    renderPage(baseBootData({ isLoggedIn: false, user: null }));
    expect(await screen.findByText(en.centre.form.signInNeeded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.centre.form.signIn })).toBeInTheDocument();
  });

  it('offers to try again after another failure, and shows the form then', async () => {
    server.on('GET', '/api/pcsx/form', fail(500, 'Boom'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.centre.form.loadError);
    server.on('GET', '/api/pcsx/form', candidateForm());
    await userEvent.setup().click(within(alert).getByRole('button', { name: en.centre.retry }));
    expect(await doctor()).toBeInTheDocument();
  });
});

describe('answering', () => {
  it('saves the answers to finish later (submit: false) and says when', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm());
    server.on('POST', '/api/pcsx/form', saved('in_progress'));
    renderPage();
    const user = userEvent.setup();
    await user.type(await doctor(), 'Dr Lee');
    await user.click(saveButton());
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date('2026-11-23T14:30:00.000Z'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Your answers were saved at ${time}. You can come back to finish this form later.`,
      ),
    );
    const [call] = server.callsTo('POST', '/api/pcsx/form');
    expect(call!.body).toEqual({
      domain: 'acme.example',
      form_id: 21,
      values: expect.objectContaining({ doctor: 'Dr Lee' }),
      submit: false,
    });
    expect(call!.query.get('hl')).toBe('en');
    // Nothing was checked: the form stays as typed.
    expect(screen.getByRole('textbox', { name: /Family doctor/ })).toHaveValue('Dr Lee');
  });

  it('says a failed save, the answers kept', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm());
    server.on('POST', '/api/pcsx/form', fail(500, 'Boom'));
    renderPage();
    const user = userEvent.setup();
    await user.type(await doctor(), 'Dr Lee');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(en.centre.form.saveError);
    expect(screen.getByRole('textbox', { name: /Family doctor/ })).toHaveValue('Dr Lee');
  });

  it('checks the form before submitting: the empty required question is focused, nothing is sent', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm());
    renderPage();
    const field = await doctor();
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/pcsx/form')).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields, the first one focused (400 form_invalid)', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm());
    server.on('POST', '/api/pcsx/form', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'form_invalid',
        message: 'Name a practising doctor',
        field: 'doctor',
        errors: { doctor: 'Name a practising doctor', allergies: 'Say “none” if you have none' },
      },
    });
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
    renderPage();
    const user = userEvent.setup();
    const field = await doctor();
    await user.type(field, 'Nobody');
    await user.click(submitButton());
    expect(await screen.findByText('Name a practising doctor')).toBeInTheDocument();
    expect(screen.getByText('Say “none” if you have none')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/pcsx/form')[0]!.body).toMatchObject({ submit: true });
    expect(success).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/careers/forms/21');
  });

  it('submits (submit: true), says so in a toast and goes to the centre’s completed tab', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm('in_progress', { doctor: 'Dr Lee' }));
    server.on('POST', '/api/pcsx/form', saved('completed'));
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
    renderPage();
    expect(await doctor()).toHaveValue('Dr Lee');
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect(window.location.pathname).toBe('/careers/forms/center'));
    expect(window.location.search).toBe('?domain=acme.example&tab=completed');
    expect(success).toHaveBeenCalledWith('“Medical questionnaire” was submitted. Thank you!');
    expect(server.callsTo('POST', '/api/pcsx/form')[0]!.body).toEqual({
      domain: 'acme.example',
      form_id: 21,
      values: { doctor: 'Dr Lee', allergies: '' },
      submit: true,
    });
  });

  it('shows the form read-only when it was completed meanwhile (409), with the server’s words', async () => {
    let completed = false;
    server.on('GET', '/api/pcsx/form', () =>
      completed ? candidateForm('completed', { doctor: 'Dr Who' }) : candidateForm('open'),
    );
    server.on('POST', '/api/pcsx/form', () => {
      completed = true;
      return fail(409, 'This form was completed on 2026-11-22 and can no longer be changed.', {
        code: 'form_completed',
        field: 'form_id',
      });
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await doctor(), 'Dr Lee');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This form was completed on 2026-11-22 and can no longer be changed.',
    );
    expect(await screen.findByText('Dr Who')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.centre.form.submit })).not.toBeInTheDocument();
    expect(statusOf()).toHaveTextContent('Status: Completed');
    expect(server.callsTo('GET', '/api/pcsx/form')).toHaveLength(2);
  });
});

describe('a completed form', () => {
  it('shows the answers read-only, when it was completed, and a way to the completed forms', async () => {
    server.on('GET', '/api/pcsx/form', candidateForm('completed', { doctor: 'Dr Lee' }));
    renderPage();
    expect(await screen.findByText('Dr Lee')).toBeInTheDocument();
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-11-22T10:00:00.000Z'));
    expect(
      screen.getByText(
        `You completed this form on ${date}. Your answers are shown below and can no longer be changed.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Family doctor' })).toHaveTextContent('Dr Lee');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.centre.form.submit })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.centre.form.saveProgress })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.centre.form.toCompleted })).toHaveAttribute(
      'href',
      '/careers/forms/center?domain=acme.example&tab=completed',
    );
  });

  it('speaks French on a French page', async () => {
    await setupFormsI18n('fr-CA');
    let unmount = () => {};
    try {
      server.on('GET', '/api/pcsx/form', candidateForm('open'));
      ({ unmount } = renderPage(baseBootData({ language: 'fr-CA' })));
      await doctor();
      expect(screen.getByRole('button', { name: 'Envoyer le formulaire' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enregistrer et continuer plus tard' })).toBeInTheDocument();
      expect(statusOf()).toHaveTextContent('État : À remplir');
      expect(server.callsTo('GET', '/api/pcsx/form')[0]!.query.get('hl')).toBe('fr-CA');
    } finally {
      act(() => unmount());
      await setupFormsI18n('en');
    }
  });
});
