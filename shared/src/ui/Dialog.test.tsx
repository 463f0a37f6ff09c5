import { useRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';
import { getActiveElement } from './focus';

function Harness({ withInitial = true }: { withInitial?: boolean }) {
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && (
        <Dialog labelledBy="t" onClose={() => setOpen(false)} initialFocusRef={withInitial ? heading : undefined}>
          <h2 id="t" ref={heading} tabIndex={-1}>
            Title
          </h2>
          <button type="button">First</button>
          <button type="button">Last</button>
        </Dialog>
      )}
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Dialog', () => {
  it('is a labelled modal dialog that focuses the initial element', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Title' })).toHaveFocus();
  });

  it('focuses the first tabbable element without an initial element', async () => {
    const user = userEvent.setup();
    render(<Harness withInitial={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('brings focus back when it lands outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('button', { name: 'Behind' }).focus();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('traps focus inside a shadow root (document.activeElement is the host there)', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    const user = userEvent.setup({ document });
    render(<Harness withInitial={false} />, { container: mount });
    const ui = within(mount);

    ui.getByRole('button', { name: 'Open' }).focus();
    await user.keyboard('{Enter}');
    const first = ui.getByRole('button', { name: 'First' });
    const last = ui.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(host);
    expect(getActiveElement()).toBe(first);

    await user.tab({ shift: true });
    expect(shadow.activeElement).toBe(last);
    await user.tab();
    expect(shadow.activeElement).toBe(first);

    await user.keyboard('{Escape}');
    expect(ui.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shadow.activeElement).toBe(ui.getByRole('button', { name: 'Open' }));
  });
});
