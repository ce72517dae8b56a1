"""A value as large as the packet limit (16 MiB, MariaDB's default
max_allowed_packet and squeeze's default proxy.max_packet_size) comes back
through squeeze as it does directly, by the text and the binary protocol:
the row carrying it is a few bytes larger than the value (go-sql-driver's
TestLongData, where squeeze dropped the backend connection instead)."""
import hashlib
import mysql.connector
from common import args, compare

A = args()
SIZE = 16 << 20


def run(port):
    out = []
    c = mysql.connector.connect(host="127.0.0.1", port=port, user="app", password="secret",
                                use_pure=True, ssl_disabled=True)
    cur = c.cursor()
    cur.execute(f"DROP DATABASE IF EXISTS `{A.db}`")
    cur.execute(f"CREATE DATABASE `{A.db}`")
    cur.execute(f"CREATE TABLE `{A.db}`.t (id INT PRIMARY KEY, v LONGBLOB)")
    # Built by the server: the statement itself stays small.
    cur.execute(f"INSERT INTO `{A.db}`.t VALUES (1, REPEAT('a', {SIZE}))")
    for prepared in (False, True):
        cur = c.cursor(prepared=prepared)
        cur.execute(f"SELECT id, v FROM `{A.db}`.t WHERE id = 1")
        rows = cur.fetchall()
        out.append((f"prepared={prepared}",
                    [(r[0], len(r[1]), hashlib.sha256(bytes(r[1])).hexdigest()) for r in rows]))
    cur = c.cursor()
    cur.execute("SELECT 1")
    out.append(("connection still usable", cur.fetchall()))
    c.close()
    return out


compare("value_at_packet_limit", run(A.direct), run(A.proxy))
