"""Django's JSON key lookups that squeeze evaluates itself in a WHERE
(`has_keys`, `has_any_keys`, `has_key` on an undeclared path), through
Django 5 (mysqlclient, text protocol) and their SQL verbatim through
PyMySQL and mysqlclient, printed one per line for one database: the
lookup's name, then its rows (repr) or `ERROR <code> <message>`.

tests/json_filter.rs runs it directly on the uncompressed copy and through
squeeze on the compressed one and compares the lines.

usage: json_filter.py PORT DB USER PASSWORD
"""
import sys

port, db, user, password = sys.argv[1:5]
out = []


def error_of(e):
    inner = getattr(e, "__cause__", None) or e
    args = getattr(inner, "args", ())
    if len(args) >= 2 and isinstance(args[0], int):
        return args[0], str(args[1])
    return 0, f"{type(e).__name__}: {e}"


def record(name, run):
    try:
        out.append(f"{name} => {run()!r}")
    except Exception as e:  # noqa: BLE001 - the error is the answer
        code, msg = error_of(e)
        out.append(f"{name} => ERROR {code} {msg}")


# Django's SQL for has_keys / has_any_keys, verbatim.
HAS_KEYS = ("SELECT `docs`.`id` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"author\"') "
            "AND JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"body\"')) ORDER BY `docs`.`id` ASC")
HAS_ANY_KEYS = ("SELECT `docs`.`id`, `docs`.`doc` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') "
                "OR JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"score\"')) ORDER BY `docs`.`id` ASC")

import pymysql  # noqa: E402

c = pymysql.connect(host="127.0.0.1", port=int(port), user=user, password=password, database=db)
for name, sql in [("has_keys", HAS_KEYS), ("has_any_keys", HAS_ANY_KEYS)]:
    def run(sql=sql):
        with c.cursor() as cur:
            cur.execute(sql)
            return cur.fetchall()
    record(f"pymysql {name}", run)
c.close()

import MySQLdb  # noqa: E402

c = MySQLdb.connect(host="127.0.0.1", port=int(port), user=user, password=password, database=db)
for name, sql in [("has_keys", HAS_KEYS), ("has_any_keys", HAS_ANY_KEYS)]:
    def run(sql=sql):
        cur = c.cursor()
        cur.execute(sql)
        rows = cur.fetchall()
        cur.close()
        return rows
    record(f"mysqlclient {name}", run)
c.close()

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(
    DATABASES={"default": {"ENGINE": "django.db.backends.mysql", "NAME": db, "USER": user,
                           "PASSWORD": password, "HOST": "127.0.0.1", "PORT": port}},
    INSTALLED_APPS=[],
)
django.setup()
from django.db import models  # noqa: E402


class Doc(models.Model):
    doc = models.JSONField(null=True)
    title = models.CharField(max_length=32)
    n = models.IntegerField()

    class Meta:
        app_label = "json_filter"
        db_table = "docs"
        managed = False


def dj(qs):
    return lambda: list(qs)


record("django filter(doc__has_keys=['author', 'body'])",
       dj(Doc.objects.filter(doc__has_keys=["author", "body"]).order_by("id").values_list("id", flat=True)))
record("django filter(doc__has_any_keys=['a', 'score'])",
       dj(Doc.objects.filter(doc__has_any_keys=["a", "score"]).order_by("id").values_list("id", "doc")))
record("django filter(doc__has_key='score')",
       dj(Doc.objects.filter(doc__has_key="score").order_by("id").values_list("id", flat=True)))
record("django filter(doc__has_keys=['a'], n=1)",
       dj(Doc.objects.filter(doc__has_keys=["a"], n=1).order_by("id").values_list("id", "title")))
record("django filter(doc__has_key='author')[2:5]",
       dj(Doc.objects.filter(doc__has_key="author").order_by("-id").values_list("id", flat=True)[2:5]))
record("django filter(doc__has_key='author').first()",
       lambda: Doc.objects.filter(doc__has_key="author").order_by("id").values_list("id", flat=True).first())
record("django exclude(doc__has_key='a')",
       dj(Doc.objects.exclude(doc__has_key="a").order_by("id").values_list("id", flat=True)))
record("django filter(doc__a__isnull=True)",
       dj(Doc.objects.filter(doc__a__isnull=True).order_by("id").values_list("id", flat=True)))
record("django filter(doc__contains=1)",
       dj(Doc.objects.filter(doc__contains=1).order_by("id").values_list("id", flat=True)))
record("django filter(doc__has_key='nope').exists()",
       lambda: Doc.objects.filter(doc__has_key="nope").exists())
record("django filter(doc__has_key='a').exists()",
       lambda: Doc.objects.filter(doc__has_key="a").exists())

print("\n".join(out))
