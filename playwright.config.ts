import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/lib/server';

/** The end-to-end tests drive Debian's Chromium against the real server, with a fresh demo database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `careers-e2e-${E2E_PORT}`);

/** Chromium's flags for every test (the guide's list, kept with the measurement scripts'); a test adds to them. */
export const CHROMIUM_ARGS = CHROMIUM_FLAGS;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && npx tsx server/src/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/pcsx/notifications_boot_data`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A map key, so the map view is offered; the tests serve a fake of the Maps API (tests/e2e/fixtures).
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      GOOGLE_MAPS_API_KEY: 'e2e-fake-maps-key',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
