import { memoize } from './memoize';

let now = 0;

beforeEach(() => {
  now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('memoize', () => {
  it('calls the function once per distinct arguments', () => {
    const fn = jest.fn((a: number, b: number) => a + b);
    const add = memoize(fn);
    expect(add(1, 2)).toBe(3);
    expect(add(1, 2)).toBe(3);
    expect(add(2, 1)).toBe(3);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('keeps results for 5 minutes by default', () => {
    const fn = jest.fn((domain: string) => ({ domain }));
    const load = memoize(fn);
    const first = load('acme');

    now += 5 * 60 * 1000 - 1;
    expect(load('acme')).toBe(first);
    expect(fn).toHaveBeenCalledTimes(1);

    now += 1;
    expect(load('acme')).not.toBe(first);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('honours ttlMs', () => {
    const fn = jest.fn(() => Math.random());
    const get = memoize(fn, { ttlMs: 1000 });
    get();
    now += 999;
    get();
    expect(fn).toHaveBeenCalledTimes(1);
    now += 1;
    get();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('uses a custom key function', () => {
    const fn = jest.fn((user: { id: number; name: string }) => user.name);
    const byId = memoize(fn, { key: (user) => String(user.id) });
    expect(byId({ id: 1, name: 'Ada' })).toBe('Ada');
    expect(byId({ id: 1, name: 'changed' })).toBe('Ada');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('clear() forgets every cached result', () => {
    const fn = jest.fn((n: number) => n * 2);
    const double = memoize(fn);
    double(1);
    double(2);
    double.clear();
    double(1);
    double(2);
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('shares a pending promise between callers', async () => {
    const fn = jest.fn(async (id: string) => `offer ${id}`);
    const load = memoize(fn);
    const [a, b] = await Promise.all([load('7'), load('7')]);
    expect(a).toBe('offer 7');
    expect(b).toBe('offer 7');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('drops a rejected promise so the next call retries', async () => {
    const fn = jest
      .fn<Promise<string>, [string]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('ok');
    const load = memoize(fn);

    await expect(load('x')).rejects.toThrow('offline');
    await expect(load('x')).resolves.toBe('ok');
    await expect(load('x')).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not cache a synchronous throw', () => {
    const fn = jest
      .fn<number, []>()
      .mockImplementationOnce(() => {
        throw new Error('boom');
      })
      .mockReturnValueOnce(1);
    const get = memoize(fn);
    expect(() => get()).toThrow('boom');
    expect(get()).toBe(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not let an old rejection evict a newer entry', async () => {
    let rejectOld: (error: Error) => void = () => undefined;
    const fn = jest
      .fn<Promise<string>, []>()
      .mockReturnValueOnce(new Promise<string>((_resolve, reject) => (rejectOld = reject)))
      .mockResolvedValueOnce('new')
      .mockResolvedValueOnce('newer');
    const load = memoize(fn, { ttlMs: 1000 });

    const old = load();
    now += 1000;
    const fresh = load();
    rejectOld(new Error('late failure'));
    await expect(old).rejects.toThrow('late failure');
    await expect(fresh).resolves.toBe('new');
    await expect(load()).resolves.toBe('new');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
