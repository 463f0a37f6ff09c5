/**
 * Event-loop benchmark (decision 014): runs the event-loop guard (server/test/event-loop-guard.test.ts: every hostile
 * input of the contract, the forms and issue 21's findings, sent to a real server process while a cheap request runs
 * beside them) and prints, per hostile route, how long the cheap request waited and how long the server's own event
 * loop was held, against the 250 ms bound. The tests assert only what does not depend on the machine (every request
 * answered, memory under 1 GiB); these waits are judged here. Exits 1 when a wait reached the bound, so run it on an
 * otherwise idle machine, and again before believing a single figure over the bound.
 *
 *   npm run bench:event-loop                                   (SQLite)
 *   bash scripts/with-postgres.sh npm run bench:event-loop     (PostgreSQL)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeResult, GUARD_LIMITS, type GuardReport } from '../server/test/event-loop-guard';

const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'careers-event-loop-')), 'report.json');
const jest = spawnSync(
  'npx',
  ['jest', 'server/test/event-loop-guard.test.ts', '--selectProjects', 'api', '-t', 'event-loop guard on'],
  { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, EVENT_LOOP_GUARD_REPORT: reportFile } },
);
if (!fs.existsSync(reportFile)) {
  console.error('The guard wrote no report (see its output above).');
  process.exit(1);
}
const reports = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Record<string, GuardReport>;
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
let over = 0;
for (const [name, report] of Object.entries(reports)) {
  const longestLoop = Math.max(0, ...report.results.map((result) => result.loopDelayMs));
  console.log(
    `${name} (${engine}): ${report.results.length} hostile requests; longest wait of the cheap request ` +
      `${report.worst?.probeMs ?? 0} ms, longest event-loop delay ${longestLoop} ms (bound ${GUARD_LIMITS.stallMs} ms), ` +
      `memory peak ${Math.round(report.rssPeakBytes / 1024 / 1024)} MB`,
  );
  const slowest = [...report.results].sort((a, b) => b.probeMs - a.probeMs).slice(0, 5);
  for (const result of slowest) console.log(`  ${describeResult(result)}`);
  for (const line of [...report.stalls, ...report.violations]) console.log(`  OVER: ${line}`);
  over += report.stalls.length + report.violations.length;
}
if (jest.status !== 0) console.error(`The guard's own assertions failed (jest exit ${jest.status}).`);
process.exit(over > 0 || jest.status !== 0 ? 1 : 0);
