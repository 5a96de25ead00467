#!/usr/bin/env bash
# shellcheck shell=bash
# What the benchmark scripts share: the machine they ran on, how fast it was that
# minute, and PostgreSQL's settings. Sourced by bench/run, bench/golden-ager,
# bench/movejoin, bench/fuctivity, bench/znoshka and bench/shelter.
#
# This machine's figures move by ±20% between runs of one binary (other guests share
# its cores), so every run records a yardstick next to its figures: a fixed piece of
# work that none of our code takes part in.

# Shared buffers as a production server on this machine would have them (the default,
# 128 MB, holds little of a million-row table); override with PG_SERVER_OPTIONS.
export PG_SERVER_OPTIONS=${PG_SERVER_OPTIONS:--c shared_buffers=2GB}

# "2 cores, 24 GiB (AMD EPYC …)"
machine_description() {
    local cpu memory
    cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
    memory=$(awk '/^MemTotal:/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)
    printf '%s cores, %s GiB (%s)' "$(nproc)" "$memory" "${cpu:-unknown CPU}"
}

# Milliseconds one core takes to hash 256 MiB of zeros with sha256sum: the same work on
# every run, so a larger figure means a slower (busier) machine at that moment.
machine_yardstick_ms() {
    local started ended
    started=$(date +%s%N)
    head -c 268435456 /dev/zero | sha256sum >/dev/null
    ended=$(date +%s%N)
    echo $(((ended - started) / 1000000))
}

# The CPU counters of /proc/stat ("busy steal total", in clock ticks), for cpu_steal_since.
cpu_counters() {
    awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print $2 + $3 + $4 + $7 + $8, $9, total }' /proc/stat
}

# The share of the machine's CPU time since COUNTERS (from cpu_counters) that the
# hypervisor gave to other guests, as "1.2%".
cpu_steal_since() {
    local before=$1
    awk -v before="$before" -v after="$(cpu_counters)" 'BEGIN {
        split(before, b, " "); split(after, a, " ")
        total = a[3] - b[3]
        printf "%.1f%%", (total > 0 ? 100 * (a[2] - b[2]) / total : 0)
    }'
}

# One line for a run's header: the machine and its yardstick now.
machine_line() {
    echo "machine: $(machine_description); yardstick: sha256 of 256 MiB in $(machine_yardstick_ms) ms on one core"
}

# ---------------------------------------------------------------- fixed-rate runs
#
# wrk keeps its connections busy (a closed loop): its p99 is that of a request queued
# behind the others at saturation. A target of the form "sustains R requests/s with
# p99 <= L" is read at a fixed rate instead: bench/tools/rate sends R requests a second
# and times each from when it was due (see the comment at the top of rate.c).

# Builds bench/tools/rate (once, and again when its source changes); prints its path.
rate_tool() {
    local source=$REPO_ROOT/bench/tools/rate.c binary=$REPO_ROOT/.build-tools/rate
    if [ ! -x "$binary" ] || [ "$source" -nt "$binary" ]; then
        mkdir -p "$(dirname "$binary")"
        cc -O2 -Wall -o "$binary" "$source" >&2
    fi
    printf '%s\n' "$binary"
}

# run_rate OUT PORT RATE SECONDS REQUESTS_FILE: one fixed-rate run at 64 connections
# against 127.0.0.1:PORT; its one line of results goes to OUT.
run_rate() {
    local out=$1 port=$2 rate=$3 seconds=$4 requests=$5
    "$(rate_tool)" 127.0.0.1 "$port" 64 "$rate" "$seconds" "$requests" >"$out"
}

# framework_limit OUT PORT: what the framework can do at most, at the run's concurrency:
# wrk on GET /health/live (a route that touches nothing) with $THREADS threads,
# $CONNECTIONS connections and $DURATION seconds, after a $WARMUP s warm-up.
framework_limit() {
    local out=$1 port=$2 url="http://127.0.0.1:$2/health/live"
    log_info "framework limit: wrk ${DURATION}s at $CONNECTIONS connections on $url"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" "$url" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$url" >"$out"
}

# server_statements BINARY OUT: the server's PostgreSQL statements as JSON (`hromada statements`).
server_statements() {
    DATABASE_URL="sqlite://$(dirname "$2")/statements.sqlite" HROMADA_DEMO_DATA=0 LOG_LEVEL=error "$1" statements >"$2"
}

# database_limit OUT SCRIPT PG_URL: what the database can do at most with a call's own
# statement (SCRIPT, from `bench/ratios.py pgbench-script`): pgbench at the run's
# concurrency for $DURATION seconds, prepared once per connection as the server does;
# "tps N p50 MS p99 MS" goes to OUT. $BETWEEN, when set, names a command run between the
# warm-up and the measured run (as in the scripts' `run`).
database_limit() {
    local out script url=$3 logs
    out=$(realpath -m "$1")
    script=$(realpath "$2")
    logs=$(mktemp -d "${TMPDIR:-/tmp}/hromada-pgbench.XXXXXX")
    log_info "database limit: pgbench ${DURATION}s at $CONNECTIONS connections, $(basename "$script")"
    pgbench -n -M prepared -c "$CONNECTIONS" -j "$THREADS" -T "$WARMUP" -f "$script" "$url" >/dev/null 2>&1 || true
    if [ -n "${BETWEEN:-}" ]; then "$BETWEEN"; fi
    (cd "$logs" && pgbench -n -M prepared -c "$CONNECTIONS" -j "$THREADS" -T "$DURATION" -f "$script" -l --log-prefix=tx "$url" \
        >"$out.pgbench" 2>&1) || { cat "$out.pgbench" >&2; rm -rf "$logs"; return 1; }
    python3 "$REPO_ROOT/bench/ratios.py" pgbench-summary "$logs"/tx.* >"$out"
    rm -rf "$logs"
}
