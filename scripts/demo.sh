#!/usr/bin/env bash
# squeeze's main job on the shipped sample documents, end to end:
#   starts a throwaway MariaDB, trains a dictionary for each shipped corpus
#   (tests/data/*.ndjson) on half of its documents with `squeeze dict train`,
#   starts squeeze in front of the server with one compressed table per
#   corpus, loads the other half THROUGH squeeze with the ordinary `mariadb`
#   client, prints raw vs stored bytes and the ratio (stored bytes read from
#   MariaDB directly), then reads one document back through squeeze and
#   checks it is byte-identical to the source.
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
root "CREATE USER app@'%' IDENTIFIED BY 'demo-secret'; GRANT ALL ON demo.* TO app@'%'; CREATE DATABASE demo;"

# Each shipped corpus is split in two: the even documents train a dictionary
# for it (`squeeze dict train`, as an operator would on a sample of their
# rows), the odd ones are loaded (held out: the ratio is not flattered by
# documents the dictionary has seen).
echo "== training a dictionary per corpus on its even documents (squeeze dict train)"
python3 - "$ROOT/tests/data" "$WORK" <<'PY'
import sys, pathlib
work = pathlib.Path(sys.argv[2])
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.ndjson")):
    lines = f.read_text(encoding="utf-8").splitlines()
    name = f.stem.split("_")[0]
    (work / f"train_{name}.ndjson").write_text("\n".join(lines[0::2]) + "\n", encoding="utf-8")
    (work / f"load_{name}.ndjson").write_text("\n".join(lines[1::2]) + "\n", encoding="utf-8")
PY
COMPRESS=()
for train in "$WORK"/train_*.ndjson; do
  name=$(basename "$train" .ndjson); name=${name#train_}
  "$BIN" dict train --samples "$train" --dir "$WORK/dicts" --name "$name" | tail -n 1
  root "CREATE TABLE demo.docs_$name (id BIGINT PRIMARY KEY, doc LONGBLOB);"
  COMPRESS+=(--compress "demo.docs_$name.doc=$name")
done

echo "== starting squeeze on 127.0.0.1:$PROXY_PORT (each table's doc column compressed with its corpus's dictionary)"
SQUEEZE_PASSWORD_APP=demo-secret "$BIN" serve --listen "127.0.0.1:$PROXY_PORT" --backend "127.0.0.1:$DB_PORT" --user app \
  --admin "127.0.0.1:$ADMIN_PORT" --dictionaries "$WORK/dicts" "${COMPRESS[@]}" >"$WORK/squeeze.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$PROXY_PORT) 2>/dev/null && break; sleep 0.1; done

echo "== loading the held-out documents through squeeze with the mariadb client"
python3 - "$WORK" > "$WORK/load.sql" <<'PY'
import sys, pathlib
out = []
for f in sorted(pathlib.Path(sys.argv[1]).glob("load_*.ndjson")):
    name = f.stem[len("load_"):]
    for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
        esc = line.replace("\\", "\\\\").replace("'", "\\'")
        out.append(f"INSERT INTO docs_{name} (id, doc) VALUES ({n}, '{esc}');")
print("\n".join(out))
PY
mariadb --no-defaults -h127.0.0.1 -P"$PROXY_PORT" -uapp -pdemo-secret --default-character-set=utf8mb4 demo < "$WORK/load.sql"

echo
echo "== raw bytes (what the client wrote) vs stored bytes (what MariaDB holds, read directly)"
python3 - "$WORK" "$SOCK" <<'PY'
import sys, pathlib, subprocess
work = pathlib.Path(sys.argv[1])
print(f"{'table':<16}{'docs':>6}{'raw bytes':>12}{'stored bytes':>14}{'ratio':>8}{'compressed':>12}")
tr = ts = 0
for f in sorted(work.glob("load_*.ndjson")):
    name = f.stem[len("load_"):]
    raw = sum(len(l.encode()) for l in f.read_text(encoding="utf-8").splitlines())
    q = f"SELECT COUNT(*), SUM(LENGTH(doc)), SUM(LEFT(doc,1) = x'F5') FROM demo.docs_{name}"
    n, stored, comp = subprocess.run(["mariadb", "--no-defaults", "-uroot", "-S", sys.argv[2], "-N", "-B", "-e", q],
                                     capture_output=True, text=True, check=True).stdout.split()
    tr += raw; ts += int(stored)
    print(f"{'docs_' + name:<16}{n:>6}{raw:>12}{int(stored):>14}{raw / int(stored):>8.2f}{comp:>12}")
print(f"{'total':<16}{'':>6}{tr:>12}{ts:>14}{tr / ts:>8.2f}")
print("(each dictionary was trained on the other half of its corpus: the documents loaded are held out)")
PY
echo
echo "== reading document 1 back through squeeze"
mariadb --no-defaults -h127.0.0.1 -P"$PROXY_PORT" -uapp -pdemo-secret --default-character-set=utf8mb4 -N --raw -e "SELECT doc FROM demo.docs_reddit WHERE id = 1" demo > "$WORK/back.json"
head -n 1 "$WORK/load_reddit.ndjson" > "$WORK/source.json"
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
