#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster.
#
#   scripts/with-postgres.sh npx jest --selectProjects api
#
# - TEST_DATABASE_URL already set: runs the command as it is.
# - Otherwise creates a cluster in a temporary folder with scripts/pg-cluster.sh (the server binaries from PATH,
#   then /usr/lib/postgresql/*/bin; owned by a non-root user when run as root: the Debian `postgres` user if
#   present, else a `pgtest` system user created for it), starts it on a free loopback port, runs the command,
#   then stops and deletes the cluster. The command's exit code is returned.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

CLUSTER="$(dirname "$0")/pg-cluster.sh"
PG_BIN="$(bash "$CLUSTER" bindir)"

CLUSTER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/careers-pg.XXXXXX")"

cleanup() {
  local status=$?
  bash "$CLUSTER" destroy "$CLUSTER_DIR" >/dev/null 2>&1 || rm -rf "$CLUSTER_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

TEST_DATABASE_URL="$(bash "$CLUSTER" start "$CLUSTER_DIR")"
export TEST_DATABASE_URL
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on ${TEST_DATABASE_URL#*@} (${CLUSTER_DIR})" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
