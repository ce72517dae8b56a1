"""mysql-connector-python (pure) prepared cursor (COM_STMT_PREPARE/EXECUTE)
writing documents with declared extracted paths, driven by
tests/json_extract.rs:

    python extract_prepared.py PORT USER PASSWORD DB DOCS_FILE

DOCS_FILE has one document a line, hex of its UTF-8 bytes, or NULL. Prints
one "rows N" line per statement (its affected-rows count), then "ok"."""
import sys

import mysql.connector

PORT, USER, PASSWORD, DB, DOCS = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]

docs = []
with open(DOCS) as f:
    for line in f:
        line = line.strip()
        docs.append(None if line == "NULL" else bytes.fromhex(line).decode("utf-8"))

c = mysql.connector.connect(host="127.0.0.1", port=PORT, user=USER, password=PASSWORD, database=DB,
                            charset="utf8mb4", use_pure=True, ssl_disabled=True, autocommit=True)
p = c.cursor(prepared=True)
n = len(docs)
for i, d in enumerate(docs):
    p.execute("INSERT INTO t (id, doc, n) VALUES (?, ?, ?)", (1000 + i, d, i))
    print("rows", p.rowcount)
for i in range(n):
    p.execute("UPDATE t SET doc = ?, n = ? WHERE id = ?", (docs[(i + 2) % n], 7, 1000 + i))
    print("rows", p.rowcount)
    p.execute("INSERT INTO t (id, doc) VALUES (?, ?) ON DUPLICATE KEY UPDATE doc = VALUES(doc), n = 8",
              (1000 + i, docs[(i + 5) % n]))
    print("rows", p.rowcount)
p.close()
c.close()
print("ok")
