"""JSON lookups as the two most used Python ORMs write them, printed one per
line for one database: the lookup's name, then either its rows (as the ORM
returns them, repr) or `ERROR <code> <message>`.

tests/orm_json.rs runs it directly on the uncompressed copy and through
squeeze on the compressed one: a lookup squeeze answers must print the same
rows; one it refuses must be ERR 1235 naming the column (a predicate or an
ORDER BY on a path inside a compressed document is not answered yet).

usage: orm_json.py PORT DB USER PASSWORD
"""
import sys

port, db, user, password = sys.argv[1:5]
out = []


def error_of(e):
    """(code, message) of a driver error, wrapped by an ORM or not."""
    inner = getattr(e, "orig", None) or getattr(e, "__cause__", None) or e
    args = getattr(inner, "args", ())
    if len(args) >= 2 and isinstance(args[0], int):
        return args[0], str(args[1])
    return 0, f"{type(e).__name__}: {e}"


def record(name, run, unordered=False):
    """unordered: the lookup has no ORDER BY, so SQL leaves its row order
    open (through squeeze MariaDB may read it from an extracted column's
    index); its rows are compared as a multiset."""
    try:
        rows = run()
        if unordered:
            rows = sorted(rows, key=repr)
        out.append(f"{name} => {rows!r}")
    except Exception as e:  # noqa: BLE001 - the error is the answer
        code, msg = error_of(e)
        out.append(f"{name} => ERROR {code} {msg}")


# --- SQLAlchemy 2 -----------------------------------------------------------
from sqlalchemy import JSON, Column, Integer, MetaData, String, Table, create_engine, select

engine = create_engine(f"mysql+pymysql://{user}:{password}@127.0.0.1:{port}/{db}")
meta = MetaData()
docs = Table("docs", meta, Column("id", Integer, primary_key=True), Column("doc", JSON),
             Column("title", String(32)), Column("n", Integer))


def sa(stmt):
    def run():
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(stmt)]
    return run


record("sqlalchemy select doc['author'].as_string()",
       sa(select(docs.c.id, docs.c.doc["author"].as_string()).order_by(docs.c.id)))
record("sqlalchemy select doc['score'] (JSON)",
       sa(select(docs.c.id, docs.c.doc["score"]).order_by(docs.c.id)))
record("sqlalchemy select doc['score'].as_integer()",
       sa(select(docs.c.id, docs.c.doc["score"].as_integer()).order_by(docs.c.id)))
record("sqlalchemy select doc['ups'].as_float()",
       sa(select(docs.c.id, docs.c.doc["ups"].as_float()).order_by(docs.c.id)))
record("sqlalchemy select doc['score'].as_numeric(10, 2)",
       sa(select(docs.c.id, docs.c.doc["score"].as_numeric(10, 2)).order_by(docs.c.id)))
record("sqlalchemy select doc['author_flair_text'].as_string()",
       sa(select(docs.c.id, docs.c.doc["author_flair_text"].as_string()).order_by(docs.c.id)))
record("sqlalchemy select doc['archived'].as_boolean()",
       sa(select(docs.c.id, docs.c.doc["archived"].as_boolean()).order_by(docs.c.id)))
record("sqlalchemy select doc['author'] where id = 2",
       sa(select(docs.c.doc["author"].as_string()).where(docs.c.id == 2)))
record("sqlalchemy where doc['author'].as_string() == x",
       sa(select(docs.c.id).where(docs.c.doc["author"].as_string() == "<USERNAME>")))
record("sqlalchemy order_by doc['score']",
       sa(select(docs.c.id).order_by(docs.c.doc["score"].as_integer(), docs.c.id)))
record("sqlalchemy where doc['score'].as_integer() > 5",
       sa(select(docs.c.id).where(docs.c.doc["score"].as_integer() > 5).order_by(docs.c.id)))
record("sqlalchemy where doc['score'].as_float() > 5.5",
       sa(select(docs.c.id).where(docs.c.doc["score"].as_float() > 5.5).order_by(docs.c.id)))
record("sqlalchemy order_by doc['author'].as_string()",
       sa(select(docs.c.id).order_by(docs.c.doc["author"].as_string(), docs.c.id)))
record("sqlalchemy where doc['author'].as_string().in_(..)",
       sa(select(docs.c.id).where(docs.c.doc["author"].as_string().in_(["<USERNAME>", "x"])).order_by(docs.c.id)))
engine.dispose()

# --- Django 5 ---------------------------------------------------------------
import django
from django.conf import settings

settings.configure(
    # Django's default connection charset is `utf8` (utf8mb3), where MariaDB
    # compares a key with Django's JSON string constant with its quotes
    # kept; most deployments set utf8mb4, where it unquotes it. Both run.
    DATABASES={"default": {"ENGINE": "django.db.backends.mysql", "NAME": db, "USER": user,
                           "PASSWORD": password, "HOST": "127.0.0.1", "PORT": port},
               "mb4": {"ENGINE": "django.db.backends.mysql", "NAME": db, "USER": user,
                       "PASSWORD": password, "HOST": "127.0.0.1", "PORT": port,
                       "OPTIONS": {"charset": "utf8mb4"}}},
    INSTALLED_APPS=[],
)
django.setup()
from django.db import models  # noqa: E402


class Doc(models.Model):
    doc = models.JSONField(null=True)
    title = models.CharField(max_length=32)
    n = models.IntegerField()

    class Meta:
        app_label = "orm_json"
        db_table = "docs"
        managed = False


def dj(qs):
    return lambda: list(qs)


def django_lookups(alias):
    """Each Django lookup over the connection `alias` (named with it)."""
    suffix = "" if alias == "default" else f" [{alias}]"
    objects = Doc.objects.using(alias)
    record("django values('id', 'doc__author')" + suffix, dj(objects.order_by("id").values_list("id", "doc__author")))
    record("django values('doc__score')" + suffix, dj(objects.order_by("id").values_list("doc__score", flat=True)))
    record("django values('doc__edited')" + suffix, dj(objects.order_by("id").values_list("doc__edited", flat=True)))
    record("django values('doc') whole" + suffix, dj(objects.order_by("id").values_list("doc", flat=True)))
    record("django filter(doc__author=x)" + suffix, dj(objects.filter(doc__author="<USERNAME>").values_list("id", flat=True)), unordered=True)
    record("django filter(doc__score__gt=5)" + suffix, dj(objects.filter(doc__score__gt=5).values_list("id", flat=True)), unordered=True)
    # Several rows: ordered, as SQL leaves an unordered result's order open.
    record("django filter(doc__has_key='author')" + suffix, dj(objects.filter(doc__has_key="author").order_by("id").values_list("id", flat=True)))
    record("django filter(doc__contains={'a': 1})" + suffix, dj(objects.filter(doc__contains={"a": 1}).order_by("id").values_list("id", flat=True)))
    record("django order_by('doc__score')" + suffix, dj(objects.order_by("doc__score", "id").values_list("id", flat=True)))
    # More of Django's key lookups (KeyTransform* on MariaDB), each a form of its own.
    record("django filter(doc__score=2)" + suffix, dj(objects.filter(doc__score=2).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__score__gte=5)" + suffix, dj(objects.filter(doc__score__gte=5).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__score__lt=3)" + suffix, dj(objects.filter(doc__score__lt=3).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__score__range=(1, 5))" + suffix, dj(objects.filter(doc__score__range=(1, 5)).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__author__in=[..])" + suffix, dj(objects.filter(doc__author__in=["<USERNAME>", "x"]).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__author__startswith='Spa')" + suffix, dj(objects.filter(doc__author__startswith="Spa").order_by("id").values_list("id", flat=True)))
    record("django filter(doc__author__isnull=True)" + suffix, dj(objects.filter(doc__author__isnull=True).order_by("id").values_list("id", flat=True)))
    record("django exclude(doc__author=x)" + suffix, dj(objects.exclude(doc__author="<USERNAME>").order_by("id").values_list("id", flat=True)))
    record("django filter(doc__has_keys=[..])" + suffix, dj(objects.filter(doc__has_keys=["author", "score"]).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__has_any_keys=[..])" + suffix, dj(objects.filter(doc__has_any_keys=["a", "score"]).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__contained_by={..})" + suffix, dj(objects.filter(doc__contained_by={"a": 1, "b": 2}).order_by("id").values_list("id", flat=True)))
    record("django filter(doc__author=x).first()" + suffix, lambda: [objects.filter(doc__author="<USERNAME>").order_by("id").values_list("id", flat=True).first()])
    record("django order_by('-doc__author')" + suffix, dj(objects.order_by("-doc__author", "id").values_list("id", flat=True)))


for alias in ["default", "mb4"]:
    django_lookups(alias)

print("\n".join(out))
