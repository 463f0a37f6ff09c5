import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@careers/shared/testing';
import type { FormDefinition, FormItem } from '@careers/shared/contract';
import { FormRenderer } from '../FormRenderer';
import { setupFormsI18n } from '../testing';
import { copyName, moveQuestion } from './AdminLayout';

beforeAll(() => setupFormsI18n());
afterEach(() => jest.useRealTimers());

const adminForm: FormDefinition = {
  id: 'preboarding',
  title: 'Pre-boarding',
  layout: 'admin',
  sections: [
    {
      id: 'you',
      title: 'About you',
      items: [
        { name: 'firstName', label: 'First name', type: 'text', required: true },
        { name: 'email', label: 'Email', type: 'email' },
      ],
    },
    { id: 'place', title: 'Where', items: [{ name: 'city', label: 'City', type: 'text' }] },
  ],
};

/** The names of the form's questions, by section. */
const namesBySection = (form: FormDefinition) => form.sections.map((section) => section.items.map((item) => item.name));

/** The question names shown, by section. */
const shownSections = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-section]')).map((section) =>
    Array.from(section.querySelectorAll<HTMLElement>('[data-question]')).map((el) => el.dataset.question),
  );

/** The question names shown, in page order. */
const shownOrder = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-question]')).map((el) => el.dataset.question);

interface HarnessProps {
  editMode?: boolean;
  onChange: jest.Mock;
  onEdit?: (item: FormItem) => void;
}

/** A caller that passes the changed form back, as an admin page would. */
function Harness({ editMode = true, onChange, onEdit }: HarnessProps) {
  const [form, setForm] = useState(adminForm);
  return (
    <FormRenderer
      form={form}
      onSubmit={jest.fn()}
      admin={{
        editMode,
        onEdit,
        onChange: (next) => {
          onChange(next);
          setForm(next);
        },
      }}
    />
  );
}

function renderAdmin(props: Partial<HarnessProps> = {}) {
  const onChange = props.onChange ?? jest.fn();
  const onEdit = 'onEdit' in props ? props.onEdit : jest.fn();
  const result = renderWithStore(<Harness {...props} onChange={onChange} onEdit={onEdit} />);
  return { ...result, onChange, onEdit: onEdit as jest.Mock | undefined };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('AdminLayout (duplicate, edit, delete, reorder)', () => {
  it('without edit mode renders like the simple layout, without question actions', () => {
    const { rerender } = renderWithStore(<FormRenderer form={adminForm} onSubmit={jest.fn()} />);
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move up|Duplicate|Delete|Edit/ })).toBeNull();

    rerender(<FormRenderer form={adminForm} onSubmit={jest.fn()} admin={{ editMode: false, onChange: jest.fn() }} />);
    expect(screen.queryByRole('button', { name: /Move up|Duplicate|Delete|Edit/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('in edit mode gives each question its named actions; the first cannot move up, the last down', () => {
    renderAdmin();
    for (const label of ['First name', 'Email', 'City']) {
      const group = screen.getByRole('group', { name: `Actions for ${label}` });
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([
        `Duplicate: ${label}`,
        `Edit: ${label}`,
        `Delete: ${label}`,
        `Move up: ${label}`,
        `Move down: ${label}`,
      ]);
    }
    expect(button('Move up: First name')).toBeDisabled();
    expect(button('Move down: First name')).toBeEnabled();
    expect(button('Move up: City')).toBeEnabled();
    expect(button('Move down: City')).toBeDisabled();
    // The questions still render as fields.
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('shows moves at once and sends one change with the final order 300 ms after the last', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onChange } = renderAdmin();

    await user.click(button('Move down: First name'));
    expect(shownSections()).toEqual([['email', 'firstName'], ['city']]);
    expect(button('Move down: First name')).toHaveFocus();
    act(() => jest.advanceTimersByTime(200));
    // The last of its section goes to the start of the next section.
    await user.click(button('Move down: First name'));
    expect(shownSections()).toEqual([['email'], ['firstName', 'city']]);
    expect(button('Move down: First name')).toHaveFocus();
    act(() => jest.advanceTimersByTime(200));
    await user.click(button('Move down: First name'));
    expect(shownSections()).toEqual([['email'], ['city', 'firstName']]);
    expect(screen.getByRole('status')).toHaveTextContent('“First name” moved to position 3 of 3, section “Where”');
    // Now last: Move down is off, so focus goes to the question's other move button.
    expect(button('Move down: First name')).toBeDisabled();
    expect(button('Move up: First name')).toHaveFocus();
    expect(button('Move up: Email')).toBeDisabled();

    act(() => jest.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(namesBySection(onChange.mock.calls[0][0])).toEqual([['email'], ['city', 'firstName']]);
    act(() => jest.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(shownSections()).toEqual([['email'], ['city', 'firstName']]);
  });

  it('moves from the keyboard, focus staying on the moved question’s button', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onChange } = renderAdmin();
    button('Move up: City').focus();
    await user.keyboard('{Enter}');
    expect(shownSections()).toEqual([['firstName', 'email', 'city'], []]);
    expect(button('Move up: City')).toHaveFocus();
    await user.keyboard(' ');
    expect(shownSections()).toEqual([['firstName', 'city', 'email'], []]);
    expect(button('Move up: City')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shownSections()).toEqual([['city', 'firstName', 'email'], []]);
    expect(button('Move up: City')).toBeDisabled();
    expect(button('Move down: City')).toHaveFocus();
    act(() => jest.advanceTimersByTime(300));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(namesBySection(onChange.mock.calls[0][0])).toEqual([['city', 'firstName', 'email'], []]);
  });

  it('duplicates a question just after it, under a new unique name', async () => {
    const user = userEvent.setup();
    const { onChange } = renderAdmin();
    await user.click(button('Duplicate: Email'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(namesBySection(onChange.mock.calls[0][0])).toEqual([['firstName', 'email', 'email_copy'], ['city']]);
    expect(onChange.mock.calls[0][0].sections[0].items[2]).toMatchObject({ label: 'Email', type: 'email' });
    expect(shownOrder()).toEqual(['firstName', 'email', 'email_copy', 'city']);
    expect(screen.getAllByRole('button', { name: 'Duplicate: Email' })).toHaveLength(2);

    await user.click(screen.getAllByRole('button', { name: 'Duplicate: Email' })[0] as HTMLElement);
    expect(namesBySection(onChange.mock.calls[1][0])).toEqual([
      ['firstName', 'email', 'email_copy2', 'email_copy'],
      ['city'],
    ]);
    expect(shownOrder()).toEqual(['firstName', 'email', 'email_copy2', 'email_copy', 'city']);
  });

  it('deletes after a confirmation, then focuses the next question’s first action', async () => {
    const user = userEvent.setup();
    const { onChange } = renderAdmin();
    await user.click(button('Delete: Email'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this question?' });
    expect(dialog).toHaveTextContent('“Email” will be removed from the form.');
    // Cancel: nothing changes, focus goes back to the Delete button.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(button('Delete: Email')).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete question' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(namesBySection(onChange.mock.calls[0][0])).toEqual([['firstName'], ['city']]);
    expect(shownOrder()).toEqual(['firstName', 'city']);
    expect(button('Duplicate: City')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('“Email” deleted');

    // The last question: focus goes to the one before.
    await user.click(button('Delete: City'));
    await user.click(screen.getByRole('button', { name: 'Delete question' }));
    expect(button('Duplicate: First name')).toHaveFocus();
    expect(button('Move down: First name')).toBeDisabled();
  });

  it('Edit calls onEdit with the question; without onEdit there is no Edit button', async () => {
    const user = userEvent.setup();
    const { onEdit, unmount } = renderAdmin();
    await user.click(button('Edit: City'));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ name: 'city', label: 'City' }));
    unmount();
    renderAdmin({ onEdit: undefined });
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(button('Duplicate: City')).toBeInTheDocument();
  });

  it('speaks Canadian French', async () => {
    await setupFormsI18n('fr-CA');
    const user = userEvent.setup();
    const { unmount } = renderAdmin();
    try {
      expect(button('Déplacer vers le haut : Email')).toBeEnabled();
      expect(button('Déplacer vers le bas : City')).toBeDisabled();
      expect(screen.getByRole('group', { name: 'Actions pour Email' })).toBeInTheDocument();
      await user.click(button('Supprimer : Email'));
      const dialog = screen.getByRole('dialog', { name: 'Supprimer cette question?' });
      expect(dialog).toHaveTextContent('La question « Email » sera retirée du formulaire.');
      expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Supprimer la question' })).toBeInTheDocument();
    } finally {
      unmount();
      await setupFormsI18n('en');
    }
  });
});

describe('question changes', () => {
  it('copyName finds the first free name and keeps within 100 characters', () => {
    expect(copyName('email', new Set(['email']))).toBe('email_copy');
    expect(copyName('email', new Set(['email', 'email_copy', 'email_copy2']))).toBe('email_copy3');
    const long = `a${'b'.repeat(99)}`;
    expect(copyName(long, new Set([long]))).toHaveLength(100);
  });

  it('moveQuestion leaves the form alone at either end', () => {
    expect(moveQuestion(adminForm, 'firstName', -1)).toBe(adminForm);
    expect(moveQuestion(adminForm, 'city', 1)).toBe(adminForm);
    expect(namesBySection(moveQuestion(adminForm, 'city', -1))).toEqual([['firstName', 'email', 'city'], []]);
  });
});
