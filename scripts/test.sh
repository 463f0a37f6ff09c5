#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find. Used by `npm test` and by CI.
#   1. type check   2. lint (ESLint, import boundaries), format (Prettier) and unused code (knip)   3. component, store and helper
#   tests (jsdom)   4. API tests on SQLite   5. API tests on PostgreSQL   6. bundle-size budgets   7. end-to-end tests
#   in Chromium.
# The production build runs in the background from the start, beside 1 to 5 (the checks of 1 and 2 use one core;
# the tests use their own temporary folders, never dist/). Jest runs two workers: the tests of each step are
# independent files (the API tests each get their own in-memory SQLite database or PostgreSQL schema).
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

step "API tests on SQLite"
npx jest --selectProjects api --maxWorkers=2 --json --outputFile=reports/jest-api-sqlite.json

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

step "End-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json npx playwright test --reporter=list,json

step "Summary"
node scripts/test-summary.js reports/jest-web.json reports/jest-api-sqlite.json \
  reports/jest-api-postgres.json reports/e2e.json
