"""Runs mysql-connector-python's own unittests.py (from its sdist) and writes
every test's outcome to a JSON file: {"module.Class.test": "passed"|...}.

  python connector_runner.py SDIST_DIR OUT.json [--quick] UNITTESTS_OPTIONS...

Used by run.py; unittests.py's own runner prints only totals, so this wraps
its result class to record each test. The AI/ML modules (they need MySQL
HeatWave) are left out on every path.
"""

import atexit
import json
import os
import sys
import unittest

top, out = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
quick = "--quick" in rest
rest = [x for x in rest if x != "--quick"]
sys.path.insert(0, top)
os.chdir(top)

import unittests  # noqa: E402  (the sdist's runner; it puts lib/ first on sys.path)

# Connector/Python's modules, by the name unittests.py gives them. Quick: the
# core protocol ones (pure Python and C extension).
QUICK = r"^(connection|cursor|protocol|mysql_datatypes|cext_api|cext_cursor|bugs)$"
FULL = (r"^(?!ai_|ml_|qa_vector|embedding|generation|classifier|regressor|outlier|model|"
        r"check_dependencies|instrumentation|utils$|base$|django).*")
sys.argv = [os.path.join(top, "unittests.py"), "-r", QUICK if quick else FULL] + rest

outcomes = {}


class Recorder(unittests.BasicTestResult):
    def _rec(self, test, outcome):
        name = test.id()
        # A failing subtest fails the test; never let a later pass hide it.
        if outcomes.get(name) != "failed":
            outcomes[name] = outcome

    def addSuccess(self, test):
        super().addSuccess(test)
        self._rec(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._rec(test, "failed")

    def addError(self, test, err):
        super().addError(test, err)
        self._rec(test, "failed")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._rec(test, "skipped")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._rec(test, "passed")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._rec(test, "failed")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._rec(test, "failed")


unittests.BasicTestRunner.resultclass = Recorder


def dump():
    with open(out, "w") as f:
        json.dump(outcomes, f, indent=0, sort_keys=True)


atexit.register(dump)
unittest.TestCase.maxDiff = 2000
unittests.main()
