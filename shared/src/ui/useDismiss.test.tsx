import { useRef, useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDismiss, type DismissReason } from './useDismiss';

function Harness({ onDismiss }: { onDismiss: (r: DismissReason) => void }) {
  const [open, setOpen] = useState(true);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss({
    enabled: open,
    refs: [panel, trigger],
    onDismiss: (reason) => {
      onDismiss(reason);
      setOpen(false);
    },
  });
  return (
    <div>
      <button type="button" ref={trigger}>
        Trigger
      </button>
      {open && (
        <div ref={panel} data-testid="panel">
          <button type="button">Inside</button>
        </div>
      )}
    </div>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useDismiss', () => {
  it('dismisses on Escape', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    render(<Harness onDismiss={onDismiss} />);
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledWith('escape');
    expect(screen.queryByTestId('panel')).not.toBeInTheDocument();
  });

  it('dismisses on a press outside, not inside or on the trigger', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.body.appendChild(outside);
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Inside' }));
    await user.click(screen.getByRole('button', { name: 'Trigger' }));
    expect(onDismiss).not.toHaveBeenCalled();
    await user.click(outside);
    expect(onDismiss).toHaveBeenCalledWith('outside');
  });

  it('tells inside from outside for a widget in a shadow root', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    const outside = document.createElement('p');
    outside.textContent = 'Page text';
    document.body.appendChild(outside);
    const onDismiss = jest.fn();
    render(<Harness onDismiss={onDismiss} />, { container: mount });

    // At the document, a press inside the shadow root has the host as target; composedPath still sees the panel.
    const inside = within(mount).getByRole('button', { name: 'Inside' });
    act(() => {
      inside.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    });
    expect(onDismiss).not.toHaveBeenCalled();
    // A press elsewhere inside the same shadow root (not the panel) is outside.
    act(() => {
      mount.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    });
    expect(onDismiss).toHaveBeenCalledWith('outside');
  });

  it('dismisses on a press on the page outside the shadow host', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    const onDismiss = jest.fn();
    render(<Harness onDismiss={onDismiss} />, { container: mount });
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    });
    expect(onDismiss).toHaveBeenCalledWith('outside');
  });
});
