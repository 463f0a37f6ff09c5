import { announceSession, followPageRequests, SESSION_EVENT, SIGN_IN_EVENT, SIGN_OUT_EVENT } from './pageEvents';

afterEach(() => {
  document.documentElement.removeAttribute('data-careers-signed-in');
});

describe("events between the widgets and the employer's page", () => {
  it('tell the page who is signed in, by event and on <html>', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(SESSION_EVENT, listener);
    announceSession({ signedIn: true, name: 'Casey' });
    expect(seen).toEqual([{ signedIn: true, name: 'Casey' }]);
    expect(document.documentElement.hasAttribute('data-careers-signed-in')).toBe(true);
    announceSession({ signedIn: false, name: null });
    expect(document.documentElement.hasAttribute('data-careers-signed-in')).toBe(false);
    window.removeEventListener(SESSION_EVENT, listener);
  });

  it('run sign-in and sign-out when the page asks, until stopped', () => {
    const signIn = jest.fn();
    const signOut = jest.fn();
    const stop = followPageRequests({ signIn, signOut });
    window.dispatchEvent(new Event(SIGN_IN_EVENT));
    window.dispatchEvent(new Event(SIGN_OUT_EVENT));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new Event(SIGN_IN_EVENT));
    expect(signIn).toHaveBeenCalledTimes(1);
  });
});
