/**
 * The rule of eslint.config.mjs that keeps server routes typed by their schemas (decision 025): a cast of
 * `request.query`, `request.body`, `request.params` or `request.headers` under server/src is reported; reading them
 * as the TypeBox type provider types them, or casting something else, is not. Proved on virtual files (nothing is
 * written to server/). Run: npx tsx --test tests/lint/*.test.ts
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
const FILE = 'server/src/example/routes.ts';

/** The no-restricted-syntax messages ESLint reports for `code` as if it were `file` (relative to the repository). */
async function restrictedSyntax(code: string, file = FILE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.ok(result, `no lint result for ${file}`);
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    `${file} did not parse`,
  );
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** A route handler around `body`, as the server's route files write them. */
const handler = (body: string) =>
  [
    "import type { FastifyInstance } from 'fastify';",
    'export function register(app: FastifyInstance): void {',
    "  app.get('/x', async (request) => {",
    `    ${body}`,
    '  });',
    '}',
    '',
  ].join('\n');

const forbidden = [
  'const query = request.query as { hl?: string }; return query;',
  'const { id } = request.params as { id: string }; return id;',
  'return (request.body as { next?: string }).next;',
  'return (request.headers as Record<string, string>).host;',
  'return (request.query as unknown as { a: string }).a;',
  'return (request?.body as { a: string }).a;',
  'return (<{ a: string }>request.body).a;',
];

const allowed = [
  'const { query, body, params } = request; return [query, body, params];',
  'return request.query.hl;',
  "const value: unknown = request.headers['accept-language']; return value as string;",
  'return (request.session as unknown) ?? null;',
  'return (reply.body as { a: string }).a;',
];

describe('no casts of request parts in server/src', () => {
  for (const body of forbidden) {
    test(`reports: ${body}`, async () => {
      const messages = await restrictedSyntax(handler(body));
      assert.equal(messages.length, 1, `expected one report, got ${JSON.stringify(messages)}`);
      assert.match(messages[0] ?? '', /Type the request from its route schema/);
    });
  }
  for (const body of allowed) {
    test(`allows: ${body}`, async () => {
      assert.deepEqual(await restrictedSyntax(handler(body)), []);
    });
  }
  test('applies to server/src only: a test may build a request by hand', async () => {
    assert.deepEqual(await restrictedSyntax(handler(forbidden[0] ?? ''), 'server/test/example.test.ts'), []);
  });
  test('keeps the focused-test rule in server/src', async () => {
    const messages = await restrictedSyntax("import { it } from 'node:test';\nit.only('x', () => {});\n");
    assert.deepEqual(messages, ['Focused test left in.']);
  });
});
