#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster.
#
#   scripts/with-postgres.sh npx jest --selectProjects api
#
# - TEST_DATABASE_URL already set: runs the command as it is.
# - Otherwise finds the PostgreSQL server binaries (PATH, then /usr/lib/postgresql/*/bin), creates a cluster in
#   a temporary folder (owned by a non-root user when run as root: the Debian `postgres` user if present, else
#   a `pgtest` system user created for it), starts it on a free loopback port, runs the command, then stops
#   and deletes the cluster. The command's exit code is returned.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

find_pg_bindir() {
  local initdb_path
  if initdb_path="$(command -v initdb 2>/dev/null)" && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$initdb_path")"
    return 0
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -V -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" && -x "$dir/postgres" ]]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if ! PG_BIN="$(find_pg_bindir)"; then
  echo "PostgreSQL server not found: install it (apt-get install -y postgresql) or set TEST_DATABASE_URL" >&2
  exit 1
fi

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1]);s.close()"
  else
    echo $(( 20000 + RANDOM % 20000 ))
  fi
}

RUN_AS=""
if [[ "$(id -u)" -eq 0 ]]; then
  if id -u postgres >/dev/null 2>&1; then
    RUN_AS="postgres"
  else
    if ! id -u pgtest >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin pgtest
    fi
    RUN_AS="pgtest"
  fi
fi

as_pg_user() {
  if [[ -z "$RUN_AS" ]]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u "$RUN_AS" -- "$@"
  else
    su -s /bin/sh "$RUN_AS" -c "$(printf '%q ' "$@")"
  fi
}

CLUSTER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/careers-pg.XXXXXX")"
chmod 700 "$CLUSTER_DIR"
if [[ -n "$RUN_AS" ]]; then
  chown "$RUN_AS" "$CLUSTER_DIR"
fi
PORT="$(free_port)"
STARTED=0

cleanup() {
  local status=$?
  if [[ "$STARTED" -eq 1 ]]; then
    as_pg_user "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$CLUSTER_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg_user "$PG_BIN/initdb" -D "$CLUSTER_DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
  >"$CLUSTER_DIR/initdb.log" 2>&1 || { cat "$CLUSTER_DIR/initdb.log" >&2; exit 1; }

as_pg_user "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $CLUSTER_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$CLUSTER_DIR/server.log" >&2; exit 1; }
STARTED=1

"$PG_BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -q -c "CREATE DATABASE careers_test" \
  || { cat "$CLUSTER_DIR/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PORT}/careers_test"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:${PORT} (${CLUSTER_DIR})" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
