#!/usr/bin/env bash
# squeeze's main job on the shipped sample documents, end to end:
#   starts a throwaway MariaDB and squeeze in front of it (with the shipped
#   dictionary), loads tests/data/*.ndjson THROUGH squeeze with the ordinary
#   `mariadb` client, prints raw vs stored bytes and the ratio (stored bytes
#   read from MariaDB directly), then reads one document back through squeeze
#   and checks it is byte-identical to the source.
#
#   bash scripts/demo.sh
#
# Installs what is missing (mariadb-server/client with apt-get) and builds
# squeeze in release mode. Cleans up everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

need=()
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
command -v mariadb >/dev/null 2>&1 || need+=(mariadb-client)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "demo: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "demo: cargo not found; install Rust (https://rustup.rs) first" >&2; exit 1; }
cargo build --release --quiet
BIN="$ROOT/target/release/squeeze"

WORK=$(mktemp -d /tmp/squeeze-demo-XXXXXX)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
DB_PORT=$(free_port); PROXY_PORT=$(free_port); ADMIN_PORT=$(free_port)
SOCK="$WORK/mysql.sock"

echo "== starting MariaDB on 127.0.0.1:$DB_PORT"
mariadb-install-db --no-defaults --user=root --datadir="$WORK/data" --auth-root-authentication-method=normal --skip-test-db >"$WORK/install.log" 2>&1
mariadbd --no-defaults --user=root --datadir="$WORK/data" --port="$DB_PORT" --bind-address=127.0.0.1 \
  --socket="$SOCK" --pid-file="$WORK/mysqld.pid" --log-error="$WORK/mysqld.err" --skip-log-bin \
  --innodb-buffer-pool-size=64M >/dev/null 2>&1 &
PIDS+=($!)
for _ in $(seq 1 100); do mariadb --no-defaults -uroot -S "$SOCK" -e "SELECT 1" >/dev/null 2>&1 && break; sleep 0.2; done
root() { mariadb --no-defaults -uroot -S "$SOCK" -N -B -e "$1"; }
root "CREATE USER app@'%' IDENTIFIED BY 'demo-secret'; GRANT ALL ON demo.* TO app@'%';
      CREATE DATABASE demo; CREATE TABLE demo.docs (id BIGINT PRIMARY KEY, corpus VARCHAR(20), doc LONGBLOB);"

echo "== starting squeeze on 127.0.0.1:$PROXY_PORT (demo.docs.doc compressed with the shipped dictionary)"
"$BIN" serve --listen "127.0.0.1:$PROXY_PORT" --backend "127.0.0.1:$DB_PORT" --user app:demo-secret \
  --admin "127.0.0.1:$ADMIN_PORT" --dictionaries "$ROOT/dictionaries" \
  --compress demo.docs.doc=reddit_comments >"$WORK/squeeze.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$PROXY_PORT) 2>/dev/null && break; sleep 0.1; done

echo "== loading the shipped documents through squeeze with the mariadb client"
python3 - "$ROOT/tests/data" > "$WORK/load.sql" <<'PY'
import sys, pathlib
out = []
n = 0
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.ndjson")):
    for line in f.read_text(encoding="utf-8").splitlines():
        n += 1
        esc = line.replace("\\", "\\\\").replace("'", "\\'")
        out.append(f"INSERT INTO docs (id, corpus, doc) VALUES ({n}, '{f.stem[:20]}', '{esc}');")
print("\n".join(out))
PY
mariadb --no-defaults -h127.0.0.1 -P"$PROXY_PORT" -uapp -pdemo-secret --default-character-set=utf8mb4 demo < "$WORK/load.sql"

echo
echo "== raw bytes (what the client wrote) vs stored bytes (what MariaDB holds, read directly)"
python3 - "$ROOT/tests/data" "$SOCK" <<'PY'
import sys, pathlib, subprocess
raw = {}
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.ndjson")):
    raw[f.stem[:20]] = sum(len(l.encode()) for l in f.read_text(encoding="utf-8").splitlines())
q = "SELECT corpus, COUNT(*), SUM(LENGTH(doc)), SUM(LEFT(doc,1) = x'F5') FROM demo.docs GROUP BY corpus ORDER BY corpus"
rows = subprocess.run(["mariadb", "--no-defaults", "-uroot", "-S", sys.argv[2], "-N", "-B", "-e", q], capture_output=True, text=True, check=True).stdout
print(f"{'corpus':<22}{'docs':>6}{'raw bytes':>12}{'stored bytes':>14}{'ratio':>8}{'compressed':>12}")
tr = ts = 0
for line in rows.strip().splitlines():
    c, n, stored, comp = line.split("\t")
    r = raw[c]; tr += r; ts += int(stored)
    print(f"{c:<22}{n:>6}{r:>12}{int(stored):>14}{r/int(stored):>8.2f}{comp:>12}")
print(f"{'total':<22}{'':>6}{tr:>12}{ts:>14}{tr/ts:>8.2f}")
print("(the shipped dictionary was trained on every 2nd reddit document; see dictionaries/manifest.toml)")
PY

echo
echo "== reading document 1 back through squeeze"
mariadb --no-defaults -h127.0.0.1 -P"$PROXY_PORT" -uapp -pdemo-secret --default-character-set=utf8mb4 -N --raw -e "SELECT doc FROM demo.docs WHERE id = 1" demo > "$WORK/back.json"
head -n 1 "$(ls "$ROOT"/tests/data/*.ndjson | sort | head -n 1)" > "$WORK/source.json"
if cmp -s "$WORK/back.json" "$WORK/source.json"; then
  echo "byte-identical to the source ($(wc -c < "$WORK/source.json") bytes):"
  head -c 300 "$WORK/back.json"; echo " ..."
else
  echo "MISMATCH between the document read back and the source" >&2; exit 1
fi
echo
echo "== squeeze metrics for the column"
curl -s "127.0.0.1:$ADMIN_PORT/metrics" 2>/dev/null | grep -E '^squeeze_column_(bytes|values)_total' || \
  python3 -c "import urllib.request;print('\n'.join(l for l in urllib.request.urlopen('http://127.0.0.1:$ADMIN_PORT/metrics').read().decode().splitlines() if l.startswith('squeeze_column_')))"
