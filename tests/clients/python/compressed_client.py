"""PyMySQL and mysql-connector-python client driven by tests/compressed_clients.rs.

    python compressed_client.py HOST PORT USER PASSWORD DB

Reads commands from stdin, one per line, and answers on stdout:
  write MODE FILE   FILE has lines "ID<TAB>HEX(doc)"; inserts each as
                    (id, src, doc) into DB.docs, doc passed as a str.
  read MODE         prints "row MODE ID HEX(doc)" for every row of DB.docs
                    (read with use_unicode=False: the bytes the server sent).
Each command ends with "ok MODE N" or "err MODE message".
MODE: pymysql   - PyMySQL cursor.execute: client-side escaping, text protocol
      connector - mysql-connector-python (pure) cursor(prepared=True):
                  COM_STMT_PREPARE / EXECUTE, binary protocol
"""
import sys

import mysql.connector
import pymysql

HOST, PORT, USER, PASSWORD, DB = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]


def pymysql_conn(unicode):
    return pymysql.connect(host=HOST, port=PORT, user=USER, password=PASSWORD, database=DB,
                           charset="utf8mb4", use_unicode=unicode, autocommit=True)


def connector_conn(unicode):
    return mysql.connector.connect(host=HOST, port=PORT, user=USER, password=PASSWORD, database=DB,
                                   charset="utf8mb4", collation="utf8mb4_general_ci", use_unicode=unicode,
                                   use_pure=True, ssl_disabled=True, autocommit=True)


CONNECT = {"pymysql": pymysql_conn, "connector": connector_conn}
conns = {}


def conn(mode, unicode):
    key = (mode, unicode)
    if key not in conns:
        conns[key] = CONNECT[mode](unicode)
    return conns[key]


def cursor(mode, unicode):
    c = conn(mode, unicode)
    return c.cursor(prepared=True) if mode == "connector" else c.cursor()


def write(mode, path):
    cur = cursor(mode, True)
    sql = "INSERT INTO docs (id, src, doc) VALUES (%s, %s, %s)"
    n = 0
    with open(path, "rb") as f:
        for line in f:
            line = line.rstrip(b"\n")
            if not line:
                continue
            id_, hexdoc = line.split(b"\t", 1)
            doc = bytes.fromhex(hexdoc.decode()).decode("utf-8")
            try:
                cur.execute(sql, (int(id_), f"py-{mode}", doc))
            except Exception as e:
                raise Exception(f"insert id {int(id_)}: {e!r}") from e
            n += 1
    cur.close()
    return n


def read(mode):
    cur = cursor(mode, False)
    cur.execute("SELECT id, doc FROM docs WHERE id >= %s ORDER BY id", (0,))
    out = []
    for id_, doc in cur.fetchall():
        if doc is None:
            h = "NULL"
        else:
            if isinstance(doc, str):  # should not happen with use_unicode=False
                doc = doc.encode("utf-8")
            h = bytes(doc).hex()
        out.append(f"row {mode} {int(id_)} {h}\n")
    cur.close()
    sys.stdout.write("".join(out))
    return len(out)


for line in sys.stdin:
    f = line.split()
    if len(f) < 2:
        continue
    cmd, mode = f[0], f[1]
    try:
        if mode not in CONNECT:
            raise ValueError(f"unknown mode {mode}")
        if cmd == "write" and len(f) == 3:
            n = write(mode, f[2])
        elif cmd == "read":
            n = read(mode)
        else:
            raise ValueError(f"bad command {line!r}")
        print(f"ok {mode} {n}", flush=True)
    except Exception as e:  # reported to the Rust test, which fails on it
        print(f"err {mode} {e!r}".replace("\n", " | "), flush=True)
