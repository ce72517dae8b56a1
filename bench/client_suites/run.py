#!/usr/bin/env python3
"""The public test suites of three MySQL client libraries, run twice against
the same throw-away MariaDB: directly, then through squeeze (a plain relay,
and optionally one compressing a column of a table the suites never touch).
Prints, per suite, passed/failed/skipped on each path and the tests whose
outcome differs, then one `RESULT ...` line.

  .venv/bin/python bench/client_suites/run.py            # full run (~14 min on 2 cores; --compressed ~19)
  .venv/bin/python bench/client_suites/run.py --quick    # a subset of each suite (~3 min)

Suites (fetched here, so a clean clone can run it after scripts/install-deps.sh):
  go           go-sql-driver/mysql, the version in tests/clients/go/go.sum; its
               tests ship in the module zip (`go mod download`), run with
               `go test -json` in a writable copy.
  mysqlclient  mysqlclient's tests from its sdist (.venv/mysqlclient-tests,
               fetched with pip if missing), pytest.
  connector    mysql-connector-python's unittests.py from its sdist (pip
               download of the installed version), `--use-external-server`,
               pure-Python modules and the C-extension ones (tests/cext, using
               the installed wheel's _mysql_connector).

Outcomes are compared per test name; a test that fails on both paths is not
a difference (some fail against MariaDB itself: the suites target MySQL).
Python 3 stdlib only (the suites use the repo's .venv).
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import benchlib  # noqa: E402
from benchlib import Fail, free_port, log, need, wait_tcp  # noqa: E402

REPO = benchlib.REPO
VENV_PY = os.path.join(REPO, ".venv", "bin", "python")
USER, PASSWORD = "suite", "suite-pw"
# PyMySQL's CI (ci/docker-entrypoint-initdb.d/init.sql) creates this account.
PYMYSQL_TEST2_PASSWORD = "some password"
MAX_ALLOWED_PACKET = 256 * 1024 * 1024
# The newest go-sql-driver/mysql release on the Go module proxy
# (`go list -m -versions github.com/go-sql-driver/mysql`). Pinned here, not in
# tests/clients/go (whose go.mod still builds with Debian 12's Go 1.19).
GO_DRIVER_VERSION = "v1.10.1"
CACHE = os.path.join(REPO, ".test-deps", "client-suites")

# ------------------------------------------------------------------ stack


class Stack(benchlib.Processes):
    def __init__(self, a):
        super().__init__(a, "client-suites-")

    def certs(self):
        d = os.path.join(self.tmp, "certs")
        os.makedirs(d)
        ossl = need("openssl", "apt-get install -y openssl")
        ca, cakey = os.path.join(d, "ca.pem"), os.path.join(d, "ca-key.pem")
        cert, key, csr = (os.path.join(d, n) for n in ("cert.pem", "key.pem", "req.csr"))
        ext = os.path.join(d, "ext.cnf")
        with open(ext, "w") as f:
            f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n")
        q = dict(capture_output=True, check=True)
        subprocess.run([ossl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650",
                        "-subj", "/CN=client-suites CA", "-keyout", cakey, "-out", ca], **q)
        subprocess.run([ossl, "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                        "-keyout", key, "-out", csr], **q)
        subprocess.run([ossl, "x509", "-req", "-days", "3650", "-set_serial", "2", "-in", csr,
                        "-CA", ca, "-CAkey", cakey, "-extfile", ext, "-out", cert], **q)
        self.ca, self.cert, self.key = ca, cert, key

    def start_mariadb(self):
        datadir = os.path.join(self.tmp, "data")
        self.sock = os.path.join(self.tmp, "mysqld.sock")
        r = subprocess.run([need("mariadb-install-db", "apt-get install -y mariadb-server"),
                            "--no-defaults", f"--datadir={datadir}", "--user=root", "--skip-test-db",
                            "--auth-root-authentication-method=socket", f"--tmpdir={self.tmp}"],
                           capture_output=True)
        if r.returncode != 0:
            raise Fail("mariadb-install-db failed:\n" + r.stdout.decode() + r.stderr.decode())
        self.mport = free_port()
        p = self.start("mariadbd", [
            need("mariadbd", "apt-get install -y mariadb-server"), "--no-defaults",
            f"--datadir={datadir}", "--user=root", f"--socket={self.sock}", f"--port={self.mport}",
            "--bind-address=127.0.0.1", f"--pid-file={os.path.join(self.tmp, 'mysqld.pid')}",
            f"--log-error={os.path.join(self.tmp, 'mariadbd.err')}", f"--tmpdir={self.tmp}",
            "--skip-name-resolve", "--local-infile=1",
            "--innodb-flush-log-at-trx-commit=2", "--innodb-buffer-pool-size=128M",
            # The limit the issue-33 drivers were run against: they read
            # @@max_allowed_packet and send statements up to it.
            f"--max-allowed-packet={MAX_ALLOWED_PACKET}",
            # go's TestConnectionAttributes and the suites' processlist
            # tests read performance_schema. go's TestConcurrent opens
            # @@max_connections sessions at once: 200 keeps that a test of
            # concurrency through squeeze, not of how many server threads a
            # loaded 2-core CI machine can start before the driver gives up
            # (at 500 it failed *directly* on CI, three rounds running).
            "--performance-schema=ON", "--max-connections=200",
            "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
            f"--ssl-ca={self.ca}", f"--ssl-cert={self.cert}", f"--ssl-key={self.key}",
        ])
        wait_tcp(self.mport, p, "mariadbd", timeout=120)
        # The account every suite logs in with (both paths), and the
        # databases they expect to exist.
        self.root_sql(f"""
            CREATE USER '{USER}'@'%' IDENTIFIED BY '{PASSWORD}';
            GRANT ALL ON *.* TO '{USER}'@'%' WITH GRANT OPTION;
            CREATE DATABASE gotest; CREATE DATABASE mysqldb_test; CREATE DATABASE myconnpy;
            CREATE DATABASE test; CREATE DATABASE cjtest; CREATE DATABASE testj;
            CREATE DATABASE test1 DEFAULT CHARACTER SET utf8mb4;
            CREATE DATABASE test2 DEFAULT CHARACTER SET utf8mb4;
            CREATE USER 'test2'@'%' IDENTIFIED BY '{PYMYSQL_TEST2_PASSWORD}';
            GRANT ALL ON test2.* TO 'test2'@'%';
            INSTALL SONAME 'auth_ed25519';
            CREATE FUNCTION IF NOT EXISTS ed25519_password RETURNS STRING SONAME 'auth_ed25519.so';
            CREATE DATABASE squeeze_other;
            CREATE TABLE squeeze_other.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);""")

    def root_sql(self, sql):
        r = subprocess.run([need("mariadb", "apt-get install -y mariadb-client"), "--no-defaults",
                            f"--socket={self.sock}", "-uroot", "-N", "-B", "-e", sql],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise Fail(f"SQL failed: {r.stderr.strip()}")
        return r.stdout

    def start_squeeze(self, name, extra):
        port, admin = free_port(), free_port()
        # Accounts come from the server, as in a deployment where clients
        # keep their MariaDB accounts: the suites create users of their own
        # and log in or COM_CHANGE_USER to them (mysql2's change-user
        # tests, MariaDB Connector/J's ed25519 and expired-password tests),
        # which a `[[users]]` list fixed at start cannot know.
        cfg = os.path.join(self.tmp, f"{name}.toml")
        with open(cfg, "w") as f:
            f.write('[auth]\naccounts = "server"\n')
        p = self.start(name, [self.a.squeeze, "serve", "--config", cfg, "--listen", f"127.0.0.1:{port}",
                              "--admin", f"127.0.0.1:{admin}", "--backend", f"127.0.0.1:{self.mport}",
                              "--tls-cert", self.cert,
                              "--tls-key", self.key,
                              # a sidecar's own Unix socket: `@@socket` names
                              # it (go's TestUnixSocketAuthFail logs in there)
                              "--socket", os.path.join(self.tmp, f"{name}.sock")] + extra)
        wait_tcp(port, p, name)
        return port


# ------------------------------------------------------------------ suites


def go_suite(a, work):
    """go-sql-driver/mysql's own tests, in a writable copy of the module."""
    go = "/usr/local/go/bin/go" if os.access("/usr/local/go/bin/go", os.X_OK) and not shutil.which("go") \
        else need("go", "apt-get install -y golang (or Go from go.dev)")
    ver = GO_DRIVER_VERSION
    # Module mode off a module: `go mod download` of one version, no go.mod.
    r = subprocess.run([go, "mod", "download", "-json", f"github.com/go-sql-driver/mysql@{ver}"],
                       cwd=work, capture_output=True, text=True, env=dict(os.environ, GO111MODULE="on"))
    if r.returncode != 0:
        raise Fail(f"go mod download failed: {r.stderr}{r.stdout}")
    src = json.loads(r.stdout)["Dir"]
    dst = os.path.join(work, f"go-mysql-{ver}")
    if not os.path.isdir(dst):
        shutil.copytree(src, dst)
        for root, dirs, files in os.walk(dst):
            for n in dirs + files:
                os.chmod(os.path.join(root, n), 0o755 if n in dirs else 0o644)
    # Compile the test binary once; both runs use it.
    binpath = os.path.join(dst, "mysql.test")
    if not os.path.exists(binpath):
        r = subprocess.run([go, "test", "-c", "-o", binpath, "."], cwd=dst, capture_output=True, text=True,
                           env=dict(os.environ, GOFLAGS="-mod=mod -buildvcs=false"))
        if r.returncode != 0:
            raise Fail(f"go test -c failed: {r.stderr[-3000:]}")

    def run(port, label):
        env = dict(os.environ, MYSQL_TEST_USER=USER, MYSQL_TEST_PASS=PASSWORD, MYSQL_TEST_PROT="tcp",
                   MYSQL_TEST_ADDR=f"127.0.0.1:{port}", MYSQL_TEST_DBNAME="gotest",
                   MYSQL_TEST_CONCURRENT="1")
        argv = [go, "tool", "test2json", "-t", binpath, "-test.v=test2json", "-test.count=1", "-test.timeout=15m",
                # Dials 1.1.1.1:1234 expecting a timeout; without a route out
                # v1.8.1 dereferences a nil logger and the whole binary dies.
                "-test.skip=^TestConnectorReturnsTimeout$"]
        if a.quick:
            argv.append("-test.short")
        r = subprocess.run(argv, cwd=dst, env=env, capture_output=True, text=True)
        out, res = [], {}
        for line in r.stdout.splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            t = ev.get("Test")
            if not t:
                continue
            if ev.get("Action") == "output":
                out.append(f"{t}: {ev.get('Output', '')}")
            if ev.get("Action") in ("pass", "fail", "skip"):
                res[t] = {"pass": "passed", "fail": "failed", "skip": "skipped"}[ev["Action"]]
        with open(os.path.join(work, f"go-{label}.log"), "w") as f:
            f.write("".join(out) + r.stderr)
        return res

    return run


def mysqlclient_suite(a, work):
    tests = os.path.join(REPO, ".venv", "mysqlclient-tests", "tests")
    if not os.path.isfile(os.path.join(tests, "test_MySQLdb_capabilities.py")):
        subprocess.run(["bash", os.path.join(REPO, "scripts", "install-deps.sh")], check=True)

    def run(port, label):
        cnf = os.path.join(work, f"mysqlclient-{label}.cnf")
        with open(cnf, "w") as f:
            f.write(f"[MySQLdb-tests]\nhost = 127.0.0.1\nport = {port}\nuser = {USER}\n"
                    f"password = {PASSWORD}\ndatabase = mysqldb_test\ndefault-character-set = utf8mb4\n")
        xml = os.path.join(work, f"mysqlclient-{label}.xml")
        argv = [VENV_PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}",
                "--ignore=test_sqlalchemy.py",
                # Timing-based: each asserts another thread is still inside a
                # fetch within 10 ms polls (seen to flip either way on a
                # loaded 2-core VM, direct or not); tests/clients.rs skips
                # the first for the same reason.
                "--deselect=test_connection.py::test_connection_concurrent_use_raises",
                "--deselect=test_connection.py::test_result_concurrent_use_raises", "."]
        r = subprocess.run(argv, cwd=tests, env=dict(os.environ, TESTDB=cnf),
                           capture_output=True, text=True)
        with open(os.path.join(work, f"mysqlclient-{label}.log"), "w") as f:
            f.write(r.stdout + r.stderr)
        return junit(xml)

    return run


def pymysql_suite(a, work):
    """PyMySQL's tests (not in its sdist: vendored from its repository, see
    vendor/pymysql/PROVENANCE.md) run against the PyMySQL installed in .venv:
    a copy of that package with the tests put back as `pymysql.tests`."""
    r = subprocess.run([VENV_PY, "-c", "import os, pymysql; print(os.path.dirname(pymysql.__file__))"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise Fail("PyMySQL is not installed in .venv: run `bash scripts/install-deps.sh`")
    pkg = r.stdout.strip()
    tests = os.path.join(HERE, "vendor", "pymysql", "tests")

    def run(port, label):
        root = os.path.join(work, f"pymysql-{label}")
        dst = os.path.join(root, "pymysql")
        shutil.copytree(pkg, dst, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(tests, os.path.join(dst, "tests"), ignore=shutil.ignore_patterns("__pycache__"))
        # PyMySQL's ci/docker.json, on our ports and account; its third
        # entry (the server's Unix socket) has no squeeze equivalent.
        with open(os.path.join(dst, "tests", "databases.json"), "w") as f:
            json.dump([
                {"host": "127.0.0.1", "port": port, "user": USER, "password": PASSWORD,
                 "database": "test1", "use_unicode": True, "local_infile": True},
                {"host": "127.0.0.1", "port": port, "user": "test2", "password": PYMYSQL_TEST2_PASSWORD,
                 "database": "test2"},
            ], f)
        xml = os.path.join(work, f"pymysql-{label}.xml")
        argv = [VENV_PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}", "pymysql/tests"]
        r = subprocess.run(argv, cwd=root, capture_output=True, text=True)
        with open(os.path.join(work, f"pymysql-{label}.log"), "w") as f:
            f.write(r.stdout + r.stderr)
        if not os.path.exists(xml):
            raise Fail(f"PyMySQL suite produced no results ({label}); see {work}/pymysql-{label}.log")
        return junit(xml)

    return run


def mysql2_suite(a, work):
    """node-mysql2's integration tests (not in its npm package: vendored
    from its repository, see vendor/mysql2/PROVENANCE.md) against the mysql2
    release from npm (vendor/mysql2/package-lock.json). Each test file is
    one test, run in a node process of its own as poku runs it (the
    TypeScript compiled to .mjs by esbuild first, once: node's start-up per
    file, not tsx's, 4 at a time): exit 0 passes, poku's `skip()` (exit 0
    after a `◯` line) skips.
    test/global (server-wide changes) runs one file at a time after the
    rest, as the suite's own poku.config.js does."""
    node = need("node", "apt-get install -y nodejs npm")
    vendor = os.path.join(HERE, "vendor", "mysql2")
    deps = os.path.join(CACHE, "mysql2-node")
    lock = open(os.path.join(vendor, "package-lock.json")).read()
    if not os.path.isfile(os.path.join(deps, "package-lock.json")) or \
            open(os.path.join(deps, "package-lock.json")).read() != lock or \
            not os.path.isdir(os.path.join(deps, "node_modules", "mysql2")):
        os.makedirs(deps, exist_ok=True)
        for n in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(vendor, n), deps)
        log("npm ci (mysql2 suite: mysql2, poku, esbuild)")
        subprocess.run([need("npm", "apt-get install -y npm"), "ci", "--silent", "--no-audit", "--no-fund"],
                       cwd=deps, check=True)
    root = os.path.join(work, "mysql2")
    shutil.copytree(os.path.join(vendor, "test"), os.path.join(root, "test"))
    os.symlink(os.path.join(deps, "node_modules"), os.path.join(root, "node_modules"))
    # The tests import the driver as ../index.js, ../promise.js and ../lib/...
    for n in ("index.js", "promise.js", "lib"):
        os.symlink(os.path.join(deps, "node_modules", "mysql2", n), os.path.join(root, n))
    files = []
    for top in ("integration", "global"):
        for d, _, names in sorted(os.walk(os.path.join(root, "test", top))):
            files += sorted(os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(".test.mts"))
    # integration/dispose tests JavaScript's `using` (Symbol.dispose), which
    # node 20 lacks and esbuild does not polyfill; no protocol in them.
    files = [f for f in files if not f.startswith("test/integration/dispose/")]
    if a.quick:
        files = [f for f in files if f.startswith("test/integration/connection/")]
    # The tests import each other as .mjs (their compiled names).
    every = [os.path.relpath(os.path.join(d, n), root)
             for d, _, names in os.walk(os.path.join(root, "test")) for n in names if n.endswith(".mts")]
    r = subprocess.run([os.path.join(deps, "node_modules", ".bin", "esbuild")] + every +
                       ["--outdir=test", "--outbase=test", "--format=esm", "--platform=node",
                        "--out-extension:.js=.mjs", "--log-level=warning"],
                       cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        raise Fail(f"esbuild of the mysql2 tests failed: {r.stderr[-2000:]}")
    ansi = re.compile(r"\x1b\[[0-9;]*m")

    def one(f, port, logs):
        env = dict(os.environ, CI="1", MYSQL_HOST="127.0.0.1", MYSQL_PORT=str(port), MYSQL_USER=USER,
                   MYSQL_PASSWORD=PASSWORD, MYSQL_DATABASE="test", NO_COLOR="1")
        try:
            r = subprocess.run([node, f[: -len(".mts")] + ".mjs"], cwd=root, env=env, capture_output=True,
                               text=True, timeout=90)
            out, rc = ansi.sub("", r.stdout + r.stderr), r.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = ansi.sub("", str(e.stdout or "") + "\n(timed out after 90 s)"), -1
        logs.append(f"=== {f} (exit {rc})\n{out}")
        if rc == 0:
            return "skipped" if any(line.lstrip().startswith("◯") for line in out.splitlines()) else "passed"
        return "failed"

    def run(port, label):
        from concurrent.futures import ThreadPoolExecutor
        logs, res = [], {}
        parallel = [f for f in files if not f.startswith("test/global/")]
        with ThreadPoolExecutor(max_workers=4) as ex:
            for f, o in zip(parallel, ex.map(lambda f: one(f, port, logs), parallel)):
                res[f] = o
        for f in files:
            if f.startswith("test/global/"):
                res[f] = one(f, port, logs)
        with open(os.path.join(work, f"mysql2-{label}.log"), "w") as fh:
            fh.write("\n".join(sorted(logs)))
        return res

    return run


def connector_suite(a, work):
    r = subprocess.run([VENV_PY, "-c", "import importlib.metadata as m; print(m.version('mysql-connector-python'))"],
                       capture_output=True, text=True, check=True)
    ver = r.stdout.strip()
    top = os.path.join(CACHE, f"mysql_connector_python-{ver}")
    if not os.path.isfile(os.path.join(top, "unittests.py")):
        os.makedirs(CACHE, exist_ok=True)
        log(f"fetching mysql-connector-python {ver} sdist for its tests")
        subprocess.run([VENV_PY, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--no-binary", ":all:", "--no-deps", "-d", CACHE,
                        f"mysql-connector-python=={ver}"], check=True)
        subprocess.run(["tar", "-xzf", os.path.join(CACHE, f"mysql_connector_python-{ver}.tar.gz"),
                        "-C", CACHE], check=True)
    runner = os.path.join(HERE, "connector_runner.py")

    def run(port, label):
        xml = os.path.join(work, f"connector-{label}.json")
        argv = [VENV_PY, runner, top, xml, "--use-external-server", "--skip-install",
                "--host=127.0.0.1", f"--port={port}", f"--user={USER}", f"--password={PASSWORD}"]
        if a.quick:
            argv.append("--quick")
        r = subprocess.run(argv, cwd=top, capture_output=True, text=True)
        with open(os.path.join(work, f"connector-{label}.log"), "w") as f:
            f.write(r.stdout + r.stderr)
        if not os.path.exists(xml):
            raise Fail(f"connector suite produced no results ({label}); see {work}/connector-{label}.log")
        return json.load(open(xml))

    return run


# The Java suites: test classes vendored from the drivers' repositories
# (vendor/connectorj, vendor/mariadbj: Maven Central has no -tests jars),
# compiled with javac against the pinned driver jar that
# scripts/install-deps.sh put in .test-deps/java/suites/lib, and run with the
# JUnit console launcher (one XML report per path).
JAVA_LIB = os.path.join(REPO, ".test-deps", "java", "suites", "lib")
# Each suite: its driver jar, the vendored classes it runs (full / --quick)
# and how it is told where the server is.
CONNECTORJ_CLASSES = [
    "testsuite.simple.ConnectionTest", "testsuite.simple.StatementsTest", "testsuite.simple.BlobTest",
    "testsuite.simple.ResultSetTest", "testsuite.simple.TransactionTest", "testsuite.simple.ExceptionsTest",
    "testsuite.simple.UpdatabilityTest", "testsuite.simple.TraversalTest",
    "testsuite.regression.BlobRegressionTest", "testsuite.regression.ResultSetRegressionTest",
    "testsuite.regression.StatementRegressionTest", "testsuite.regression.ConnectionRegressionTest",
    "testsuite.regression.SubqueriesRegressionTest", "testsuite.regression.NumbersRegressionTest",
]
CONNECTORJ_QUICK = ["testsuite.simple.BlobTest", "testsuite.simple.TransactionTest",
                    "testsuite.simple.TraversalTest", "testsuite.regression.SubqueriesRegressionTest"]
MARIADBJ_CLASSES = [f"org.mariadb.jdbc.integration.{c}" for c in (
    "ConnectionTest", "MultiPacketTest", "CompressTest", "ResultSetTest",
    "MultiQueriesTest", "BatchTest", "ErrorTest", "StatementTest", "BlobTest",
    "PreparedStatementMetadataTest", "BulkStmtSplitErrorTest", "EofTest",
    "resultset.ResultSetMetadataTest")]
# Tests that hang on both paths (not a squeeze difference): left out, by
# the JUnit launcher's method-name pattern. 4.0.0's pipelined batch of a
# 0-parameter statement given 2 parameters waits forever for a prepare
# response, directly as through squeeze. PreparedStatementTest (vendored)
# is not in the selection: with 4.0.0 against MariaDB 10.11 it hangs
# directly in more tests than this one (getUpdateCountValueOnFail too).
JAVA_HANGS = [r"org\.mariadb\.jdbc\.integration\.PreparedStatementTest#testLargeBatchParameterClearAfterError.*"]
MARIADBJ_QUICK = [f"org.mariadb.jdbc.integration.{c}" for c in (
    "MultiPacketTest", "CompressTest", "MultiQueriesTest", "EofTest")]


def java_jar(prefix):
    jars = sorted(f for f in os.listdir(JAVA_LIB) if f.startswith(prefix) and f.endswith(".jar")) \
        if os.path.isdir(JAVA_LIB) else []
    if not jars:
        raise Fail(f"no {prefix}*.jar in {JAVA_LIB}: run `bash scripts/install-deps.sh` "
                   "(Maven: bench/client_suites/java/pom.xml)")
    return os.path.join(JAVA_LIB, jars[-1])


def java_suite(a, work, name, driver, classes, quick, env_for):
    javac = need("javac", "apt-get install -y default-jdk-headless")
    java = need("java", "apt-get install -y default-jdk-headless")
    src = os.path.join(HERE, "vendor", name)
    cp = [java_jar(driver), java_jar("junit-platform-console-standalone"), java_jar("assertj-core")]
    cp += [java_jar(p) for p in ("protobuf-java",) if driver == "mysql-connector-j"]
    out = os.path.join(work, f"{name}-classes")
    os.makedirs(out)
    sources = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(src, "src", "test", "java"))
               for f in fs if f.endswith(".java")]
    log(f"{name}: compiling {len(sources)} vendored test sources")
    r = subprocess.run([javac, "-nowarn", "-encoding", "UTF-8", "-d", out, "-cp", ":".join(cp)] + sources,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise Fail(f"{name}: javac failed:\n{r.stdout}{r.stderr}")
    res_dir = os.path.join(src, "src", "test", "resources")
    if os.path.isdir(res_dir):
        shutil.copytree(res_dir, out, dirs_exist_ok=True)
    selected = quick if a.quick else classes

    def run(port, label):
        reports = os.path.join(work, f"{name}-{label}")
        jvm, env = env_for(port)
        argv = [java] + jvm + ["-jar", java_jar("junit-platform-console-standalone"), "execute",
                               "-cp", ":".join([out] + cp), "--disable-banner", "--details=summary",
                               f"--reports-dir={reports}"]
        argv += [f"--select-class={c}" for c in selected]
        argv += [f"--exclude-methodname={m}" for m in JAVA_HANGS]
        if a.only:
            argv.append(f"--include-methodname={a.only}")
        try:
            r = subprocess.run(argv, cwd=work, env=dict(os.environ, **env), capture_output=True, text=True,
                               timeout=JAVA_TIMEOUT)
            output = r.stdout + r.stderr
        except subprocess.TimeoutExpired as e:
            output = f"timed out after {JAVA_TIMEOUT}s\n{e.stdout or ''}{e.stderr or ''}"
        with open(os.path.join(work, f"{name}-{label}.log"), "w") as f:
            f.write(output if isinstance(output, str) else output.decode(errors="replace"))
        # One report per test engine (TEST-junit-jupiter.xml holds them).
        xmls = [os.path.join(reports, f) for f in sorted(os.listdir(reports))] if os.path.isdir(reports) else []
        res = {}
        for xml in xmls:
            if xml.endswith(".xml"):
                res.update(junit(xml))
        if not res:
            raise Fail(f"{name} produced no results ({label}); see {work}/{name}-{label}.log")
        return res

    return run


# One JVM per path runs a whole suite; a hung test must not hold the run.
# Connector/J's full selection took 1549 s directly (1544 s through
# squeeze) on a 2-core VM at load ~10: an hour leaves room.
JAVA_TIMEOUT = 3600


def connectorj_suite(a, work):
    def env_for(port):
        # BaseTestCase reads the URL from this system property; the suite
        # builds its own connections without TLS (sslMode=DISABLED).
        url = f"jdbc:mysql://127.0.0.1:{port}/cjtest?user={USER}&password={PASSWORD}"
        return [f"-Dcom.mysql.cj.testsuite.url={url}", "-Dcom.mysql.cj.testsuite.noDebugOutput=true"], {}
    return java_suite(a, work, "connectorj", "mysql-connector-j", CONNECTORJ_CLASSES, CONNECTORJ_QUICK, env_for)


def mariadbj_suite(a, work):
    def env_for(port):
        # Common.java reads TEST_DB_*; 4.0 verifies the server's certificate
        # by default, and the throw-away certificates are self-signed.
        return [], dict(TEST_DB_HOST="127.0.0.1", TEST_DB_PORT=str(port), TEST_DB_USER=USER,
                        TEST_DB_PASSWORD=PASSWORD, TEST_DB_DATABASE="testj", TEST_DB_OTHER="&sslMode=trust")
    return java_suite(a, work, "mariadbj", "mariadb-java-client", MARIADBJ_CLASSES, MARIADBJ_QUICK, env_for)


def junit(path):
    res = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "failed"
            elif child.tag == "skipped":
                outcome = "skipped"
        res[name] = outcome
    return res


def counts(res):
    return tuple(sum(1 for v in res.values() if v == k) for k in ("passed", "failed", "skipped"))


# ------------------------------------------------------------------ main


# Rounds after the first, run only while some test's outcome differs.
RERUNS = 2


def judge(seen, labels):
    """Per test, the outcomes seen on each path over every round so far.

    A test differs when one path passed it in some round and the other in
    none, or when the two paths share no outcome at all. A test whose
    outcome changed between rounds but which both paths passed at least
    once is timing-bound on this machine: it is reported as unstable,
    never silently dropped."""
    base, diffs, unstable = seen["direct"], [], {}
    for label in labels[1:]:
        other = seen[label]
        for name in sorted(set(base) | set(other)):
            b, o = base.get(name, {"absent"}), other.get(name, {"absent"})
            shown = f"direct {'/'.join(sorted(b))}, {label} {'/'.join(sorted(o))}"
            if ("passed" in b) != ("passed" in o) or not b & o:
                diffs.append(f"{label}: {name}: {shown}")
            elif b != o or len(b) > 1:
                unstable.setdefault(name, f"{name}: {shown}")
    return diffs, list(unstable.values())


def evidence(work, suite, diff, most=6):
    """The last lines each round's log holds about one differing test, so
    that a difference seen only on another machine (CI) explains itself."""
    label_and_name = diff.split(": ")
    name = label_and_name[1] if len(label_and_name) > 2 else diff
    leaf = name.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
    lines = []
    for log_name in sorted(os.listdir(work)):
        if not (log_name.startswith(f"{suite}-") and log_name.endswith(".log")):
            continue
        with open(os.path.join(work, log_name), errors="replace") as f:
            text = [l.rstrip() for l in f if l.strip() and "=== RUN" not in l]
        hits = [l for l in text if name in l] or [l for l in text if leaf in l]
        lines += [f"{log_name}: {h[:300]}" for h in hits[-most:]]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a subset of each suite (go -short, fewer connector modules)")
    ap.add_argument("--suites", default="go,mysqlclient,pymysql,mysql2,connector,connectorj,mariadbj")
    ap.add_argument("--squeeze", default=None,
                    help="squeeze binary (default: the newer of target/release and target/debug; built if neither)")
    ap.add_argument("--compressed", action="store_true",
                    help="also run each suite through a squeeze compressing squeeze_other.docs.doc")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (logs of every run)")
    ap.add_argument("--only", default=None, metavar="REGEX",
                    help="Java suites: run only the test methods whose qualified name matches "
                         "(JUnit --include-methodname), e.g. '.*#testIsLocal.*'")
    ap.add_argument("--serve", action="store_true",
                    help="start the stack, print its ports and wait (to run one test by hand); Ctrl-C stops it")
    a = ap.parse_args()
    if not a.squeeze:
        # The newer of the two builds: a stale release binary must not
        # stand in for the code just changed.
        built = [p for p in (os.path.join(REPO, "target", prof, "squeeze") for prof in ("release", "debug"))
                 if os.access(p, os.X_OK)]
        if built:
            a.squeeze = max(built, key=os.path.getmtime)
        else:
            log("building squeeze (cargo build --release)")
            subprocess.run(["cargo", "build", "--release", "--bin", "squeeze"], cwd=REPO, check=True)
            a.squeeze = os.path.join(REPO, "target", "release", "squeeze")
    if not os.access(VENV_PY, os.X_OK):
        raise Fail("no .venv: run `bash scripts/install-deps.sh` first")

    st = Stack(a)
    try:
        st.certs()
        st.start_mariadb()
        paths = [("direct", st.mport), ("squeeze", st.start_squeeze("squeeze", []))]
        if a.compressed:
            paths.append(("squeeze_compressed", st.start_squeeze("squeeze_compressed", [
                "--dictionaries", os.path.join(REPO, "dictionaries"),
                "--compress", "squeeze_other.docs.doc=reddit_comments"])))
        if a.serve:
            print(" ".join(f"{label}={port}" for label, port in paths) + f" user={USER} password={PASSWORD}"
                  f" tmp={st.tmp}", flush=True)
            try:
                while True:
                    time.sleep(3600)
            except KeyboardInterrupt:
                return
        work = os.path.join(st.tmp, "work")
        os.makedirs(work)
        makers = {"go": go_suite, "mysqlclient": mysqlclient_suite, "pymysql": pymysql_suite,
                  "mysql2": mysql2_suite, "connector": connector_suite,
                  "connectorj": connectorj_suite, "mariadbj": mariadbj_suite}
        rows, result = [], []
        total_diff = 0
        unstable_tests = []
        for suite in a.suites.split(","):
            run = makers[suite](a, work)
            outcomes, seen = {}, {label: {} for label, _ in paths}
            for round_no in range(1 + RERUNS):
                for label, port in paths:
                    t0 = time.time()
                    tag = label if round_no == 0 else f"{label}-rerun{round_no}"
                    log(f"{suite}: {tag} (port {port})")
                    got = run(port, tag)
                    p, f, s = counts(got)
                    log(f"{suite}: {tag}: {p} passed, {f} failed, {s} skipped in {time.time() - t0:.0f}s")
                    if round_no == 0:
                        outcomes[label] = got
                        result.append(f"{suite}_{label}_pass={p} {suite}_{label}_fail={f} {suite}_{label}_skip={s}")
                    for name, outcome in got.items():
                        seen[label].setdefault(name, set()).add(outcome)
                    for name in set(seen[label]) - set(got):
                        seen[label][name].add("absent")
                diffs, unstable = judge(seen, [label for label, _ in paths])
                if not diffs:
                    break
                # A difference is re-run before it counts: one slow moment
                # on a 2-core VM can fail a timing-bound test on either path.
                log(f"{suite}: {len(diffs)} difference(s); re-running both paths")
            unstable_tests += [f"{suite}: {u}" for u in unstable]
            total_diff += len(diffs)
            rows.append((suite, outcomes, diffs))
        print()
        print(f"{'suite':<12} {'path':<20} {'passed':>7} {'failed':>7} {'skipped':>8}")
        for suite, outcomes, diffs in rows:
            for label, _ in paths:
                p, f, s = counts(outcomes[label])
                print(f"{suite:<12} {label:<20} {p:>7} {f:>7} {s:>8}")
            for d in diffs:
                print(f"  differs: {d}")
                for line in evidence(work, suite, d):
                    print(f"      {line}")
        for u in unstable_tests:
            print(f"  unstable on this machine (passed on both paths in some round): {u}")
        print()
        print("RESULT " + " ".join(result) + f" differing={total_diff} unstable={len(unstable_tests)}")
    finally:
        st.cleanup()


def on_term(_signum, _frame):
    # SIGTERM (and SIGINT of a background job) ends the run like Ctrl-C,
    # so the servers are stopped and the temp dir removed.
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_term)
    try:
        main()
    except Fail as e:
        log(f"error: {e}")
        sys.exit(1)
