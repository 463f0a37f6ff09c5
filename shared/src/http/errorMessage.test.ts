import { extractErrorMessage, findErrorMessage } from './errorMessage';

const DEFAULT = 'There was a problem with the request';

describe('extractErrorMessage', () => {
  it('uses body.message', () => {
    expect(
      extractErrorMessage({ statusCode: 400, error: 'Bad Request', message: 'domain is required', field: 'domain' }),
    ).toBe('domain is required');
  });

  it('uses body.error.message when there is no top-level message', () => {
    expect(extractErrorMessage({ error: { message: 'Position not found' } })).toBe('Position not found');
  });

  it('uses the body itself when it is a string', () => {
    expect(extractErrorMessage('Too many uploads today')).toBe('Too many uploads today');
  });

  it('prefers the body over the error', () => {
    expect(extractErrorMessage({ message: 'from body' }, new Error('from error'))).toBe('from body');
  });

  it('falls back to the error’s message', () => {
    expect(extractErrorMessage(undefined, new Error('Network down'))).toBe('Network down');
    expect(extractErrorMessage({ unrelated: true }, { message: 'plain object error' })).toBe('plain object error');
  });

  it('accepts an error that is itself a string', () => {
    expect(extractErrorMessage(null, 'Timed out')).toBe('Timed out');
  });

  it('rejects strings that contain HTML and moves on to the next candidate', () => {
    const page = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
    expect(extractErrorMessage(page)).toBe(DEFAULT);
    expect(extractErrorMessage('<b>bold</b> claim')).toBe(DEFAULT);
    expect(extractErrorMessage({ message: 'see <a href="/x">here</a>' }, new Error('fallback'))).toBe('fallback');
    expect(extractErrorMessage({ message: '<p>x</p>', error: { message: 'nested ok' } })).toBe('nested ok');
  });

  it('keeps text that only uses angle brackets as comparison signs', () => {
    expect(extractErrorMessage({ message: 'Value must be < 5 and > 1' })).toBe('Value must be < 5 and > 1');
  });

  it('skips empty and non-string messages', () => {
    expect(extractErrorMessage({ message: '   ' })).toBe(DEFAULT);
    expect(extractErrorMessage({ message: 42, error: 'Bad Request' })).toBe(DEFAULT);
  });

  it('returns the default when nothing is usable', () => {
    expect(extractErrorMessage(undefined)).toBe(DEFAULT);
    expect(extractErrorMessage(null, null)).toBe(DEFAULT);
    expect(extractErrorMessage({}, {})).toBe(DEFAULT);
    expect(extractErrorMessage(404, 500)).toBe(DEFAULT);
  });
});

describe('findErrorMessage', () => {
  it('returns undefined instead of the default', () => {
    expect(findErrorMessage({})).toBeUndefined();
    expect(findErrorMessage({ message: 'Nope' })).toBe('Nope');
  });
});
