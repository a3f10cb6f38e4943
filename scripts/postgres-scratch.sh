#!/usr/bin/env bash
# A throwaway PostgreSQL cluster from Debian's binaries, for tests and benchmarks: no TCP, a Unix
# socket in a private directory under /tmp, trust authentication for its own user, its data in DIR.
#   scripts/postgres-scratch.sh start DIR   makes and starts it; writes its URL to DIR/url and prints it
#   scripts/postgres-scratch.sh stop DIR    stops it and removes DIR
#   scripts/postgres-scratch.sh halt DIR    stops the server, keeping its data (a database outage)
#   scripts/postgres-scratch.sh resume DIR  starts it again after a halt
# initdb refuses root: as root the cluster belongs to the "postgres" user of Debian's package.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
(($# == 2)) || usage
command=$1
dir=$(realpath -m "$2")
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[[ -x $bin/pg_ctl ]] || { echo "$0: no PostgreSQL server (apt-get install postgresql)" >&2; exit 1; }

as_owner=()
owner=$(id -un)
if [[ $(id -u) -eq 0 ]]; then
  owner=postgres
  as_owner=(runuser -u postgres --)
fi

start_server() {
  # No TCP listener at all. The socket lives in a directory of its own under /tmp (a socket path
  # must stay under 108 bytes, which a deep build tree would pass), so clusters never meet.
  local sockets
  sockets=$(cat "$dir/sockets")
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$sockets' -c max_connections=300 -c fsync=off" start \
    >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case $command in
  start)
    rm -rf "$dir"
    mkdir -p "$dir"
    [[ ${#as_owner[@]} -eq 0 ]] || chown "$owner" "$dir"
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U "$owner" -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    sockets=$(mktemp -d /tmp/pagemd-pg.XXXXXX)
    [[ ${#as_owner[@]} -eq 0 ]] || chown "$owner" "$sockets"
    echo "$sockets" >"$dir/sockets"
    start_server
    url="postgresql:///postgres?host=$sockets&user=$owner"
    echo "$url" >"$dir/url"
    chmod a+r "$dir/url"
    echo "$url"
    ;;
  stop)
    if [[ -f $dir/data/postmaster.pid ]]; then
      "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
    fi
    if [[ -f $dir/sockets ]]; then
      sockets=$(cat "$dir/sockets")
      [[ $sockets == /tmp/pagemd-pg.* ]] && rm -rf "$sockets"
    fi
    rm -rf "$dir"
    ;;
  halt) "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null ;;
  resume) start_server ;;
  *) usage ;;
esac
