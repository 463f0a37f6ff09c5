import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ICON_PATHS } from '@careers/shared';
import { deferred, fail, installFakeServer, ok, type FakeServer } from '@careers/shared/testing';
import type { FormChoice, FormDefinition, FormValues } from '@careers/shared/contract';
import { basicForm, datesForm, optionsForm } from '../../renderer/test-forms';
import { renderForm, setupFormsI18n } from '../../renderer/testing';
import { dateBound, inputDate } from './dates';
import { readOptions } from './options';

beforeAll(() => setupFormsI18n());

const submit = () => screen.getByRole('button', { name: 'Submit' });
const lastSubmitted = (mock: jest.Mock) => mock.mock.calls.at(-1)?.[0] as FormValues;

/** The texts of the error notifications on screen (the page's toasts, in their own shadow root at the end of body). */
function toastTexts(): string[] {
  const root = document.querySelector<HTMLElement>('[data-careers-widget="toasts"]')?.shadowRoot;
  return [...(root?.querySelectorAll('[role="alert"]') ?? [])].map((node) => node.textContent ?? '');
}

describe('text types', () => {
  it('email checks its format on blur', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    await user.type(screen.getByLabelText(/^Email/), 'ada@');
    await user.tab();
    expect(await screen.findByText('Email is invalid. Use the format "name@example.com".')).toBeInTheDocument();
  });

  it('number keeps a number and checks its rules', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({
      form: basicForm,
      initialValues: { firstName: 'A', email: 'a@b.co', remote: 'yes', terms: true },
    });
    const years = screen.getByRole('spinbutton', { name: 'Years of experience' });
    await user.type(years, '51');
    await user.tab();
    expect(await screen.findByText('Enter a value less than or equal to 50.')).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '12');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit).years).toBe(12);
  });

  it('sin and ssn insert their dashes and stop at 11 characters', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    const sin = screen.getByLabelText('SIN');
    const ssn = screen.getByLabelText('SSN');
    expect(sin).toHaveAttribute('maxLength', '11');
    await user.type(sin, '1234567890');
    expect(sin).toHaveValue('123-456-789');
    await user.type(ssn, '123456789');
    expect(ssn).toHaveValue('123-45-6789');
    await user.clear(ssn);
    await user.type(ssn, '12345');
    await user.tab();
    expect(
      await screen.findByText('Social security number is invalid. Enter in the format of XXX-XX-XXXX.'),
    ).toBeInTheDocument();
  });

  it('view mode shows the text, number and id answers', () => {
    renderForm({
      form: basicForm,
      mode: 'view',
      initialValues: { bio: 'Line one', years: 1200, sin: '123-456-789' },
    });
    expect(screen.getByRole('group', { name: 'Short bio' })).toHaveTextContent('Line one');
    expect(screen.getByRole('group', { name: 'Years of experience' })).toHaveTextContent('1,200');
    expect(screen.getByRole('group', { name: 'SIN' })).toHaveTextContent('123-456-789');
    expect(screen.getByRole('group', { name: 'SSN' })).toHaveTextContent('Not answered');
  });
});

describe('choice types', () => {
  it('radio, checkbox group (sorted) and checkbox item give their values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm, initialValues: { firstName: 'A', email: 'a@b.co' } });
    const remote = screen.getByRole('group', { name: /Work remotely/ });
    expect(
      within(remote)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    const days = screen.getByRole('group', { name: 'Days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['mon', 'tue']);
    await user.click(within(remote).getByRole('radio', { name: 'Yes' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit)).toMatchObject({ remote: 'yes', days: ['mon'], terms: true });
  });

  it('draws a choice’s icon beside its label: one of the set by name, or an image; the name stays the label', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm({ form: basicForm });
    const yes = screen.getByRole('radio', { name: 'Yes' });
    const yesLabel = screen.getByText('Yes', { selector: 'label' });
    expect(yesLabel.querySelector('img')).toHaveAttribute('src', 'http://localhost/static/icons/yes.png');
    expect(yesLabel.querySelector('img')).toHaveAttribute('alt', '');
    expect(yes).toHaveAccessibleName('Yes');
    // An address that is no image address is not drawn.
    expect(screen.getByText('No', { selector: 'label' }).querySelector('img, svg')).toBeNull();
    const tuesday = screen.getByText('Tuesday', { selector: 'label' });
    expect(tuesday.querySelector('svg path')).toHaveAttribute('d', ICON_PATHS.calendar);
    expect(screen.getByText('Monday', { selector: 'label' }).querySelector('svg')).toBeNull();
    // A dropdown's options too.
    unmount();
    renderForm({ form: optionsForm });
    await user.click(screen.getByRole('combobox', { name: 'City' }));
    const montreal = screen.getByRole('option', { name: 'Montréal' });
    expect(montreal.querySelector('svg path')).toHaveAttribute('d', ICON_PATHS['map-pin']);
  });

  it('a required radio group and box show their error until answered', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    await user.click(submit());
    const remote = screen.getByRole('group', { name: /Work remotely/ });
    expect(within(remote).getByText('Work remotely is required')).toBeInTheDocument();
    await user.click(within(remote).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(within(remote).queryByText('Work remotely is required')).not.toBeInTheDocument());
  });

  it('view mode shows the chosen labels, and No for an unticked box', () => {
    renderForm({ form: basicForm, mode: 'view', initialValues: { remote: 'yes', days: ['mon'], terms: false } });
    expect(screen.getByRole('group', { name: 'Work remotely?' })).toHaveTextContent('Yes');
    expect(screen.getByRole('group', { name: 'Days' })).toHaveTextContent('Monday');
    expect(screen.getByRole('group', { name: 'I accept the terms' })).toHaveTextContent('No');
  });
});

describe('select and dropdown', () => {
  let server: FakeServer;
  beforeEach(() => {
    server = installFakeServer();
    server.on(
      'GET',
      '/api/test/regions/CA',
      ok({
        options: [
          { label: 'Ontario', value: 'ON' },
          { label: 'Alberta', value: 'AB' },
        ],
      }),
    );
    server.on('GET', '/api/test/regions/US', ok({ options: [{ label: 'Texas', value: 'TX' }] }));
  });

  it('sorts choices, and loads options from the endpoint with the parent value; a value that leaves them is reset', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: optionsForm });
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option', 'United States', 'Canada']);
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toBeDisabled();
    expect(server.calls).toHaveLength(0);

    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(within(region).getAllByRole('option')).toHaveLength(3));
    expect(server.callsTo('GET', '/api/test/regions/CA')).toHaveLength(1);
    await user.selectOptions(region, 'ON');
    expect(region).toHaveValue('ON');

    await user.selectOptions(country, 'US');
    await waitFor(() => expect(within(region).getByRole('option', { name: 'Texas' })).toBeInTheDocument());
    expect(region).toHaveValue('');
    // Back to Canada: the cached options, no second call.
    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(within(region).getByRole('option', { name: 'Ontario' })).toBeInTheDocument());
    expect(server.callsTo('GET', '/api/test/regions/CA')).toHaveLength(1);
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit)).toMatchObject({ country: 'CA', region: '' });
  });

  it('a select without options offers "Not Applicable" and chooses it', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: optionsForm });
    const nothing = screen.getByRole('combobox', { name: 'Nothing to choose' });
    await waitFor(() => expect(nothing).toHaveValue('N/A'));
    expect(within(nothing).getByRole('option', { name: 'Not Applicable' })).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit).nothing).toBe('N/A');
  });

  it('keeps the options loading while the call is open, and reads data.options', async () => {
    const answer = deferred<ReturnType<typeof ok>>();
    server.on('GET', '/api/test/regions/CA', () => answer.promise);
    renderForm({ form: optionsForm, initialValues: { country: 'CA', region: 'AB' } });
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer.resolve(ok({ options: [{ label: 'Alberta', value: 'AB' }] })));
    await waitFor(() => expect(region).not.toHaveAttribute('aria-busy'));
    // The starting value is among the loaded options: kept.
    expect(region).toHaveValue('AB');
    expect(readOptions({ data: { options: [{ label: 'A', value: 1 }, { label: 2 }, null] } })).toEqual([
      { label: 'A', value: '1' },
    ]);
    expect(readOptions({ options: [] })).toEqual([]);
  });

  it('a failed option load says why: the server’s own message, once, else "An error occurred while loading the results"', async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/test/regions/CA', fail(404, 'Regions are not available for Canada yet.'));
    server.on('GET', '/api/test/regions/US', fail(404));
    renderForm({ form: optionsForm });
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(toastTexts()).toEqual(['Regions are not available for Canada yet.']));
    await user.selectOptions(country, 'US');
    // A failure without a message of the server's: the catalogue's text (the newest notification shows first).
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'An error occurred while loading the results',
        'Regions are not available for Canada yet.',
      ]),
    );
    // 4xx answers are not tried again, and each failure was said once.
    expect(server.callsTo('GET', '/api/test/regions/CA')).toHaveLength(1);
  });

  it('a failed option load keeps the starting answer and chooses nothing for the candidate', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      server.on('GET', '/api/test/regions/CA', fail(404));
      const { onSubmit } = renderForm({ form: optionsForm, initialValues: { country: 'CA', region: 'ON' } });
      const region = screen.getByRole('combobox', { name: 'Region' });
      await waitFor(() => expect(region).not.toHaveAttribute('aria-busy'));
      // Past the "Not Applicable" pause (25 ms): still no such option, the answer kept.
      await act(async () => jest.advanceTimersByTime(100));
      expect(within(region).queryByRole('option', { name: 'Not Applicable' })).not.toBeInTheDocument();
      await user.click(submit());
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(lastSubmitted(onSubmit)).toMatchObject({ country: 'CA', region: 'ON' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('dropdown search ignores case and accents, and the keyboard chooses', async () => {
    const user = userEvent.setup();
    renderForm({ form: optionsForm });
    const city = screen.getByRole('combobox', { name: 'City' });
    await user.type(city, 'MONTREAL');
    const list = screen.getByRole('listbox', { name: 'City' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Montréal']);
    await user.clear(city);
    await user.type(city, 'que');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Québec']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(city).toHaveValue('Québec');
    expect(list).not.toBeVisible();
  });

  it('an open dropdown list scrolls past 240 px, or 320 px when the item asks for a large one', async () => {
    const user = userEvent.setup();
    renderForm({ form: optionsForm });
    await user.click(screen.getByRole('combobox', { name: 'City' }));
    expect(screen.getByRole('listbox', { name: 'City' })).toHaveStyle({ maxHeight: '240px' });
    await user.click(screen.getByRole('combobox', { name: 'Languages' }));
    expect(screen.getByRole('listbox', { name: 'Languages' })).toHaveStyle({ maxHeight: '320px' });
  });

  it('a multiple dropdown adds and removes chosen values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: optionsForm });
    const languages = screen.getByRole('combobox', { name: 'Languages' });
    await user.click(languages);
    await user.click(screen.getByRole('option', { name: 'French' }));
    await user.click(screen.getByRole('option', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Remove French' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove French' }));
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit).languages).toEqual(['en']);
  });

  it('view mode shows the chosen labels', () => {
    renderForm({
      form: optionsForm,
      mode: 'view',
      initialValues: { country: 'CA', city: 'mtl', languages: ['fr', 'en'] },
    });
    expect(screen.getByRole('group', { name: 'Country' })).toHaveTextContent('Canada');
    expect(screen.getByRole('group', { name: 'City' })).toHaveTextContent('Montréal');
    expect(screen.getByRole('group', { name: 'Languages' })).toHaveTextContent('French, English');
  });
});

describe('apiCall, the caller’s option loader', () => {
  const form: FormDefinition = {
    id: 'caller-options',
    title: 'Location',
    layout: 'simple',
    sections: [
      {
        id: 'where',
        title: 'Where',
        items: [
          {
            name: 'country',
            label: 'Country',
            type: 'select',
            choices: [
              { label: 'Canada', value: 'CA' },
              { label: 'France', value: 'FR' },
            ],
          },
          { name: 'region', label: 'Region', type: 'select', dependencies: ['country'] },
          { name: 'team', label: 'Team', type: 'dropdown' },
        ],
      },
    ],
  };

  it('loads a question’s options with its parent’s value, once per value, and keeps the answer among them', async () => {
    const user = userEvent.setup();
    const apiCall = jest.fn(async ({ parentValue }: { parentValue: string | undefined }) =>
      parentValue === 'CA'
        ? [
            { label: 'Ontario', value: 'ON' },
            { label: 'Québec', value: 'QC' },
          ]
        : [{ label: 'Bretagne', value: 'BRE' }],
    );
    const teams = jest.fn(async () => [{ label: 'Robotics', value: 'robotics', icon: 'users' }]);
    const { onSubmit } = renderForm({ form, itemCode: { region: { apiCall }, team: { apiCall: teams } } });
    const region = screen.getByRole('combobox', { name: 'Region' });
    // Nothing to load before a country is chosen.
    expect(region).toBeDisabled();
    expect(apiCall).not.toHaveBeenCalled();
    // Without a dependency: loaded at once.
    await waitFor(() =>
      expect(teams).toHaveBeenCalledWith({ parentValue: undefined, signal: expect.any(AbortSignal) }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    expect(await screen.findByRole('option', { name: 'Robotics' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    await waitFor(() => expect(within(region).getByRole('option', { name: 'Ontario' })).toBeInTheDocument());
    expect(apiCall).toHaveBeenLastCalledWith({ parentValue: 'CA', signal: expect.any(AbortSignal) });
    await user.selectOptions(region, 'QC');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'FR');
    await waitFor(() => expect(within(region).getByRole('option', { name: 'Bretagne' })).toBeInTheDocument());
    // Québec is no option of France: reset.
    expect(region).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    await waitFor(() => expect(within(region).getByRole('option', { name: 'Ontario' })).toBeInTheDocument());
    expect(apiCall).toHaveBeenCalledTimes(2);
    await user.selectOptions(region, 'ON');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit)).toMatchObject({ country: 'CA', region: 'ON' });
  });

  it('tries a failed load again, then says why: the caller’s own text; nothing is chosen for the candidate', async () => {
    jest.useFakeTimers();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const apiCall = jest.fn(async (): Promise<FormChoice[]> => {
        throw 'Teams cannot be listed right now.';
      });
      renderForm({ form, itemCode: { team: { apiCall } } });
      await act(async () => jest.advanceTimersByTime(0));
      expect(apiCall).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(400));
      expect(apiCall).toHaveBeenCalledTimes(2);
      expect(toastTexts()).not.toContain('Teams cannot be listed right now.');
      await act(async () => jest.advanceTimersByTime(800));
      expect(apiCall).toHaveBeenCalledTimes(3);
      await waitFor(() => expect(toastTexts()).toContain('Teams cannot be listed right now.'));
      // A failed load is not an empty list: "Not Applicable" is neither offered nor chosen.
      await act(async () => jest.advanceTimersByTime(100));
      const team = screen.getByRole('combobox', { name: 'Team' });
      expect(team).toHaveValue('');
      const teamList = document.getElementById(team.getAttribute('aria-controls') ?? '')!;
      expect(within(teamList).queryAllByRole('option', { hidden: true })).toEqual([]);
    } finally {
      error.mockRestore();
      jest.useRealTimers();
    }
  });
});

describe('dates', () => {
  it('limits the pickers by enableFrom / enableUntil, with months for MM/YYYY', () => {
    renderForm({ form: datesForm });
    const start = screen.getByLabelText('Start');
    expect(start).toHaveAttribute('type', 'date');
    const today = new Date();
    const inThirty = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 30);
    expect(start).toHaveAttribute('min', inputDate(today, false));
    expect(start).toHaveAttribute('max', inputDate(inThirty, false));
    const month = screen.getByLabelText('Month');
    expect(month).toHaveAttribute('type', 'month');
    expect(month).toHaveAttribute('min', '2020-01');
    expect(dateBound(-1, false, new Date(2024, 0, 1))).toBe('2023-12-31');
  });

  it('ignores a malformed date and clears it on blur', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({
      form: datesForm,
      initialValues: { start: '2024-02-31', job: { startDate: '2020-01', endDate: '2021-05', isCurrent: false } },
    });
    const start = screen.getByLabelText('Start');
    expect(start).toHaveValue('');
    await user.click(start);
    await user.tab();
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit).start).toBe('');
  });

  it('a date range: "Currently in role" sets the end to today and disables it; unticking with a part missing clears it', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: datesForm });
    const job = screen.getByRole('group', { name: /Job/ });
    const from = within(job).getByLabelText('Start date');
    const to = within(job).getByLabelText('End date');
    expect(from).toHaveAttribute('type', 'month');
    const current = within(job).getByRole('checkbox', { name: 'Currently in role' });
    await user.click(current);
    expect(to).toHaveValue(inputDate(new Date(), true));
    expect(to).toBeDisabled();
    await user.click(current);
    expect(to).toHaveValue('');
    expect(to).toBeEnabled();
    expect(current).not.toBeChecked();

    fireEvent.change(from, { target: { value: '2020-01' } });
    await user.click(current);
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastSubmitted(onSubmit).job).toEqual({
      startDate: '2020-01',
      endDate: inputDate(new Date(), true),
      isCurrent: true,
    });
    // Unticked with both dates: kept, no longer current.
    await user.click(current);
    expect(to).toHaveValue(inputDate(new Date(), true));
  });

  it('a date range with only one date asks for both when the focus leaves it', async () => {
    const user = userEvent.setup();
    renderForm({ form: datesForm });
    const job = screen.getByRole('group', { name: /Job/ });
    const from = within(job).getByLabelText('Start date');
    fireEvent.change(from, { target: { value: '2020-01' } });
    await user.click(from);
    await user.tab(); // to the end picker: still inside
    expect(within(job).queryByText('Please enter both a start and end date.')).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(await within(job).findByText('Please enter both a start and end date.')).toBeInTheDocument();
  });

  it('view mode shows dates and ranges in words', () => {
    renderForm({
      form: datesForm,
      mode: 'view',
      initialValues: {
        start: '2024-03-05',
        month: '2021-11',
        job: { startDate: '2020-01', endDate: null, isCurrent: true },
      },
    });
    expect(screen.getByRole('group', { name: 'Start' })).toHaveTextContent('March 5, 2024');
    expect(screen.getByRole('group', { name: 'Month' })).toHaveTextContent('November 2021');
    expect(screen.getByRole('group', { name: 'Job' })).toHaveTextContent('January 2020 to Present');
    expect(screen.getByRole('group', { name: 'End' })).toHaveTextContent('Not answered');
  });
});
