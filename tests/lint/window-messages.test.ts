/**
 * Window messages have one listener on the page, the guard of shared/src/messages
 * (docs/product/shell.md#window-messages): a component that wants a frame's messages subscribes with
 * `onTrustedMessage`. This test fails when any source file under apps/ or shared/src (outside shared/src/messages;
 * tests aside) listens to window messages itself: `addEventListener` with 'message' (any receiver: window, self,
 * globalThis, a bare call) or an `onmessage` assignment. The check is proved on virtual files first.
 * Run: npx tsx --test tests/lint/*.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
/** Where the guard lives: the only place allowed to listen. */
const GUARD_DIR = path.join(root, 'shared/src/messages');
const SCANNED = [path.join(root, 'apps'), path.join(root, 'shared/src')];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const TEST_FILE = /\.(test|spec)\.(ts|tsx|js|jsx)$/;

function isMessageLiteral(node: ts.Node | undefined): boolean {
  return !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === 'message';
}

function calledName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) {
    return callee.argumentExpression.text;
  }
  return null;
}

/** "line:column: what" for each window message listener the code adds. */
function messageListeners(fileName: string, code: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const at = (node: ts.Node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${line + 1}:${character + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && calledName(node) === 'addEventListener' && isMessageLiteral(node.arguments[0])) {
      found.push(`${at(node)}: addEventListener('message')`);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ((ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'onmessage') ||
        (ts.isIdentifier(node.left) && node.left.text === 'onmessage'))
    ) {
      found.push(`${at(node)}: onmessage =`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && full !== GUARD_DIR) files.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}

describe('window message listeners', () => {
  const flagged: Array<[string, string]> = [
    ['window', "window.addEventListener('message', onMessage);"],
    ['double quotes, options', 'window.addEventListener("message", onMessage, { capture: true });'],
    [
      'template literal, over lines',
      'useEffect(() => {\n  window.addEventListener(\n    `message`,\n    f,\n  );\n});',
    ],
    ['self', "self.addEventListener('message', (e) => e);"],
    ['globalThis', "globalThis.addEventListener('message', f);"],
    ['bracket access', "window['addEventListener']('message', f);"],
    ['bare call', "addEventListener('message', f);"],
    ['in a component', "export const X = () => { window.addEventListener('message', f); return <div />; };"],
    ['onmessage', 'window.onmessage = (event) => event;'],
  ];
  for (const [name, code] of flagged) {
    test(`flags ${name}`, () => {
      assert.equal(messageListeners('apps/offers/src/x.tsx', code).length, 1, code);
    });
  }

  const allowed: Array<[string, string]> = [
    ['removing', "window.removeEventListener('message', f);"],
    ['another event', "window.addEventListener('messageerror', f); window.addEventListener('resize', f);"],
    ['dispatching', "window.dispatchEvent(new MessageEvent('message', { data }));"],
    ['the subscription', 'onTrustedMessage({ origin, source }, handler);'],
    ['a comment', "// window.addEventListener('message', f)\nconst a = 1;"],
    ['a string', 'const text = "window.addEventListener(\'message\', f)";'],
  ];
  for (const [name, code] of allowed) {
    test(`does not flag ${name}`, () => {
      assert.deepEqual(messageListeners('apps/offers/src/x.tsx', code), []);
    });
  }

  test('the guard itself is found by the check (so the scan would see a copy of it elsewhere)', () => {
    const guard = path.join(GUARD_DIR, 'windowMessages.ts');
    assert.ok(messageListeners(guard, fs.readFileSync(guard, 'utf8')).length >= 1);
  });

  test('no file under apps/ or shared/src outside shared/src/messages listens to window messages', () => {
    const files = SCANNED.flatMap(sourceFiles);
    assert.ok(files.length > 100, `only ${files.length} files scanned`);
    assert.ok(files.some((f) => f.endsWith(path.join('offers/components/EsignFrame.tsx'))));
    assert.ok(files.some((f) => f.endsWith(path.join('fields/advanced/EsignField.tsx'))));
    const offenders = files.flatMap((file) =>
      messageListeners(file, fs.readFileSync(file, 'utf8')).map((where) => `${path.relative(root, file)}:${where}`),
    );
    assert.deepEqual(offenders, [], 'subscribe with onTrustedMessage from @careers/shared instead');
  });
});
