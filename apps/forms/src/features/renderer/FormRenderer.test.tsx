import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition, FormValues } from '@careers/shared/contract';
import { basicForm, oneSectionForm } from './test-forms';
import { renderForm, setupFormsI18n } from './testing';

beforeAll(() => setupFormsI18n());

const submit = () => screen.getByRole('button', { name: 'Submit' });

/** Fills in what basicForm requires. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
}

describe('validation', () => {
  it('runs on blur, not while typing, and the message names the field', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    const name = screen.getByLabelText(/First name/);
    await user.type(name, 'A');
    await user.clear(name);
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your passport First name is required');
    // Fixed: the error goes on the next blur.
    await user.type(name, 'Ada');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('First name is required')).not.toBeInTheDocument());
  });

  it('trims text inputs on blur', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    await fillRequired(user);
    const name = screen.getByLabelText(/First name/);
    await user.clear(name);
    await user.type(name, '  Ada Lovelace  ');
    await user.tab();
    expect(name).toHaveValue('Ada Lovelace');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ firstName: 'Ada Lovelace' });
  });

  it('on submit, shows every error and focuses the first invalid control', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Work remotely is required')).toBeInTheDocument();
    expect(screen.getByText('I accept the terms is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses the caller’s custom validators after the item rules', async () => {
    const user = userEvent.setup();
    renderForm({
      form: basicForm,
      customValidators: { firstName: (value) => (value === 'Bob' ? 'Bob is taken' : undefined) },
    });
    await user.type(screen.getByLabelText(/First name/), 'Bob');
    await user.tab();
    expect(await screen.findByText('Bob is taken')).toBeInTheDocument();
  });

  it('Enter does not submit from an input, a textarea takes a new line, the submit button submits', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    await fillRequired(user);
    await user.type(screen.getByLabelText(/First name/), '{Enter}');
    await user.type(screen.getByLabelText('Short bio'), 'one{Enter}two');
    expect(screen.getByLabelText('Short bio')).toHaveValue('one\ntwo');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(submit()).toHaveAttribute('type', 'submit');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ bio: 'one\ntwo', terms: true, remote: 'yes' });
  });
});

/** Puts text in an input the way an on-screen keyboard does before it reports it: no input event (yet). */
function composeWithoutReporting(input: HTMLElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
}

describe('a press that moves the focus (issue 22, decision 015)', () => {
  it('a press on Submit after leaving a required question empty: nothing shows until the release, then the click submits', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    const name = screen.getByLabelText(/First name/);
    await user.click(name);
    await user.pointer({ keys: '[MouseLeft>]', target: submit() });
    // The press took the focus, and the form under the pointer has not moved: no error line yet.
    expect(name).not.toHaveFocus();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: submit() });
    // The click landed on Submit: every error shows and the first invalid question has the focus.
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a tap on the consent box right after answering a radio question ticks it, nothing moving under the finger', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const consent = screen.getByRole('checkbox', { name: /I accept the terms/ });
    await user.pointer({ keys: '[MouseLeft>]', target: consent });
    expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: consent });
    expect(consent).toBeChecked();
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ remote: 'yes', terms: true });
  });

  it('a press on the consent box while a radio question left unanswered has the focus: the box is ticked, then the radio’s error shows', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    screen.getByRole('radio', { name: 'Yes' }).focus();
    const consent = screen.getByRole('checkbox', { name: /I accept the terms/ });
    await user.pointer({ keys: '[MouseLeft>]', target: consent });
    expect(screen.queryByText('Work remotely is required')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: consent });
    expect(consent).toBeChecked();
    expect(await screen.findByText('Work remotely is required')).toBeInTheDocument();
  });

  it('after the release, the question left empty shows its error (validation on blur still runs)', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    await user.click(screen.getByLabelText(/First name/));
    await user.click(screen.getByLabelText('Short bio'));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
  });

  it('validates the value the input holds when the focus leaves, not the last one reported', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    const name = screen.getByLabelText(/First name/);
    await user.click(name);
    composeWithoutReporting(name, 'Ada ');
    await user.click(screen.getByLabelText('Short bio'));
    // The word is kept (trimmed), and no false "required" shows.
    await waitFor(() => expect(name).toHaveValue('Ada'));
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ firstName: 'Ada' });
  });
});

describe('errors read by assistive technology (issue 22)', () => {
  it('describes the control with the message alone, its "!" mark shown but hidden from assistive technology', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm });
    const name = screen.getByLabelText(/First name/);
    await user.click(name);
    await user.tab();
    const error = await screen.findByText('First name is required');
    const mark = within(error.closest('p')!).getByText('!');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(name).toHaveAccessibleDescription('As on your passport First name is required');
  });
});

describe('visibility and registration', () => {
  it('shows a dependant after a 50 ms pause, without validating it on first show', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderForm({ form: basicForm });
      await user.click(screen.getByRole('radio', { name: 'No' }));
      expect(screen.queryByLabelText(/Preferred office/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(49));
      expect(screen.queryByLabelText(/Preferred office/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByLabelText(/Preferred office/)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('Preferred office is required')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops a hidden question’s value and does not validate it; shown again it starts afresh', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: basicForm });
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(await screen.findByLabelText(/Preferred office/), 'Paris');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByLabelText(/Preferred office/)).not.toBeInTheDocument());
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submitted = onSubmit.mock.calls[0][0] as FormValues;
    expect(submitted).not.toHaveProperty('office');
    expect(submitted).toMatchObject({ firstName: 'Ada', remote: 'yes' });

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(await screen.findByLabelText(/Preferred office/)).toHaveValue('');
    await user.click(submit());
    expect(await screen.findByText('Preferred office is required')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('follows the caller’s visibleFns', async () => {
    const user = userEvent.setup();
    renderForm({ form: basicForm, visibleFns: { bio: (values) => values.firstName === 'Ada' } });
    expect(screen.queryByLabelText('Short bio')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    expect(await screen.findByLabelText('Short bio')).toBeInTheDocument();
  });

  it('validates a dependant again when its dependency changes', async () => {
    const form = oneSectionForm('dep', 'Dependency', {
      id: 's',
      title: 'Section',
      items: [
        { name: 'kind', label: 'Kind', type: 'text' },
        {
          name: 'code',
          label: 'Code',
          type: 'text',
          dependencies: ['kind'],
          rules: [{ type: 'minLength', value: 3 }],
        },
      ],
    });
    const user = userEvent.setup();
    renderForm({
      form,
      customValidators: {
        code: (value, values) => (values.kind === 'strict' && value !== 'ABC' ? 'Strict codes are ABC' : undefined),
      },
    });
    await user.type(screen.getByLabelText('Code'), 'XYZ');
    await user.tab();
    expect(screen.queryByText('Strict codes are ABC')).not.toBeInTheDocument();
    // Typing in the dependency (no blur of the dependant) validates the dependant.
    await user.type(screen.getByLabelText('Kind'), 'strict');
    expect(await screen.findByText('Strict codes are ABC')).toBeInTheDocument();
  });

  it('reports an unknown question type on the console and renders nothing for it', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = {
      ...basicForm,
      sections: [{ id: 'x', title: 'X', items: [{ name: 'mystery', label: 'Mystery', type: 'hologram' }] }],
    } as unknown as FormDefinition;
    renderForm({ form });
    expect(screen.queryByText('Mystery')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('hologram'));
    error.mockRestore();
  });
});

describe('starting values and server errors', () => {
  it('loads starting values without reporting a change; a change is reported', async () => {
    const user = userEvent.setup();
    const onValuesChange = jest.fn();
    const initialValues = { firstName: 'Grace', email: 'grace@example.com' };
    const { rerenderForm } = renderForm({ form: basicForm, initialValues, onValuesChange });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Grace');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(onValuesChange).not.toHaveBeenCalled();
    // New starting values (a draft arrived) replace the form's, still without a change.
    rerenderForm({ initialValues: { firstName: 'Ada' }, onValuesChange });
    await waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveValue('Ada'));
    expect(onValuesChange).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/First name/), 'm');
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Adam' }));
  });

  it('shows server errors on their fields, focuses the first one, and drops one once its field changes', async () => {
    const user = userEvent.setup();
    const { rerenderForm } = renderForm({ form: basicForm });
    rerenderForm({ serverErrors: { terms: 'Accept the terms', email: 'This email has an account' } });
    expect(await screen.findByText('This email has an account')).toBeInTheDocument();
    expect(screen.getByText('Accept the terms')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    await user.type(screen.getByLabelText(/^Email/), 'x');
    expect(screen.queryByText('This email has an account')).not.toBeInTheDocument();
    expect(screen.getByText('Accept the terms')).toBeInTheDocument();
  });
});

describe('the unchanged-value highlight', () => {
  it('tags the questions still holding their starting answer "Prefilled", until the answer changes', async () => {
    const user = userEvent.setup();
    renderForm({
      form: basicForm,
      initialValues: { firstName: 'Ada', email: 'ada@example.com', remote: 'yes', bio: '' },
      highlightUnchanged: true,
    });
    const name = screen.getByRole('textbox', { name: /First name/ });
    expect(name).toHaveAccessibleDescription('As on your passport Prefilled');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('Prefilled');
    expect(within(screen.getByRole('group', { name: /Work remotely/ })).getByText('Prefilled')).toBeInTheDocument();
    // A question that started empty was not filled in for the candidate.
    expect(screen.getByRole('textbox', { name: 'Short bio' })).not.toHaveAccessibleDescription();
    expect(screen.getAllByText('Prefilled')).toHaveLength(3);

    await user.type(name, 'lyn');
    expect(name).toHaveAccessibleDescription('As on your passport');
    expect(screen.getAllByText('Prefilled')).toHaveLength(2);
    // Put back as it was: unchanged again.
    await user.type(name, '{Backspace}{Backspace}{Backspace}');
    expect(name).toHaveAccessibleDescription('As on your passport Prefilled');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(
      within(screen.getByRole('group', { name: /Work remotely/ })).queryByText('Prefilled'),
    ).not.toBeInTheDocument();
    expect(screen.getAllByText('Prefilled')).toHaveLength(2);
  });

  it('is off unless the caller asks for it, and never in view mode', () => {
    const initialValues = { firstName: 'Ada' };
    const { unmount } = renderForm({ form: basicForm, initialValues });
    expect(screen.queryByText('Prefilled')).not.toBeInTheDocument();
    unmount();
    renderForm({ form: basicForm, initialValues, mode: 'view', highlightUnchanged: true });
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByText('Prefilled')).not.toBeInTheDocument();
  });
});

describe('view mode', () => {
  it('shows the answers as text, without controls or a submit button', () => {
    renderForm({
      form: basicForm,
      mode: 'view',
      initialValues: { firstName: 'Ada', remote: 'no', office: 'Paris', days: ['tue', 'mon'], terms: true },
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'First name' })).toHaveTextContent('Ada');
    expect(screen.getByRole('group', { name: 'Work remotely?' })).toHaveTextContent('No');
    expect(screen.getByRole('group', { name: 'Preferred office' })).toHaveTextContent('Paris');
    expect(screen.getByRole('group', { name: 'Days' })).toHaveTextContent('Monday, Tuesday');
    expect(screen.getByRole('group', { name: 'I accept the terms' })).toHaveTextContent('Yes');
    expect(screen.getByRole('group', { name: 'Email' })).toHaveTextContent('Not answered');
  });
});

describe('phone support (loaded on demand)', () => {
  const form = oneSectionForm('phone', 'Contact', {
    id: 'contact',
    title: 'Contact',
    items: [{ name: 'mobile', label: 'Mobile', type: 'phone' }],
  });

  it('waits for the phone support before drawing a form with a phone question, then checks the number', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the form…');
    const number = await screen.findByRole('textbox', { name: 'Mobile' });
    await user.type(number, '123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/valid phone number/i)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts a phone question on the renderer’s defaultCountry (issue 22)', async () => {
    const user = userEvent.setup();
    window.careersPhoneCountry = 'US';
    try {
      const { onSubmit } = renderForm({ form, defaultCountry: 'FR' });
      const number = await screen.findByRole('textbox', { name: 'Mobile' });
      expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('FR');
      await user.type(number, '612345678');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0][0]).toEqual({ mobile: '+33612345678' });
    } finally {
      delete window.careersPhoneCountry;
    }
  });
});

describe('regex checks (loaded on demand)', () => {
  it('waits for the RE2 checks before drawing a form with a regex rule; a backtracking answer is refused at once', async () => {
    const user = userEvent.setup();
    const form = oneSectionForm('regex', 'Name', {
      id: 'about',
      title: 'About',
      items: [
        {
          name: 'name',
          label: 'Name',
          type: 'text',
          rules: [{ type: 'regex', value: '^([a-zA-Z]+\\s?)*$', message: 'Letters and spaces only.' }],
        },
      ],
    });
    const { onSubmit } = renderForm({ form });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the form…');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    // With the browser's RegExp this answer froze the page for seconds (issue 21); RE2 answers in linear time.
    await user.click(name);
    await user.paste(`${'a'.repeat(40)}!`);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Letters and spaces only.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a question whose control no <label> can name (issue 22)', () => {
  it('an e-sign question: its label is text the frame is named by, no <label for> pointing at nothing', async () => {
    const form = oneSectionForm('consent', 'Consent', {
      id: 's',
      title: 'Sign',
      items: [
        {
          name: 'signature',
          type: 'esignForm',
          label: 'Signature',
          title: 'Sign the background check consent',
          url: 'https://esign.example/session/1',
        },
      ],
    });
    const { container } = renderForm({ form });
    const frame = await screen.findByTitle('Sign the background check consent');
    expect(frame).toHaveAccessibleName('Signature');
    for (const label of container.querySelectorAll('label[for]')) {
      const target = container.querySelector(`#${CSS.escape(label.getAttribute('for')!)}`);
      expect(target && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName)).toBe(true);
    }
  });
});

describe('a strict phone rule on a text question', () => {
  it('loads the phone checks before the form is drawn, then refuses a number invalid for its country', async () => {
    const form = oneSectionForm('contact', 'Contact', {
      id: 's',
      title: 'Contact',
      items: [{ name: 'mobile', type: 'text', label: 'Mobile', rules: [{ type: 'phone', value: 'strict' }] }],
    });
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form });
    await user.type(await screen.findByRole('textbox', { name: 'Mobile' }), '+1 555 0');
    await user.click(screen.getByRole('button', { name: /submit/i }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
