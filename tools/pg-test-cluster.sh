#!/bin/sh
# A throwaway PostgreSQL cluster for the tests and the benchmarks: made in a folder, listening on
# 127.0.0.1 at a given port (and a socket in the folder), trusting local connections, with a
# superuser "flow". Installs Debian's postgresql package when the server programs are missing
# (tools/apt-install.sh). initdb refuses to run as root: as root, the cluster belongs to the
# "postgres" user (which Debian's package creates), and runs through runuser.
# FLOW_PG_LISTEN=ADDRESS listens there instead of 127.0.0.1 (a test's own host in a network
# namespace, where the script is started with `ip netns exec`); resume keeps it.
# Usage: tools/pg-test-cluster.sh start DIR PORT   (prints nothing; the server runs until stop)
#        tools/pg-test-cluster.sh stop DIR          (stops it and removes DIR)
#        tools/pg-test-cluster.sh halt DIR          (stops it as an administrator would, keeping DIR)
#        tools/pg-test-cluster.sh resume DIR        (starts a halted cluster again, on its port)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"

find_bin() {
    for d in /usr/lib/postgresql/*/bin; do
        if [ -x "$d/initdb" ]; then bin="$d"; fi
    done
    if [ -z "${bin:-}" ] && command -v initdb >/dev/null 2>&1; then bin="$(dirname "$(command -v initdb)")"; fi
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

launch() {
    # Fast and disposable: no fsync, a small shared memory, enough connections for several workers.
    # FLOW_PG_DURABLE=1 (the benchmarks) keeps PostgreSQL's own durable defaults instead.
    fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    if [ "${FLOW_PG_DURABLE:-}" = "1" ]; then fast=""; fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=$listen $fast -c max_connections=200 -c shared_buffers=32MB -c log_lock_waits=on -c log_min_duration_statement=1000" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case "${1:-}" in
start)
    dir="$2"; port="$3"
    bin=""
    find_bin
    if [ -z "$bin" ]; then
        "$here/apt-install.sh" postgresql >/dev/null || true
        find_bin
    fi
    if [ -z "$bin" ]; then
        echo "pg-test-cluster: the PostgreSQL tests need the server (initdb, pg_ctl), and it could not be installed here." >&2
        echo "pg-test-cluster: install Debian's package (sudo apt-get install postgresql) or your system's equivalent." >&2
        exit 1
    fi
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U flow --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || as_owner "$bin/initdb" -D "$dir/data" -U flow --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    listen="${FLOW_PG_LISTEN:-127.0.0.1}"
    echo "$listen" >"$dir/listen"
    if [ "$listen" != "127.0.0.1" ]; then
        # the test's hosts on the server's own subnet (a namespace's bridge) are trusted as local ones are
        echo "host all flow samenet trust" >>"$dir/data/pg_hba.conf"
    fi
    launch
    ;;
halt)
    dir="$2"
    bin=""
    find_bin
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop </dev/null >/dev/null
    ;;
resume)
    dir="$2"
    port=$(cat "$dir/port")
    listen=$(cat "$dir/listen")
    bin=""
    find_bin
    launch
    ;;
stop)
    dir="$2"
    bin=""
    find_bin
    if [ -n "$bin" ] && [ -d "$dir/data" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 10 stop </dev/null >/dev/null 2>&1 || true
    fi
    # FLOW_PG_KEEP_LOG=FILE keeps the server's log (slow statements, lock waits) for a look afterwards.
    if [ -n "${FLOW_PG_KEEP_LOG:-}" ] && [ -f "$dir/server.log" ]; then cp "$dir/server.log" "$FLOW_PG_KEEP_LOG"; fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start DIR PORT | stop DIR | halt DIR | resume DIR" >&2
    exit 2
    ;;
esac
