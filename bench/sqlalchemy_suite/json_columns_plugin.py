"""pytest plugin (`-p json_columns_plugin`): writes every JSON-typed column
of the tables SQLAlchemy's tests create to the file named by
SA_SUITE_COLUMNS, one `schema<TAB>table<TAB>column` line each (schema empty
for the connection's default)."""

import os

SEEN = set()


def pytest_configure(config):
    # Imported here, not at module load: the suite's conftest sets up
    # sqlalchemy.testing first.
    from sqlalchemy import Table, event
    from sqlalchemy.types import JSON

    def record(table, connection, **kw):
        for c in table.columns:
            t = c.type
            if isinstance(t, JSON) or isinstance(getattr(t, "impl", None), JSON):
                SEEN.add((table.schema or "", table.name, c.name))

    event.listen(Table, "before_create", record)


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("SA_SUITE_COLUMNS")
    if out:
        with open(out, "w") as f:
            for row in sorted(SEEN):
                f.write("\t".join(row) + "\n")
