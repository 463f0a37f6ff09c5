/**
 * Window messages (docs/product/shell.md#window-messages): one guard, installed first by the root config, sees every
 * `message` event posted to the page before anything else. It lets through messages from the page's own origin, from
 * the reCAPTCHA origin (`pcsxConfig.recaptchaConfig.origin`, default https://www.google.com) and from a frame a
 * component has subscribed to with {@link onTrustedMessage} (that frame's origin AND that frame's window). Anything
 * else is logged (the origin and the kind of data, never the data) and refused: no later listener on the window, ours
 * or a third party's, sees it. Components never listen to window messages themselves (a lint test keeps it so).
 */

/** The origin reCAPTCHA's frames post from when the configuration names none. */
export const DEFAULT_RECAPTCHA_ORIGIN = 'https://www.google.com';

export interface WindowMessageGuardOptions {
  /** The reCAPTCHA frames' origin (`pcsxConfig.recaptchaConfig.origin`); absent or unusable: the default. */
  recaptchaOrigin?: string | null;
}

/** Which messages a subscription receives: those posted from `origin` by the window `source()` returns. */
export interface TrustedMessageSource {
  /** The sender's origin, e.g. `new URL(frameSrc).origin`. */
  origin: string;
  /** The sender's window, read when a message arrives (usually a frame's `contentWindow`); null: none yet. */
  source: () => Window | null;
}

export type TrustedMessageHandler = (event: MessageEvent) => void;

interface Subscription {
  origin: string;
  source: () => Window | null;
  handler: TrustedMessageHandler;
}

/** The installed guard's listener (null: not installed). */
let guard: ((event: MessageEvent) => void) | null = null;
const subscriptions = new Set<Subscription>();
/** Refusals already logged, by origin and kind of data (a chatty frame logs once). */
const logged = new Set<string>();

/** The serialized origin of an http(s) address or origin, else null (opaque origins are never registered). */
function httpOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What kind of data a message carries, for the log (the data itself is never logged). */
function kindOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  return typeof data;
}

/**
 * The page's own messages: its origin (never the opaque "null", which any sandboxed frame also has), or no origin
 * at all. A message posted by another document always carries its sender's origin; only a script of this page can
 * dispatch one without (and such a script could claim any origin anyway).
 */
function isOwnOrigin(origin: string): boolean {
  if (origin === '') return true;
  const own = window.location.origin;
  return origin === own && own !== 'null';
}

/** The subscriptions this message is for: their origin and their window both match. */
function subscribersOf(event: MessageEvent): Subscription[] {
  const { source } = event;
  if (source === null) return [];
  return [...subscriptions].filter((s) => s.origin === event.origin && s.source() === source);
}

function refuse(event: MessageEvent): void {
  event.stopImmediatePropagation();
  const kind = kindOf(event.data);
  const key = `${event.origin}\n${kind}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(
    `[careers] Refused a window message from ${event.origin} (${kind}): only this page's origin, the reCAPTCHA ` +
      'origin and the frames the careers widgets open may message this page.',
  );
}

function createListener(recaptchaOrigin: string) {
  return (event: MessageEvent) => {
    const subscribers = subscribersOf(event);
    const allowed = isOwnOrigin(event.origin) || event.origin === recaptchaOrigin || subscribers.length > 0;
    if (!allowed) {
      refuse(event);
      return;
    }
    for (const subscription of subscribers) {
      // Still subscribed (an earlier handler may have unsubscribed it); one failing handler does not stop the rest.
      if (!subscriptions.has(subscription)) continue;
      try {
        subscription.handler(event);
      } catch (error) {
        console.error('[careers] a window message handler failed', error);
      }
    }
  };
}

/**
 * Installs the guard: one capturing `message` listener on the window (capturing listeners on the window run before
 * the bubbling ones, so even a listener added earlier without `capture` comes after it). Call it before any other
 * code (the root config does, first thing in `startShared`). Idempotent: a later call changes nothing and returns
 * false.
 */
export function installWindowMessageGuard(options: WindowMessageGuardOptions = {}): boolean {
  if (guard) return false;
  const recaptchaOrigin = httpOrigin(options.recaptchaOrigin) ?? DEFAULT_RECAPTCHA_ORIGIN;
  guard = createListener(recaptchaOrigin);
  window.addEventListener('message', guard, { capture: true });
  return true;
}

/**
 * Receives the messages a frame posts: `handler` gets each message from `origin` whose sender is the window
 * `source()` returns at that moment (both must match), and while subscribed that origin may message the page from
 * that window (and no other). Returns the unsubscribe. An origin that is not http(s) subscribes to nothing. Installs
 * the guard with its defaults when nothing did yet (a widget on a page without the root config).
 */
export function onTrustedMessage(from: TrustedMessageSource, handler: TrustedMessageHandler): () => void {
  const origin = httpOrigin(from.origin);
  if (!origin) return () => undefined;
  installWindowMessageGuard();
  const subscription: Subscription = { origin, source: from.source, handler };
  subscriptions.add(subscription);
  return () => {
    subscriptions.delete(subscription);
  };
}

/** Removes the guard, its subscriptions and what it logged (for tests: the page keeps its guard). */
export function removeWindowMessageGuard(): void {
  if (guard) window.removeEventListener('message', guard, { capture: true });
  guard = null;
  subscriptions.clear();
  logged.clear();
}
