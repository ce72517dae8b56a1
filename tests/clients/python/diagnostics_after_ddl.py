"""What the previous statement left in the diagnostics area (warnings,
ROW_COUNT()) reads the same directly and through squeeze right after DDL,
when squeeze re-reads view and routine definitions (a squeeze with a
compressed column; mysqlclient's test_warning_count, which saw no warning
after `DROP TABLE IF EXISTS` because squeeze's own query ran in between)."""
import MySQLdb
from common import args, compare

A = args()


def run(port):
    out = []
    c = MySQLdb.connect(host="127.0.0.1", port=port, user="app", password="secret", charset="utf8mb4")
    cur = c.cursor()
    cur.execute(f"DROP DATABASE IF EXISTS `{A.db}`")
    cur.execute(f"CREATE DATABASE `{A.db}`")
    c.select_db(A.db)
    cur.execute("DROP TABLE IF EXISTS no_such_table_1")
    out.append(("warning_count", cur.connection.warning_count()))
    cur.execute("SHOW WARNINGS")
    out.append(("SHOW WARNINGS", cur.fetchall()))
    cur.execute("DROP TABLE IF EXISTS no_such_table_2")
    cur.execute("SELECT @@warning_count")
    out.append(("@@warning_count", cur.fetchall()))
    cur.execute("CREATE TABLE t (id INT)")
    cur.execute("SELECT ROW_COUNT()")
    out.append(("ROW_COUNT() after CREATE", cur.fetchall()))
    cur.execute("DROP TABLE IF EXISTS no_such_table_3")
    cur.execute("SHOW COUNT(*) WARNINGS")
    out.append(("SHOW COUNT(*) WARNINGS", cur.fetchall()))
    c.close()
    return out


compare("diagnostics_after_ddl", run(A.direct), run(A.proxy))
