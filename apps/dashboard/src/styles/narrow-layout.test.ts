import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 22, defect 5: the profile page was 411 px wide on a 390 px phone. A grid without declared columns gets
 * one implicit `auto` column, which never gets narrower than its widest child's min-content (a one-line button, a
 * long address), so the cards were cut off and the page scrolled sideways. jsdom lays nothing out: this test reads
 * the widget's style sheets and holds every grid to columns that may shrink (the end-to-end suite measures the
 * pages at 320 and 390 px).
 */
const SHEETS = [
  'apps/dashboard/src/styles/dashboard.css',
  'apps/dashboard/src/features/dashboard/dashboard.css',
  'apps/dashboard/src/features/profile/profile.css',
  'apps/dashboard/src/features/settings/settings.css',
];

interface Rule {
  selector: string;
  declarations: Map<string, string>;
}

/** The innermost rules of a sheet (an @media block's rules included), comments removed. */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => {
    const declarations = new Map<string, string>();
    for (const part of match[2]!.split(';')) {
      const colon = part.indexOf(':');
      if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
    }
    return { selector: match[1]!.trim(), declarations };
  });
}

/** The tracks of a column list, split at the top level (`auto minmax(0, 1fr) auto` → three). */
function tracksOf(value: string): string[] {
  const tracks: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current) tracks.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) tracks.push(current);
  return tracks;
}

/** Tracks whose minimum is their content's: `1fr`, `max-content`, `min-content`, `minmax(auto, …)`. */
const growsWithContent = (track: string) =>
  /^\d*\.?\d+fr$/.test(track) ||
  /^(min|max)-content$/.test(track) ||
  /^minmax\(\s*(auto|min-content|max-content)/.test(track);

const rules = SHEETS.map((sheet) => ({
  sheet,
  rules: rulesOf(fs.readFileSync(path.join(__dirname, '../../../..', sheet), 'utf8')),
}));

describe.each(rules)('$sheet', ({ rules: sheetRules }) => {
  const grids = sheetRules.filter((rule) => /^(inline-)?grid$/.test(rule.declarations.get('display') ?? ''));

  it('declares the columns of every grid, one of them shrinkable (minmax(0, …)), none sized by its content', () => {
    expect(grids.length).toBeGreaterThan(0);
    const problems = grids.flatMap(({ selector, declarations }) => {
      const columns = declarations.get('grid-template-columns') ?? declarations.get('grid-auto-columns');
      if (!columns) return [`${selector}: an implicit auto column`];
      const tracks = tracksOf(columns);
      const shrinkable = tracks.some((track) => /^minmax\(\s*0\s*,/.test(track) || /%|calc\(/.test(track));
      const bad = tracks.filter(growsWithContent);
      return [
        ...(shrinkable ? [] : [`${selector}: no column may shrink (${columns})`]),
        ...bad.map((track) => `${selector}: ${track} grows with its content`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('sizes no column override by its content either (the phone layouts)', () => {
    const overrides = sheetRules.flatMap(({ selector, declarations }) => {
      const columns = declarations.get('grid-template-columns');
      return columns
        ? tracksOf(columns)
            .filter(growsWithContent)
            .map((track) => `${selector}: ${track}`)
        : [];
    });
    expect(overrides).toEqual([]);
  });
});
