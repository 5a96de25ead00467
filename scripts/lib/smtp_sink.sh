#!/usr/bin/env bash
# shellcheck shell=bash
# A throwaway SMTP server for the tests (scripts/lib/smtp_sink.py, PyPI aiosmtpd):
# on free loopback ports, keeping each received message as a file in a fresh folder.
#
# Sourced (scripts/test):
#     source scripts/lib/smtp_sink.sh
#     smtp_sink_start PYTHON PARENT_DIR   # exports TEST_SMTP_URL (smtp://, STARTTLS offered),
#                                         # TEST_SMTPS_URL (implicit TLS), TEST_SMTP_MAILDIR,
#                                         # TEST_SMTP_CA_FILE (the sink's self-signed certificate)
#     ...
#     smtp_sink_stop [DIR]                # stops it (or the one in DIR); safe to call twice
#
# Standalone:
#     scripts/lib/smtp_sink.sh run PYTHON CMD...   start, run CMD with the variables set, stop
#
# PYTHON must have aiosmtpd (scripts/test's .venv/ does). Defining the functions
# changes no shell options of the script that sources it.

HROMADA_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib/common.sh
source "$HROMADA_LIB_DIR/common.sh"

# The one account the sink accepts for AUTH (smtp_sink.py's SINK_USER / SINK_PASSWORD).
SMTP_SINK_USER=hromada
SMTP_SINK_PASSWORD=sink-secret

# Starts the sink and waits until it prints "ready"; retries with new ports in case
# another process took one in the meantime.
smtp_sink_start() {
    local python=$1 parent=$2 attempt port smtps_port waited
    SMTP_SINK_DIR=$(mktemp -d "$parent/smtp.XXXXXX") || return 1
    mkdir -p "$SMTP_SINK_DIR/maildir" "$SMTP_SINK_DIR/cert"
    for attempt in 1 2 3; do
        port=$(free_port) && smtps_port=$(free_port) || return 1
        "$python" "$HROMADA_LIB_DIR/smtp_sink.py" --port "$port" --smtps-port "$smtps_port" \
            --maildir "$SMTP_SINK_DIR/maildir" --cert-dir "$SMTP_SINK_DIR/cert" \
            </dev/null >"$SMTP_SINK_DIR/sink.log" 2>&1 &
        SMTP_SINK_PID=$!
        # For an outer cleanup that cannot see this shell's variables (scripts/test).
        printf '%s\n' "$SMTP_SINK_PID" >"$SMTP_SINK_DIR/sink.pid"
        waited=0
        while kill -0 "$SMTP_SINK_PID" 2>/dev/null && [ "$waited" -lt 300 ]; do
            # -s: the background shell may not have created the log yet.
            if grep -qs '^ready$' "$SMTP_SINK_DIR/sink.log"; then
                export TEST_SMTP_URL="smtp://$SMTP_SINK_USER:$SMTP_SINK_PASSWORD@127.0.0.1:$port"
                export TEST_SMTPS_URL="smtps://$SMTP_SINK_USER:$SMTP_SINK_PASSWORD@127.0.0.1:$smtps_port"
                export TEST_SMTP_MAILDIR=$SMTP_SINK_DIR/maildir
                export TEST_SMTP_CA_FILE=$SMTP_SINK_DIR/cert/cert.pem
                export SMTP_SINK_PID SMTP_SINK_DIR
                log_info "SMTP sink (pid $SMTP_SINK_PID) at smtp://127.0.0.1:$port, smtps://127.0.0.1:$smtps_port, mail in $TEST_SMTP_MAILDIR"
                return 0
            fi
            sleep 0.1
            waited=$((waited + 1))
        done
        log_info "the SMTP sink did not start on port $port (attempt $attempt)"
        kill -TERM "$SMTP_SINK_PID" 2>/dev/null || true
        wait "$SMTP_SINK_PID" 2>/dev/null || true
    done
    log_error "the SMTP sink did not start; its log:"
    cat "$SMTP_SINK_DIR/sink.log" >&2 || true
    rm -rf "$SMTP_SINK_DIR"
    unset SMTP_SINK_PID SMTP_SINK_DIR
    return 1
}

# Stops the sink in DIR (default: the one we started) and removes DIR. Safe to call
# twice and when nothing was started; always returns 0 (EXIT traps).
smtp_sink_stop() {
    local dir=${1:-${SMTP_SINK_DIR:-}} pid waited=0
    if [ -z "$dir" ] || [ ! -f "$dir/sink.pid" ]; then
        return 0
    fi
    pid=$(cat "$dir/sink.pid")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 50 ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
    if [ "$dir" = "${SMTP_SINK_DIR:-}" ]; then
        unset SMTP_SINK_PID SMTP_SINK_DIR TEST_SMTP_URL TEST_SMTPS_URL TEST_SMTP_MAILDIR TEST_SMTP_CA_FILE
    fi
    return 0
}

smtp_sink_main() {
    set -euo pipefail
    case "${1:-}" in
        run)
            [ "$#" -ge 3 ] || { sed -n '3,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; return 2; }
            local python=$2
            shift 2
            trap smtp_sink_stop EXIT
            smtp_sink_start "$python" "${TMPDIR:-/tmp}"
            "$@"
            ;;
        *)
            sed -n '3,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            return 2
            ;;
    esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    smtp_sink_main "$@"
fi
