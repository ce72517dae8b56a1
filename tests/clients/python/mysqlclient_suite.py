"""Runs mysqlclient's own test suite (from its sdist, fetched by
scripts/install-deps.sh into .venv/mysqlclient-tests) against one port and
prints one line per test: "<outcome> <nodeid>"."""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

port, suite_dir, db = int(sys.argv[1]), sys.argv[2], sys.argv[3]
tmp = tempfile.mkdtemp()
cnf = os.path.join(tmp, "test.cnf")
with open(cnf, "w") as f:
    f.write(f"[MySQLdb-tests]\nhost = 127.0.0.1\nport = {port}\nuser = app\npassword = secret\n"
            f"database = {db}\ndefault-character-set = utf8mb4\n")
xml = os.path.join(tmp, "junit.xml")
env = dict(os.environ, TESTDB=cnf)
r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}",
                    "--ignore=test_sqlalchemy.py",
                    # timing-based (asserts a 0.1 s bound around a sleep); flaky on a loaded 2-core box
                    "--deselect=test_connection.py::test_connection_concurrent_use_raises", "."], cwd=suite_dir, env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stderr.write(r.stdout[-4000:])
for case in ET.parse(xml).getroot().iter("testcase"):
    name = f"{case.get('classname')}::{case.get('name')}"
    outcome = "passed"
    for child in case:
        if child.tag in ("failure", "error", "skipped"):
            outcome = child.tag
    print(outcome, name)
