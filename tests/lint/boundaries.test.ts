/**
 * The import-boundary rules of eslint.config.mjs, proved on virtual files (nothing is written to apps/ or shared/):
 * each forbidden import is reported, each allowed one is not. Run: npx tsx --test tests/lint/*.test.ts
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** The boundary messages ESLint reports for `code` as if it were the file `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.ok(result, `no lint result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${file} did not parse`);
  return result.messages
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const forbidden: Array<[file: string, code: string]> = [
  // An app reaching into another app, by relative path of any depth, by package name, in every import form.
  ['apps/offers/src/x.ts', "import { notificationsWidget } from '../../notifications/src/widget';"],
  ['apps/offers/src/features/offers/components/X.tsx', "import { X } from '../../../../../notifications/src/App';"],
  ['apps/offers/src/x.ts', "import type { X } from '../../onboarding/src/App';"],
  ['apps/offers/src/x.ts', "export * from '../../root-config/src/manifest';"],
  ['apps/offers/src/x.ts', "export const load = () => import('../../notifications/src/widget');"],
  ['apps/notifications/src/x.ts', "import '../../offers/src/widget';"],
  ['apps/offers/src/x.ts', "import widget from '@careers/notifications';"],
  ['apps/offers/src/x.ts', "import '@careers/root-config';"],
  ['apps/offers/src/x.ts', "import { x } from '@careers/onboarding/src/namespace';"],
  // A widget importing a library that lives inside @careers/shared (a second copy on the page).
  ['apps/offers/src/x.tsx', "import { useTranslation } from 'react-i18next';"],
  ['apps/offers/src/x.ts', "import { createSlice } from '@reduxjs/toolkit';"],
  ['apps/offers/src/x.ts', "import { skipToken } from '@reduxjs/toolkit/query';"],
  ['apps/offers/src/x.ts', "import { useSelector } from 'react-redux';"],
  ['apps/offers/src/x.ts', "import i18next from 'i18next';"],
  ['apps/offers/src/x.ts', "import { toast } from 'react-toastify/unstyled';"],
  // The library importing a widget.
  ['shared/src/x.ts', "import { x } from '../../apps/offers/src/widget';"],
  ['shared/src/ui/X.tsx', "import { x } from '../../../apps/notifications/src/features/notifications/constants';"],
  ['shared/src/x.ts', "import { x } from '@careers/offers';"],
  // The server importing browser code.
  ['server/src/x.ts', "import { x } from '../../apps/offers/src/widget';"],
  ['server/src/web/x.ts', "import { x } from '../../../shared/src/index';"],
  ['server/src/x.ts', "import { Button } from '../../shared/src/ui/Button';"],
  ['server/test/x.test.ts', "import { x } from '../../shared/src/utils';"],
  ['server/src/x.ts', "import { x } from '@careers/shared';"],
  ['server/src/x.ts', "import { x } from '@careers/offers';"],
  // The library's own code using react-i18next's translation hook instead of shared/src/i18n/useTranslation.ts.
  ['shared/src/x.ts', "import { useTranslation } from 'react-i18next';"],
  ['shared/src/ui/X.tsx', "import { Trans, useTranslation } from 'react-i18next';"],
];

const allowed: Array<[file: string, code: string]> = [
  ['apps/offers/src/x.ts', "import { api } from '@careers/shared';"],
  ['apps/offers/src/x.ts', "import type { Offer } from '@careers/shared/contract';"],
  ['apps/offers/src/features/offers/x.ts', "import { App } from '../../App';"],
  ['apps/offers/src/x.ts', "import type { PayloadAction } from '@reduxjs/toolkit';"],
  ['apps/offers/src/x.ts', "import { useTranslation, skipToken } from '@careers/shared';"],
  ['shared/src/x.ts', "import { I18nextProvider } from 'react-i18next';"],
  [
    'apps/offers/src/features/offers/components/X.test.tsx',
    "import { render } from '../../../../../../shared/src/testing';",
  ],
  ['apps/root-config/src/x.ts', "import { loadRemote } from './loadRemote';"],
  ['shared/src/ui/X.tsx', "import { classNames } from './classNames';"],
  ['server/src/x.ts', "import { BootData } from './contract';"],
  ['server/src/x.ts', "import { BootData } from '../../shared/src/contract';"],
  ['server/src/offers/x.ts', "import type { Offer } from '../../../shared/src/contract/offers';"],
  ['server/src/x.ts', "import { BootData } from '@careers/shared/contract';"],
  ['server/src/x.ts', "import Fastify from 'fastify';"],
];

describe('import boundaries', () => {
  for (const [file, code] of forbidden) {
    test(`forbidden in ${file}: ${code}`, async () => {
      const errors = await boundaryErrors(file, code);
      assert.ok(errors.length > 0, 'expected a boundary error, got none');
    });
  }
  for (const [file, code] of allowed) {
    test(`allowed in ${file}: ${code}`, async () => {
      assert.deepEqual(await boundaryErrors(file, code), []);
    });
  }
});
