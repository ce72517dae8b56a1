"""`SHOW STATUS` about the client's own link (Ssl_version, Ssl_cipher,
Compression) reads the same directly and through squeeze, with and without
TLS (1.2 and 1.3) and the compressed protocol (from the suites of
go-sql-driver/mysql, TestTLS, and mysql-connector-python, Bug26484601 and
BugOra35349093, where squeeze answered with its backend link's values)."""
import mysql.connector
from common import args, compare

A = args()
ROWS = "SHOW STATUS WHERE Variable_name IN ('Ssl_version', 'Ssl_cipher', 'Compression')"


def run(port):
    out = []
    for tls in (None, "TLSv1.2", "TLSv1.3"):
        for compress in (False, True):
            kw = dict(host="127.0.0.1", port=port, user="app", password="secret", use_pure=True,
                      compress=compress)
            if tls:
                kw.update(ssl_ca=A.ca, ssl_verify_cert=True, tls_versions=[tls])
            else:
                kw.update(ssl_disabled=True)
            c = mysql.connector.connect(**kw)
            cur = c.cursor()
            for sql in (ROWS, "SHOW SESSION STATUS LIKE 'Ssl_version'", "show local status like 'compression'"):
                cur.execute(sql)
                out.append((f"{tls} compress={compress}: {sql}", sorted(cur.fetchall())))
            c.close()
    return out


compare("link_status", run(A.direct), run(A.proxy))
