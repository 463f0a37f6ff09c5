/**
 * The design system's generated content is decoration: screen readers must not read it into names and
 * descriptions (issue 22: every error message was announced as "! This field is required"). jsdom computes neither
 * generated content nor accessible text from CSS, so this reads components.css: every `content` with visible text
 * on a pseudo-element also gives an empty alternative (`content: '!' / ''`). The error mark itself is an aria-hidden
 * element (ErrorMessage, Field.tsx; its test is in designSystem.test.tsx).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, 'components.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

it('every pseudo-element with visible text gives it an empty alternative', () => {
  const rules = [...css.matchAll(/([^{}]+::?(?:before|after))\s*\{([^}]*)\}/g)];
  const withText = rules.filter(([, , body]) => /content:\s*(['"])[^'"]+\1\s*;/.test(body ?? ''));
  const unspoken = withText.filter(([, , body]) => !/content:\s*(['"])[^'"]+\1\s*\/\s*(['"])\2\s*;/.test(body!));
  expect(unspoken.map(([, selector]) => selector!.trim())).toEqual([]);
});
