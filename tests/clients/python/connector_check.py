"""mysql-connector-python (pure Python implementation): text and prepared
(binary protocol) cursors, TLS and plain, and auth_plugin=caching_sha2_password."""
import datetime
import decimal
import mysql.connector
from common import ALL_BYTES, EMOJI, args, check, compare

A = args()


def connect(port, tls, plugin=None):
    kw = dict(host="127.0.0.1", port=port, user="app", password="secret", use_pure=True, charset="utf8mb4")
    if tls:
        kw.update(ssl_ca=A.ca, ssl_verify_cert=True)
    else:
        kw.update(ssl_disabled=True)
    if plugin:
        kw["auth_plugin"] = plugin
    return mysql.connector.connect(**kw)


def tls_in_use(c):
    sock = getattr(getattr(c, "_socket", None), "sock", None)
    return sock is not None and hasattr(sock, "cipher") and sock.cipher() is not None


def run(port, tls):
    out = []
    c = connect(port, tls)
    check(tls_in_use(c) == tls, f"TLS in use should be {tls} on port {port}")
    db = A.db + ("_tls" if tls else "")
    cur = c.cursor()
    cur.execute(f"DROP DATABASE IF EXISTS `{db}`")
    cur.execute(f"CREATE DATABASE `{db}`")
    c.database = db
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(100), b MEDIUMBLOB, d DECIMAL(20,6), f DOUBLE, "
                "dt DATETIME(6), da DATE, tm TIME(6), bi BIGINT UNSIGNED, n INT) CHARSET utf8mb4")
    cur.execute("SELECT VERSION()")
    # TiDB misreads a binary-protocol TIME with a day part ("-35 01:00:01",
    # ERR 1292): it gets the most negative time within a day instead.
    tidb = "TiDB" in cur.fetchone()[0]
    cur.close()
    low_time = (datetime.timedelta(hours=-23, minutes=-59, seconds=-59) if tidb
                else datetime.timedelta(hours=-838, minutes=-59, seconds=-59))
    p = c.cursor(prepared=True)
    vals = [
        (1, EMOJI, ALL_BYTES, decimal.Decimal("12345678901234.123456"), 1.5e-300,
         datetime.datetime(2024, 2, 29, 12, 34, 56, 789012), datetime.date(1999, 12, 31),
         low_time, 18446744073709551615, None),
        (2, None, None, None, None, None, None, None, None, None),
        (3, "quote ' \" \\", b"\x00" * 70000, decimal.Decimal("-0.000001"), -2.5, None, None,
         datetime.timedelta(0), 0, -1),
    ]
    for v in vals:
        p.execute("INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?,?)", v)
        out.append(("prepared insert", p.rowcount))
    p.execute("SELECT * FROM t WHERE id >= ? ORDER BY id", (1,))
    got = p.fetchall()
    check(bytes(got[0][2]) == ALL_BYTES, "all-bytes blob via prepared statement")
    check(got[0][1] == EMOJI, "emoji via prepared statement")
    check(got[0][8] == 18446744073709551615, "BIGINT UNSIGNED max")
    check(all(x is None for x in got[1][1:]), "NULL row via prepared statement")
    out.append(("prepared select", got))
    out.append(("prepared description", p.description))
    p.close()
    cur = c.cursor()
    cur.execute("SELECT * FROM t ORDER BY id")
    got = cur.fetchall()
    check(bytes(got[0][2]) == ALL_BYTES, "all-bytes blob via text protocol")
    out.append(("text select", got))
    out.append(("text description", cur.description))
    try:
        cur.execute("SELECT * FROM no_such_table")
        check(False, "error expected")
    except mysql.connector.Error as e:
        out.append(("error", (e.errno, e.sqlstate, e.msg)))
    cur.close()
    c.close()
    # auth_plugin=caching_sha2_password (MariaDB switches the client to
    # mysql_native_password; squeeze must cope the same way).
    c = connect(port, tls, plugin="caching_sha2_password")
    cur = c.cursor()
    cur.execute("SELECT CURRENT_USER(), 1 + 1")
    out.append(("caching_sha2 login", cur.fetchall()))
    c.close()
    return out


for tls in (False, True):
    compare(f"mysql-connector tls={tls}", run(A.direct, tls), run(A.proxy, tls))
