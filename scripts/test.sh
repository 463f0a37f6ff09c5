#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find. Used by `npm test` and by CI.
#   1. type check   2. lint (ESLint, import boundaries, stylelint), format (Prettier) and unused code (knip)
#   3. component, store and helper tests (jsdom)   4. API tests on SQLite, under Node.js 24 (the current LTS)
#   5. API tests on PostgreSQL   6. bundle-size budgets   7. end-to-end tests in Chromium, in two shards side by side.
# The production build runs in the background from the start, beside 1 to 5 (the checks of 1 and 2 use one core;
# the tests use their own temporary folders, never dist/). Jest runs two workers: the tests of each step are
# independent files (the API tests each get their own in-memory SQLite database or PostgreSQL schema). The machine's
# Node.js (20) runs every step but 4, and the end-to-end tests' servers run on it with SQLite; each test runs once
# (decision 036: the CI run's budget).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

started=$SECONDS
step() { printf '\n=== %s (at %dm%02ds) ===\n' "$1" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }

step "Production build (in the background; its output is in reports/build.log)"
npx webpack --config webpack.config.ts > reports/build.log 2>&1 &
build_pid=$!
trap 'kill "$build_pid" 2>/dev/null || true' EXIT

step "Type check"
npx tsc -p tsconfig.json

step "Lint, format and unused code"
npx eslint . --max-warnings=0
npx stylelint "apps/**/*.css" "shared/**/*.css"
npx prettier --check . --log-level warn
npx knip
npx tsx --test tests/lint/*.test.ts

step "Component, store and helper tests"
npx jest --selectProjects web --maxWorkers=2 --json --outputFile=reports/jest-web.json

step "API tests on SQLite, under Node.js 24 (scripts/test-node24.sh)"
JEST_JSON=reports/jest-api-sqlite.json bash scripts/test-node24.sh api

step "API tests on PostgreSQL"
bash scripts/with-postgres.sh npx jest --selectProjects api --maxWorkers=2 --json --outputFile=reports/jest-api-postgres.json

step "Build and bundle-size budgets"
if ! wait "$build_pid"; then
  cat reports/build.log
  echo "The production build failed (reports/build.log)." >&2
  exit 1
fi
trap - EXIT
tail -n 20 reports/build.log
npx tsx scripts/size-report.ts

step "End-to-end tests (Chromium): two shards side by side, each with its own server and demo database"
# Each shard's server listens on its own ports (E2E_PORT, +1 and +2) with its own data folder, so the shards share
# no state; the files are split between them by Playwright. Their output is printed when both are done.
e2e_shard() {
  E2E_PORT="$2" PLAYWRIGHT_JSON_OUTPUT_NAME="reports/e2e-$1.json" npx playwright test --shard="$1/2" \
    --reporter=list,json --output="test-results/shard-$1" > "reports/e2e-$1.log" 2>&1
}
e2e_shard 1 8181 &
shard1=$!
e2e_shard 2 8191 &
shard2=$!
e2e_failed=0
wait "$shard1" || e2e_failed=1
wait "$shard2" || e2e_failed=1
for shard in 1 2; do
  printf '\n--- shard %s of 2 ---\n' "$shard"
  cat "reports/e2e-$shard.log"
done

step "Summary"
node scripts/test-summary.js reports/jest-web.json reports/jest-api-sqlite.json \
  reports/jest-api-postgres.json reports/e2e-1.json reports/e2e-2.json
[ "$e2e_failed" -eq 0 ]
