# shellcheck shell=bash
# Small helpers shared by scripts/test, bench/run and scripts/lib/*.sh.
# Source it; it defines functions only and changes no shell options.

# Prints a visible section header, so a long CI log can be skimmed by stage.
log_header() {
    printf '\n==> %s\n' "$*"
}

# Progress notes go to stderr, so that functions can print results on stdout.
log_info() {
    printf '    %s\n' "$*" >&2
}

log_error() {
    printf 'error: %s\n' "$*" >&2
}

# Asks the kernel for a free TCP port on loopback (bind to port 0) and prints it.
# Another process could take it before we bind it, which is why callers that
# start servers check that the server really came up.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Installs the Debian packages from the argument list that are not installed
# yet. `apt-get update` runs at most once per shell, and only when something
# is missing, so a machine that has everything never touches the network.
apt_ensure() {
    local missing=() package
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        return 0
    fi
    log_info "installing Debian packages: ${missing[*]}"
    if [ "${HROMADA_APT_UPDATED:-}" != 1 ]; then
        as_root apt-get update -qq
        HROMADA_APT_UPDATED=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Runs a command as root: directly when we are root (CI), else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

# Prints a duration in seconds as "1m 05s" or "42s".
format_duration() {
    local seconds=$1
    if [ "$seconds" -ge 60 ]; then
        printf '%dm %02ds' $((seconds / 60)) $((seconds % 60))
    else
        printf '%ds' "$seconds"
    fi
}
