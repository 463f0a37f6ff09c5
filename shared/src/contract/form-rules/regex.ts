/**
 * Employers' `regex` rules in RE2 (re2js): matching time grows linearly with the answer's length whatever the
 * pattern, where the browser's own RegExp backtracks (`^([a-zA-Z]+\s?)*$` took seconds on a 29-character answer).
 * What RE2 cannot run in linear time is refused rather than run another way: backreferences, lookahead and
 * lookbehind. Decision 009 lists the choices (flags, sizes, where RE2 reads a pattern unlike JavaScript).
 */
import { RE2JS } from 're2js';
import type { RegexRules } from './regex-rules';

/** The longest pattern accepted (the contract's limit for a rule's value). */
const PATTERN_MAX_LENGTH = 1000;

/**
 * The largest compiled program accepted (re2js `programSize()`, about one instruction per character matched). A
 * pattern's per-character cost grows with it: at 1,000 the most tangled pattern measured (`^(?:a|aa){1,200}$`)
 * checks a 20,000-character answer in about 140 ms the first time and 10 ms after; everyday patterns are under 100.
 */
const PATTERN_MAX_PROGRAM = 1000;

/** Why a pattern is refused: the English text is for the operator saving a form (candidates see `validation.regexInvalid`). */
export type PatternProblem =
  | { kind: 'notText' }
  | { kind: 'tooLong' }
  | { kind: 'flags'; flags: string }
  | { kind: 'backreference' }
  | { kind: 'syntax'; detail: string }
  | { kind: 'tooComplex'; size: number };

/** Flags of JavaScript that mean something to the test, as RE2 flags; `g`, `y` and `d` change nothing for a test. */
const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0,
  g: 0,
  y: 0,
  d: 0,
};

/** The rule's value as a pattern and its flags: "/pattern/flags", or the pattern alone (no slashes around it). */
function splitRuleValue(value: string): { source: string; flags: string } {
  const last = value.lastIndexOf('/');
  // The delimited form: a leading slash and a last slash followed only by letters (linear, no regular expression).
  if (value.startsWith('/') && last > 0 && /^[a-z]*$/.test(value.slice(last + 1))) {
    return { source: value.slice(1, last), flags: value.slice(last + 1) };
  }
  return { source: value, flags: '' };
}

/**
 * Whether the source uses `\k<name>` (a named backreference). RE2 refuses `\1` itself, but re2js's translation of
 * JavaScript syntax reads `\k` as a plain "k", which would silently change the pattern's meaning.
 */
function hasNamedBackreference(source: string): boolean {
  for (let index = 0; index < source.length; index += 1) {
    if (source[index] !== '\\') continue;
    if (source[index + 1] === 'k') return true;
    index += 1; // skip the escaped character (so "\\k" is a backslash, then k)
  }
  return false;
}

type Compiled = { pattern: RE2JS } | { problem: PatternProblem };

function compile(value: unknown): Compiled {
  if (typeof value !== 'string') return { problem: { kind: 'notText' } };
  if (value.length > PATTERN_MAX_LENGTH) return { problem: { kind: 'tooLong' } };
  const { source, flags } = splitRuleValue(value);
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAG_BITS[flag];
    if (bit === undefined) return { problem: { kind: 'flags', flags } };
    bits |= bit;
  }
  if (hasNamedBackreference(source)) return { problem: { kind: 'backreference' } };
  let pattern: RE2JS;
  try {
    // JavaScript spellings RE2 writes otherwise: (?<name>…), \u00e9, \u{1F600}, [^], \cA.
    pattern = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return { problem: { kind: 'syntax', detail } };
  }
  const size = pattern.programSize();
  if (size > PATTERN_MAX_PROGRAM) return { problem: { kind: 'tooComplex', size } };
  return { pattern };
}

/**
 * Compiled patterns by rule value. A form has a few patterns and each is checked on every answer, so each is
 * compiled once; the lazy DFA it builds as it matches is kept with it. Bounded: the oldest goes first.
 */
const cache = new Map<string, Compiled>();
const CACHE_SIZE = 256;

function compiled(value: unknown): Compiled {
  if (typeof value !== 'string') return compile(value);
  let entry = cache.get(value);
  if (!entry) {
    entry = compile(value);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(value, entry);
  }
  return entry;
}

/** Why a regex rule's value cannot be run, or null when it can: what saving a form checks. */
export function patternProblem(value: unknown): PatternProblem | null {
  const entry = compiled(value);
  return 'problem' in entry ? entry.problem : null;
}

/** A pattern problem in words, for the operator saving the form. */
export function describePatternProblem(problem: PatternProblem): string {
  switch (problem.kind) {
    case 'notText':
      return 'the pattern must be text ("/pattern/flags" or the pattern alone)';
    case 'tooLong':
      return `the pattern is longer than ${PATTERN_MAX_LENGTH} characters`;
    case 'flags':
      return `unsupported flags "${problem.flags}" (use i, m, s; g, y, d and u are ignored)`;
    case 'backreference':
      return 'backreferences (\\1, \\k<name>) cannot run in linear time';
    case 'syntax':
      return `${problem.detail} (lookahead, lookbehind and backreferences cannot run in linear time)`;
    case 'tooComplex':
      return `the pattern compiles to ${problem.size} instructions, more than ${PATTERN_MAX_PROGRAM}`;
  }
}

/** The engine's regex checks on re2js (installed by the contract's form-rules, or `loadRegexRules`). */
export const re2RegexRules: RegexRules = {
  test(ruleValue, text) {
    const entry = compiled(ruleValue);
    return 'problem' in entry ? null : entry.pattern.test(text);
  },
};
