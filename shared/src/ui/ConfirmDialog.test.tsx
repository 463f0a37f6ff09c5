import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ busy = false, withField = false }: { busy?: boolean; withField?: boolean }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Withdraw
      </button>
      <p data-testid="log">{log.join(',')}</p>
      {open && (
        <ConfirmDialog
          title="Withdraw application?"
          confirmLabel="Withdraw"
          cancelLabel="Keep it"
          busyLabel="Withdrawing…"
          busy={busy}
          field={
            withField ? (
              <label>
                Email
                <input type="email" />
              </label>
            ) : undefined
          }
          onConfirm={() => setLog((entries) => [...entries, 'confirm'])}
          onCancel={() => {
            setLog((entries) => [...entries, 'cancel']);
            setOpen(false);
          }}
        >
          <p>The employer is told.</p>
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const log = () => screen.getByTestId('log').textContent;

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title, described by its question, with Cancel focused first', async () => {
    const user = userEvent.setup();
    render(<Harness withField />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw application?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The field is not part of the description: only the question is.
    expect(dialog).toHaveAccessibleDescription('The employer is told. This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
  });

  it('confirms by its button, or Enter in its field, and cancels by Cancel or Escape', async () => {
    const user = userEvent.setup();
    render(<Harness withField />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(log()).toBe('confirm');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'casey@example.com{Enter}');
    expect(log()).toBe('confirm,confirm');
    await user.keyboard('{Escape}');
    expect(log()).toBe('confirm,confirm,cancel');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(log()).toBe('confirm,confirm,cancel,cancel');
  });

  it('while busy: the confirm button says so and does nothing again, and neither Cancel nor Escape closes it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    rerender(<Harness busy />);
    const busyButton = screen.getByRole('button', { name: 'Withdrawing…' });
    expect(busyButton).toHaveAttribute('aria-busy', 'true');
    await user.click(busyButton);
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(log()).toBe('');
  });
});
