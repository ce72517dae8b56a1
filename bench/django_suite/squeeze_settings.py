"""Django settings for bench/django_suite/run.py: Django's own test suite
against MariaDB, directly or through squeeze (the port tells which).
Read from the environment run.py sets; the test runner records each test's
outcome (outcomes_runner.py)."""

import os

_db = dict(
    ENGINE="django.db.backends.mysql",
    HOST="127.0.0.1",
    PORT=os.environ["DJANGO_SUITE_PORT"],
    USER=os.environ["DJANGO_SUITE_USER"],
    PASSWORD=os.environ["DJANGO_SUITE_PASSWORD"],
    OPTIONS={"charset": "utf8mb4"},
)

DATABASES = {
    "default": dict(_db, NAME="django_default", TEST={"NAME": "test_default", "CHARSET": "utf8mb4"}),
    "other": dict(_db, NAME="django_other", TEST={"NAME": "test_other", "CHARSET": "utf8mb4"}),
}

SECRET_KEY = "django_tests_secret_key"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
USE_TZ = False
TEST_RUNNER = "outcomes_runner.OutcomesRunner"
