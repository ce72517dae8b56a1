"""A connection killed (`KILL <its connection_id>` from a second connection)
while it reads a large result: the reader must see what a killed MariaDB
connection gives it, the same directly and through squeeze (from
mysql-connector-python's own suite, Bug809033.test_lost_connection).

The kill is sent after the first row arrived, while the server is still
writing (the result is far larger than the socket buffers), so there is no
timing race."""
import mysql.connector
from mysql.connector import errors
from common import args, compare

A = args()


def connect(port, db=None):
    return mysql.connector.connect(host="127.0.0.1", port=port, user="app", password="secret",
                                   use_pure=True, ssl_disabled=True, database=db)


def run(port):
    out = []
    c = connect(port)
    cur = c.cursor()
    cur.execute(f"DROP DATABASE IF EXISTS `{A.db}`")
    cur.execute(f"CREATE DATABASE `{A.db}`")
    cur.execute(f"CREATE TABLE `{A.db}`.t (id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY, "
                f"c1 VARCHAR(255) DEFAULT '{'a' * 255}')")
    cur.execute(f"INSERT INTO `{A.db}`.t (id) VALUES " + ",".join(["(NULL)"] * 1024))
    # ~540 MB of rows: the server is still sending when the KILL lands.
    cur = c.cursor(raw=True)
    cur.execute(f"SELECT x1.*, x2.* FROM `{A.db}`.t x1, `{A.db}`.t x2")
    out.append(("first row", cur.fetchone()[0]))
    killer = connect(port)
    killer.cmd_query(f"KILL {c.connection_id}")
    out.append(("killer still usable", killer.cmd_query("SELECT 1") is not None))
    try:
        while cur.fetchone() is not None:
            pass
        out.append(("reader", "no error"))
    except errors.Error as e:
        out.append(("reader", (type(e).__name__, e.errno)))
    out.append(("reader connected", c.is_connected()))
    killer.close()
    return out


compare("killed_mid_result", run(A.direct), run(A.proxy))
