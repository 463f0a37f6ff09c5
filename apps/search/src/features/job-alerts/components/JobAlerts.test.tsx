import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { readSearchAddress, type SearchAddress } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  renderWithStore,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { JOB_ALERTS_PATH, jobAlertBody } from '../jobAlertBody';
import { JobAlertButton } from './JobAlertButton';
import { setupSearchI18n } from '../../../test/setup';

const T = en.jobAlerts;
const PRIVACY = 'Acme keeps your email to send these alerts.\nUnsubscribe from any alert in one click.';
// As the end-to-end audits run axe: with its label-in-name rule on (WCAG 2.5.3; off in axe's defaults).
const AXE_OPTIONS = {
  rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
};

/** A signed-out visitor's page, job alerts as `config` says (enabled with a privacy text by default; none: null). */
const visitor = (
  config: NonNullable<BootData['pcsxConfig']['loggedOutNotificationConfig']> | null = {
    enabled: true,
    privacyText: PRIVACY,
  },
  overrides: Partial<BootData> = {},
): BootData =>
  baseBootData({
    isLoggedIn: false,
    user: null,
    pcsxConfig: {
      searchConfig: { allFilters: ['department', 'employment_type', 'location'] },
      ...(config ? { loggedOutNotificationConfig: config } : {}),
    },
    ...overrides,
  });

/** The search a page address holds, read as the search page reads it. */
const searchAt = (query: string, boot: BootData = visitor()): SearchAddress =>
  readSearchAddress('/careers/search', query, {
    searchConfig: boot.pcsxConfig.searchConfig,
    commaInFilterValues: boot.behaviourFlags.enableCommaInFilterValues === true,
  });

const SEARCH = searchAt(
  '?query=designer&location=Toronto&sort_by=date&start=20&pid=7' +
    '&filter_department=Engineering,Design&filter_employment_type=full_time',
);

let server: FakeServer;

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  server = installFakeServer();
  server.on('POST', JOB_ALERTS_PATH, ({ body }) => ({
    status: 202,
    body: { data: { ok: true, email: (body as { email: string }).email.toLowerCase() } },
  }));
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
});

const openButton = () => screen.getByRole('button', { name: T.open });

async function openDialog(user: ReturnType<typeof userEvent.setup>, session = visitor(), address = SEARCH) {
  const rendered = renderWithStore(<JobAlertButton address={address} />, { session });
  await user.click(openButton());
  const dialog = await screen.findByRole('dialog', { name: T.heading });
  return { ...rendered, dialog };
}

const emailBox = () => screen.getByRole('textbox', { name: T.email });
const consentBox = () => screen.getByRole('checkbox', { name: T.consent });
const submitButton = () => screen.getByRole('button', { name: T.submit });

describe('JobAlertButton', () => {
  it('is offered to a signed-out visitor where the employer enables job alerts', () => {
    renderWithStore(<JobAlertButton address={SEARCH} />, { session: visitor() });
    expect(openButton()).toBeInTheDocument();
    expect(openButton()).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it.each<[string, BootData]>([
    ['signed in (job alerts enabled)', visitor(undefined, { isLoggedIn: true, user: { id: 'u-1', email: 'a@b.co' } })],
    ['with job alerts disabled', visitor({ enabled: false, privacyText: PRIVACY })],
    ['without a job alert configuration', visitor(null)],
  ])('is not shown %s', (_case, session) => {
    renderWithStore(<JobAlertButton address={SEARCH} />, { session });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is not shown for a Map Area search, which an alert cannot keep', () => {
    renderWithStore(<JobAlertButton address={{ ...SEARCH, mapBounds: '43.6,-79.5,43.8,-79.2' }} />, {
      session: visitor(),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the dialog on the email field, with the intro, the privacy text above the consent it describes', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { level: 2, name: T.heading })).toBeInTheDocument();
    expect(within(dialog).getByText(T.intro)).toBeInTheDocument();
    await waitFor(() => expect(emailBox()).toHaveFocus());
    expect(emailBox()).toBeRequired();
    expect(consentBox()).toBeRequired();

    // Plain text, not HTML, in a region of its own that the consent points to.
    const privacy = within(dialog).getByRole('region', { name: T.privacyLabel });
    expect(privacy.textContent).toBe(PRIVACY);
    expect(consentBox()).toHaveAttribute('aria-describedby', privacy.id);
    expect(privacy.compareDocumentPosition(consentBox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends the search as the page searches it, then says where the link went and moves focus there', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    await user.type(emailBox(), '  Ada@Example.com ');
    await user.click(consentBox());
    await user.click(submitButton());

    const sent = await screen.findByText(T.sent.replace('{{email}}', 'ada@example.com'));
    await waitFor(() => expect(sent).toHaveFocus());
    expect(server.callsTo('POST', JOB_ALERTS_PATH)).toHaveLength(1);
    expect(server.callsTo('POST', JOB_ALERTS_PATH)[0]?.body).toEqual({
      domain: DOMAIN,
      email: 'Ada@Example.com',
      consent: true,
      query: 'designer',
      location: 'Toronto',
      sort_by: 'date',
      filters: { filter_department: 'Design,Engineering', filter_employment_type: 'full_time' },
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(openButton()).toHaveFocus());
  });

  it('puts a 400 naming the email on the field, described by the error, with focus on it', async () => {
    server.on('POST', JOB_ALERTS_PATH, fail(400, 'body/email must match format "email"', { field: 'email' }));
    const user = userEvent.setup();
    await openDialog(user);
    await user.type(emailBox(), 'ada@example');
    await user.click(consentBox());
    await user.click(submitButton());

    const error = await screen.findByText(T.errors.emailInvalid);
    await waitFor(() => expect(emailBox()).toHaveFocus());
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    expect(emailBox().getAttribute('aria-describedby')).toContain(error.closest('p')?.id);
    expect(screen.queryByText(/must match format/)).not.toBeInTheDocument();
  });

  it('asks for the consent before sending anything', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());

    const error = await screen.findByText(T.errors.consent);
    expect(consentBox()).toHaveFocus();
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(consentBox().getAttribute('aria-describedby')?.split(' ')).toContain(error.closest('p')?.id);
    expect(server.callsTo('POST', JOB_ALERTS_PATH)).toHaveLength(0);
  });

  it('checks the email before sending: required, then an address', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    await user.click(consentBox());
    await user.click(submitButton());
    expect(await screen.findByText(T.errors.emailRequired)).toBeInTheDocument();
    expect(emailBox()).toHaveFocus();
    await user.type(emailBox(), 'not an email');
    await user.click(submitButton());
    expect(await screen.findByText(T.errors.emailInvalid)).toBeInTheDocument();
    expect(server.callsTo('POST', JOB_ALERTS_PATH)).toHaveLength(0);
  });

  it.each<[string, ReturnType<typeof fail>, string]>([
    [
      'the server’s words for a 429',
      fail(429, 'Too many emails. Try again in 5 minutes.', { code: 'rate_limited' }),
      'Too many emails. Try again in 5 minutes.',
    ],
    [
      'the server’s words when job alerts are off (403)',
      fail(403, 'Acme does not send job alerts.', { code: 'job_alerts_disabled', field: 'domain' }),
      'Acme does not send job alerts.',
    ],
    [
      'its own words for a filter the server refuses (400)',
      fail(400, 'body/filter_colour is not an accepted field', { field: 'filters.filter_colour' }),
      T.errors.failed,
    ],
    ['its own words for a server failure', fail(500), T.errors.failed],
  ])('shows %s above the form, which it describes', async (_case, answer, message) => {
    server.on('POST', JOB_ALERTS_PATH, answer);
    const user = userEvent.setup();
    await openDialog(user);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(consentBox());
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.closest('form')).toHaveAttribute('aria-describedby', alert.id);
    expect(emailBox()).not.toHaveAttribute('aria-invalid');
    expect(submitButton()).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    await openDialog(user);
    await waitFor(() => expect(emailBox()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(openButton()).toHaveFocus());
  });

  it('closes from its close button, and is operable from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithStore(<JobAlertButton address={SEARCH} />, { session: visitor() });
    openButton().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: T.heading });
    await waitFor(() => expect(emailBox()).toHaveFocus());
    await user.keyboard('ada@example.com');
    await user.tab();
    expect(consentBox()).toHaveFocus();
    await user.keyboard(' ');
    expect(consentBox()).toBeChecked();
    await user.tab();
    expect(submitButton()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: T.close })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(openButton()).toHaveFocus());
  });

  it('leaves out the privacy region when the employer has no privacy text', async () => {
    const user = userEvent.setup();
    await openDialog(user, visitor({ enabled: true, privacyText: '  ' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(consentBox()).not.toHaveAttribute('aria-describedby');
  });

  it('has no axe violations, with and without errors and once sent', async () => {
    const user = userEvent.setup();
    const { container } = await openDialog(user);
    const violations = async () =>
      (await axe.run(container, AXE_OPTIONS)).violations.map((violation) => `${violation.id}: ${violation.help}`);
    expect(await violations()).toEqual([]);
    await user.click(submitButton());
    await screen.findByText(T.errors.consent);
    expect(await violations()).toEqual([]);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(consentBox());
    await user.click(submitButton());
    await screen.findByText(T.sent.replace('{{email}}', 'ada@example.com'));
    expect(await violations()).toEqual([]);
  });
});

describe('jobAlertBody', () => {
  it('leaves out what an alert does not keep: the page, the open position, empty parts', () => {
    expect(jobAlertBody(searchAt(''), { domain: DOMAIN, email: 'a@b.co', options: {} })).toEqual({
      domain: DOMAIN,
      email: 'a@b.co',
      consent: true,
    });
  });

  it('percent-encodes a filter value holding a comma as the search does, with the flag', () => {
    const flagged = visitor(null, { behaviourFlags: { enableCommaInFilterValues: true } });
    const address = searchAt('?filter_location=Paris%252C%20France,Lyon', flagged);
    expect(address.filters.location).toEqual(['Paris, France', 'Lyon']);
    const options = { commaInFilterValues: true };
    expect(jobAlertBody(address, { domain: DOMAIN, email: 'a@b.co', options }).filters).toEqual({
      filter_location: 'Lyon,Paris%2C%20France',
    });
  });
});
