#!/usr/bin/env python3
"""SQLAlchemy's own JSON tests (its sdist's test/, `-k "JSON or json"`) run
against one throw-away MariaDB on up to three paths, as
bench/django_suite/run.py runs Django's:

  direct     SQLAlchemy (mysqlclient) to MariaDB; records every JSON column
             the tests create;
  squeeze    through squeeze compressing those columns (present_as =
             "json"), squeeze evaluating reads itself;
  in_server  the same, with squeeze's in-server functions installed.

Prints per path passed/failed/skipped, every test whose outcome differs
from direct (`refused`: squeeze's ERR 1235 naming a column; `wrong`:
anything else), and one RESULT line.

  .venv/bin/python bench/sqlalchemy_suite/run.py [--paths direct,squeeze] [--select "JSON or json"]

The tests come from .venv/sqlalchemy-tests (the sdist of the installed
SQLAlchemy, fetched by scripts/install-deps.sh).
"""

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import benchlib  # noqa: E402
from benchlib import Fail, log  # noqa: E402

_spec = importlib.util.spec_from_file_location("django_suite", os.path.join(HERE, "..", "django_suite", "run.py"))
django_suite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(django_suite)

REPO = benchlib.REPO
VENV_PY = os.path.join(REPO, ".venv", "bin", "python")
SUITE = os.path.join(REPO, ".venv", "sqlalchemy-tests")
USER, PASSWORD = django_suite.USER, django_suite.PASSWORD
SCHEMAS = ("test", "test_schema", "test_schema_2")
PATHS = ("direct", "squeeze", "in_server")


class Stack(django_suite.Stack):
    def start_mariadb(self):
        super().start_mariadb()
        self.root_sql("".join(f"CREATE DATABASE {s};" for s in SCHEMAS))

    def config(self, name, columns, server_evaluation):
        dicts = os.path.join(REPO, "dictionaries")
        text = [
            f'[[users]]\nname = "{USER}"\npassword = "{PASSWORD}"\n',
            f'[backend]\naddress = "127.0.0.1:{self.mport}"\n',
            f'[codec]\ndictionaries_dir = "{dicts}"\nserver_evaluation = {str(server_evaluation).lower()}\n',
        ]
        for schema, table, column in columns:
            text.append(f'[[columns]]\nschema = "{schema or "test"}"\ntable = "{table}"\ncolumn = "{column}"\n'
                        f'dictionary = "reddit_comments"\nmin_size = 0\npresent_as = "json"\n')
        path = os.path.join(self.tmp, f"{name}.toml")
        with open(path, "w") as f:
            f.write("\n".join(text))
        return path


def run_suite(a, st, port, path):
    """pytest over the selection against `port`: ({test id: [outcome,
    detail]}, [(schema, table, column)] of the JSON columns created)."""
    xml = os.path.join(st.tmp, f"junit-{path}.xml")
    cols = os.path.join(st.tmp, f"columns-{path}.tsv")
    env = dict(os.environ, SA_SUITE_COLUMNS=cols, PYTHONPATH=HERE)
    argv = [VENV_PY, "-m", "pytest", "test/", "-k", a.select, "-p", "json_columns_plugin", "-p", "no:cacheprovider",
            "--dburi", f"mariadb+mysqldb://{USER}:{PASSWORD}@127.0.0.1:{port}/test",
            f"--junitxml={xml}", "-q"]
    with open(os.path.join(st.tmp, f"pytest-{path}.log"), "w") as logf:
        r = subprocess.run(argv, cwd=SUITE, env=env, stdout=logf, stderr=subprocess.STDOUT, timeout=a.timeout)
    with open(os.path.join(st.tmp, f"pytest-{path}.log")) as f:
        text = f.read()
    if not os.path.exists(xml) or "Interrupted:" in text:
        raise Fail(f"pytest on {path} ended ({r.returncode}) without outcomes:\n{text[-4000:]}")
    outcomes = {}
    for case in ET.parse(xml).getroot().iter("testcase"):
        key = f"{case.get('classname')}::{case.get('name')}"
        outcome, detail = "ok", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "fail" if child.tag == "failure" else "error"
                detail = (child.get("message") or "")[:300]
            elif child.tag == "skipped" and outcome == "ok":
                outcome = "skip"
        outcomes[key] = [outcome, detail]
    columns = []
    if os.path.exists(cols):
        with open(cols) as f:
            columns = [tuple(line.rstrip("\n").split("\t")) for line in f if line.strip()]
    return outcomes, columns


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--squeeze", help="squeeze binary (default: target/debug/squeeze)")
    ap.add_argument("--library", help="in-server library (default: libsqueeze_udf.so beside --squeeze)")
    ap.add_argument("--select", default="JSON or json", help="pytest -k expression")
    ap.add_argument("--paths", default=",".join(PATHS), help="of " + ",".join(PATHS))
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per path")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (each path's log)")
    a = ap.parse_args()
    a.squeeze = a.squeeze or os.path.join(REPO, "target", "debug", "squeeze")
    if not os.access(a.squeeze, os.X_OK):
        raise Fail(f"{a.squeeze} is missing: cargo build")
    if not os.path.isfile(os.path.join(SUITE, "test", "conftest.py")):
        raise Fail("SQLAlchemy's tests are missing: run `bash scripts/install-deps.sh`")
    paths = a.paths.split(",")
    if paths[0] != "direct" or any(p not in PATHS for p in paths):
        raise Fail(f"--paths starts with direct and names some of {PATHS}")
    st = Stack(a)
    try:
        st.start_mariadb()
        results, columns = {}, []
        for path in paths:
            port = st.mport
            if path != "direct":
                cfg = st.config(path, columns, server_evaluation=path == "in_server")
                if path == "in_server":
                    st.install_functions(cfg)
                port = st.start_squeeze(path, cfg)
            t0 = time.time()
            results[path], created = run_suite(a, st, port, path)
            if path == "direct":
                columns = created
                log(f"{len(columns)} JSON columns: " + ", ".join(".".join(c) for c in columns))
            c = django_suite.counts(results[path])
            log(f"{path}: {c['ok']} passed, {c['fail']} failed, {c['skip']} skipped in {time.time() - t0:.0f}s")
            if path != "direct":
                st.stop_process(path)
        print()
        print(f"{'path':<10} {'tests':>6} {'passed':>7} {'failed':>7} {'skipped':>8} {'differ':>7} "
              f"{'refused':>8} {'wrong':>6}")
        result, report = [f"columns={len(columns)}"], []
        for path in paths:
            c = django_suite.counts(results[path])
            diffs = django_suite.compare(results["direct"], results[path]) if path != "direct" else []
            refused = sum(1 for d in diffs if d[4] == "refused")
            print(f"{path:<10} {len(results[path]):>6} {c['ok']:>7} {c['fail']:>7} {c['skip']:>8} "
                  f"{len(diffs):>7} {refused:>8} {len(diffs) - refused:>6}")
            result.append(f"{path}_tests={len(results[path])} {path}_failed={c['fail']}")
            if path != "direct":
                result.append(f"{path}_differing={len(diffs)} {path}_refused={refused} "
                              f"{path}_wrong={len(diffs) - refused}")
                report += [(path, d) for d in diffs]
        for path, (test, d, t, detail, kind) in report:
            print(f"  {path}: {kind}: {test}: direct {d}, through {t}: {detail}")
        print()
        print("RESULT sqlalchemy_suite " + " ".join(result))
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
