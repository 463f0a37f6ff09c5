/**
 * Issue 22, defect 8: an employer who set only `--cw-color-primary` got the default blue on hover, press, soft
 * backgrounds, the focus ring and info notices. These tests read tokens.css as the browser does: they resolve every
 * private token (`--_cw-…`) from the public properties an employer sets on :root, substituting `var()` and computing
 * `color-mix(in srgb, …)`, and look at the colour a candidate would see. jsdom computes neither, so the little
 * resolver below does (opaque colours only, which is all tokens.css mixes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Rgb = readonly [number, number, number];

const tokensCss = readFileSync(join(__dirname, 'tokens.css'), 'utf8');
const componentsCss = readFileSync(join(__dirname, 'components.css'), 'utf8');

/** The `--_cw-*` declarations of tokens.css's :host rule, comments removed, whitespace collapsed. */
function privateDeclarations(): Map<string, string> {
  const body = tokensCss.replace(/\/\*[\s\S]*?\*\//g, '').match(/:host\s*\{([^}]*)\}/)?.[1] ?? '';
  const declarations = new Map<string, string>();
  for (const [, name = '', value = ''] of body.matchAll(/(--_cw-[\w-]+)\s*:\s*([^;]+);/g)) {
    declarations.set(name, value.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim());
  }
  return declarations;
}

const DECLARATIONS = privateDeclarations();

/** Splits `a, b, c` at top-level commas (not those inside parentheses). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === ',' && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** Index of the parenthesis closing the one opened at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  throw new Error(`unbalanced: ${text}`);
}

/** Replaces every `var(--name[, fallback])` as custom properties do: the page's value, else the fallback. */
function substitute(value: string, page: Record<string, string>): string {
  const start = value.indexOf('var(');
  if (start < 0) return value;
  const end = closing(value, start + 3);
  const [name = '', ...fallback] = splitTopLevel(value.slice(start + 4, end));
  const replacement = name.startsWith('--_cw-') ? resolve(name, page) : (page[name] ?? fallback.join(', '));
  return substitute(value.slice(0, start) + substitute(replacement, page) + value.slice(end + 1), page);
}

/** The value a private token takes when the page sets `page` on :root. */
function resolve(name: string, page: Record<string, string>): string {
  const declared = DECLARATIONS.get(name);
  if (declared === undefined) throw new Error(`${name} is not declared in tokens.css`);
  return substitute(declared, page);
}

const NAMED: Record<string, Rgb> = { black: [0, 0, 0], white: [255, 255, 255] };

/** An sRGB colour from a hex literal, a named colour or `color-mix(in srgb, A p%, B [q%])`. */
function toRgb(value: string): Rgb {
  const text = value.trim();
  const named = NAMED[text];
  if (named) return named;
  const digits = /^#([0-9a-f]{6})$/i.exec(text)?.[1];
  if (digits) return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
  const mixed = /^color-mix\(\s*in srgb\s*,([\s\S]*)\)$/.exec(text)?.[1];
  if (mixed !== undefined) {
    const [first, second] = splitTopLevel(mixed).map((part): { colour: Rgb; weight?: number } => {
      const [, colour = '', weight] = /^([\s\S]*?)\s+(\d+(?:\.\d+)?)%$/.exec(part) ?? [];
      return weight !== undefined ? { colour: toRgb(colour), weight: Number(weight) } : { colour: toRgb(part) };
    });
    if (!first || !second) throw new Error(`color-mix of two colours expected: ${text}`);
    const p1 = first.weight ?? 100 - (second.weight ?? 50);
    const p2 = second.weight ?? 100 - p1;
    return first.colour.map(
      (channel, index) => (channel * p1 + (second.colour[index] ?? 0) * p2) / (p1 + p2),
    ) as unknown as Rgb;
  }
  throw new Error(`not a colour this test reads: ${text}`);
}

const colour = (name: string, page: Record<string, string> = {}): Rgb => toRgb(resolve(name, page));

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Hue in degrees (0 to 360) of a colour that has one. */
function hue([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta === 0) return 0;
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}

/** Each derived token and the base colour it follows. */
const DERIVED: ReadonlyArray<readonly [string, string]> = [
  ['--_cw-color-primary-hover', '--_cw-color-primary'],
  ['--_cw-color-primary-pressed', '--_cw-color-primary'],
  ['--_cw-color-primary-soft', '--_cw-color-primary'],
  ['--_cw-color-focus', '--_cw-color-primary'],
  ['--_cw-color-info', '--_cw-color-primary'],
  ['--_cw-color-info-soft', '--_cw-color-info'],
  ['--_cw-color-danger-soft', '--_cw-color-danger'],
  ['--_cw-color-success-soft', '--_cw-color-success'],
  ['--_cw-color-warning-soft', '--_cw-color-warning'],
  ['--_cw-color-teal-soft', '--_cw-color-teal'],
  ['--_cw-color-violet-soft', '--_cw-color-violet'],
];

const BRAND_RED = '#b3261e';
const DEFAULT_BLUE_HUE = hue(toRgb('#0b57d0'));

describe('theme tokens derived from their base colour (issue 22, defect 8)', () => {
  it.each(DERIVED)('%s falls back to a value computed from %s, with no colour literal of its own', (token, base) => {
    const declared = DECLARATIONS.get(token) ?? '';
    const publicName = token.replace('--_cw-', '--cw-');
    // The public property comes first, so an employer's own value wins; the fallback refers only to the base.
    expect(declared.startsWith(`var(${publicName},`)).toBe(true);
    const fallback = declared.slice(`var(${publicName},`.length);
    expect(fallback).toContain(`var(${base})`);
    expect(fallback).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(/i);
  });

  it('an employer who sets only --cw-color-primary sees no default blue in any brand or info colour', () => {
    const page = { '--cw-color-primary': BRAND_RED };
    for (const token of [
      '--_cw-color-primary-hover',
      '--_cw-color-primary-pressed',
      '--_cw-color-primary-soft',
      '--_cw-color-focus',
      '--_cw-color-info',
      '--_cw-color-info-soft',
    ]) {
      const seen = colour(token, page);
      // Red's hue (about 3 degrees), not blue's (about 217): every one of them is a shade or tint of the brand.
      const h = hue(seen);
      expect({ token, nearRed: h < 20 || h > 340 }).toEqual({ token, nearRed: true });
      expect(Math.abs(h - DEFAULT_BLUE_HUE)).toBeGreaterThan(90);
    }
    expect(colour('--_cw-color-focus', page)).toEqual(toRgb(BRAND_RED));
  });

  it('hover and pressed are deeper shades of the brand and keep its text readable; soft is a light tint', () => {
    const page = { '--cw-color-primary': BRAND_RED };
    const primary = colour('--_cw-color-primary', page);
    const hover = colour('--_cw-color-primary-hover', page);
    const pressed = colour('--_cw-color-primary-pressed', page);
    const onPrimary = colour('--_cw-color-primary-contrast', page);
    expect(luminance(hover)).toBeLessThan(luminance(primary));
    expect(luminance(pressed)).toBeLessThan(luminance(hover));
    expect(contrast(hover, onPrimary)).toBeGreaterThan(contrast(primary, onPrimary));
    expect(contrast(primary, colour('--_cw-color-primary-soft', page))).toBeGreaterThanOrEqual(4.5);
  });

  it('on a dark theme the shades move toward the (light) text colour, away from the surface', () => {
    const page = {
      '--cw-color-primary': '#8ab4f8',
      '--cw-color-text': '#e6edf3',
      '--cw-color-surface': '#161b22',
    };
    const surface = colour('--_cw-color-surface', page);
    expect(contrast(colour('--_cw-color-primary-hover', page), surface)).toBeGreaterThan(
      contrast(colour('--_cw-color-primary', page), surface),
    );
    // The tint is dark: light text stays readable on it.
    expect(contrast(colour('--_cw-color-text', page), colour('--_cw-color-primary-soft', page))).toBeGreaterThan(7);
  });

  it('a derived token the employer sets explicitly wins over the derived value', () => {
    const page = {
      '--cw-color-primary': BRAND_RED,
      '--cw-color-primary-hover': '#005500',
      '--cw-color-primary-soft': '#fafafa',
      '--cw-color-focus': '#f9ab00',
      '--cw-color-info': '#123456',
      '--cw-color-danger-soft': '#ffeeee',
    };
    expect(colour('--_cw-color-primary-hover', page)).toEqual(toRgb('#005500'));
    expect(colour('--_cw-color-primary-soft', page)).toEqual(toRgb('#fafafa'));
    expect(colour('--_cw-color-focus', page)).toEqual(toRgb('#f9ab00'));
    expect(colour('--_cw-color-info', page)).toEqual(toRgb('#123456'));
    // info-soft follows the info colour the employer set, not the primary.
    expect(colour('--_cw-color-info-soft', page)).toEqual(toRgb('color-mix(in srgb, #123456 10%, #ffffff)'));
    expect(colour('--_cw-color-danger-soft', page)).toEqual(toRgb('#ffeeee'));
  });

  it('the default theme still meets AA: tone text on its soft tint 4.5:1, focus ring and primary on white 3:1', () => {
    const surface = colour('--_cw-color-surface');
    for (const tone of ['primary', 'info', 'danger', 'success', 'warning', 'teal', 'violet']) {
      const text = colour(`--_cw-color-${tone}`);
      const soft = colour(`--_cw-color-${tone}-soft`);
      expect({ tone, onSoft: contrast(text, soft) >= 4.5 }).toEqual({ tone, onSoft: true });
      expect({ tone, onSurface: contrast(text, surface) >= 4.5 }).toEqual({ tone, onSurface: true });
    }
    expect(contrast(colour('--_cw-color-focus'), surface)).toBeGreaterThanOrEqual(3);
    const onPrimary = colour('--_cw-color-primary-contrast');
    for (const fill of ['--_cw-color-primary', '--_cw-color-primary-hover', '--_cw-color-primary-pressed']) {
      expect(contrast(colour(fill), onPrimary)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('browsers without color-mix() keep a fixed colour for every derived token, still overridable', () => {
    const fallback =
      /@supports not \(color: color-mix\([^)]*\)\)\s*\{\s*:host\s*\{([^}]*)\}/.exec(tokensCss)?.[1] ?? '';
    for (const [token] of DERIVED.filter(([name]) => name !== '--_cw-color-focus')) {
      const publicName = token.replace('--_cw-', '--cw-');
      expect(fallback).toContain(`${token}: var(${publicName}, #`);
    }
  });

  it('a pressed primary button shows the pressed shade (components.css reads the derived token)', () => {
    const pressedRule = /\.cw-button--primary:active[^{]*\{([^}]*)\}/.exec(componentsCss)?.[1] ?? '';
    expect(pressedRule).toContain('var(--_cw-color-primary-pressed)');
    // No sheet of the design system falls back to a literal colour for a brand token.
    expect(componentsCss).not.toMatch(/var\(--cw-color-/);
  });
});
