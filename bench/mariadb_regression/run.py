#!/usr/bin/env python3
"""MariaDB's own regression suite (mariadb-test-run, Debian's `mariadb-test`
package) as a differential check: a selection of the main suite's tests run
with `--extern` against one throw-away MariaDB, first directly, then through
squeeze, and every test whose outcome (pass/fail/skip) differs is listed with
the first lines of its failure. Ends with one `RESULT ...` line.

  python3 bench/mariadb_regression/run.py                 # the selection below (~6 min on 2 cores)
  python3 bench/mariadb_regression/run.py --quick         # six of them (tests/standing_suites.rs)
  python3 bench/mariadb_regression/run.py main.sp-cursor  # named tests only
  python3 bench/mariadb_regression/run.py --ps-protocol   # mysqltest sends every statement prepared

The server runs with mtr's own defaults that matter to results
(include/default_mysqld.cnf: latin1, local-infile, small buffers) and
max_allowed_packet 256 MiB. squeeze runs with its default configuration,
except that accounts come from the server (`[auth] accounts = "server"`):
the tests create and log in as their own users. mysqltest connects with
`protocol=tcp` on both paths, so `connect(c,localhost,...)` in a test reaches
the server (or squeeze) on the port, not the server's Unix socket; without
`skip-name-resolve` 127.0.0.1 is `localhost` to the server, so the tests'
`user@localhost` accounts match on both paths.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import benchlib  # noqa: E402
from benchlib import Fail, free_port, log, need, wait_tcp  # noqa: E402

REPO = benchlib.REPO
MTR_DIR = "/usr/share/mysql/mysql-test"
MAX_ALLOWED_PACKET = 256 * 1024 * 1024

# The main suite's tests that run against an already running server
# (no server options of their own, no debug build, no restart: ps_error
# sources include/restart_mysqld.inc, which with --extern shuts the shared
# server down) and exercise what a proxy relays: why each group is here.
SELECTION = [
    # Prepared statements (COM_STMT_* and SQL PREPARE), their metadata and
    # re-preparation after DDL.
    "ps_1general", "ps_2myisam", "ps_ddl", "ps_ddl1", "ps_grant",
    "ps_max_subselect-5113", "information_schema_prepare",
    # Stored programs: multiple result sets, cursors, SIGNAL, diagnostics,
    # dynamic SQL, triggers.
    "sp", "sp-cursor", "sp-dynamic", "sp-error", "signal", "get_diagnostics", "trigger",
    # Session state, users and ids: user variables, COM_CHANGE_USER, new
    # connections, warnings and errors.
    "user_var", "change_user", "connect", "errors", "warnings", "mysql_protocols",
    # Packet sizes and large values.
    "packet", "type_blob", "func_str",
    # Result shapes and DML through the analyzer's paths.
    "union", "derived", "cte_nonrecursive", "cte_recursive", "view", "insert", "update",
    "delete", "replace", "multi_update", "bulk_replace", "loaddata", "func_json",
    "type_json", "type_datetime", "ctype_binary", "ctype_utf8mb4", "func_misc",
    # The clients themselves over the wire: mysqltest's own features, the
    # mariadb CLI, comments, and the C API's protocol test program.
    "mysqltest", "mysql", "mysql_comments", "mysql_client_test",
]

# --quick (tests/standing_suites.rs): one test per issue-33 cause the suite
# showed, plus prepared statements and the C API's protocol test.
QUICK = ["sp-cursor", "user_var", "change_user", "packet", "ps_1general", "mysql_client_test"]

LINE = re.compile(r"^(\S+)\s+(?:'\S+'\s+)?w?\d*\s*\[ (pass|fail|skipped|disabled) \]\s*(.*)$")


def mysqltest_sql_to_cli(sql):
    """mtr's include/*.sql are written for mysqltest (`delimiter ||;`,
    `use mtr||`); the same statements for the mariadb client."""
    out, delim = [], ";"
    for line in sql.splitlines():
        m = re.match(r"^delimiter (.*)", line)
        if m:
            new = m.group(1)
            if new.endswith(delim):
                new = new[: -len(delim)]
            delim = new
            out.append(f"DELIMITER {delim}")
        elif re.match(r"^\s*--", line) or re.match(r"^use mtr", line, re.I):
            continue
        else:
            out.append(line.replace("'@HOSTNAME@'", "localhost"))
    return "\n".join(out) + "\n"


class Stack(benchlib.Processes):
    def __init__(self, a):
        super().__init__(a, "mariadb-regression-")

    def start_mariadb(self):
        datadir = os.path.join(self.tmp, "data")
        self.sock = os.path.join(self.tmp, "mysqld.sock")
        # root@localhost with an empty password (mtr's own bootstrap), and
        # the `test` database the tests use.
        r = subprocess.run([need("mariadb-install-db", "apt-get install -y mariadb-server"),
                            "--no-defaults", f"--datadir={datadir}", "--user=root",
                            "--auth-root-authentication-method=normal", f"--tmpdir={self.tmp}"],
                           capture_output=True)
        if r.returncode != 0:
            raise Fail("mariadb-install-db failed:\n" + r.stdout.decode() + r.stderr.decode())
        self.mport = free_port()
        self.files = os.path.join(self.tmp, "files")
        os.makedirs(self.files)
        p = self.start("mariadbd", [
            need("mariadbd", "apt-get install -y mariadb-server"), "--no-defaults",
            f"--datadir={datadir}", "--user=root", f"--socket={self.sock}", f"--port={self.mport}",
            "--bind-address=127.0.0.1", f"--pid-file={os.path.join(self.tmp, 'mysqld.pid')}",
            f"--log-error={os.path.join(self.tmp, 'mariadbd.err')}", f"--tmpdir={self.tmp}",
            f"--max-allowed-packet={MAX_ALLOWED_PACKET}",
            # include/default_mysqld.cnf, the options results depend on.
            "--local-infile", "--character-set-server=latin1", "--log-bin-trust-function-creators=1",
            "--key-buffer-size=1M", "--sort-buffer-size=256K", "--max-heap-table-size=1M",
            "--innodb-buffer-pool-size=64M", "--connect-timeout=60", "--max-connections=300",
            "--innodb-flush-log-at-trx-commit=2", f"--secure-file-priv={self.tmp}",
            "--default-storage-engine=myisam", "--use-stat-tables=preferably", "--histogram-type=json_hb",
            "--binlog-direct-non-transactional-updates", "--slave-net-timeout=120",
            f"--ssl-ca={MTR_DIR}/std_data/cacert.pem", f"--ssl-cert={MTR_DIR}/std_data/server-cert.pem",
            f"--ssl-key={MTR_DIR}/std_data/server-key.pem",
        ])
        wait_tcp(self.mport, p, "mariadbd", timeout=120)
        # mtr's schema (the tests call mtr.add_suppression); mtr creates it
        # at bootstrap when it starts its own server.
        with open(os.path.join(MTR_DIR, "include", "mtr_warnings.sql")) as f:
            self.root_sql("CREATE DATABASE mtr;\nUSE mtr;\n" + mysqltest_sql_to_cli(f.read()))

    def root_sql(self, sql):
        r = subprocess.run([need("mariadb", "apt-get install -y mariadb-client"), "--no-defaults",
                            f"--socket={self.sock}", "-uroot"], input=sql, capture_output=True, text=True)
        if r.returncode != 0:
            raise Fail(f"SQL failed: {r.stderr.strip()}")
        return r.stdout

    def start_squeeze(self):
        port, admin = free_port(), free_port()
        cfg = os.path.join(self.tmp, "squeeze.toml")
        with open(cfg, "w") as f:
            f.write(f'[proxy]\nlisten = "127.0.0.1:{port}"\n\n'
                    '[auth]\naccounts = "server"\n\n'
                    f'[backend]\naddress = "127.0.0.1:{self.mport}"\n\n'
                    f'[admin]\nlisten = "127.0.0.1:{admin}"\n')
        p = self.start("squeeze", [self.a.squeeze, "serve", "--config", cfg])
        wait_tcp(port, p, "squeeze")
        return port


def run_mtr(a, st, label, port, tests):
    """One mariadb-test-run over `tests`; {name: (outcome, detail)}."""
    vardir = os.path.join(st.tmp, f"var-{label}")
    argv = ["perl", os.path.join(MTR_DIR, "mariadb-test-run.pl"),
            "--extern", "host=127.0.0.1", "--extern", f"port={port}", "--extern", "protocol=tcp",
            "--extern", "user=root", f"--vardir={vardir}", f"--tmpdir={os.path.join(st.tmp, f'mtr-tmp-{label}')}",
            "--force", "--max-test-fail=0", "--nocheck-testcases", "--retry=0", "--parallel=1",
            f"--testcase-timeout={a.testcase_timeout}", "--suite-timeout=120", "--nowarnings"]
    if a.ps_protocol:
        argv.append("--ps-protocol")
    argv += tests
    t0 = time.time()
    r = subprocess.run(argv, cwd=MTR_DIR, capture_output=True, text=True)
    out = r.stdout + r.stderr
    with open(os.path.join(st.tmp, f"mtr-{label}.log"), "w") as f:
        f.write(out)
    res, current = {}, None
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            current = m.group(1)
            res[current] = [{"pass": "passed", "fail": "failed"}.get(m.group(2), "skipped"), m.group(3).strip()]
        elif current and res[current][0] == "failed" and len(res[current][1]) < 1500 and line.strip():
            # The failure's own lines (mysqltest's error, the result diff).
            res[current][1] += "\n      " + line.rstrip()
        elif line.startswith("----") or line.startswith("The servers were restarted"):
            current = None
    if not res:
        raise Fail(f"mariadb-test-run ran nothing ({label}); its output:\n{out[-3000:]}")
    log(f"{label}: {sum(v[0] == 'passed' for v in res.values())} passed, "
        f"{sum(v[0] == 'failed' for v in res.values())} failed, "
        f"{sum(v[0] == 'skipped' for v in res.values())} skipped in {time.time() - t0:.0f}s")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tests", nargs="*", help="tests to run (default: the selection in this file)")
    ap.add_argument("--squeeze", default=None,
                    help="squeeze binary (default: the newer of target/release and target/debug; built if neither)")
    ap.add_argument("--quick", action="store_true", help="a few tests (QUICK in this file), for the test command")
    ap.add_argument("--ps-protocol", action="store_true", help="mysqltest sends statements as prepared statements")
    ap.add_argument("--testcase-timeout", type=int, default=2, help="minutes per test (mtr's --testcase-timeout)")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (mtr logs of both runs)")
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(MTR_DIR, "mariadb-test-run.pl")):
        raise Fail(f"no {MTR_DIR}/mariadb-test-run.pl: apt-get install -y mariadb-test "
                   "(or bash scripts/install-deps.sh)")
    if not a.squeeze:
        built = [p for p in (os.path.join(REPO, "target", prof, "squeeze") for prof in ("release", "debug"))
                 if os.access(p, os.X_OK)]
        if built:
            a.squeeze = max(built, key=os.path.getmtime)
        else:
            log("building squeeze (cargo build --release)")
            subprocess.run(["cargo", "build", "--release", "--bin", "squeeze"], cwd=REPO, check=True)
            a.squeeze = os.path.join(REPO, "target", "release", "squeeze")
    tests = a.tests or [f"main.{t}" for t in (QUICK if a.quick else SELECTION)]

    st = Stack(a)
    try:
        st.start_mariadb()
        paths = [("direct", st.mport), ("squeeze", st.start_squeeze())]
        outcomes = {label: run_mtr(a, st, label, port, tests) for label, port in paths}
        base, other = outcomes["direct"], outcomes["squeeze"]
        diffs = [n for n in sorted(set(base) | set(other))
                 if base.get(n, ["absent"])[0] != other.get(n, ["absent"])[0]]
        print()
        print(f"{'test':<34} {'direct':<8} {'squeeze':<8}")
        for n in sorted(set(base) | set(other)):
            d, s = base.get(n, ["absent", ""]), other.get(n, ["absent", ""])
            print(f"{n:<34} {d[0]:<8} {s[0]:<8}{'  DIFFERS' if n in diffs else ''}")
        for n in diffs:
            for label in ("direct", "squeeze"):
                o = outcomes[label].get(n)
                if o and o[0] != "passed":
                    print(f"\n{n} ({label}, {o[0]}): {o[1]}")
        counts = []
        for label, _ in paths:
            res = outcomes[label]
            counts += [f"{label}_{k}={sum(v[0] == k for v in res.values())}" for k in ("passed", "failed", "skipped")]
        mode = " ps_protocol=1" if a.ps_protocol else ""
        print(f"\nRESULT tests={len(set(base) | set(other))}{mode} " + " ".join(counts) + f" differing={len(diffs)}")
    finally:
        st.cleanup()


def on_term(_signum, _frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_term)
    try:
        main()
    except Fail as e:
        log(f"error: {e}")
        sys.exit(1)
