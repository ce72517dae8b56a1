"""A DiscoverRunner that also writes every test's outcome to the JSON file
named by DJANGO_SUITE_OUTCOMES: {test id: [outcome, first error line]}.
Outcomes: ok, fail, error, skip, xfail, xpass. A failed subtest makes its
test fail (or error), as unittest counts it."""

import json
import os
import unittest

from django.test.runner import DiscoverRunner

RANK = {"ok": 0, "skip": 0, "xfail": 0, "xpass": 1, "fail": 2, "error": 3}


def _first_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


class OutcomesResult(unittest.TextTestResult):
    outcomes = {}

    def _put(self, test, outcome, detail=""):
        key = test.id()
        old = self.outcomes.get(key)
        if old is None or RANK[outcome] > RANK[old[0]]:
            self.outcomes[key] = [outcome, detail]

    def addSuccess(self, test):
        super().addSuccess(test)
        self._put(test, "ok")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._put(test, "fail", _first_line(self.failures[-1][1]))

    def addError(self, test, err):
        super().addError(test, err)
        # setUpClass errors come as a _ErrorHolder with its own id
        self._put(test, "error", _first_line(self.errors[-1][1]))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._put(test, "skip", reason[:200])

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._put(test, "xfail")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._put(test, "xpass")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            kind = "fail" if issubclass(err[0], test.failureException) else "error"
            self._put(test, kind, _first_line(self._exc_info_to_string(err, test)))

    def stopTestRun(self):
        super().stopTestRun()
        with open(os.environ["DJANGO_SUITE_OUTCOMES"], "w") as f:
            json.dump(self.outcomes, f, indent=0, sort_keys=True)


class OutcomesRunner(DiscoverRunner):
    def get_resultclass(self):
        return OutcomesResult
