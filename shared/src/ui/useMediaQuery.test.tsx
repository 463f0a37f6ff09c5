import { act, render, screen } from '@testing-library/react';
import { useMediaQuery } from './useMediaQuery';

function Probe({ query, fallback }: { query: string; fallback?: boolean }) {
  return <output>{useMediaQuery(query, fallback) ? 'match' : 'no match'}</output>;
}

type Listener = () => void;

function installMatchMedia(initial: boolean, { legacy = false } = {}) {
  let matches = initial;
  const listeners = new Set<Listener>();
  const mql = legacy
    ? {
        get matches() {
          return matches;
        },
        addListener: (l: Listener) => listeners.add(l),
        removeListener: (l: Listener) => listeners.delete(l),
      }
    : {
        get matches() {
          return matches;
        },
        addEventListener: (_: string, l: Listener) => listeners.add(l),
        removeEventListener: (_: string, l: Listener) => listeners.delete(l),
      };
  const matchMedia = jest.fn(() => mql);
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    matchMedia,
    listeners,
    set(next: boolean) {
      matches = next;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('useMediaQuery', () => {
  it('returns the fallback when matchMedia does not exist', () => {
    expect(window.matchMedia).toBeUndefined();
    const { rerender } = render(<Probe query="(min-width: 1024px)" />);
    expect(screen.getByText('no match')).toBeInTheDocument();
    rerender(<Probe query="(min-width: 1024px)" fallback />);
    expect(screen.getByText('match')).toBeInTheDocument();
  });

  it('returns the fallback when matchMedia throws', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: () => {
        throw new Error('nope');
      },
    });
    render(<Probe query="(min-width: 1024px)" fallback />);
    expect(screen.getByText('match')).toBeInTheDocument();
  });

  it('follows the media query as it changes and unsubscribes on unmount', () => {
    const media = installMatchMedia(false);
    const { unmount } = render(<Probe query="(min-width: 1024px)" />);
    expect(screen.getByText('no match')).toBeInTheDocument();
    expect(media.matchMedia).toHaveBeenCalledWith('(min-width: 1024px)');
    act(() => media.set(true));
    expect(screen.getByText('match')).toBeInTheDocument();
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('supports the old addListener API', () => {
    const media = installMatchMedia(true, { legacy: true });
    render(<Probe query="(max-width: 599px)" />);
    expect(screen.getByText('match')).toBeInTheDocument();
    act(() => media.set(false));
    expect(screen.getByText('no match')).toBeInTheDocument();
  });
});
