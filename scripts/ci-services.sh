# Services the test suite needs, for CI and for developers: a throwaway PostgreSQL
# cluster on a loopback port and Debian's chromium for the browser test.
#
#   source scripts/ci-services.sh
#   ci_services_start            # installs what is missing (as root), starts, exports:
#                                #   RAGGUARD_TEST_PG_URL, RAGGUARD_TEST_CHROMIUM
#   trap ci_services_stop EXIT   # stops the cluster and deletes its folder
#
# Idempotent (a second start reuses a running cluster) and quiet: one line on stderr,
# installer and server output in $RAGGUARD_CI_LOG.

: "${RAGGUARD_CI_LOG:=${TMPDIR:-/tmp}/ragguard-ci-services.log}"

ci_services_start() {
    _ci_pg_start || return 1
    _ci_chromium_ready || return 1
    echo "ci-services: PostgreSQL at ${RAGGUARD_TEST_PG_URL}, browser ${RAGGUARD_TEST_CHROMIUM}" >&2
}

ci_services_stop() {
    if [ -n "${RAGGUARD_CI_PG_DIR:-}" ]; then
        if [ -f "${RAGGUARD_CI_PG_DIR}/data/postmaster.pid" ]; then
            _ci_as_pg "${RAGGUARD_CI_PG_BIN}/pg_ctl" -D "${RAGGUARD_CI_PG_DIR}/data" -m fast -w stop \
                >>"$RAGGUARD_CI_LOG" 2>&1 || true
        fi
        rm -rf "${RAGGUARD_CI_PG_DIR}"
    fi
    unset RAGGUARD_CI_PG_DIR RAGGUARD_TEST_PG_URL
}

_ci_pg_start() {
    if [ -n "${RAGGUARD_CI_PG_DIR:-}" ] && [ -n "${RAGGUARD_TEST_PG_URL:-}" ] \
        && "${RAGGUARD_CI_PG_BIN}/pg_isready" -q -d "${RAGGUARD_TEST_PG_URL}"; then
        return 0
    fi
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        _ci_apt_install postgresql || return 1
    fi
    RAGGUARD_CI_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    RAGGUARD_CI_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ragguard-pg.XXXXXX")
    export RAGGUARD_CI_PG_BIN RAGGUARD_CI_PG_DIR
    # PostgreSQL refuses to run as root: the cluster belongs to the postgres account.
    if [ "$(id -u)" = 0 ]; then chown postgres: "$RAGGUARD_CI_PG_DIR"; fi
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # A throwaway cluster: trust on loopback only, no fsync at initdb (not at run time).
    if ! _ci_as_pg "${RAGGUARD_CI_PG_BIN}/initdb" -D "${RAGGUARD_CI_PG_DIR}/data" -U postgres \
            -A trust -E UTF8 --no-sync >>"$RAGGUARD_CI_LOG" 2>&1 \
        || ! _ci_as_pg "${RAGGUARD_CI_PG_BIN}/pg_ctl" -D "${RAGGUARD_CI_PG_DIR}/data" -w -t 60 \
            -l "${RAGGUARD_CI_PG_DIR}/server.log" \
            -o "-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${RAGGUARD_CI_PG_DIR}" \
            start >>"$RAGGUARD_CI_LOG" 2>&1; then
        echo "ci-services: PostgreSQL did not start; see $RAGGUARD_CI_LOG and ${RAGGUARD_CI_PG_DIR}/server.log" >&2
        return 1
    fi
    export RAGGUARD_TEST_PG_URL="postgresql://postgres@127.0.0.1:${port}/postgres"
}

_ci_chromium_ready() {
    if [ ! -x /usr/bin/chromium ]; then
        _ci_apt_install chromium || return 1
    fi
    export RAGGUARD_TEST_CHROMIUM=/usr/bin/chromium
}

_ci_as_pg() {
    if [ "$(id -u)" = 0 ]; then
        # runuser lives in sbin, which a minimal PATH may leave out.
        local runuser
        runuser=$(PATH="$PATH:/usr/sbin:/sbin" command -v runuser)
        "$runuser" -u postgres -- "$@"
    else
        "$@"
    fi
}

# Read apt-cache's whole answer before matching: `| grep -q` stops reading at the first match,
# apt-cache then dies of SIGPIPE and, under `set -o pipefail` (.ci/run), the check fails.
_ci_has_candidate() {
    local policy
    policy=$(apt-cache policy "$1" 2>/dev/null) || return 1
    [[ "$policy" =~ Candidate:\ [0-9] ]]
}

_ci_apt_install() {
    if [ "$(id -u)" != 0 ]; then
        echo "ci-services: $* is not installed and this is not root: install it (apt-get install $*)" >&2
        return 1
    fi
    # apt-cache knows no candidate before the package lists were fetched once.
    if ! _ci_has_candidate "$1"; then
        apt-get update -qq >>"$RAGGUARD_CI_LOG" 2>&1 || true
    fi
    if ! _ci_has_candidate "$1"; then
        echo "ci-services: no installable candidate for $1 (apt-cache policy $1)" >&2
        return 1
    fi
    echo "ci-services: installing $* with apt-get" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >>"$RAGGUARD_CI_LOG" 2>&1 || {
        echo "ci-services: apt-get install $* failed; see $RAGGUARD_CI_LOG" >&2
        return 1
    }
}
