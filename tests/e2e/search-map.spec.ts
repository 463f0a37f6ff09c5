import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { DOMAIN, expectNoAxeViolations } from './support';

/**
 * The search map view in the host-demo page (docs/product/positions-and-map.md#map-view,
 * docs/product/search.md#special-locations). The Google Maps JavaScript API is never fetched:
 * https://maps.googleapis.com is answered with a small fake of it (fixtures/fake-google-maps.js) that draws markers as
 * real DOM, has "Zoom in"/"Zoom out" buttons and writes the current zoom in `data-zoom`. The server runs with
 * GOOGLE_MAPS_API_KEY set (playwright.config.ts), so the demo employer's map is enabled with a key.
 */
const FAKE_MAPS = readFileSync(path.join(__dirname, 'fixtures', 'fake-google-maps.js'), 'utf8');

const CLUSTER_NAME = /^\d+ Jobs at latitude -?\d+\.\d+ and longitude -?\d+\.\d+, click button to expand$/;
const PIN_NAME = /^.+: \d+ jobs?$/;

/** Answers the Maps script with the fake and records the script URLs asked for. */
async function serveFakeMaps(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://maps.googleapis.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: FAKE_MAPS });
  });
  return requested;
}

function searchRequest(page: Page, accept: (params: URLSearchParams) => boolean): Promise<Request> {
  return page.waitForRequest((req) => {
    const url = new URL(req.url());
    return req.method() === 'GET' && url.pathname === '/api/pcsx/search' && accept(url.searchParams);
  });
}

async function openMap(page: Page) {
  await page.goto(`/careers?domain=${DOMAIN}`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of jobs' });
  await expect(map).toBeVisible();
  return map;
}

const zoomOf = async (page: Page) => Number(await page.locator('[data-fake-google-map]').getAttribute('data-zoom'));

test.describe('search map view', () => {
  test('loads the Maps script with the configured key and draws the places of the results', async ({ page }) => {
    const scripts = await serveFakeMaps(page);
    const map = await openMap(page);

    // Places show as clusters (named by the cluster title text) and pins, all keyboard-reachable buttons.
    await expect(map.getByRole('button', { name: CLUSTER_NAME }).first()).toBeVisible();
    expect(scripts).toHaveLength(1);
    const script = new URL(scripts[0]!);
    expect(script.pathname).toBe('/maps/api/js');
    expect(script.searchParams.get('key')).toBeTruthy();

    // The panel is at least 200 px high, and the map stays within zoom 1 to 13.
    const box = await page.locator('.cw-map__canvas').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(200);
    const zoom = await zoomOf(page);
    expect(zoom).toBeGreaterThanOrEqual(1);
    expect(zoom).toBeLessThanOrEqual(13);

    await expectNoAxeViolations(page);
  });

  test('the map code loads only when the candidate opens the map', async ({ page }) => {
    await serveFakeMaps(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`/careers?domain=${DOMAIN}`);
    const toggle = page.getByRole('button', { name: 'Map', exact: true });
    await expect(toggle).toBeVisible();
    const mapCode = (list: string[]) =>
      list.filter((p) => /search-map|react-google-maps|markerclusterer|maps\/api\/js/.test(p));
    expect(mapCode(scripts)).toEqual([]);

    await toggle.click();
    await expect(page.getByRole('region', { name: 'Map of jobs' })).toBeVisible();
    expect(scripts.some((p) => p.includes('search-map'))).toBe(true);
  });

  test('a cluster expands from the keyboard, then "Search this area" runs a Map Area search', async ({ page }) => {
    await serveFakeMaps(page);
    const map = await openMap(page);
    const searchArea = map.getByRole('button', { name: 'Search this area' });
    const cluster = map.getByRole('button', { name: CLUSTER_NAME }).first();
    await expect(cluster).toBeVisible();
    // The map framing the results is not the candidate moving it.
    await expect(searchArea).toBeHidden();

    const before = await zoomOf(page);
    await cluster.focus();
    await expect(cluster).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(before);
    await expect(searchArea).toBeVisible();

    const areaSearch = searchRequest(page, (params) => params.has('map_bounds'));
    await searchArea.click();
    const params = new URL((await areaSearch).url()).searchParams;
    // south,west,north,east in decimal degrees; no place name is sent with a map area.
    const bounds = params.get('map_bounds')!.split(',').map(Number);
    expect(bounds).toHaveLength(4);
    const [south, west, north, east] = bounds as [number, number, number, number];
    expect(south).toBeLessThan(north);
    expect(Math.abs(west)).toBeLessThanOrEqual(180);
    expect(Math.abs(east)).toBeLessThanOrEqual(180);
    expect(params.get('location') ?? '').toBe('');
    await expect(searchArea).toBeHidden();
  });

  test('moving the map with the zoom buttons offers "Search this area"', async ({ page }) => {
    await serveFakeMaps(page);
    const map = await openMap(page);
    await expect(map.getByRole('button', { name: CLUSTER_NAME }).first()).toBeVisible();
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map.getByRole('button', { name: 'Search this area' })).toBeVisible();
  });

  test('choosing a pin runs a Map Location search and draws that pin selected', async ({ page }) => {
    await serveFakeMaps(page);
    const map = await openMap(page);
    await expect(map.getByRole('button', { name: CLUSTER_NAME }).first()).toBeVisible();

    // Zoom in until single places show as pins.
    const pins = map.getByRole('button', { name: PIN_NAME });
    const zoomIn = map.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 12 && (await pins.count()) === 0; i += 1) {
      await zoomIn.click();
      await page.waitForTimeout(50);
    }
    const pin = pins.first();
    await expect(pin).toBeVisible();
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    const name = (await pin.getAttribute('aria-label'))!;

    const locationSearch = searchRequest(page, (params) => (params.get('location') ?? '').includes(':::'));
    await pin.click();
    const params = new URL((await locationSearch).url()).searchParams;
    // The place with its coordinates, and the distance filter at 0 (only that place).
    expect(params.get('location')).toMatch(/^.+:::-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect(params.getAll('filter_distance')).toContain('0');
    expect(params.has('map_bounds')).toBe(false);

    const selected = map.getByRole('button', { name, pressed: true });
    await expect(selected).toBeVisible();
    const box = await selected.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(44);
    expect(Math.round(box?.height ?? 0)).toBe(53);
  });

  test('when the Maps script cannot load, the panel says so and the search keeps working', async ({ page }) => {
    await page.route('https://maps.googleapis.com/**', (route) => route.abort('failed'));
    const map = await openMap(page);
    await expect(map.getByRole('alert')).toHaveText('The map could not be loaded.');
    // The rest of the search page is still there and usable.
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toBeEnabled();
  });
});
