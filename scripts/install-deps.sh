#!/usr/bin/env bash
# Installs everything the test suite needs. Idempotent: on a provisioned
# machine it only checks and returns quickly.
#
#   bash scripts/install-deps.sh
#
# - Debian packages (apt-get, needs root): MariaDB server + client, the
#   MariaDB client library headers + pkg-config (to build mysqlclient),
#   python3-venv, openssl (test certificates), haproxy and sysbench (benches).
# - A Python virtualenv in .venv with PyMySQL, mysql-connector-python,
#   mysqlclient and pytest, plus mysqlclient's own test suite (from its
#   PyPI sdist) in .venv/mysqlclient-tests.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

log() { echo "install-deps: $*" >&2; }

# ---------------------------------------------------------------- apt
need_apt=()
have_cmd() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]; }
have_cmd mariadbd || need_apt+=(mariadb-server)
have_cmd mariadb-install-db || need_apt+=(mariadb-server)
have_cmd mariadb || need_apt+=(mariadb-client)
have_cmd openssl || need_apt+=(openssl)
have_cmd haproxy || need_apt+=(haproxy)
have_cmd sysbench || need_apt+=(sysbench)
have_cmd pkg-config || need_apt+=(pkg-config)
[ -f /usr/include/mariadb/mysql.h ] || need_apt+=(libmariadb-dev)
/usr/bin/python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
have_cmd gcc || need_apt+=(gcc)
/usr/bin/python3-config --includes >/dev/null 2>&1 || need_apt+=(python3-dev)

if [ ${#need_apt[@]} -gt 0 ]; then
  log "apt-get install ${need_apt[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends \
    mariadb-server mariadb-client libmariadb-dev pkg-config python3-venv python3-dev \
    gcc openssl haproxy sysbench >/dev/null
  # The distribution's service is not used by the tests (they start their own
  # mariadbd); stop it if the package start-up launched it, so it does not eat RAM.
  if command -v systemctl >/dev/null 2>&1; then $SUDO systemctl stop mariadb >/dev/null 2>&1 || true; fi
else
  log "apt packages present"
fi

# ---------------------------------------------------------------- python
PY_PKGS=(PyMySQL mysql-connector-python mysqlclient pytest)
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  log "creating $VENV"
  /usr/bin/python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c 'import pymysql, mysql.connector, MySQLdb, pytest' >/dev/null 2>&1; then
  log "pip install ${PY_PKGS[*]}"
  "$VENV/bin/pip" install -q --disable-pip-version-check "${PY_PKGS[@]}"
fi
# mysqlclient's own test suite ships in its sdist, not in the wheel.
MC_TESTS="$VENV/mysqlclient-tests"
if [ ! -f "$MC_TESTS/tests/test_MySQLdb_capabilities.py" ]; then
  ver=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("mysqlclient"))')
  log "fetching mysqlclient $ver sdist for its tests"
  tmp=$(mktemp -d)
  "$VENV/bin/pip" download -q --disable-pip-version-check --no-binary :all: --no-deps \
    -d "$tmp" "mysqlclient==$ver"
  rm -rf "$MC_TESTS" && mkdir -p "$MC_TESTS"
  tar -xzf "$tmp"/mysqlclient-*.tar.gz -C "$tmp"
  cp -r "$tmp"/mysqlclient-*/tests "$MC_TESTS/tests"
  rm -rf "$tmp"
fi

# ---------------------------------------------------------------- other clients
# Hooks for the Node / Go / Java client tests; each runs only when its client
# directory exists (they are filled in by other work).
if [ -f tests/clients/node/package.json ]; then
  if ! command -v npm >/dev/null; then log "npm missing: apt-get install -y nodejs npm"; exit 1; fi
  (cd tests/clients/node && { [ -d node_modules/mysql2 ] || npm install --silent --no-audit --no-fund; })
fi
if [ -f tests/clients/go/go.mod ]; then
  if ! command -v go >/dev/null; then log "go missing: apt-get install -y golang"; exit 1; fi
  (cd tests/clients/go && go mod download)
fi
if [ -f tests/clients/java/pom.xml ]; then
  if ! command -v mvn >/dev/null; then log "maven missing: apt-get install -y maven default-jdk"; exit 1; fi
  (cd tests/clients/java && mvn -q dependency:go-offline)
fi
log "done"
