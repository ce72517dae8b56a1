"""Schema reflection as ORMs do it, printed for one database: SQLAlchemy 2
(`inspect(engine).get_columns`, `MetaData.reflect` compiled back to DDL),
and with --django Django 5 (`inspectdb`). tests/catalog.rs runs it directly
on the uncompressed copy and through squeeze on the compressed one and
compares the output. Django's information_schema query computes
`CASE WHEN collation_name = %s ...`: squeeze has the server compute it on
the logical type (docs/catalog.md).

usage: reflect.py [--django] PORT DB USER PASSWORD TABLE...
"""
import io
import sys

args = sys.argv[1:]
with_django = args[:1] == ["--django"]
if with_django:
    args = args[1:]
port, db, user, password, *tables = args
out = []

import sqlalchemy
from sqlalchemy import create_engine, inspect, MetaData
from sqlalchemy.schema import CreateTable

engine = create_engine(f"mysql+pymysql://{user}:{password}@127.0.0.1:{port}/{db}")
insp = inspect(engine)
for t in tables:
    for c in insp.get_columns(t):
        ty = c["type"]
        out.append(
            f"sqlalchemy {t}.{c['name']}: {ty!r} nullable={c['nullable']} default={c.get('default')!r}"
        )
meta = MetaData()
meta.reflect(engine, only=tables)
for t in tables:
    ddl = str(CreateTable(meta.tables[t]).compile(engine)).strip()
    out.append(f"sqlalchemy reflect {t}: {ddl}")
engine.dispose()

if not with_django:
    print("\n".join(out))
    sys.exit(0)

import django
from django.conf import settings

settings.configure(
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.mysql",
            "NAME": db,
            "USER": user,
            "PASSWORD": password,
            "HOST": "127.0.0.1",
            "PORT": port,
        }
    },
    INSTALLED_APPS=[],
)
django.setup()
from django.core.management import call_command

buf = io.StringIO()
call_command("inspectdb", *tables, stdout=buf)
for line in buf.getvalue().splitlines():
    if line.strip() and not line.lstrip().startswith("#"):
        out.append(f"django {line}")

print("\n".join(out))
