import { act, fireEvent, render, screen } from '@testing-library/react';
import { readQueryParam, setQueryParam, useQueryParam } from './index';

beforeEach(() => {
  window.history.replaceState(null, '', '/careers/forms/center?domain=acme.example#list');
});

/** A tab choice kept in the address, as a widget would show it. */
function Tabs({ mode }: { mode?: 'push' | 'replace' }) {
  const [tab, setTab] = useQueryParam('tab');
  return (
    <div>
      <p>Showing {tab ?? 'open'} forms</p>
      <button type="button" onClick={() => setTab('completed', mode)}>
        Completed
      </button>
      <button type="button" onClick={() => setTab(null, mode)}>
        Open
      </button>
    </div>
  );
}

describe('the URL helper (readQueryParam, useQueryParam)', () => {
  it('reads one named parameter, null when absent', () => {
    expect(readQueryParam('domain')).toBe('acme.example');
    expect(readQueryParam('tab')).toBeNull();
    expect(readQueryParam('tab', '?tab=completed&tab=open')).toBe('completed');
  });

  it('pushes a change by default: the page shows it, and Back returns to the previous value', async () => {
    const before = window.history.length;
    render(<Tabs />);
    expect(screen.getByText('Showing open forms')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(screen.getByText('Showing completed forms')).toBeInTheDocument();
    // The other parameters, the path and the hash are kept.
    expect(window.location.pathname).toBe('/careers/forms/center');
    expect(window.location.search).toBe('?domain=acme.example&tab=completed');
    expect(window.location.hash).toBe('#list');
    expect(window.history.length).toBe(before + 1);
    // The same value again adds no entry.
    fireEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(window.history.length).toBe(before + 1);
    await act(async () => {
      const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await back;
    });
    expect(screen.getByText('Showing open forms')).toBeInTheDocument();
  });

  it('replaces the entry in replace mode, and removes the parameter for null', () => {
    const before = window.history.length;
    render(<Tabs mode="replace" />);
    fireEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(screen.getByText('Showing completed forms')).toBeInTheDocument();
    expect(window.history.length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('Showing open forms')).toBeInTheDocument();
    expect(window.location.search).toBe('?domain=acme.example');
    expect(window.history.length).toBe(before);
  });

  it('sets a parameter outside React too', () => {
    setQueryParam('step', '2', 'replace');
    expect(readQueryParam('step')).toBe('2');
    setQueryParam('step', '');
    expect(readQueryParam('step')).toBeNull();
  });
});
