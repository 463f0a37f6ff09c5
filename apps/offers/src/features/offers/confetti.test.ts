import { celebrateOnce } from './confetti';
import { confettiStorageKey } from './constants';

/** A fake canvas-confetti module: `create(canvas)` returns `fire`, which resolves when the animation ends. */
function fakeConfetti() {
  let finish!: () => void;
  const fire = jest.fn(() => new Promise<null>((resolve) => (finish = () => resolve(null)))) as jest.Mock & {
    reset?: () => void;
  };
  fire.reset = jest.fn();
  const create = jest.fn((_canvas: HTMLCanvasElement, _options: unknown) => fire);
  return { fire, create, finish: () => finish(), load: jest.fn(async () => ({ default: { create } })) };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('celebrateOnce', () => {
  it('fires 200 pieces the first time, and never again for the same offer', async () => {
    const storage = memoryStorage();
    const { fire, load } = fakeConfetti();
    await expect(celebrateOnce('abc12345', { storage, reducedMotion: false, load })).resolves.toBe(true);
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 200 }));
    expect(storage.map.has(confettiStorageKey('abc12345'))).toBe(true);
    await expect(celebrateOnce('abc12345', { storage, reducedMotion: false, load })).resolves.toBe(false);
    expect(fire).toHaveBeenCalledTimes(1);
    await expect(celebrateOnce('other123', { storage, reducedMotion: false, load })).resolves.toBe(true);
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('remembers the offer before the confetti code has loaded (two quick calls fire once)', async () => {
    const storage = memoryStorage();
    const { fire, load } = fakeConfetti();
    const results = await Promise.all([
      celebrateOnce('abc12345', { storage, reducedMotion: false, load }),
      celebrateOnce('abc12345', { storage, reducedMotion: false, load }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('draws on its own canvas, hidden from assistive technology, removed when the animation ends', async () => {
    const { create, fire, finish, load } = fakeConfetti();
    await celebrateOnce('abc12345', { storage: memoryStorage(), reducedMotion: false, load });
    const canvas = document.querySelector('canvas[data-cw-confetti]') as HTMLCanvasElement;
    expect(canvas).toBeTruthy();
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(canvas.style.pointerEvents).toBe('none');
    expect(canvas.style.position).toBe('fixed');
    expect(create).toHaveBeenCalledWith(canvas, expect.objectContaining({ resize: true }));
    expect(fire).toHaveBeenCalledTimes(1);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('canvas[data-cw-confetti]')).toBeNull();
    expect(fire.reset).toHaveBeenCalled();
  });

  it('skips the animation with reduced motion but still remembers the offer', async () => {
    const storage = memoryStorage();
    const load = jest.fn();
    await expect(celebrateOnce('abc12345', { storage, reducedMotion: true, load })).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(storage.map.has(confettiStorageKey('abc12345'))).toBe(true);
  });

  it('still shows confetti when storage is unavailable, and survives a failed load', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const { load } = fakeConfetti();
    await expect(celebrateOnce('abc12345', { storage: broken, reducedMotion: false, load })).resolves.toBe(true);
    await expect(
      celebrateOnce('x1234567', {
        storage: memoryStorage(),
        reducedMotion: false,
        load: () => Promise.reject(new Error('chunk')),
      }),
    ).resolves.toBe(false);
    warn.mockRestore();
  });
});
