/**
 * Search benchmark: the search calls at a large number of positions, through the API (HTTP on 127.0.0.1, one
 * request at a time, so each figure is one request's latency) and in-process (the search service alone: its SQL
 * and the answer's assembly, no HTTP, no validation, no JSON), so the API's own cost shows as the difference.
 *
 * Every request of a call is a different query (keywords, places, radii, filter pairs, pages and map areas vary);
 * no search result is cached. What the search remembers is the database's text matches per words (until the next
 * write, `server/src/positions/text-matches.ts`), so the keyword calls are measured both ways: "new words" searches
 * each word of the positions' titles, skills and departments once (each its first search since the last write: the
 * database matches and ranks it), and the other keyword calls repeat 20 common words with other pages, filters and
 * places, as candidates refine a search. The employer's facet index is built by the first search (its time is
 * printed), and once more after a write (a new position), as a live server would. Prints p50, p95 and p99 per call;
 * asserts nothing.
 *
 *   npm run bench:search                          (SQLite in a temporary folder, 100,000 positions)
 *   DATABASE_URL=postgres://… npm run bench:search
 *   BENCH_POSITIONS=20000 BENCH_SAMPLES=100 npm run bench:search
 */
import type { SearchQuery } from '../server/src/contract';
import { createEmployerRepository } from '../server/src/employers/repository';
import { DEMO_CITIES, generateDemoPositions } from '../server/src/positions/demo-positions';
import { analyzePositions, insertPositions } from '../server/src/positions/repository';
import { queryWords } from '../server/src/positions/text';
import { createPositionRoutesDeps } from '../server/src/positions/routes';
import { runBench, withBenchServer } from './setup';

const POSITIONS = Math.min(1_000_000, Math.max(100, Number(process.env.BENCH_POSITIONS ?? 100_000)));
const SAMPLES = Math.min(2_000, Math.max(10, Number(process.env.BENCH_SAMPLES ?? 200)));
const DOMAIN = 'acme.example';

const KEYWORDS = [
  'engineer',
  'python',
  'senior engineer',
  'data',
  'manager',
  'sales',
  'technician',
  'react',
  'kubernetes',
  'product',
  'designer',
  'analyst',
  'recruiter',
  'controls',
  'field service',
  'machine learning',
  'finance',
  'marketing',
  'support',
  'robotics',
];
const DEPARTMENTS = ['Engineering', 'Robotics', 'Data Science', 'Manufacturing', 'Field Service', 'Product', 'Sales'];
const EMPLOYMENT_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Temporary'];
const RADII = ['10', '25', '50', '100', '250'];
const PREFIXES = ['e', 'en', 'eng', 'engi', 'p', 'py', 'pyt', 'da', 'dat', 'ma', 'man', 'se', 'sen', 'ro', 'rob', 'so'];

/** Every word of the positions' titles, skills and departments but KEYWORDS, the most frequent first. */
const NEW_WORDS = (() => {
  const frequency = new Map<string, number>();
  for (const position of generateDemoPositions({ domain: DOMAIN, count: 5_000, now: new Date(), seed: 11 })) {
    for (const word of new Set(queryWords([position.title, position.department, ...position.skills].join(' ')))) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const known = new Set(KEYWORDS.flatMap((keyword) => queryWords(keyword)));
  return [...frequency]
    .filter(([word]) => !known.has(word))
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word);
})();

/** The i-th of a list, with a different stride per list so that combinations vary together. */
const nth = <T>(items: readonly T[], i: number, stride = 1): T => items[Math.floor(i / stride) % items.length]!;
const place = (i: number) => {
  const city = nth(DEMO_CITIES, i, 3);
  return `${city.name.split(',')[0]}:::${city.lat},${city.lng}`;
};

/** Query number i of each search call: every i gives another query. */
const CALLS: Array<[string, (i: number) => SearchQuery, number?]> = [
  ['keyword, new words (relevance)', (i) => ({ query: NEW_WORDS[i]! }), NEW_WORDS.length - 5],
  [
    'keyword, words searched before (relevance)',
    (i) => ({ query: nth(KEYWORDS, i), start: 10 * Math.floor(i / KEYWORDS.length) }),
  ],
  [
    'place + distance, by distance',
    (i) => ({ location: place(i), filter_distance: nth(RADII, i), sort_by: 'distance', start: 10 * (i % 3) }),
  ],
  [
    'keyword + 2 filters',
    (i) => ({
      query: nth(KEYWORDS, i),
      filter_department: nth(DEPARTMENTS, i, 2),
      filter_employment_type: nth(EMPLOYMENT_TYPES, i, 5),
    }),
  ],
  [
    'keyword + place + distance + 2 filters',
    (i) => ({
      query: nth(KEYWORDS, i),
      location: place(i),
      filter_distance: nth(RADII, i, 7),
      filter_department: nth(DEPARTMENTS, i, 2),
      filter_employment_type: nth(EMPLOYMENT_TYPES, i, 5),
    }),
  ],
  [
    'no keyword, 2 filters, by date',
    (i) => ({
      filter_department: nth(DEPARTMENTS, i),
      filter_skills: nth(['Python', 'C++', 'SQL', 'Linux', 'Communication', 'Safety'], i, 7),
      sort_by: 'date',
      start: 10 * Math.floor(i / 42),
    }),
  ],
  [
    'map area',
    (i) => {
      const south = -40 + ((i * 7) % 60);
      const west = -130 + ((i * 13) % 200);
      return { map_bounds: `${south},${west},${south + 10 + (i % 20)},${west + 15 + (i % 30)}` };
    },
  ],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Times `count` calls, each with its own i, after warm-up calls with other i's: 5, or with the default count one
 * per keyword (each keyword call's words are then searched before).
 */
async function sample(run: (i: number) => Promise<unknown>, count = SAMPLES): Promise<string> {
  const warmUps = count === SAMPLES ? Math.max(5, KEYWORDS.length) : 5;
  for (let i = 0; i < warmUps; i += 1) await run(count + i);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const f = (ms: number) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(0)} ms`.padStart(9);
  return `p50 ${f(percentile(times, 0.5))}  p95 ${f(percentile(times, 0.95))}  p99 ${f(percentile(times, 0.99))}`;
}

const queryString = (query: SearchQuery) =>
  new URLSearchParams(
    Object.entries({ domain: DOMAIN, ...query }).map(([key, value]) => [key, String(value)]),
  ).toString();

let seconds = 0;
runBench(() =>
  withBenchServer(
    'bench-search',
    async ({ db, config, base, engine }) => {
      const { service } = createPositionRoutesDeps(db, config, createEmployerRepository(db));
      const context = { domain: DOMAIN, candidateId: null, now: new Date(), debug: false };
      console.log(
        `${POSITIONS.toLocaleString('en')} positions on ${engine} (seeded in ${seconds.toFixed(1)} s); ` +
          `${SAMPLES} requests per call (new words: ${NEW_WORDS.length - 5}), one at a time, each a different query:`,
      );
      const label = (text: string) => `  ${text.padEnd(56)}`;
      const timed = async (run: () => Promise<unknown>) => {
        const started = performance.now();
        await run();
        return `${(performance.now() - started).toFixed(0)} ms`;
      };
      const search = (query: SearchQuery) => fetch(`${base}/api/pcsx/search?${queryString(query)}`);
      console.log(`${label('first search (builds the facet index), API')}${await timed(() => search({}))}`);
      const anId = (
        (await (await search({ query: 'engineer' })).json()) as { data: { positions: Array<{ id: number }> } }
      ).data.positions[0]!.id;

      for (const [title, query, count] of CALLS) {
        console.log(`${label(`${title}, API`)}${await sample((i) => search(query(i)).then((r) => r.text()), count)}`);
        console.log(`${label(`${title}, in-process`)}${await sample((i) => service.search(query(i), context), count)}`);
      }
      console.log(
        `${label('suggestions, API')}${await sample((i) =>
          fetch(
            `${base}/api/pcsx/search_suggestions?domain=${DOMAIN}&query=${nth(PREFIXES, i)}&limit=${1 + (i % 20)}`,
          ).then((r) => r.text()),
        )}`,
      );
      console.log(
        `${label('position details, API')}${await sample((i) =>
          fetch(`${base}/api/pcsx/position_details?domain=${DOMAIN}&position_id=${anId + i}`).then((r) => r.text()),
        )}`,
      );
      await insertPositions(db, generateDemoPositions({ domain: DOMAIN, count: 1, now: new Date(), seed: 7 }));
      console.log(
        `${label('first search after a new position (rebuild), API')}${await timed(() => search({ query: 'data' }))}`,
      );
    },
    async (db) => {
      const started = performance.now();
      await insertPositions(db, generateDemoPositions({ domain: DOMAIN, count: POSITIONS, now: new Date() }));
      await analyzePositions(db);
      seconds = (performance.now() - started) / 1000;
    },
  ),
);
