#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find. Used by `npm test` and by CI.
#   1. type check   2. component, store and helper tests (jsdom)   3. API tests on SQLite
#   4. API tests on PostgreSQL   5. production build + bundle-size budgets   6. end-to-end tests in Chromium
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "Type check"
npx tsc -p tsconfig.json

step "Component, store and helper tests"
npx jest --selectProjects web

step "API tests on SQLite"
npx jest --selectProjects api

step "API tests on PostgreSQL"
bash scripts/with-postgres.sh npx jest --selectProjects api

step "Build and bundle-size budgets"
npx webpack --config webpack.config.ts
npx tsx scripts/size-report.ts

step "End-to-end tests (Chromium)"
npx playwright test
