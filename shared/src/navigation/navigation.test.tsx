import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, navigate, useLocation } from './index';

let popstates: PopStateEvent[];
const record = (event: Event) => popstates.push(event as PopStateEvent);

beforeEach(() => {
  window.history.replaceState(null, '', '/careers/offers');
  popstates = [];
  window.addEventListener('popstate', record);
});

afterEach(() => {
  window.removeEventListener('popstate', record);
});

describe('navigate', () => {
  it('pushes the address and dispatches one popstate event', () => {
    const before = window.history.length;
    navigate('/careers/offer/abc12345?domain=acme.example');
    expect(window.location.pathname).toBe('/careers/offer/abc12345');
    expect(window.location.search).toBe('?domain=acme.example');
    expect(window.history.length).toBe(before + 1);
    expect(popstates).toHaveLength(1);
  });

  it('replaces the entry when asked', () => {
    const before = window.history.length;
    navigate('/careers/offers?domain=acme.example', { replace: true, state: { from: 'test' } });
    expect(window.history.length).toBe(before);
    expect(window.location.search).toBe('?domain=acme.example');
    expect(popstates[0]?.state).toEqual({ from: 'test' });
  });

  it('does not dispatch a second event when pushState already announced the change (single-spa)', () => {
    const original = window.history.pushState;
    const patched = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    };
    window.history.pushState = patched;
    try {
      navigate('/careers/offer-letter/abc12345');
    } finally {
      window.history.pushState = original;
    }
    expect(window.location.pathname).toBe('/careers/offer-letter/abc12345');
    expect(popstates).toHaveLength(1);
  });

  it('accepts absolute addresses on the same origin', () => {
    navigate(`${window.location.origin}/careers?x=1#top`);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/careers?x=1#top');
  });
});

function Where() {
  const location = useLocation();
  return (
    <p>
      {location.pathname}|{location.searchParams.get('domain') ?? '-'}
    </p>
  );
}

describe('useLocation', () => {
  it('re-renders after navigate, back/forward (popstate) and single-spa routing events', () => {
    render(<Where />);
    expect(screen.getByText('/careers/offers|-')).toBeInTheDocument();

    act(() => navigate('/careers/offer/abc12345?domain=acme.example'));
    expect(screen.getByText('/careers/offer/abc12345|acme.example')).toBeInTheDocument();

    act(() => {
      window.history.replaceState(null, '', '/careers/offers?domain=b.example');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('/careers/offers|b.example')).toBeInTheDocument();

    act(() => {
      // Another router changed the address without a popstate; single-spa reports it after rerouting.
      window.history.replaceState(null, '', '/careers/offer-letter/xyz98765');
      window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    });
    expect(screen.getByText('/careers/offer-letter/xyz98765|-')).toBeInTheDocument();
  });
});

describe('Link', () => {
  it('is a real link that navigates without a page load on a plain click', () => {
    render(<Link href="/careers/offer/abc12345?domain=acme.example">View job offer</Link>);
    const link = screen.getByRole('link', { name: 'View job offer' });
    expect(link).toHaveAttribute('href', '/careers/offer/abc12345?domain=acme.example');
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/careers/offer/abc12345');
    expect(popstates).toHaveLength(1);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', (_name, init) => {
    render(<Link href="/careers/offer/abc12345">Offer</Link>);
    const link = screen.getByRole('link', { name: 'Offer' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(window.location.pathname).toBe('/careers/offers');
  });

  it('leaves links with a target to the browser, and calls the onClick given', () => {
    const onClick = jest.fn();
    render(
      <Link href="/careers/offer/abc12345" target="_blank" onClick={onClick}>
        Offer
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Offer' }));
    expect(onClick).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/careers/offers');
  });
});
