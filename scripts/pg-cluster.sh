#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a folder, for tests (scripts/with-postgres.sh, the outage test).
#
#   scripts/pg-cluster.sh bindir                      prints the folder of the server binaries (exit 1: none)
#   scripts/pg-cluster.sh start DIR [PORT]            creates the cluster in DIR/data if missing (with a database
#                                                     `careers_test`), starts it on 127.0.0.1:PORT (default: the
#                                                     port it had, else a free one) and prints its database URL
#   scripts/pg-cluster.sh stop DIR [fast|immediate]   stops it (immediate: as a crash, recovery at the next start)
#   scripts/pg-cluster.sh destroy DIR                 stops it if running and deletes DIR
#
# - The binaries come from PATH (initdb and pg_ctl), else the newest /usr/lib/postgresql/*/bin.
# - As root, the cluster belongs to a non-root user: the Debian `postgres` user if present, else a `pgtest`
#   system user created for it.
# - Settings for speed: fsync, synchronous_commit and full_page_writes off (only an operating-system crash could
#   lose data). PG_CLUSTER_OPTIONS adds or overrides settings, e.g. "-c synchronous_commit=on" where an
#   acknowledged commit must survive `stop DIR immediate`.
set -euo pipefail

usage() {
  sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

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

pg_bindir() {
  if ! find_pg_bindir; then
    echo "PostgreSQL server not found: install it (apt-get install -y postgresql) or set TEST_DATABASE_URL" >&2
    exit 1
  fi
}

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1]);s.close()"
  else
    echo $((20000 + RANDOM % 20000))
  fi
}

run_as_user() {
  if [[ "$(id -u)" -ne 0 ]]; then
    return 0
  fi
  if id -u postgres >/dev/null 2>&1; then
    echo postgres
    return 0
  fi
  if ! id -u pgtest >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin pgtest
  fi
  echo pgtest
}

as_pg_user() {
  if [[ -z "$RUN_AS" ]]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u "$RUN_AS" -- "$@"
  else
    su -s /bin/sh "$RUN_AS" -c "$(printf '%q ' "$@")"
  fi
}

is_running() {
  [[ -f "$DIR/data/PG_VERSION" ]] && as_pg_user "$PG_BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1
}

[[ $# -ge 1 ]] || usage
command="$1"
shift

if [[ "$command" == "bindir" ]]; then
  pg_bindir
  exit 0
fi

[[ $# -ge 1 ]] || usage
DIR="$1"
shift
PG_BIN="$(pg_bindir)"
RUN_AS="$(run_as_user)"

case "$command" in
  start)
    created=0
    if [[ ! -f "$DIR/data/PG_VERSION" ]]; then
      mkdir -p "$DIR"
      chmod 700 "$DIR"
      if [[ -n "$RUN_AS" ]]; then
        chown "$RUN_AS" "$DIR"
      fi
      as_pg_user "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
        >"$DIR/initdb.log" 2>&1 || {
        cat "$DIR/initdb.log" >&2
        exit 1
      }
      created=1
    fi
    port="${1:-}"
    if [[ -z "$port" && -f "$DIR/port" ]]; then
      port="$(cat "$DIR/port")"
    fi
    if [[ -z "$port" ]]; then
      port="$(free_port)"
    fi
    echo "$port" >"$DIR/port"
    as_pg_user "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_CLUSTER_OPTIONS:-}" \
      start >/dev/null || {
      cat "$DIR/server.log" >&2
      exit 1
    }
    if [[ "$created" -eq 1 ]]; then
      "$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
        -c "CREATE DATABASE careers_test" || {
        cat "$DIR/server.log" >&2
        exit 1
      }
    fi
    echo "postgres://postgres@127.0.0.1:${port}/careers_test"
    ;;
  stop)
    mode="${1:-fast}"
    if [[ "$mode" != "fast" && "$mode" != "immediate" ]]; then
      usage
    fi
    as_pg_user "$PG_BIN/pg_ctl" -D "$DIR/data" -m "$mode" -w stop >/dev/null
    ;;
  destroy)
    if is_running; then
      as_pg_user "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$DIR"
    ;;
  *)
    usage
    ;;
esac
