import { CONFETTI_PARTICLES, confettiStorageKey } from './constants';

/** The part of canvas-confetti used here: a cannon bound to our own canvas. */
type ConfettiFire = ((options: Record<string, unknown>) => Promise<unknown> | null) & { reset?: () => void };
interface ConfettiModule {
  create(
    canvas: HTMLCanvasElement,
    options: { resize?: boolean; useWorker?: boolean; disableForReducedMotion?: boolean },
  ): ConfettiFire;
}

export interface CelebrateOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  reducedMotion?: boolean;
  /** Loads canvas-confetti (its own chunk, downloaded only when confetti is shown). */
  load?: () => Promise<{ default: ConfettiModule }>;
}

/** Stacking level of the confetti: above the page, below dialogs (1000) and toasts. */
const CONFETTI_Z_INDEX = 900;

/**
 * A full-window canvas, hidden from assistive technology (it is decoration: `aria-hidden`, outside any
 * landmark) and transparent to clicks.
 */
function confettiCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('data-cw-confetti', '');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: String(CONFETTI_Z_INDEX),
  });
  document.body.append(canvas);
  return canvas;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function prefersReducedMotion(): boolean {
  try {
    return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

const loadConfetti = () =>
  import(/* webpackChunkName: "offers-confetti" */ 'canvas-confetti') as unknown as Promise<{
    default: ConfettiModule;
  }>;

/**
 * Confetti for a newly seen live offer (docs/product/offers-and-signing.md#confetti): 200 pieces, once per offer. The
 * offer is remembered in localStorage as visited before anything is drawn, so a second call (another visit, React's
 * double effects) shows nothing. With prefers-reduced-motion nothing is drawn, but the offer is still remembered. The
 * pieces are drawn on a canvas of our own (hidden from assistive technology, removed when the animation ends).
 *
 * @returns Whether confetti was fired.
 */
export async function celebrateOnce(encId: string, options: CelebrateOptions = {}): Promise<boolean> {
  const storage = options.storage === undefined ? localStorageOrNull() : options.storage;
  const key = confettiStorageKey(encId);
  try {
    if (storage?.getItem(key)) return false;
    storage?.setItem(key, new Date().toISOString());
  } catch {
    // Storage full or blocked: show it anyway, once for this page view.
  }
  if (options.reducedMotion ?? prefersReducedMotion()) return false;
  let canvas: HTMLCanvasElement | null = null;
  try {
    const confetti = (await (options.load ?? loadConfetti)()).default;
    canvas = confettiCanvas();
    const fire = confetti.create(canvas, { resize: true, useWorker: true, disableForReducedMotion: true });
    const done = fire({ particleCount: CONFETTI_PARTICLES, spread: 80, startVelocity: 45, origin: { y: 0.6 } });
    const shown = canvas;
    void Promise.resolve(done)
      .catch(() => undefined)
      .then(() => {
        fire.reset?.();
        shown.remove();
      });
    return true;
  } catch (error) {
    canvas?.remove();
    console.warn('[careers] confetti could not be shown', error);
    return false;
  }
}
