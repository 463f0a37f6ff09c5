/**
 * Comments cite the product docs, and every citation of them leads somewhere
 * (docs/product/README.md#citing-these-pages, decision 030). This test fails when:
 * - a comment in the source (apps, shared, server, scripts, tests, bench, host-demo: .ts, .tsx, .js, .mjs, .cjs and
 *   .css) cites the outside specifications (the word spec with a document number, a section sign, or a seed file's
 *   name) instead of the product page that describes the behaviour;
 * - a `docs/product/<page>.md` or `docs/product/<page>.md#<anchor>` named anywhere in that source, in the docs or in
 *   the README, or a relative Markdown link to a product page, names a page that does not exist or an anchor no
 *   heading of that page makes (anchors as GitHub makes them).
 * Comments are read with the TypeScript parser, so a citation in a string or in JSX text is not a comment. The checks
 * are proved on virtual files first; this file's own examples are left out of the repository scan.
 * Run: npx tsx --test tests/lint/*.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const PRODUCT_DIR = path.join(root, 'docs/product');
const SOURCE_DIRS = ['apps', 'shared', 'server', 'scripts', 'tests', 'bench', 'host-demo'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.cache']);
const SCRIPT = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const STYLE = /\.css$/;

/** Citing the outside specifications: spec or specs and 000, 001, 002 (or 00, 01, 02), a section sign, a seed file. */
const SPEC_CITATION = /\bspecs?\s*0?0[0-2]\b|\u00a7|\b\d{3}_[0-9a-f]{16}\b/i;
/** A product page named with its path, with or without an anchor. */
const PRODUCT_CITATION = /docs\/product\/([A-Za-z0-9._-]+\.md)(?:#([A-Za-z0-9_-]*))?/g;
/** A Markdown link's target: `](target)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/* ------------------------------------------------------------------------------------------------ comments */

interface Comment {
  /** 1-based line of the comment's start. */
  line: number;
  text: string;
}

function lineOf(code: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (code.charCodeAt(i) === 10) line += 1;
  return line;
}

/** The comments of a script, read by the parser: trivia around tokens, never strings, templates or JSX text. */
function scriptComments(fileName: string, code: string): Comment[] {
  const kind = /x$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.(m|c)?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const add = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, range);
  };
  // Leaves with text: tokens (an empty list or attribute set is no token, and would hide what follows it).
  const tokens: ts.Node[] = [];
  const collect = (node: ts.Node) => {
    // JSDoc nodes are the parser's reading of a comment that is trivia of the token after it: read that trivia.
    const children = node
      .getChildren(source)
      .filter((child) => child.kind < ts.SyntaxKind.FirstJSDocNode || child.kind > ts.SyntaxKind.LastJSDocNode);
    if (children.length > 0) children.forEach(collect);
    else if (node.end > node.pos || node.kind === ts.SyntaxKind.EndOfFileToken) tokens.push(node);
  };
  collect(source);
  tokens.forEach((token, i) => {
    if (token.kind === ts.SyntaxKind.JsxText) return;
    add(ts.getLeadingCommentRanges(code, token.pos));
    // The text after a token that JSX text follows is that text, not trivia.
    if (tokens[i + 1]?.kind !== ts.SyntaxKind.JsxText) add(ts.getTrailingCommentRanges(code, token.end));
  });
  return [...ranges.values()]
    .sort((a, b) => a.pos - b.pos)
    .map((range) => ({ line: lineOf(code, range.pos), text: code.slice(range.pos, range.end) }));
}

/** The comments of a style sheet. */
function styleComments(code: string): Comment[] {
  return [...code.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineOf(code, m.index), text: m[0] }));
}

function commentsOf(fileName: string, code: string): Comment[] {
  return STYLE.test(fileName) ? styleComments(code) : scriptComments(fileName, code);
}

/** "line: text" for each comment line that cites the outside specifications. */
function specCitations(fileName: string, code: string): string[] {
  const found: string[] = [];
  for (const comment of commentsOf(fileName, code)) {
    comment.text.split('\n').forEach((text, i) => {
      if (SPEC_CITATION.test(text)) found.push(`${comment.line + i}: ${text.trim()}`);
    });
  }
  return found;
}

/* ----------------------------------------------------------------------------------------- pages, anchors */

/** The anchor GitHub makes from a heading: lower case, punctuation dropped, each space a dash. */
function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown page's headings make (outside fenced code), repeats numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** A product page's anchors, or null when there is no such page. */
type PageAnchors = (page: string) => Set<string> | null;

function pagesOnDisk(): PageAnchors {
  const cache = new Map<string, Set<string> | null>();
  return (page) => {
    if (!cache.has(page)) {
      const file = path.join(PRODUCT_DIR, page);
      cache.set(page, fs.existsSync(file) ? anchorsOf(fs.readFileSync(file, 'utf8')) : null);
    }
    return cache.get(page)!;
  };
}

function checkTarget(page: string, anchor: string | undefined, anchors: PageAnchors): string | null {
  const found = anchors(page);
  if (found === null) return `no page docs/product/${page}`;
  if (anchor !== undefined && !found.has(anchor)) return `no heading makes #${anchor} in docs/product/${page}`;
  return null;
}

/**
 * "line: what is wrong" for each product citation of a file that leads nowhere: `docs/product/<page>.md#<anchor>`
 * anywhere in it and, in Markdown, relative links that resolve to a product page (`file` is relative to the root).
 */
function brokenCitations(file: string, text: string, anchors: PageAnchors): string[] {
  const broken: string[] = [];
  for (const m of text.matchAll(PRODUCT_CITATION)) {
    const problem = checkTarget(m[1]!, m[2], anchors);
    if (problem) broken.push(`${lineOf(text, m.index)}: ${m[0]}: ${problem}`);
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(MARKDOWN_LINK)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.includes('docs/product/')) continue;
      const [where, anchor] = target.split('#') as [string, string | undefined];
      const resolved = where === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), where));
      if (path.posix.dirname(resolved) !== 'docs/product' || !resolved.endsWith('.md')) continue;
      const problem = checkTarget(path.posix.basename(resolved), anchor, anchors);
      if (problem) broken.push(`${lineOf(text, m.index)}: ${target}: ${problem}`);
    }
  }
  return broken;
}

/* -------------------------------------------------------------------------------------------------- files */

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...filesUnder(full, keep));
    } else if (keep(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
/** The source files, without this one: its examples cite the specs and missing pages on purpose. */
const sourceFiles = () =>
  SOURCE_DIRS.flatMap((dir) =>
    filesUnder(path.join(root, dir), (name) => SCRIPT.test(name) || STYLE.test(name)),
  ).filter((file) => file !== __filename);
const docFiles = () => [
  ...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md')),
  path.join(root, 'README.md'),
];

/* -------------------------------------------------------------------------------------------------- tests */

describe('product doc citations, proved on virtual files', () => {
  const cited: Array<[string, string, string]> = [
    ['a line comment', 'x.ts', '// A filter change waits (spec 001 \u00a74).\nconst a = 1;'],
    ['a doc comment', 'x.ts', '/**\n * Breakpoints (spec 002 \u00a72).\n */\nexport const b = 1;'],
    ['a trailing comment', 'x.ts', 'const a = 1; // spec 000 \u00a72'],
    ['a section sign alone', 'x.ts', '// the padding (spec \u00a79)\nconst a = 1;'],
    ['the spec without a section', 'x.ts', '// encrypted ids (spec 000)\nconst a = 1;'],
    ['a seed file', 'x.ts', '// see 001_4b7f945d301a0f3b.txt\nconst a = 1;'],
    [
      'a JSX comment',
      'x.tsx',
      'export const X = () => (\n  <div>\n    {/* heading (spec 000 \u00a72) */}\n  </div>\n);',
    ],
    ['a style sheet', 'x.css', '/* The shell (spec 000 \u00a72, \u00a79) */\n.a { color: red; }'],
    ['a script module', 'x.mjs', '// spec 002 \u00a77\nexport default 1;'],
  ];
  const clean: Array<[string, string, string]> = [
    ['a product citation', 'x.ts', '// A filter change waits (docs/product/search.md#filters).\nconst a = 1;'],
    ['a string', 'x.ts', "const title = 'spec 001 \u00a74';"],
    ['a template', 'x.ts', 'const title = `spec 001 \u00a74 ${a} // spec 000`;'],
    ['a test title', 'x.test.ts', "describe('spec 000 \u00a77: every call', () => undefined);"],
    ['JSX text', 'x.tsx', 'export const X = () => <p>// spec 001 \u00a72 and /* spec 000 */</p>;'],
    ['a regular expression', 'x.ts', 'const r = /\\/\\/ spec 001/;'],
    ['specifications in general', 'x.ts', '// The specs say "not shown"; a spectator at 001 places.\nconst a = 1;'],
  ];
  // One citation in each cited example, none in the clean ones.
  for (const [expected, examples] of [
    [1, cited],
    [0, clean],
  ] as const) {
    for (const [name, file, code] of examples) {
      test(`${expected ? 'flags' : 'does not flag'} ${name}`, () => {
        assert.equal(specCitations(file, code).length, expected, code);
      });
    }
  }

  test('reports the line of a citation inside a long comment', () => {
    assert.deepEqual(specCitations('x.ts', 'const a = 1;\n/**\n * One.\n * Two (spec 001 \u00a75).\n */\n'), [
      '4: * Two (spec 001 \u00a75).',
    ]);
  });

  test('anchors as GitHub makes them', () => {
    assert.equal(anchorOf('Search this area'), 'search-this-area');
    assert.equal(anchorOf('E-sign and embedded forms'), 'e-sign-and-embedded-forms');
    assert.equal(anchorOf('SSN and SIN'), 'ssn-and-sin');
    assert.equal(anchorOf('`ssn`, `sin`: the rules'), 'ssn-sin-the-rules');
    assert.equal(anchorOf('Who sees it?'), 'who-sees-it');
    assert.equal(anchorOf('[Linked](other.md) heading'), 'linked-heading');
    assert.deepEqual(
      [...anchorsOf('# Page\n\n## Filters\n\n### Filters\n\n```\n## Not a heading\n```\n## Sort ##\n')],
      ['page', 'filters', 'filters-1', 'sort'],
    );
  });

  const pages: PageAnchors = (page) => (page === 'search.md' ? new Set(['filters', 'sort']) : null);
  test('a citation of an existing page and heading holds', () => {
    assert.deepEqual(
      brokenCitations('apps/x.ts', '// (docs/product/search.md#filters, docs/product/search.md)', pages),
      [],
    );
  });
  test('a missing page, a missing anchor and an empty anchor are reported', () => {
    const text = '// docs/product/searches.md#filters\n// docs/product/search.md#filter\n// docs/product/search.md#';
    assert.deepEqual(brokenCitations('apps/x.ts', text, pages), [
      '1: docs/product/searches.md#filters: no page docs/product/searches.md',
      '2: docs/product/search.md#filter: no heading makes #filter in docs/product/search.md',
      '3: docs/product/search.md#: no heading makes # in docs/product/search.md',
    ]);
  });
  test('relative Markdown links to product pages are checked, others are not', () => {
    const text =
      '[a](search.md#sort) [b](search.md#nope) [c](#filters) [d](../decisions/001-x.md#y) [e](https://x.y/a.md#b)';
    assert.deepEqual(brokenCitations('docs/product/search.md', text, pages), [
      '1: search.md#nope: no heading makes #nope in docs/product/search.md',
    ]);
    assert.deepEqual(brokenCitations('docs/decisions/030-x.md', '[p](../product/cart.md)', pages), [
      '1: ../product/cart.md: no page docs/product/cart.md',
    ]);
  });
});

describe('product doc citations in the repository', () => {
  test('no comment cites the outside specifications by section: comments cite docs/product pages', () => {
    const files = sourceFiles();
    assert.ok(files.length > 500, `only ${files.length} files scanned`);
    const found = files.flatMap((file) =>
      specCitations(file, fs.readFileSync(file, 'utf8')).map((hit) => `${relative(file)}:${hit}`),
    );
    assert.deepEqual(found, [], `${found.length} comment lines cite the specs:\n${found.join('\n')}`);
  });

  test('every docs/product page and anchor cited in the source, the docs and the README exists', () => {
    assert.ok(fs.existsSync(path.join(PRODUCT_DIR, 'README.md')), 'docs/product/README.md is missing');
    const anchors = pagesOnDisk();
    const broken = [...sourceFiles(), ...docFiles()].flatMap((file) =>
      brokenCitations(relative(file), fs.readFileSync(file, 'utf8'), anchors).map((hit) => `${relative(file)}:${hit}`),
    );
    assert.deepEqual(broken, [], `${broken.length} citations lead nowhere:\n${broken.join('\n')}`);
  });
});
