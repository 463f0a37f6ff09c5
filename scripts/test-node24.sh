#!/usr/bin/env bash
# Jest projects under the current Node.js LTS (24 by default; NODE_MAJOR=22 for another line):
#   bash scripts/test-node24.sh [project...]     projects `web` and `api` by default (`npm run test:node24`)
# `npm test` runs the API tests on SQLite this way (`api`, report in $JEST_JSON); the machine's Node.js runs the
# rest, among them the end-to-end tests' server on SQLite (decision 036).
#
# Node.js comes from the npm registry's `node` package (its binary and headers ship inside the package; nothing
# is downloaded from anywhere else) into node_modules/.cache/node<major>/. The server's SQLite library depends on
# the Node.js that runs it (decision 031): on 22 and later it is better-sqlite3 13 (the optional dependency
# `better-sqlite3-napi`), which `npm ci` on Node.js 20 skips. So the locked version of it is installed here with
# that Node's npm (a Node-API package: its prebuilt binary works on every Node.js from 22, no build), put in place
# for the run, and removed afterwards, whatever happens. The other native packages (sharp, @napi-rs/canvas) use
# Node-API and work on both.
set -euo pipefail
cd "$(dirname "$0")/.."

major="${NODE_MAJOR:-24}"
cache="node_modules/.cache/node${major}"
mkdir -p "$cache"
cache="$(cd "$cache" && pwd)"

if [ ! -x "$cache/node_modules/node/bin/node" ]; then
  echo "Installing Node.js ${major} from the npm registry (package node@${major}) into ${cache}"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$cache" "node@${major}" > "$cache/install.log"
fi
bin="$cache/node_modules/node/bin"
version="$("$bin/node" --version)"
echo "Node.js ${version} (machine: $(node --version))"

napi=node_modules/better-sqlite3-napi
if [ ! -d "$napi" ]; then
  locked="$(node -p "require('./package-lock.json').packages['node_modules/better-sqlite3-napi'].version")"
  if [ ! -d "$cache/napi-${locked}/node_modules/better-sqlite3" ]; then
    echo "Installing better-sqlite3 ${locked} for Node.js ${version} (once; kept in ${cache})"
    PATH="$bin:$PATH" npm install --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
      --prefix "$cache/napi-${locked}" "better-sqlite3@${locked}" > "$cache/napi-install.log"
  fi
  cp -r "$cache/napi-${locked}/node_modules/better-sqlite3" "$napi"
  trap 'rm -rf "$napi"' EXIT
fi

mkdir -p reports
export PATH="$bin:$PATH"
node -e "if (!process.version.startsWith('v${major}.')) { console.error('not Node ${major}: ' + process.version); process.exit(1); }"
# The server must load better-sqlite3 13 here (decision 031), or this run proves nothing about it.
node -e "const { sqliteLibrary } = require('tsx/cjs/api').require('./server/src/db/sqlite-library.ts', __filename);
  const { name, version } = sqliteLibrary(); console.log('SQLite library: ' + name + ' ' + version);
  if (name !== 'better-sqlite3-napi') process.exit(1);"
projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(web api)
report="${JEST_JSON:-reports/jest-node${major}.json}"
npx jest --selectProjects "${projects[@]}" --maxWorkers=2 --json --outputFile="$report"
node scripts/test-summary.js "$report"
