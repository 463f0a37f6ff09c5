import { PAGE_DATA_ELEMENT_ID, resetPageAnswers } from '../http/pageData';
import { installFakeServer, type FakeServer } from './fakeServer';

/**
 * Writes the page's answers element as the host page does (`<script id="careers-page-data">`), one answer per
 * address, and makes the HTTP layer read it afresh. Each answer's `data` names its address, so a test can tell
 * which answer a call got; `extra` adds fields a call's transform needs. Removed by clearing `document.head`.
 */
export function writePageAnswers(addresses: readonly string[], extra: Record<string, unknown> = {}): void {
  resetPageAnswers();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  const answers = Object.fromEntries(addresses.map((address) => [address, { data: { address, ...extra } }]));
  element.textContent = JSON.stringify({ answers });
  document.head.appendChild(element);
}

/**
 * For a file of first-screen tests: a fake server installed before each test (it records any request that leaves)
 * and the page's answers removed after it. Read `server` inside a test.
 */
export function setUpPageAnswerTests(): { readonly server: FakeServer } {
  const state = {} as { server: FakeServer };
  beforeEach(() => {
    state.server = installFakeServer();
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });
  return state;
}
