#!/usr/bin/env bash
# The one test command: installs what the tests need, then runs every test.
#   bash scripts/test.sh [extra cargo test args]
# Tests start their own MariaDB servers and squeeze processes; nothing else
# needs to be running. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
export RUST_BACKTRACE="${RUST_BACKTRACE:-1}"
# One-shot builds gain nothing from incremental artifacts (~5 GB for this
# tree); CI machines may have little disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
# Benchmarks are programs (bench/), not tests: they are only compiled, in
# the same build as the tests (a separate `cargo check --benches` compiled
# every dependency a second time in check mode: ~600 CPU-seconds cold).
cargo test --no-run --lib --bins --tests --benches --quiet
# The in-server function library (udf/) loaded by the test servers, next to
# the squeeze binary the tests run (target/debug/libsqueeze_udf.so).
cargo build -p squeeze-udf --quiet
# Two test threads per binary: each test may start mariadbd/squeeze processes.
# --no-fail-fast: report every failing test binary, not just the first.
status=0
cargo test --lib --bins --tests --no-fail-fast "$@" -- --test-threads="${TEST_THREADS:-2}" || status=$?
# The stored-value format and the in-server library: their own unit tests
# and the bounded hostile-input run of the library's decode path.
cargo test -p squeeze-format -p squeeze-udf --no-fail-fast --quiet || status=$?
exit "$status"
