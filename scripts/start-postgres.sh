#!/usr/bin/env bash
# Starts a PostgreSQL 15 server with pgvector and pg_trgm for Deja's PostgreSQL store and its tests, and prints the
# URL to use on its LAST line:  postgresql://deja:deja@127.0.0.1:5432/deja
#
# Idempotent and fast when everything is in place (about a second: nothing is installed, a running server is reused).
# On a fresh Debian 12 machine, as root (CI), it installs what is missing:
#   - postgresql-15 and postgresql-contrib (pg_trgm) from apt;
#   - pgvector, which Debian 12 does not package: its Debian source package from the 'trixie' suite (a deb-src entry
#     is added for the download and removed again), built with postgresql-server-dev-15 and installed into
#     PostgreSQL 15 (make && make install with PG_CONFIG set; about 15 s).
# As a non-root developer nothing is installed: the script says what is missing and exits non-zero.
#
# The server is the project's own: a data directory created with initdb (not Debian's 'main' cluster), listening on
# 127.0.0.1:${DEJA_PG_PORT:-5432} only, run by the OS user 'postgres' when started as root (PostgreSQL refuses to run
# as root; as Debian does), else by the calling user. It creates the login role and database 'deja' (password
# 'deja': a local test server) with the extensions vector and pg_trgm.
#
# Environment:
#   DEJA_PG_PORT  port (default 5432)
#   DEJA_PG_DATA  data directory (default: root: /var/lib/postgresql/deja-15-PORT; others:
#                 ${XDG_DATA_HOME:-~/.local/share}/deja/postgres-15-PORT)
#   DEJA_PG_STOP  set to 1 to stop the server of this port and data directory instead, then exit
set -euo pipefail

PORT="${DEJA_PG_PORT:-5432}"
PG_VERSION=15
PG_BIN="/usr/lib/postgresql/${PG_VERSION}/bin"
PG_CONFIG="${PG_BIN}/pg_config"
DB=deja
DB_USER=deja
DB_PASSWORD=deja

log() { echo "start-postgres: $*" >&2; }
die() { echo "start-postgres: error: $*" >&2; exit 1; }

case "$PORT" in
  '' | *[!0-9]*) die "DEJA_PG_PORT must be a port number, got '$PORT'" ;;
esac

if [ "$(id -u)" -eq 0 ]; then
  AS_ROOT=1
  DATA="${DEJA_PG_DATA:-/var/lib/postgresql/deja-${PG_VERSION}-${PORT}}"
else
  AS_ROOT=0
  DATA="${DEJA_PG_DATA:-${XDG_DATA_HOME:-$HOME/.local/share}/deja/postgres-${PG_VERSION}-${PORT}}"
fi

# Runs a command as the OS user that owns the server.
as_owner() {
  if [ "$AS_ROOT" -eq 1 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

apt_install() {
  if [ "$AS_ROOT" -ne 1 ]; then
    die "missing: $* — install it (as root: apt-get install -y $*) or run this script as root"
  fi
  log "apt-get install $*"
  if [ -z "${APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

# 1. PostgreSQL 15 and pg_trgm.
if [ ! -x "${PG_BIN}/postgres" ] || [ ! -f "/usr/share/postgresql/${PG_VERSION}/extension/pg_trgm.control" ]; then
  apt_install "postgresql-${PG_VERSION}" postgresql-contrib
fi

# 2. pgvector, built from Debian's trixie source package.
if [ ! -f "/usr/share/postgresql/${PG_VERSION}/extension/vector.control" ]; then
  [ "$AS_ROOT" -eq 1 ] || die "pgvector is not installed for PostgreSQL ${PG_VERSION}; run this script once as root"
  if [ ! -x "$PG_CONFIG" ] || [ ! -f "$("$PG_CONFIG" --includedir-server 2>/dev/null)/postgres.h" ] \
      || ! command -v make >/dev/null || ! command -v gcc >/dev/null || ! command -v dpkg-source >/dev/null; then
    apt_install "postgresql-server-dev-${PG_VERSION}" make gcc dpkg-dev
  fi
  SRC_LIST=/etc/apt/sources.list.d/deja-pgvector-trixie-src.sources
  cat > "$SRC_LIST" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  BUILD="$(mktemp -d /tmp/deja-pgvector.XXXXXX)"
  chmod 755 "$BUILD" # apt's download user '_apt' writes here
  cleanup_src() { rm -f "$SRC_LIST"; rm -rf "$BUILD"; }
  trap cleanup_src EXIT
  log "fetching Debian's pgvector source package (trixie)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  APT_UPDATED=1
  (cd "$BUILD" && apt-get source -qq --download-only pgvector >&2 && dpkg-source -x --no-check ./*.dsc src >&2)
  log "building pgvector against PostgreSQL ${PG_VERSION}"
  make -s -C "$BUILD/src" PG_CONFIG="$PG_CONFIG" >&2
  make -s -C "$BUILD/src" PG_CONFIG="$PG_CONFIG" install >&2
  cleanup_src
  trap - EXIT
  # Drop the trixie source index again so later 'apt-get update's do not fetch it.
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || true
  [ -f "/usr/share/postgresql/${PG_VERSION}/extension/vector.control" ] || die "pgvector did not install"
fi

# 3. The project's own data directory.
if [ ! -f "$DATA/PG_VERSION" ]; then
  log "initdb $DATA"
  mkdir -p "$DATA"
  if [ "$AS_ROOT" -eq 1 ]; then
    chown postgres:postgres "$DATA"
  fi
  chmod 700 "$DATA"
  as_owner "${PG_BIN}/initdb" -D "$DATA" --encoding=UTF8 --locale=C.UTF-8 --auth-local=peer \
    --auth-host=scram-sha-256 >/dev/null
fi

# 4. Start it unless this data directory's server already runs (on this port).
if as_owner "${PG_BIN}/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  RUNNING_PORT="$(sed -n 4p "$DATA/postmaster.pid" 2>/dev/null || true)"
  [ "$RUNNING_PORT" = "$PORT" ] || die "the server of $DATA runs on port $RUNNING_PORT, not $PORT"
  if [ "${DEJA_PG_STOP:-0}" = 1 ]; then
    as_owner "${PG_BIN}/pg_ctl" -D "$DATA" -m fast -w stop >&2
    exit 0
  fi
else
  [ "${DEJA_PG_STOP:-0}" = 1 ] && { log "not running"; exit 0; }
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    die "port $PORT on 127.0.0.1 is taken by another server; set DEJA_PG_PORT to a free port"
  fi
  log "starting PostgreSQL ${PG_VERSION} on 127.0.0.1:$PORT ($DATA)"
  # Sized for a small shared machine; fsync stays on (acknowledged writes are durable, as in production).
  as_owner "${PG_BIN}/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories='$DATA' -c max_connections=200 \
        -c shared_buffers=256MB -c maintenance_work_mem=256MB -c max_wal_size=2GB" start >&2
fi

# 5. Role, database and extensions (as the server's superuser through its socket; idempotent).
psql_super() {
  as_owner "${PG_BIN}/psql" -h "$DATA" -p "$PORT" -X -q -v ON_ERROR_STOP=1 -d "$1" -tA -c "$2"
}
SUPERUSER_DB=postgres
if [ "$(psql_super "$SUPERUSER_DB" "SELECT 1 FROM pg_roles WHERE rolname = '$DB_USER'")" != 1 ]; then
  psql_super "$SUPERUSER_DB" "CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PASSWORD'"
fi
if [ "$(psql_super "$SUPERUSER_DB" "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
  psql_super "$SUPERUSER_DB" "CREATE DATABASE $DB OWNER $DB_USER ENCODING 'UTF8' TEMPLATE template0"
fi
psql_super "$DB" "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm"

echo "postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${PORT}/${DB}"
