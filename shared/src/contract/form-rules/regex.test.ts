import type { FormDefinition, FormItem } from '../forms';
import { describePatternProblem, formHasRegexRule, patternProblem, validateItem } from './index';

const context = { values: {}, now: new Date('2024-06-15T12:00:00Z') };
const key = (pattern: unknown, value: string) =>
  validateItem({ name: 'f', type: 'text', rules: [{ type: 'regex', value: pattern as string }] }, value, context)
    ?.key ?? null;

describe('regex rules run in RE2 (linear time)', () => {
  it('the pattern of issue 21 no longer backtracks: a long answer that almost matches is answered at once', () => {
    // With JavaScript's RegExp the 29 characters took 1.3 to 2.7 s, four times longer per two more, and the
    // 5,000 below would never end; RE2 answers each in a few milliseconds, compiling included.
    const pattern = '^([a-zA-Z]+\\s?)*$';
    expect(key(pattern, `${'a'.repeat(28)}!`)).toBe('validation.regex');
    expect(key(pattern, `${'a'.repeat(5_000)}!`)).toBe('validation.regex');
    expect(key(pattern, `${'ab '.repeat(6_000)}!`)).toBe('validation.regex');
    expect(key(pattern, 'Jane Doe')).toBeNull();
  });

  it('reads JavaScript spellings and flags as the browser RegExp would', () => {
    expect(key('/^[a-z]+$/i', 'ABC')).toBeNull();
    expect(key('/^[a-z]+$/', 'ABC')).toBe('validation.regex');
    expect(key('/^b$/m', 'a\nb')).toBeNull();
    expect(key('/^b$/', 'a\nb')).toBe('validation.regex');
    expect(key('/a.b/s', 'a\nb')).toBeNull();
    expect(key('/a.b/', 'a\nb')).toBe('validation.regex');
    expect(key('^(?<zip>\\d{5})$', '12345')).toBeNull();
    expect(key('^caf\\u00e9$', 'café')).toBeNull();
    expect(key('/^\\d{3}\\/\\d{2}$/u', '123/45')).toBeNull();
    // g and y would make repeated tests alternate: they change nothing here
    expect([key('/a/g', 'a'), key('/a/gy', 'a')]).toEqual([null, null]);
  });

  it('refuses what RE2 cannot run in linear time, and says why', () => {
    const refused: Array<[unknown, string]> = [
      ['(?=a)b', 'syntax'],
      ['(?<=a)b', 'syntax'],
      ['(?<!a)b', 'syntax'],
      ['(a)\\1', 'syntax'],
      ['(?<w>a)\\k<w>', 'backreference'],
      ['/a/x', 'flags'],
      ['/[a--b]/v', 'flags'],
      ['([a-z]', 'syntax'],
      ['(?:a|aa){1,300}', 'tooComplex'],
      ['a'.repeat(1001), 'tooLong'],
      [42, 'notText'],
    ];
    for (const [pattern, kind] of refused) {
      const problem = patternProblem(pattern);
      expect({ pattern, kind: problem?.kind }).toEqual({ pattern, kind });
      expect(describePatternProblem(problem!)).toEqual(expect.any(String));
      if (typeof pattern === 'string') expect(key(pattern, 'b')).toBe('validation.regexInvalid');
    }
    // An escaped backslash before k is a backslash and a k, not a backreference.
    expect(patternProblem('^\\\\k$')).toBeNull();
    expect(key('^\\\\k$', '\\k')).toBeNull();
    expect(patternProblem('^([a-zA-Z]+\\s?)*$')).toBeNull();
  });

  it('formHasRegexRule finds a regex rule in any question, dynamic lists included', () => {
    const form = (items: FormItem[]): FormDefinition => ({
      id: 'f',
      title: 'F',
      layout: 'simple',
      sections: [{ id: 's', title: 'S', items }],
    });
    expect(formHasRegexRule(form([{ name: 'a', type: 'text', rules: [{ type: 'email' }] }]))).toBe(false);
    expect(formHasRegexRule(form([{ name: 'a', type: 'text', rules: [{ type: 'regex', value: 'x' }] }]))).toBe(true);
    const nested: FormItem = {
      name: 'jobs',
      type: 'dynamicList',
      items: [{ name: 'code', type: 'text', rules: [{ type: 'regex', value: 'x' }] }],
    };
    expect(formHasRegexRule(form([nested]))).toBe(true);
  });

  it('a regex rule checked before the checks are loaded is an error, not a pass', () => {
    jest.isolateModules(() => {
      // A fresh engine without the plug-ins.
      const engine = require('./engine') as typeof import('./engine');
      const item: FormItem = { name: 'f', type: 'text', rules: [{ type: 'regex', value: 'x' }] };
      expect(() => engine.validateItem(item, 'x', context)).toThrow(/loadRegexRules/);
    });
  });
});
