#!/usr/bin/env bash
# Builds a pinned TiDB server (a MySQL-8-flavoured backend for tests/tidb.rs
# and bench/wire) from the Go module proxy into .test-deps/tidb/tidb-server.
#   bash scripts/build-tidb.sh
# Cached: does nothing when the binary for the pinned version is present.
# The module proxy is the only source this machine can reach: there is no
# tagged module version of TiDB, so a pseudo-version (commit ec8b81b98edc,
# 2024-11-25, TiDB 8.5 line) is pinned. Its go.mod replaces the parser module
# with ./pkg/parser, which the module zip leaves out (nested module), so the
# parser at the same commit is fetched separately and copied in.
# Cost on a fresh 2-core machine: ~1.8 GB of modules and ~2 GB of build cache
# while it builds (both in a private directory removed afterwards, so only the
# ~150 MB binary stays on disk), ~10 CPU-minutes of build.
set -euo pipefail
cd "$(dirname "$0")/.."

TIDB_VERSION="v1.1.0-beta.0.20241125141335-ec8b81b98edc"
PARSER_VERSION="v0.0.0-20241125141335-ec8b81b98edc"
OUT="$PWD/.test-deps/tidb"
STAMP="$OUT/version"

if [[ -x "$OUT/tidb-server" && -f "$STAMP" && "$(cat "$STAMP")" == "$TIDB_VERSION" ]]; then
    exit 0
fi
command -v go >/dev/null || { echo "build-tidb: Go is missing (apt-get install golang, or Go from go.dev)" >&2; exit 1; }

# Private module and build caches: a CI machine ran out of disk with ~4 GB of
# them left behind. -modcacherw lets a plain rm remove the module cache.
scratch="$OUT/go-scratch"
rm -rf "$scratch"
mkdir -p "$scratch"
export GOMODCACHE="$scratch/mod" GOCACHE="$scratch/cache" GOFLAGS="-modcacherw"
trap 'rm -rf "$scratch"' EXIT

module_dir() {
    # go mod download needs a module context; an empty temporary one will do.
    local tmp
    tmp="$(mktemp -d)"
    (cd "$tmp" && go mod init tidbfetch >/dev/null 2>&1 && go mod download -json "$1" \
        | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    rm -rf "$tmp"
}

echo "build-tidb: fetching github.com/pingcap/tidb@$TIDB_VERSION from the module proxy"
tidb_src="$(module_dir "github.com/pingcap/tidb@$TIDB_VERSION")"
parser_src="$(module_dir "github.com/pingcap/tidb/pkg/parser@$PARSER_VERSION")"
[[ -d "$tidb_src" && -d "$parser_src" ]] || { echo "build-tidb: module download failed" >&2; exit 1; }

work="$OUT/src"
rm -rf "$work"
mkdir -p "$OUT"
cp -r "$tidb_src" "$work"
chmod -R u+w "$work"
rm -rf "$work/pkg/parser"
cp -r "$parser_src" "$work/pkg/parser"
chmod -R u+w "$work/pkg/parser"

echo "build-tidb: building tidb-server (several minutes on 2 cores)"
(cd "$work" && GOFLAGS="-mod=mod -modcacherw" go build -trimpath -ldflags="-s -w" \
    -o "$OUT/tidb-server.new" ./cmd/tidb-server)
mv "$OUT/tidb-server.new" "$OUT/tidb-server"
rm -rf "$work"
echo "$TIDB_VERSION" >"$STAMP"
"$OUT/tidb-server" -V | head -3
