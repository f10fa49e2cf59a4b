#!/usr/bin/env bash
# Tests/with-postgres.sh COMMAND...: runs COMMAND beside a private PostgreSQL cluster made for it, and removes the
# cluster afterwards, whatever COMMAND's end (a failure, Ctrl-C, a timeout's TERM). The cluster's data and socket are
# in a temporary folder, it listens on a free loopback port, without fsync (a test cluster is thrown away, so
# durability buys nothing and costs the run its time). COMMAND gets:
#   WATERFALL_POSTGRES_URL   postgresql://postgres:PASSWORD@127.0.0.1:PORT/waterfall (the superuser, a database)
#   WATERFALL_POSTGRES_BIN   the folder of PostgreSQL's programs (psql, pg_ctl)
#   WATERFALL_POSTGRES_SOCKET_DIR  the folder of its Unix socket (.s.PGSQL.PORT; trusted, user postgres)
#   WATERFALL_POSTGRES_PORT  its port
# and, when openssl is installed, a second cluster (a copy of the first, made before either starts) with TLS on:
#   WATERFALL_POSTGRES_TLS_PORT  its loopback port (same password; its certificate names localhost only: NIOSSL also
#                                accepts a certificate naming the IP address dialled, whatever the host name)
#   WATERFALL_POSTGRES_TLS_CA    the root that signed its certificate
#   WATERFALL_POSTGRES_OTHER_CA  a root that did not
# (its template1 refuses connections without TLS).
# and exits with COMMAND's status. initdb refuses root, so as root (CI) the cluster is the postgres user's.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND..." >&2; exit 2; }

# Debian's layout (postgresql-NN); the newest when several are installed. `make test-deps` installs it.
bin=${WATERFALL_POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$bin/initdb" ] || { echo "$0: no PostgreSQL under /usr/lib/postgresql (make test-deps installs it)" >&2; exit 2; }

# Under /tmp, not $TMPDIR: the postgres user must reach it (a TMPDIR under /root it cannot), and a socket's path
# must stay short (107 bytes).
folder=$(mktemp -d /tmp/waterfall-postgres.XXXXXX)
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  chown postgres "$folder"
  as_owner() { runuser -u postgres -- "$@"; }
fi
started=0
tls_started=0
stop() {
  status=$?
  if [ "$started" = 1 ]; then as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  if [ "$tls_started" = 1 ]; then
    as_owner "$bin/pg_ctl" -D "$folder/tls-data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$folder"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_owner bash -c 'umask 077 && printf "%s\n" "$1" >"$2"' _ "$password" "$folder/password"
# Passwords over TCP (the tests refuse a wrong one), the socket trusted (the script's own psql).
as_owner "$bin/initdb" -D "$folder/data" -U postgres --pwfile="$folder/password" --auth-host=scram-sha-256 \
  --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 \
  || { cat "$folder/initdb.log" >&2; exit 2; }
# The TLS cluster: a copy of the data (cheaper than a second initdb), a CA and a server certificate (EC keys: quick
# to make), and a second CA that signed nothing, for the refusals.
if command -v openssl >/dev/null; then
  tls_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner bash -c '
    set -e
    cd "$1"
    cp -a data tls-data
    # template1 only over TLS there: sslmode=allow, refused without it, must try again with it.
    sed -i "1i hostnossl template1 all 127.0.0.1/32 reject" tls-data/pg_hba.conf
    mkdir tls-socket
    for ca in ca other-ca; do
      openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 2 \
        -subj "/CN=waterfall test $ca" -keyout $ca.key -out $ca.crt
    done
    openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -subj /CN=localhost \
      -keyout server.key -out server.csr
    printf "subjectAltName=DNS:localhost\n" >server.ext
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext \
      -out server.crt
    chmod 600 server.key
    chmod 644 ca.crt other-ca.crt
  ' _ "$folder" >"$folder/openssl.log" 2>&1 || { cat "$folder/openssl.log" >&2; exit 2; }
  as_owner "$bin/pg_ctl" -D "$folder/tls-data" -l "$folder/tls-server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $tls_port -c unix_socket_directories=$folder/tls-socket -c fsync=off \
        -c ssl=on -c ssl_cert_file=$folder/server.crt -c ssl_key_file=$folder/server.key -c max_connections=20" \
    start >/dev/null || { cat "$folder/tls-server.log" >&2; exit 2; }
  tls_started=1
  export WATERFALL_POSTGRES_TLS_PORT="$tls_port"
  export WATERFALL_POSTGRES_TLS_CA="$folder/ca.crt"
  export WATERFALL_POSTGRES_OTHER_CA="$folder/other-ca.crt"
fi
as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$folder -c fsync=off \
      -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null \
  || { cat "$folder/server.log" >&2; exit 2; }
started=1
as_owner "$bin/psql" -h "$folder" -p "$port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
  -c 'CREATE DATABASE waterfall' >/dev/null
export WATERFALL_POSTGRES_URL="postgresql://postgres:$password@127.0.0.1:$port/waterfall"
export WATERFALL_POSTGRES_BIN="$bin"
export WATERFALL_POSTGRES_SOCKET_DIR="$folder"
export WATERFALL_POSTGRES_PORT="$port"
status=0
"$@" || status=$?
exit "$status"
