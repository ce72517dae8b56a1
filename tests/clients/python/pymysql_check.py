"""PyMySQL (pure Python) through squeeze vs direct: text protocol, TLS."""
import ssl
import pymysql
from pymysql.constants import CLIENT
from common import ALL_BYTES, EMOJI, args, check, compare

A = args()


def run(port, tls):
    kw = dict(host="127.0.0.1", port=port, user="app", password="secret", charset="utf8mb4",
              client_flag=CLIENT.MULTI_STATEMENTS)
    if tls:
        ctx = ssl.create_default_context(cafile=A.ca)
        kw["ssl"] = ctx
    out = []
    c = pymysql.connect(**kw)
    if tls:
        check(isinstance(c._sock, ssl.SSLSocket) and c._sock.cipher() is not None, f"TLS not in use on port {port}")
    cur = c.cursor()
    db = A.db + ("_tls" if tls else "")
    cur.execute(f"DROP DATABASE IF EXISTS `{db}`")
    cur.execute(f"CREATE DATABASE `{db}`")
    c.select_db(db)
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(100), b BLOB, d DECIMAL(20,6), f DOUBLE, "
                "dt DATETIME(6), j JSON, n INT) CHARSET utf8mb4")
    rows = [(1, EMOJI, ALL_BYTES, "12345678901234.123456", 1.5e-300, "2024-02-29 12:34:56.789012", '{"a": [1, "😀"]}', None),
            (2, None, None, None, None, None, None, None),
            (3, "quote ' \" \\ \n\t\0", b"\x00\xff" * 5000, "-0.000001", -0.0, "1000-01-01 00:00:00", "null", 7)]
    out.append(("executemany", cur.executemany("INSERT INTO t VALUES (%s,%s,%s,%s,%s,%s,%s,%s)", rows)))
    cur.execute("SELECT * FROM t ORDER BY id")
    got = cur.fetchall()
    check(got[0][1] == EMOJI and got[0][2] == ALL_BYTES, "emoji/all-bytes round trip")
    check(got[2][1] == rows[2][1] and got[2][2] == rows[2][2], "escaped string/blob round trip")
    check(all(v is None for v in got[1][1:]), "NULL row")
    out.append(("select", got))
    out.append(("description", cur.description))
    cur.execute("SELECT 1 AS a; SELECT 'x' AS b, NULL AS c; SELECT COUNT(*) FROM t")
    sets = [cur.fetchall()]
    while cur.nextset():
        sets.append(cur.fetchall())
    check(len(sets) == 3, f"3 result sets, got {len(sets)}")
    out.append(("multi", sets))
    cur.execute("SELECT VERSION()")
    tidb = "TiDB" in cur.fetchone()[0]
    if not tidb:  # TiDB has no stored procedures
        cur.execute("CREATE PROCEDURE p(IN x INT) BEGIN SELECT x * 2 AS dbl; SELECT id, s FROM t ORDER BY id; END")
        cur.callproc("p", (21,))
        sets = [cur.fetchall()]
        while cur.nextset():
            sets.append(cur.fetchall())
        check(sets[0] == ((42,),), f"procedure result {sets[0]}")
        out.append(("callproc", sets))
    # Recursion limits (1000 by default on both) for the 3000-row CTE below.
    cur.execute("SET SESSION " + ("cte_max_recursion_depth" if tidb else "max_recursive_iterations") + " = 10000")
    try:
        cur.execute("SELEC 1")
        check(False, "syntax error expected")
    except pymysql.err.ProgrammingError as e:
        out.append(("syntax error", e.args))
    # unbuffered (streaming) cursor on a larger result
    ss = c.cursor(pymysql.cursors.SSCursor)
    ss.execute("WITH RECURSIVE s (seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM s WHERE seq < 3000) "
               "SELECT seq, REPEAT(CHAR(65 + seq % 26), seq % 3000) FROM s")
    n = 0
    total = 0
    for r in ss:
        n += 1
        total += len(r[1])
    check(n == 3000, f"streamed {n} rows")
    out.append(("stream", (n, total)))
    ss.close()
    c.ping()
    out.append(("autocommit", c.get_autocommit()))
    c.close()
    return out


for tls in (False, True):
    compare(f"pymysql tls={tls}", run(A.direct, tls), run(A.proxy, tls))
