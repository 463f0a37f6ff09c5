/**
 * Answers the page server wrote into the page for the first screen (`<script type="application/json"
 * id="careers-page-data">{"answers": {address: body}}</script>`), so the first screen does not wait for its first
 * API call after the widget code arrives. Each answer serves the first GET of exactly that address once; later
 * requests (refetches, other pages) go to the network as usual. A page without the element changes nothing.
 */
export const PAGE_DATA_ELEMENT_ID = 'careers-page-data';

let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const data = JSON.parse(element.textContent) as { answers?: Record<string, unknown> };
    for (const [address, body] of Object.entries(data.answers ?? {})) answers.set(address, body);
  } catch {
    console.error('[careers] the page data element is not valid JSON; the widgets call the API instead');
  }
  return answers;
}

/** The page's answer for a GET address, taken (it serves once), or undefined. */
export function takePageAnswer(address: string): unknown {
  const map = load();
  if (!map.has(address)) return undefined;
  const body = map.get(address);
  map.delete(address);
  return body;
}

/** For tests: read the element again on the next request. */
export function resetPageAnswers(): void {
  answers = null;
}
