"""Django 5's bulk_update (mysqlclient) and SQLAlchemy 2's upserts (PyMySQL), verbatim,
writing documents into a table with declared extracted paths; driven by
tests/json_extract.rs:

    python extract_bulk_update.py PORT USER PASSWORD DB DOCS_FILE

DOCS_FILE has one document a line, hex of its UTF-8 bytes, or NULL (as
json.loads input: Django's JSONField serialises the parsed value). Prints
each statement Django sent for a write (as "sql ..."), one "rows N" line per
write, then "ok"."""
import json
import sys

PORT, USER, PASSWORD, DB, DOCS = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]

docs = []
with open(DOCS) as f:
    for line in f:
        line = line.strip()
        docs.append(None if line == "NULL" else json.loads(bytes.fromhex(line).decode("utf-8")))

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(
    DATABASES={"default": {"ENGINE": "django.db.backends.mysql", "NAME": DB, "USER": USER,
                           "PASSWORD": PASSWORD, "HOST": "127.0.0.1", "PORT": PORT,
                           "OPTIONS": {"charset": "utf8mb4"}}},
    INSTALLED_APPS=[],
)
django.setup()
from django.db import connection, models  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402


class Doc(models.Model):
    id = models.IntegerField(primary_key=True)
    doc = models.JSONField(null=True)
    n = models.IntegerField(null=True)

    class Meta:
        app_label = "extract_bulk_update"
        db_table = "t"
        managed = False


n = len(docs)
with CaptureQueriesContext(connection) as q:
    # bulk_create then bulk_update of the document (CASE WHEN (id = ..)
    # THEN '<doc>' .. END), in batches, and of the document with another
    # field; update_or_create's plain UPDATE.
    Doc.objects.bulk_create([Doc(id=2000 + i, doc=docs[i], n=i) for i in range(n)])
    objs = list(Doc.objects.filter(id__gte=2000).order_by("id"))
    for i, o in enumerate(objs):
        o.doc = docs[(i + 3) % n]
    print("rows", Doc.objects.bulk_update(objs, ["doc"]))
    for i, o in enumerate(objs):
        o.doc = docs[(i + 7) % n]
        o.n = i * 2
    print("rows", Doc.objects.bulk_update(objs, ["n", "doc"], batch_size=5))
    for i, o in enumerate(objs):
        o.doc = docs[(i + 1) % n]
    print("rows", Doc.objects.bulk_update(objs[::2], ["doc", "n"]))
for s in q.captured_queries:
    if s["sql"].startswith("UPDATE"):
        print("sql", s["sql"][:160])
connection.close()

# --- SQLAlchemy 2: INSERT .. ON DUPLICATE KEY UPDATE doc = coalesce(VALUES(doc), t.doc)
from sqlalchemy import JSON, Column, Integer, MetaData, Table, bindparam, create_engine, event, func, update  # noqa: E402
from sqlalchemy.dialects.mysql import insert  # noqa: E402

engine = create_engine(f"mysql+pymysql://{USER}:{PASSWORD}@127.0.0.1:{PORT}/{DB}?charset=utf8mb4")
t = Table("t", MetaData(), Column("id", Integer, primary_key=True), Column("doc", JSON), Column("n", Integer))
sent = []
event.listen(engine, "before_cursor_execute", lambda c, cur, stmt, *a: sent.append(stmt))
with engine.begin() as c:
    rows = [{"id": 2000 + i, "doc": docs[(i + 2) % n] if i % 3 else None} for i in range(n + 3)]
    stmt = insert(t).values(rows)
    print("rows", c.execute(stmt.on_duplicate_key_update(doc=func.coalesce(stmt.inserted.doc, t.c.doc))).rowcount)
    stmt = insert(t).values(rows[:5])
    print("rows", c.execute(stmt.on_duplicate_key_update(doc=stmt.inserted.doc)).rowcount)
    # The bulk UPDATE by primary key (executemany of one plain statement).
    upd = update(t).where(t.c.id == bindparam("b_id")).values(doc=bindparam("b_doc"))
    print("rows", c.execute(upd, [{"b_id": 2000 + i, "b_doc": docs[(i + 4) % n]} for i in range(n)]).rowcount)
for s in sent:
    print("sql", s[s.find("ON DUPLICATE"):][:120] if "ON DUPLICATE" in s else s[:80])
engine.dispose()
print("ok")
