"""Lists the JSONField columns of Django's own test apps, one
`table<TAB>column` per line: the columns bench/django_suite/run.py has
squeeze compress. Run with the repo's .venv python:

  python json_columns.py <django tests dir> <app label> ...

Imports the apps as Django's runtests.py installs them (the tests dir on
sys.path, each label an app), so the tables are the ones the suite creates.
"""

import sys

tests_dir, labels = sys.argv[1], sys.argv[2:]
sys.path.insert(0, tests_dir)

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "django.contrib.sites",
        "django.contrib.sessions",
        "django.contrib.messages",
        "django.contrib.admin.apps.SimpleAdminConfig",
        "django.contrib.staticfiles",
        *labels,
    ],
    DATABASES={"default": {"ENGINE": "django.db.backends.mysql"}},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
)
django.setup()

from django.apps import apps  # noqa: E402
from django.db import models  # noqa: E402

seen = set()
for model in apps.get_models(include_auto_created=True):
    for field in model._meta.local_fields:
        if isinstance(field, models.JSONField):
            key = (model._meta.db_table, field.column)
            if key not in seen:
                seen.add(key)
                print(f"{key[0]}\t{key[1]}")
