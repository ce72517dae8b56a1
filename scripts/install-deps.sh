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
#   mysqlclient, pytest, SQLAlchemy and Django (catalog reflection), plus the
#   own test suites of mysqlclient, Django and SQLAlchemy (from their PyPI
#   sdists) in .venv/mysqlclient-tests, .venv/django-tests and
#   .venv/sqlalchemy-tests.
# - Client libraries for Node, Go and Java, and a TiDB server built from the
#   Go module proxy (scripts/build-tidb.sh).
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
# mariadb-test-run and mysqltest (bench/mariadb_regression).
[ -f /usr/share/mysql/mysql-test/mariadb-test-run.pl ] || need_apt+=(mariadb-test)
have_cmd promtool || need_apt+=(prometheus)
have_cmd pkg-config || need_apt+=(pkg-config)
[ -f /usr/include/mariadb/mysql.h ] || need_apt+=(libmariadb-dev)
/usr/bin/python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
have_cmd gcc || need_apt+=(gcc)
# aws-lc-sys (TLS of `dict train --from`, via mysql_async's rustls) may
# build with CMake.
have_cmd cmake || need_apt+=(cmake)
/usr/bin/python3-config --includes >/dev/null 2>&1 || need_apt+=(python3-dev)

if [ ${#need_apt[@]} -gt 0 ]; then
  log "apt-get install ${need_apt[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends \
    mariadb-server mariadb-client mariadb-test libmariadb-dev pkg-config python3-venv python3-dev \
    gcc cmake openssl haproxy sysbench prometheus >/dev/null
  # The distribution's service is not used by the tests (they start their own
  # mariadbd); stop it if the package start-up launched it, so it does not eat RAM.
  if command -v systemctl >/dev/null 2>&1; then $SUDO systemctl stop mariadb prometheus >/dev/null 2>&1 || true; fi
else
  log "apt packages present"
fi

# ---------------------------------------------------------------- python
# Pinned: bench/client_suites runs these releases' own test suites (the
# newest on PyPI when pinned); tests/clients.rs uses the same ones.
PY_PKGS=(PyMySQL==1.2.4 PyNaCl==1.6.2 mysql-connector-python==26.10.0 mysqlclient==2.3.2 pytest SQLAlchemy==2.0.36 Django==5.1.4)
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  log "creating $VENV"
  /usr/bin/python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c '
import importlib.metadata as m, sys
for spec in sys.argv[1:]:
    name, _, want = spec.partition("==")
    assert not want or m.version(name) == want, spec
' "${PY_PKGS[@]}" >/dev/null 2>&1; then
  log "pip install ${PY_PKGS[*]}"
  "$VENV/bin/pip" install -q --disable-pip-version-check "${PY_PKGS[@]}"
fi
# Test suites that ship in a package's sdist, not in its wheel: the
# installed version's sdist, unpacked, with the named parts copied to DEST.
#   sdist_tests PACKAGE DEST MARKER PART...   (MARKER: a file that proves DEST is whole)
sdist_tests() {
  local pkg=$1 dest=$2 marker=$3
  shift 3
  [ -f "$dest/$marker" ] && return 0
  local ver tmp
  ver=$("$VENV/bin/python" -c "import importlib.metadata as m; print(m.version('$pkg'))")
  log "fetching $pkg $ver sdist for its tests"
  tmp=$(mktemp -d)
  "$VENV/bin/pip" download -q --disable-pip-version-check --no-binary :all: --no-deps \
    -d "$tmp" "$pkg==$ver"
  rm -rf "$dest" && mkdir -p "$dest"
  tar -xzf "$tmp"/*.tar.gz -C "$tmp"
  local src
  src=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -1)
  for part in "$@"; do
    cp -r "$src/$part" "$dest/$part"
  done
  rm -rf "$tmp"
}
# mysqlclient's (bench/client_suites), Django's (bench/django_suite) and
# SQLAlchemy's (bench/sqlalchemy_suite: its conftest puts the sdist's lib/
# first on the path; test_examples imports examples/).
sdist_tests mysqlclient "$VENV/mysqlclient-tests" tests/test_MySQLdb_capabilities.py tests
sdist_tests Django "$VENV/django-tests" tests/runtests.py tests
sdist_tests SQLAlchemy "$VENV/sqlalchemy-tests" test/conftest.py test lib examples setup.cfg pyproject.toml

# ---------------------------------------------------------------- other clients
# Node (mysql2), Go (go-sql-driver/mysql) and Java (Connector/J) clients used by
# tests/compressed_clients.rs. Versions are locked (package-lock.json, go.sum,
# pom.xml); everything is fetched here so the tests run offline afterwards.
apt_install() {
  log "apt-get install $*"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
if [ -f tests/clients/node/package.json ]; then
  command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
  (
    cd tests/clients/node
    want=$(node -e 'console.log(require("./package-lock.json").packages["node_modules/mysql2"].version)')
    have=$(node -e 'try{console.log(require("./node_modules/mysql2/package.json").version)}catch(e){}')
    if [ "$want" != "$have" ]; then
      log "npm ci (mysql2 $want)"
      npm ci --silent --no-audit --no-fund
    fi
  )
fi
if [ -f tests/clients/go/go.mod ]; then
  command -v go >/dev/null || [ -x /usr/local/go/bin/go ] || apt_install golang
  GO=$(command -v go || echo /usr/local/go/bin/go)
  # Downloads the modules in go.sum (no network when cached) and builds once,
  # which fills the build cache so the test's own `go build` is quick.
  (cd tests/clients/go && "$GO" mod download && GOFLAGS=-buildvcs=false "$GO" build -o go-client .)
fi
if [ -f tests/clients/java/pom.xml ]; then
  command -v java >/dev/null || apt_install default-jdk-headless
  command -v mvn >/dev/null || apt_install maven
  JLIB="$ROOT/.test-deps/java/lib"
  cj=$(sed -n '/<artifactId>mysql-connector-j</{n;s/.*<version>\(.*\)<\/version>.*/\1/p;}' tests/clients/java/pom.xml)
  if [ ! -f "$JLIB/mysql-connector-j-$cj.jar" ]; then
    log "mvn dependency:copy-dependencies (Connector/J $cj) -> $JLIB"
    rm -rf "$JLIB"
    (cd tests/clients/java && mvn -q -B dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$JLIB")
  fi
fi
# The Java suites of bench/client_suites/run.py (connectorj, mariadbj): the
# newest drivers on Maven Central and the JUnit console launcher.
if [ -f bench/client_suites/java/pom.xml ]; then
  command -v javac >/dev/null || apt_install default-jdk-headless
  command -v mvn >/dev/null || apt_install maven
  JSLIB="$ROOT/.test-deps/java/suites/lib"
  want=$(sed -n '/<artifactId>mysql-connector-j</{n;s/.*<version>\(.*\)<\/version>.*/\1/p;}' bench/client_suites/java/pom.xml)
  mdb=$(sed -n '/<artifactId>mariadb-java-client</{n;s/.*<version>\(.*\)<\/version>.*/\1/p;}' bench/client_suites/java/pom.xml)
  if [ ! -f "$JSLIB/mysql-connector-j-$want.jar" ] || [ ! -f "$JSLIB/mariadb-java-client-$mdb.jar" ]; then
    log "mvn dependency:copy-dependencies (Java suites: Connector/J $want, MariaDB Connector/J $mdb) -> $JSLIB"
    rm -rf "$JSLIB"
    (cd bench/client_suites/java && mvn -q -B dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$JSLIB")
  fi
fi
# A pinned TiDB server, the MySQL-8-flavoured backend of tests/tidb.rs and
# bench/wire (cached in .test-deps/tidb; several minutes on a fresh machine).
bash scripts/build-tidb.sh
log "done"
