import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Jest replaces style sheets with an empty module, so the sheet is read as the browser gets it.
const sheet = readFileSync(join(__dirname, 'search.css'), 'utf8');

/** The declarations of the first rule with exactly this selector. */
function rule(selector: string): string {
  const at = sheet.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`No rule for ${selector}`);
  return sheet.slice(at, sheet.indexOf('}', at));
}

describe('search.css: the sticky position panel', () => {
  it('stops below a host page’s sticky header: --cw-sticky-top offsets it, 0 by default', () => {
    const details = rule('.cw-search__details');
    expect(details).toMatch(/position:\s*sticky/);
    expect(details).toMatch(/top:\s*calc\(var\(--cw-sticky-top, 0px\) \+ 16px\)/);
    // Its height leaves the header's room too, so its bottom stays on screen.
    expect(details).toMatch(/max-height:\s*calc\(100vh - var\(--cw-sticky-top, 0px\) - 32px\)/);
  });
});
