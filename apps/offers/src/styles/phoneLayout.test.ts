/**
 * Issue 22: the offer letter was unreadable on a phone. The letter's pages are drawn to the viewer's width, and on a
 * 390 px phone the review step gave the viewer 250 px: the widget's padding, the step card's padding, a 40 px column
 * for the step's number and the viewer's own side padding. This test adds up the phone-first (no media query) rules
 * of offers.css that stand between the screen's edge and a letter page, as the browser would at 390 px.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, 'offers.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Declarations of `selector`'s rules outside any @media block (what applies on the narrowest screens). */
function phoneDeclarations(selector: string): Record<string, string> {
  const declarations: Record<string, string> = {};
  let depth = 0;
  let at = 0;
  // Walk the sheet's top-level rules; skip the bodies of @media blocks.
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    const prelude = css.slice(at, open).trim();
    if (prelude.startsWith('@')) {
      depth = 1;
      let index = open + 1;
      while (depth > 0 && index < css.length) {
        if (css[index] === '{') depth += 1;
        else if (css[index] === '}') depth -= 1;
        index += 1;
      }
      at = index;
      continue;
    }
    const close = css.indexOf('}', open);
    const selectors = prelude.split(',').map((part) => part.trim());
    if (selectors.includes(selector)) {
      for (const declaration of css.slice(open + 1, close).split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) declarations[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
      }
    }
    at = close + 1;
  }
  return declarations;
}

const px = (value: string | undefined): number => Number(/^(-?\d+(?:\.\d+)?)px$/.exec(value ?? '0px')?.[1] ?? 0);

/** The left and right padding of a `padding` shorthand. */
function sidePadding(value: string | undefined): number {
  const parts = (value ?? '0').split(/\s+/).map((part) => (part === '0' ? 0 : px(part)));
  const [top = 0, right = top, , left = right] = parts;
  return right + left;
}

/** Width of the fixed columns of a grid template before its `minmax(0, 1fr)` / `1fr` track, plus their gaps. */
function fixedColumns(template: string | undefined, gap: string | undefined): number {
  const tracks = (template ?? '').match(/minmax\([^)]*\)|\S+/g) ?? [];
  const fixed = tracks.filter((track) => /^\d+px$/.test(track)).map(px);
  return fixed.reduce((sum, width) => sum + width, 0) + fixed.length * px(gap?.split(/\s+/).pop());
}

describe('the offer letter on a 390 px phone (issue 22)', () => {
  it('a letter page gets at least 320 px of the screen width', () => {
    const screen = 390;
    const widget = phoneDeclarations('.cw-offers');
    const step = phoneDeclarations('.cw-offers-step');
    const viewer = phoneDeclarations('.cw-pdf');
    const body = phoneDeclarations('.cw-pdf__body');
    const cardBorder = 1;
    const viewerBorder = px(viewer.border?.split(/\s+/)[0]);

    const pageWidth =
      screen -
      sidePadding(widget.padding) -
      2 * cardBorder -
      sidePadding(step.padding) -
      fixedColumns(step['grid-template-columns'], step.gap) -
      2 * viewerBorder -
      sidePadding(body.padding);

    expect(pageWidth).toBeGreaterThanOrEqual(320);
    // The page itself fills that width (it is drawn to its box's width: PdfPages).
    expect(phoneDeclarations('.cw-pdf__page').width).toBe('100%');
    expect(phoneDeclarations('.cw-pdf__canvas').width).toBe('100%');
  });
});
