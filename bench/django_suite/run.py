#!/usr/bin/env python3
"""Django's own test suite (from its sdist's tests/) run against one
throw-away MariaDB on up to three paths, one after the other:

  direct     Django to MariaDB;
  squeeze    through squeeze compressing every JSONField column of the test
             apps (present_as = "json"), squeeze evaluating reads itself
             (`codec.server_evaluation = false`);
  in_server  the same columns, with squeeze's in-server functions installed
             (`squeeze udf install`), so reads inside a document are
             evaluated by MariaDB.

Prints per path passed/failed/skipped and every test whose outcome differs
from direct, classed as `refused` (the test's error is squeeze's ERR 1235
naming a column: the contract allows it, issue 45 counts it) or `wrong`
(anything else: a wrong answer, an unexpected error), then one RESULT line.

  .venv/bin/python bench/django_suite/run.py                 # the JSON apps, every path (~25 min)
  .venv/bin/python bench/django_suite/run.py --quick         # the bounded selection the test command runs
  .venv/bin/python bench/django_suite/run.py --apps inspectdb,schema --paths direct,in_server

The tests come from .venv/django-tests (scripts/install-deps.sh fetches the
sdist of the installed Django). Python 3 stdlib only (the suite uses the
repo's .venv).
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import benchlib  # noqa: E402
from benchlib import Fail, free_port, log, need, wait_tcp  # noqa: E402

REPO = benchlib.REPO
VENV_PY = os.path.join(REPO, ".venv", "bin", "python")
TESTS = os.path.join(REPO, ".venv", "django-tests", "tests")
USER, PASSWORD = "django", "django-pw"
# Issues 44's and 45's lists: the apps whose models have JSONField columns
# or whose tests query them, and the schema/migration/introspection apps a
# compressed column must not break.
JSON_APPS = ("model_fields,queries,expressions,annotations,expressions_window,constraints,inspectdb,"
             "db_functions,schema,migrations,introspection")
# The bounded selection of the test command (a few minutes per path): every
# JSONField test, the reflection Django's migrate and inspectdb rely on.
QUICK = ("model_fields.test_jsonfield,queries.test_bulk_update,expressions_window,inspectdb,introspection,"
         "constraints,schema.tests.SchemaTests.test_add_field,schema.tests.SchemaTests.test_alter")
PATHS = ("direct", "squeeze", "in_server")


class Stack(benchlib.Processes):
    def __init__(self, a):
        super().__init__(a, "django-suite-")

    def start_mariadb(self):
        datadir = os.path.join(self.tmp, "data")
        self.sock = os.path.join(self.tmp, "mysqld.sock")
        self.plugin_dir = os.path.join(self.tmp, "plugins")
        os.makedirs(self.plugin_dir)
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
            f"--plugin-dir={self.plugin_dir}", "--skip-name-resolve",
            "--innodb-flush-log-at-trx-commit=0", "--innodb-buffer-pool-size=256M",
            "--innodb-doublewrite=0", "--sync-binlog=0",
            # Django's own CI for MariaDB: utf8mb4 server defaults.
            "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
        ])
        wait_tcp(self.mport, p, "mariadbd", timeout=120)
        self.root_sql(f"CREATE USER '{USER}'@'%' IDENTIFIED BY '{PASSWORD}';"
                      f"GRANT ALL ON *.* TO '{USER}'@'%' WITH GRANT OPTION;"
                      # the NAMEs of the settings (inspectdb's tests connect at import)
                      "CREATE DATABASE django_default; CREATE DATABASE django_other;")

    def root_sql(self, sql):
        r = subprocess.run([need("mariadb", "apt-get install -y mariadb-client"), "--no-defaults",
                            f"--socket={self.sock}", "-uroot", "-N", "-B", "-e", sql],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise Fail(f"SQL failed: {r.stderr.strip()}")
        return r.stdout

    def config(self, name, columns, server_evaluation):
        """A squeeze configuration compressing `columns` in Django's test
        databases (test_default, test_other); Django's account is the one
        squeeze knows (and uses for its own connections)."""
        dicts = os.path.join(REPO, "dictionaries")
        text = [
            f'[[users]]\nname = "{USER}"\npassword = "{PASSWORD}"\n',
            f'[backend]\naddress = "127.0.0.1:{self.mport}"\n',
            f'[codec]\ndictionaries_dir = "{dicts}"\nserver_evaluation = {str(server_evaluation).lower()}\n',
        ]
        for table, column in columns:
            # min_size 0: every document compressed, the hardest case.
            text.append(f'[[columns]]\nschema = "test_*"\ntable = "{table}"\ncolumn = "{column}"\n'
                        f'dictionary = "reddit_comments"\nmin_size = 0\npresent_as = "json"\n')
        path = os.path.join(self.tmp, f"{name}.toml")
        with open(path, "w") as f:
            f.write("\n".join(text))
        return path

    def start_squeeze(self, name, cfg):
        port, admin = free_port(), free_port()
        p = self.start(name, [self.a.squeeze, "serve", "--config", cfg, "--listen", f"127.0.0.1:{port}",
                              "--admin", f"127.0.0.1:{admin}"])
        wait_tcp(port, p, name)
        return port

    def stop_process(self, name):
        p = self.procs.get(name)
        if p and p.poll() is None:
            p.terminate()
            p.wait(timeout=60)

    def install_functions(self, cfg):
        lib = self.a.library or os.path.join(os.path.dirname(self.a.squeeze), "libsqueeze_udf.so")
        if not os.path.isfile(lib):
            raise Fail(f"{lib} is missing: build it with `cargo build -p squeeze-udf` "
                       "(`--release` beside a release squeeze)")
        r = subprocess.run([self.a.squeeze, "udf", "install", "--config", cfg, "--library", lib],
                           capture_output=True, text=True)
        if r.returncode != 0 or "ready" not in r.stdout + r.stderr:
            raise Fail(f"squeeze udf install failed:\n{r.stdout}{r.stderr}")


def json_columns(labels):
    """(table, column) of every JSONField of the apps, as Django creates them."""
    apps = sorted({label.split(".")[0] for label in labels})
    r = subprocess.run([VENV_PY, os.path.join(HERE, "json_columns.py"), TESTS, *apps],
                       capture_output=True, text=True, cwd=TESTS)
    if r.returncode != 0:
        raise Fail(f"json_columns.py failed:\n{r.stderr[-3000:]}")
    return [tuple(line.split("\t")) for line in r.stdout.splitlines() if line]


def run_suite(a, st, port, path, labels):
    """Django's runtests.py against `port`: {test id: [outcome, detail]}."""
    outcomes = os.path.join(st.tmp, f"outcomes-{path}.json")
    env = dict(os.environ, DJANGO_SUITE_PORT=str(port), DJANGO_SUITE_USER=USER,
               DJANGO_SUITE_PASSWORD=PASSWORD, DJANGO_SUITE_OUTCOMES=outcomes,
               PYTHONPATH=HERE, PYTHONHASHSEED="0")
    argv = [VENV_PY, "runtests.py", "--settings=squeeze_settings", "--noinput", "--parallel=1",
            "-v", "2", *labels]
    with open(os.path.join(st.tmp, f"django-{path}.log"), "w") as logf:
        r = subprocess.run(argv, cwd=TESTS, env=env, stdout=logf, stderr=subprocess.STDOUT,
                           timeout=a.timeout)
    if not os.path.exists(outcomes):
        with open(os.path.join(st.tmp, f"django-{path}.log")) as f:
            raise Fail(f"runtests.py on {path} ended ({r.returncode}) without outcomes:\n{f.read()[-4000:]}")
    with open(outcomes) as f:
        return json.load(f)


REFUSED = re.compile(r"\b1235\b.*(squeeze|column)", re.I)


def compare(direct, through):
    """Tests whose outcome through squeeze is not direct's: (id, direct,
    through, detail, class) with class `refused` or `wrong`."""
    bad = {"fail", "error"}
    diffs = []
    for test in sorted(set(direct) | set(through)):
        d = direct.get(test, ["absent", ""])
        t = through.get(test, ["absent", ""])
        if (d[0] in bad) == (t[0] in bad) and (d[0] == "absent") == (t[0] == "absent"):
            continue
        kind = "refused" if t[0] in bad and REFUSED.search(t[1]) else "wrong"
        diffs.append((test, d[0], t[0], t[1], kind))
    return diffs


def counts(outcomes):
    c = {"ok": 0, "fail": 0, "skip": 0}
    for outcome, _ in outcomes.values():
        c["fail" if outcome in ("fail", "error", "xpass") else "skip" if outcome == "skip" else "ok"] += 1
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--squeeze", required=False, help="squeeze binary (default: target/debug/squeeze)")
    ap.add_argument("--library", help="in-server library (default: libsqueeze_udf.so beside --squeeze)")
    ap.add_argument("--apps", default=JSON_APPS, help="Django test labels, comma-separated")
    ap.add_argument("--quick", action="store_true", help=f"the bounded selection: {QUICK}")
    ap.add_argument("--paths", default=",".join(PATHS), help="of " + ",".join(PATHS))
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per path")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (each path's log)")
    a = ap.parse_args()
    a.squeeze = a.squeeze or os.path.join(REPO, "target", "debug", "squeeze")
    if not os.access(a.squeeze, os.X_OK):
        raise Fail(f"{a.squeeze} is missing: cargo build")
    if not os.access(VENV_PY, os.X_OK) or not os.path.isfile(os.path.join(TESTS, "runtests.py")):
        raise Fail("Django's tests are missing: run `bash scripts/install-deps.sh`")
    labels = (QUICK if a.quick else a.apps).split(",")
    paths = a.paths.split(",")
    if paths[0] != "direct" or any(p not in PATHS for p in paths):
        raise Fail(f"--paths starts with direct and names some of {PATHS}")

    st = Stack(a)
    try:
        st.start_mariadb()
        columns = json_columns(labels)
        log(f"{len(columns)} JSONField columns compressed: " + ", ".join(f"{t}.{c}" for t, c in columns))
        results = {}
        for path in paths:
            port = st.mport
            if path != "direct":
                cfg = st.config(path, columns, server_evaluation=path == "in_server")
                if path == "in_server":
                    st.install_functions(cfg)
                port = st.start_squeeze(path, cfg)
            t0 = time.time()
            log(f"{path}: runtests.py {' '.join(labels)} (port {port})")
            results[path] = run_suite(a, st, port, path, labels)
            c = counts(results[path])
            log(f"{path}: {c['ok']} passed, {c['fail']} failed, {c['skip']} skipped in {time.time() - t0:.0f}s")
            if path != "direct":
                st.stop_process(path)

        print()
        print(f"{'path':<10} {'tests':>6} {'passed':>7} {'failed':>7} {'skipped':>8} {'differ':>7} "
              f"{'refused':>8} {'wrong':>6}")
        result = [f"apps={'quick' if a.quick else a.apps}"]
        report = []
        for path in paths:
            c = counts(results[path])
            diffs = compare(results["direct"], results[path]) if path != "direct" else []
            refused = sum(1 for d in diffs if d[4] == "refused")
            wrong = len(diffs) - refused
            print(f"{path:<10} {len(results[path]):>6} {c['ok']:>7} {c['fail']:>7} {c['skip']:>8} "
                  f"{len(diffs):>7} {refused:>8} {wrong:>6}")
            result.append(f"{path}_tests={len(results[path])} {path}_failed={c['fail']}")
            if path != "direct":
                result.append(f"{path}_differing={len(diffs)} {path}_refused={refused} {path}_wrong={wrong}")
                report += [(path, d) for d in diffs]
        for path, (test, d, t, detail, kind) in report:
            print(f"  {path}: {kind}: {test}: direct {d}, through {t}: {detail}")
        print()
        print("RESULT django_suite " + " ".join(result))
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
