# shellcheck shell=bash
# Starting and stopping the hromada server for the browser tests and the
# benchmarks. Source it; it defines functions only.
#
#     server_start BINARY PORT LOGFILE [NAME=VALUE...]   sets SERVER_PID
#     server_wait_healthy PORT TIMEOUT_SECONDS           0 once GET /health is 200
#     server_peak_rss_kib                                 VmHWM of the running server
#     server_stop                                         safe to call twice

HROMADA_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib/common.sh
source "$HROMADA_LIB_DIR/common.sh"

# Starts BINARY serve on 127.0.0.1:PORT in the background with the given
# environment, output to LOGFILE, stdin closed (CI has none). `env` execs the
# binary, so SERVER_PID is the server itself (its /proc entry is the server's).
# With SERVER_PID_FILE set, the pid is also written there, so that an outer
# cleanup can find a server started in a subshell.
server_start() {
    local binary=$1 port=$2 log=$3
    shift 3
    if [ ! -x "$binary" ]; then
        log_error "$binary not found or not executable (build first)"
        return 1
    fi
    env "$@" "$binary" serve --hostname 127.0.0.1 --port "$port" </dev/null >"$log" 2>&1 &
    SERVER_PID=$!
    SERVER_LOG=$log
    if [ -n "${SERVER_PID_FILE:-}" ]; then
        printf '%s\n' "$SERVER_PID" >"$SERVER_PID_FILE"
    fi
    log_info "server pid $SERVER_PID on http://127.0.0.1:$port (log: $log)"
}

# Polls GET /health until it answers 200. Fails early when the server process
# has died (e.g. a failed migration), and prints the server's log on failure.
server_wait_healthy() {
    local port=$1 timeout=$2 started=$SECONDS status
    while [ $((SECONDS - started)) -lt "$timeout" ]; do
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            log_error "the server exited before answering /health"
            server_print_log
            return 1
        fi
        status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 \
            "http://127.0.0.1:$port/health" || true)
        if [ "$status" = 200 ]; then
            log_info "server healthy after $((SECONDS - started))s"
            return 0
        fi
        sleep 0.5
    done
    log_error "GET /health did not answer 200 within ${timeout}s (last status: ${status:-none})"
    server_print_log
    return 1
}

server_print_log() {
    if [ -f "${SERVER_LOG:-}" ]; then
        printf -- '----- server log (last 200 lines of %s) -----\n' "$SERVER_LOG" >&2
        tail -n 200 "$SERVER_LOG" >&2
        printf -- '----- end of server log -----\n' >&2
    fi
}

# Peak resident memory of the running server in KiB (VmHWM: the high-water
# mark since the process started).
server_peak_rss_kib() {
    awk '/^VmHWM:/ { print $2 }' "/proc/$SERVER_PID/status"
}

# Stops the server: SIGTERM (Vapor shuts down cleanly), SIGKILL after 15 s.
# Always returns 0 so that it can sit in an EXIT trap.
server_stop() {
    local pid=${SERVER_PID:-} waited=0
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 30 ]; do
            sleep 0.5
            waited=$((waited + 1))
        done
        if kill -0 "$pid" 2>/dev/null; then
            log_info "server $pid ignored SIGTERM for 15s; killing it"
            kill -KILL "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    fi
    unset SERVER_PID
    if [ -n "${SERVER_PID_FILE:-}" ]; then
        rm -f "$SERVER_PID_FILE"
    fi
    return 0
}

# CPU seconds used so far by the server ($SERVER_PID) and by all of PostgreSQL's
# processes, as "SERVER POSTGRES". Read before and after a load run and divided by the
# requests served, CPU per request is steadier than requests/s on a 2-core machine
# shared with the load generator, so it is what tells two builds apart.
server_cpu_seconds() {
    local ticks server postgres=0 pid
    ticks=$(getconf CLK_TCK)
    server=$(awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat")
    for pid in $(pgrep -x postgres); do
        postgres=$((postgres + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    python3 -c "print($server / $ticks, $postgres / $ticks)"
}
