/**
 * The dashboard widget's test set-up, shared by its component tests (test-only: no product code imports it): the
 * widget's texts registered once; before each test a fresh fake API server (and the page's address), optionally
 * toast spies and the forms renderer's fake; after each, mocks restored, the remote loader reset and English put
 * back; rendering a page for a logged-in candidate.
 */
import type { ReactElement } from 'react';
import { i18n, notify, setRemoteModuleLoader } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import {
  baseBootData,
  installFakeFormRenderer,
  installFakeServer,
  renderWithStore,
  setupWidgetI18n,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../locales/en.json';
import { NAMESPACE } from '../features/dashboard/namespace';

export interface DashboardTestOptions {
  /** The page's address at the start of each test. */
  address?: string;
  /** What the fake server answers at the start of each test (tests add or replace answers). */
  answer?: (server: FakeServer) => void;
  /** Spy on the success and error toasts in every test (none shows). */
  toasts?: boolean;
  /** Answer the forms toolkit's renderer (loaded through Module Federation) with the shared fake. */
  formRenderer?: boolean;
}

export interface DashboardTests {
  /** The current test's fake API server. */
  readonly server: FakeServer;
  /** The current test's toast spies (with `toasts`). */
  readonly toasts: Toasts;
}

/** Registers the set-up hooks of a test file (call it at the file's top level); returns the current test's fakes. */
export function setUpDashboardTests({
  address,
  answer,
  toasts: spyToasts = false,
  formRenderer = false,
}: DashboardTestOptions = {}): DashboardTests {
  let server: FakeServer | null = null;
  let toasts: Toasts | null = null;

  beforeAll(async () => {
    await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../locales/${lng}.json`));
  });

  beforeEach(() => {
    server = installFakeServer();
    if (address) window.history.replaceState(null, '', address);
    answer?.(server);
    if (spyToasts) toasts = spyOnToasts();
    if (formRenderer) installFakeFormRenderer();
  });

  afterEach(async () => {
    if (formRenderer) setRemoteModuleLoader(null);
    jest.restoreAllMocks();
    if (i18n.language !== 'en') await i18n.changeLanguage('en');
  });

  return {
    get server() {
      if (!server) throw new Error('the fake server is there from beforeEach on');
      return server;
    },
    get toasts() {
      if (!toasts) throw new Error('toast spies need the `toasts` option');
      return toasts;
    },
  };
}

/** Renders a page (or part) of the widget with a fresh store, booted for `session` (a logged-in candidate). */
export const renderPage = (ui: ReactElement, session: BootData = baseBootData()) => renderWithStore(ui, { session });

type Toasts = ReturnType<typeof spyOnToasts>;

/** Spies on the success and error toasts (none shows); `jest.restoreAllMocks` after each test removes them. */
export function spyOnToasts() {
  return {
    success: jest.spyOn(notify, 'success').mockImplementation(() => 'toast'),
    error: jest.spyOn(notify, 'error').mockImplementation(() => 'toast'),
  };
}
