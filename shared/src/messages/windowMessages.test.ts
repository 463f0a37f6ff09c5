import { baseBootData } from '../testing/render';
import { startShared } from '../boot/startShared';
import {
  DEFAULT_RECAPTCHA_ORIGIN,
  installWindowMessageGuard,
  onTrustedMessage,
  removeWindowMessageGuard,
} from './windowMessages';

const OWN = window.location.origin;
const FRAME_ORIGIN = 'https://esign.example';

let warn: jest.SpyInstance;
/** A listener added after the guard, as any other code on the page (a widget, a third-party script). */
let later: jest.Mock;

beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  later = jest.fn();
});

afterEach(() => {
  window.removeEventListener('message', later);
  window.removeEventListener('message', later, { capture: true });
  removeWindowMessageGuard();
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

function post(data: unknown, origin: string, source: Window | null = null): MessageEvent {
  const event = new MessageEvent('message', { data, origin, source });
  window.dispatchEvent(event);
  return event;
}

/** A frame in the document, for its window (a message's `source`). */
function frame(): Window {
  const element = document.createElement('iframe');
  document.body.appendChild(element);
  return element.contentWindow!;
}

const warnings = () => warn.mock.calls.map((args: unknown[]) => args.map(String).join(' '));

describe('installWindowMessageGuard', () => {
  it('lets the page’s own messages through, without logging', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    post({ type: 'hello' }, OWN);
    expect(later).toHaveBeenCalledTimes(1);
    expect(later.mock.calls[0]?.[0]).toMatchObject({ origin: OWN, data: { type: 'hello' } });
    // An event a script of this page dispatches without an origin (no other document can send one).
    window.dispatchEvent(new MessageEvent('message', { data: 'local' }));
    expect(later).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a message from another origin: logged with its origin (never its data), no later listener runs', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    window.addEventListener('message', later, { capture: true });
    const event = post({ secret: 'token-123' }, 'https://evil.example', frame());
    expect(later).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    expect(warnings()).toEqual([
      expect.stringContaining('Refused a window message from https://evil.example (object)'),
    ]);
    expect(warnings().join('\n')).not.toContain('token-123');
    expect(warnings().join('\n')).not.toContain('secret');
  });

  it('logs once per origin and kind of data, and refuses every time', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    post({ a: 1 }, 'https://evil.example');
    post({ b: 2 }, 'https://evil.example');
    post('text', 'https://evil.example');
    post({ a: 1 }, 'https://other.example');
    expect(later).not.toHaveBeenCalled();
    expect(warnings()).toEqual([
      expect.stringContaining('from https://evil.example (object)'),
      expect.stringContaining('from https://evil.example (string)'),
      expect.stringContaining('from https://other.example (object)'),
    ]);
  });

  it('refuses the opaque origin of a sandboxed frame and a look-alike of the page’s origin', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    post({}, 'null', frame());
    post({}, OWN.replace('http:', 'https:'));
    post({}, `${OWN}.evil.example`);
    expect(later).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('lets the default reCAPTCHA origin through when none is configured', () => {
    expect(DEFAULT_RECAPTCHA_ORIGIN).toBe('https://www.google.com');
    installWindowMessageGuard();
    window.addEventListener('message', later);
    post({ type: 'recaptcha' }, 'https://www.google.com', frame());
    expect(later).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('lets the configured reCAPTCHA origin through instead of the default', () => {
    installWindowMessageGuard({ recaptchaOrigin: 'https://www.recaptcha.net/' });
    window.addEventListener('message', later);
    post({}, 'https://www.recaptcha.net', frame());
    expect(later).toHaveBeenCalledTimes(1);
    post({}, 'https://www.google.com', frame());
    expect(later).toHaveBeenCalledTimes(1);
    expect(warnings()).toEqual([expect.stringContaining('from https://www.google.com')]);
  });

  it('falls back to the default reCAPTCHA origin when the configured one is not an address', () => {
    installWindowMessageGuard({ recaptchaOrigin: 'not an origin' });
    window.addEventListener('message', later);
    post({}, 'https://www.google.com');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('takes the reCAPTCHA origin of the boot data when startShared installs it', async () => {
    await startShared(baseBootData({ pcsxConfig: { recaptchaConfig: { origin: 'https://captcha.example' } } }));
    window.addEventListener('message', later);
    post({}, 'https://captcha.example');
    expect(later).toHaveBeenCalledTimes(1);
    post({}, 'https://evil.example');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('is installed once, capturing: a second install changes nothing and adds no second listener', () => {
    const add = jest.spyOn(window, 'addEventListener');
    expect(installWindowMessageGuard()).toBe(true);
    expect(installWindowMessageGuard({ recaptchaOrigin: 'https://captcha.example' })).toBe(false);
    expect(add.mock.calls.filter(([type]) => type === 'message')).toEqual([
      ['message', expect.any(Function), { capture: true }],
    ]);
    add.mockRestore();
    window.addEventListener('message', later);
    post({}, 'https://captcha.example');
    expect(later).not.toHaveBeenCalled();
  });
});

describe('onTrustedMessage', () => {
  it('delivers a registered origin’s messages from its window only; other windows of that origin are refused', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    const signing = frame();
    const handler = jest.fn();
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => signing }, handler);

    post({ type: 'ESIGN' }, FRAME_ORIGIN, signing);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toMatchObject({ origin: FRAME_ORIGIN, data: { type: 'ESIGN' } });
    expect(later).toHaveBeenCalledTimes(1);

    post({ type: 'ESIGN' }, FRAME_ORIGIN, frame());
    post({ type: 'ESIGN' }, FRAME_ORIGIN, window);
    post({ type: 'ESIGN' }, FRAME_ORIGIN, null);
    post({ type: 'ESIGN' }, 'https://evil.example', signing);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
    expect(warnings()).toEqual([
      expect.stringContaining(`from ${FRAME_ORIGIN} (object)`),
      expect.stringContaining('from https://evil.example (object)'),
    ]);
  });

  it('does not deliver the page’s own messages to a frame’s subscription, nor the frame’s to another origin’s', () => {
    installWindowMessageGuard();
    const signing = frame();
    const handler = jest.fn();
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => signing }, handler);
    post({ type: 'ESIGN' }, OWN, signing);
    post({ type: 'ESIGN' }, OWN);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads the window when the message arrives (a frame that is not there yet receives nothing)', () => {
    installWindowMessageGuard();
    let current: Window | null = null;
    const handler = jest.fn();
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => current }, handler);
    const signing = frame();
    post({ n: 1 }, FRAME_ORIGIN, signing);
    expect(handler).not.toHaveBeenCalled();
    current = signing;
    post({ n: 2 }, FRAME_ORIGIN, signing);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toMatchObject({ data: { n: 2 } });
  });

  it('stops delivering and letting the origin through after unsubscribe', () => {
    installWindowMessageGuard();
    window.addEventListener('message', later);
    const signing = frame();
    const handler = jest.fn();
    const unsubscribe = onTrustedMessage({ origin: `${FRAME_ORIGIN}/session/1`, source: () => signing }, handler);
    post({ type: 'ESIGN' }, FRAME_ORIGIN, signing);
    expect(handler).toHaveBeenCalledTimes(1);
    unsubscribe();
    unsubscribe();
    post({ type: 'ESIGN' }, FRAME_ORIGIN, signing);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
    expect(warnings()).toEqual([expect.stringContaining(`from ${FRAME_ORIGIN}`)]);
  });

  it('keeps other subscriptions of the same origin when one unsubscribes, and survives a failing handler', () => {
    installWindowMessageGuard();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = frame();
    const second = frame();
    const failing = jest.fn(() => {
      throw new Error('boom');
    });
    const handler = jest.fn();
    const unsubscribe = onTrustedMessage({ origin: FRAME_ORIGIN, source: () => first }, jest.fn());
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => second }, failing);
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => second }, handler);
    unsubscribe();
    post({}, FRAME_ORIGIN, second);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('installs the guard itself when the page has none yet (a widget outside the root config)', () => {
    const signing = frame();
    const handler = jest.fn();
    onTrustedMessage({ origin: FRAME_ORIGIN, source: () => signing }, handler);
    window.addEventListener('message', later);
    post({}, 'https://evil.example');
    expect(later).not.toHaveBeenCalled();
    post({}, FRAME_ORIGIN, signing);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('subscribes to nothing for an address that is not http(s)', () => {
    installWindowMessageGuard();
    const signing = frame();
    const handler = jest.fn();
    const unsubscribe = onTrustedMessage({ origin: 'javascript:alert(1)', source: () => signing }, handler);
    post({}, 'null', signing);
    expect(handler).not.toHaveBeenCalled();
    unsubscribe();
  });
});
