#!/usr/bin/env bash
# shellcheck shell=bash
# A throwaway PostgreSQL server for tests and benchmarks: a fresh cluster in a
# temporary folder, on a free loopback port, tuned for speed over durability
# (fsync off), removed again afterwards. Nothing is shared with, or left
# behind on, the machine's own PostgreSQL.
#
# Sourced (scripts/test, bench/run):
#     source scripts/lib/postgres.sh
#     pg_start_throwaway     # exports PG_DIR, PG_PORT, PG_URL
#     ...                    # PG_URL=postgres://hromada:hromada@127.0.0.1:PORT/hromada_test
#     pg_stop_throwaway      # stops the server and removes PG_DIR
#
# Standalone:
#     scripts/lib/postgres.sh run CMD...  start, run CMD with TEST_DATABASE_URL
#                                         and DATABASE_URL set, stop afterwards
#     scripts/lib/postgres.sh start       start, print the URL, leave it running
#     scripts/lib/postgres.sh stop DIR    stop a server left by `start`
#
# PG_SERVER_OPTIONS adds server settings (`-c name=value ...`); the benchmarks
# give it shared_buffers.
#
# Defining the functions changes no shell options of the script that sources it.

HROMADA_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib/common.sh
source "$HROMADA_LIB_DIR/common.sh"

PG_ROLE=hromada
PG_PASSWORD=hromada
PG_DATABASE=hromada_test
# A file that marks a folder as ours, so `stop DIR` never removes anything else.
PG_MARKER=.hromada-throwaway-postgres

# Prints the newest /usr/lib/postgresql/<version>/bin: Debian keeps initdb and
# pg_ctl there, off the PATH.
pg_bin_dir() {
    local dir newest=""
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && newest=$(printf '%s\n%s\n' "$newest" "$dir" | sort -V | tail -n 1)
    done
    if [ -z "$newest" ]; then
        log_error "no PostgreSQL server in /usr/lib/postgresql/*/bin (install Debian's postgresql)"
        return 1
    fi
    printf '%s\n' "$newest"
}

# Runs a command as the user that owns the cluster. initdb and postgres refuse
# to run as root, so as root we use Debian's `postgres` user; anyone else runs
# the cluster as themselves. `cd /` keeps initdb from complaining that the
# postgres user cannot read the caller's working directory.
pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd / && runuser -u postgres -- "$@")
    else
        (cd / && "$@")
    fi
}

# Creates the cluster folder; PG_PARENT_DIR (default /tmp) must be traversable
# by the postgres user.
pg_make_dir() {
    PG_DIR=$(mktemp -d "${PG_PARENT_DIR:-/tmp}/pg.XXXXXX") || return 1
    touch "$PG_DIR/$PG_MARKER"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R postgres:postgres "$PG_DIR"
    fi
}

# initdb: UTF-8, C collation (fast, same on every machine); trust on the Unix
# socket (only we can reach it: the folder is private), passwords (SCRAM) over
# TCP, so the application really logs in with the URL's password.
pg_init() {
    local bin=$1
    if ! pg_as_owner "$bin/initdb" --pgdata="$PG_DIR/data" --username=postgres \
        --encoding=UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 --no-sync \
        >"$PG_DIR/initdb.log" 2>&1; then
        log_error "initdb failed:"
        cat "$PG_DIR/initdb.log" >&2
        return 1
    fi
}

# Starts the server on a free port; retries with a new port in case another
# process took the one we picked in the meantime. max_connections is generous (1000): the
# test suite runs many tests at once, each with a server of its own and its own
# connection pool (up to 4 connections per event loop, plus the event listener).
pg_launch() {
    local bin=$1 attempt port
    for attempt in 1 2 3; do
        port=$(free_port) || return 1
        if pg_as_owner "$bin/pg_ctl" --pgdata="$PG_DIR/data" --log="$PG_DIR/server.log" \
            --wait --timeout=60 --silent \
            -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000 ${PG_SERVER_OPTIONS:-}" \
            start >/dev/null 2>&1; then
            PG_PORT=$port
            return 0
        fi
        log_info "PostgreSQL did not start on port $port (attempt $attempt)"
    done
    log_error "PostgreSQL did not start; its log:"
    cat "$PG_DIR/server.log" >&2 || true
    return 1
}

# Creates the application's role and database. SUPERUSER is fine on a server
# that lives for one test run, and lets tests create a database per suite.
pg_create_role_and_database() {
    local bin=$1
    "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres \
        -c "CREATE ROLE $PG_ROLE LOGIN SUPERUSER PASSWORD '$PG_PASSWORD'" \
        -c "CREATE DATABASE $PG_DATABASE OWNER $PG_ROLE" >/dev/null
}

# Proves the URL works the way the application will use it: TCP + password.
pg_check_url() {
    local bin=$1 answer
    answer=$("$bin/psql" -X -tA -c 'SELECT 1' "$PG_URL") || return 1
    [ "$answer" = 1 ]
}

# Starts a throwaway server; on success exports PG_DIR, PG_PORT and PG_URL.
# On failure everything it made is removed again.
pg_start_throwaway() {
    local bin
    bin=$(pg_bin_dir) || return 1
    pg_make_dir || return 1
    if pg_init "$bin" && pg_launch "$bin" && pg_create_role_and_database "$bin"; then
        PG_URL="postgres://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DATABASE"
        if pg_check_url "$bin"; then
            export PG_DIR PG_PORT PG_URL
            log_info "throwaway PostgreSQL ($("$bin/postgres" --version)) at $PG_URL"
            return 0
        fi
        log_error "cannot log in with $PG_URL"
    fi
    pg_stop_throwaway
    return 1
}

# Stops the server in DIR (default: the one we started) and removes DIR.
# Safe to call twice, and when nothing was started; always returns 0 so that
# it can sit in an EXIT trap.
pg_stop_throwaway() {
    local dir=${1:-${PG_DIR:-}} bin
    if [ -z "$dir" ] || [ ! -f "$dir/$PG_MARKER" ]; then
        return 0
    fi
    if [ -f "$dir/data/postmaster.pid" ] && bin=$(pg_bin_dir 2>/dev/null); then
        pg_as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --timeout=30 \
            --silent stop >/dev/null 2>&1 || pg_kill_postmaster "$dir"
    fi
    rm -rf "$dir"
    if [ "$dir" = "${PG_DIR:-}" ]; then
        unset PG_DIR PG_PORT PG_URL
    fi
    return 0
}

# Last resort when pg_ctl could not stop the server: kill the postmaster
# named in its pid file (its children exit when it is gone).
pg_kill_postmaster() {
    local pid
    pid=$(head -n 1 "$1/data/postmaster.pid" 2>/dev/null) || return 0
    if [ -n "$pid" ]; then
        kill -KILL "$pid" 2>/dev/null || true
    fi
    return 0
}

pg_usage() {
    sed -n '3,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

pg_main() {
    set -euo pipefail
    case "${1:-}" in
        run)
            shift
            [ "$#" -gt 0 ] || { pg_usage; return 2; }
            apt_ensure postgresql
            trap pg_stop_throwaway EXIT
            pg_start_throwaway
            TEST_DATABASE_URL=$PG_URL DATABASE_URL=$PG_URL "$@"
            ;;
        start)
            apt_ensure postgresql
            pg_start_throwaway
            printf '%s\n' "$PG_URL"
            printf 'stop it with: %s stop %s\n' "$0" "$PG_DIR" >&2
            ;;
        stop)
            [ -n "${2:-}" ] || { pg_usage; return 2; }
            pg_stop_throwaway "$2"
            ;;
        *)
            pg_usage
            return 2
            ;;
    esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    pg_main "$@"
fi
