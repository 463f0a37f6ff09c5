/**
 * Search benchmark: the search calls at a large number of positions, through the API (HTTP on 127.0.0.1, one
 * request at a time, so each figure is one request's latency) and in-process (the search service alone: its SQL
 * and the answer's assembly, no HTTP, no validation, no JSON), so the API's own cost shows as the difference.
 * Prints p50, p95 and p99 per call; asserts nothing.
 *
 *   npm run bench:search                          (SQLite in a temporary folder, 100,000 positions)
 *   DATABASE_URL=postgres://… npm run bench:search
 *   BENCH_POSITIONS=20000 BENCH_SAMPLES=100 npm run bench:search
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import { generateDemoPositions } from '../server/src/positions/demo-positions';
import { analyzePositions, insertPositions } from '../server/src/positions/repository';
import { createPositionRoutesDeps } from '../server/src/positions/routes';
import { createEmployerRepository } from '../server/src/employers/repository';
import type { SearchQuery } from '../server/src/contract';

const POSITIONS = Math.min(1_000_000, Math.max(100, Number(process.env.BENCH_POSITIONS ?? 100_000)));
const SAMPLES = Math.min(2_000, Math.max(10, Number(process.env.BENCH_SAMPLES ?? 200)));
const DOMAIN = 'acme.example';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function sample(run: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 5; i += 1) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const f = (ms: number) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(0)} ms`.padStart(9);
  return `p50 ${f(percentile(times, 0.5))}  p95 ${f(percentile(times, 0.95))}  p99 ${f(percentile(times, 0.99))}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-bench-search-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0' });
  const db = openDatabase(config);
  try {
    await prepareDatabase(db);
    const seeded = performance.now();
    await insertPositions(db, generateDemoPositions({ domain: DOMAIN, count: POSITIONS, now: new Date() }));
    await analyzePositions(db);
    console.log(
      `${POSITIONS.toLocaleString('en')} positions on ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} ` +
        `(seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s); ${SAMPLES} requests per call, one at a time:`,
    );
    const app = await buildApp({ db, config, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { service } = createPositionRoutesDeps(db, config, createEmployerRepository(db));
    const context = { domain: DOMAIN, candidateId: null, now: new Date(), debug: false };
    const anId = (
      (await (await fetch(`${base}/api/pcsx/search?domain=${DOMAIN}&query=engineer`)).json()) as {
        data: { positions: Array<{ id: number }> };
      }
    ).data.positions[0]!.id;

    const searches: Array<[string, SearchQuery]> = [
      ['search: keyword', { domain: DOMAIN, query: 'engineer' } as SearchQuery],
      [
        'search: location + 50 km, by distance',
        { domain: DOMAIN, location: 'Toronto', filter_distance: '50', sort_by: 'distance' } as SearchQuery,
      ],
      [
        'search: keyword + 2 filters (with counts)',
        {
          domain: DOMAIN,
          query: 'engineer',
          filter_department: 'Engineering',
          filter_employment_type: 'Full-time',
        } as SearchQuery,
      ],
    ];
    const label = (text: string) => `  ${text.padEnd(56)}`;
    for (const [title, query] of searches) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      console.log(
        `${label(`${title}, API`)}${await sample(() => fetch(`${base}/api/pcsx/search?${qs}`).then((r) => r.text()))}`,
      );
      console.log(`${label(`${title}, in-process`)}${await sample(() => service.search(query, context))}`);
    }
    console.log(
      `${label('suggestions "eng", API')}${await sample(() =>
        fetch(`${base}/api/pcsx/search_suggestions?domain=${DOMAIN}&query=eng`).then((r) => r.text()),
      )}`,
    );
    console.log(
      `${label('position details, API')}${await sample(() =>
        fetch(`${base}/api/pcsx/position_details?domain=${DOMAIN}&position_id=${anId}`).then((r) => r.text()),
      )}`,
    );
    await app.close();
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
