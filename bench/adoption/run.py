#!/usr/bin/env python3
"""squeeze adoption benchmark (issue 21): backfill and compact an existing
table online, under an OLTP load through squeeze, and what it saves on disk.

What it does
  1. Splits the Reddit comments corpus (bench/data) in two halves: the even
     half trains a dictionary (`squeeze dict train`), the odd half is loaded,
     replicated with fresh ids to --rows rows (doc for id i =
     half[(i-1) % len(half)]), as plain JSON in `docs (id BIGINT PRIMARY
     KEY, doc LONGTEXT)` directly into a throwaway MariaDB (benchlib:
     512M buffer pool, flush-log-at-trx-commit=2, file-per-table), as an
     application would have written it before squeeze.
  2. Copies the rows into ROW_FORMAT=COMPRESSED (KEY_BLOCK_SIZE=8) and
     PAGE_COMPRESSED=1 tables (MariaDB's own compression) for the size table.
  3. ALTERs `docs.doc` to LONGBLOB (the one schema change adoption needs)
     and times it; starts squeeze (release build) compressing bench.docs.doc
     with the dictionary (squeeze publishes it to squeeze_meta).
  4. OLTP before: sysbench (oltp.lua: point selects by random id, --update-pct
     updates with corpus documents) through squeeze for --seconds x
     --rounds; qps and p95.
  5. `squeeze backfill` with its default throttle (or --job-nice) while the
     same OLTP load runs in windows of --pair-seconds that alternate
     between the job paused by its --throttle-flag-file and the job
     running; each pair's running/paused qps is one sample (same table
     state, same phase of the VM), the median is the job's cost. Also
     OLTP qps and p95 over the running windows against step 4 (different
     minutes: this VM's speed drifts by 30% between them), then the same
     load with no job on the compressed table. OPTIMIZE, size.
     --backfill-only stops here.
  6. Rotates to a 256 KB dictionary trained on the same half (`dict train
     --replace`, `dict publish`, squeeze restarted so its writes use it too)
     and runs `squeeze compact --verify` (level 19) the same way. OPTIMIZE,
     size. The load's updates rewrite rows at the proxy's level 3 meanwhile,
     so a night pass follows (`compact --restart --nice 0`, no load), then
     OPTIMIZE and the size compact reaches.
  7. Prints the tables and, as the last line:
     RESULT backfill_rows_s=.. oltp_qps_running_vs_paused=..
            oltp_qps_during_vs_before=.. size_after_compact_vs_plain=..
     (both OLTP ratios are the backfill phase; sizes are allocated bytes,
     st_blocks*512, after OPTIMIZE).

Requirements: python3 (stdlib), mariadb-server + mariadb-client, haproxy,
sysbench, and `cargo build --release`. Run from the repository root
(~10-15 minutes on 2 busy cores; CPU-heavy):
    python3 bench/adoption/run.py
    python3 bench/adoption/run.py --rows 50000 --seconds 10    # quicker
Options: --help. --keep leaves the temp dir (logs, datadir).
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from benchlib import (REPO, Fail, Stack, DB, USER, PASSWORD, run_bench, log,  # noqa: E402
                      shipped_corpus, percentile)

OLTP = os.path.join(HERE, "oltp.lua")
LOAD = os.path.join(os.path.dirname(HERE), "storage", "load.lua")
FINAL = "after compact + night pass (level 19, 256 KB dict)"


class Bench(Stack):
    def oltp(self, seconds):
        return self.sysbench(OLTP, self.sport, self.a.threads, [
            f"--time={seconds}", f"--rows={self.rows}", f"--docs={self.literals_file}",
            f"--updates={self.a.update_pct}"], histogram=True)

    @staticmethod
    def merge(runs):
        hist = {}
        for r in runs:
            for v, c in r["hist"]:
                hist[v] = hist.get(v, 0) + c
        t = sum(r["time"] for r in runs)
        return {"qps": sum(r["events"] for r in runs) / t if t else 0.0,
                "p95": percentile(sorted(hist.items()), 95), "time": t}

    def job(self, argv, paired=None):
        """Run `squeeze <argv>` in the background while OLTP chunks run;
        returns (job seconds, its stdout, merged OLTP stats). With `paired`
        (a list to fill), chunks alternate between the job paused by its
        throttle flag file and the job running, and each pair's running /
        paused qps is appended: both halves see the same table state and
        the same phase of this VM, whose speed drifts by 30% between
        minutes (before/during from different minutes cannot see 20%)."""
        env = dict(os.environ, BENCH_PW=PASSWORD)
        out_path = os.path.join(self.tmp, f"{argv[0]}.out")
        flag = os.path.join(self.tmp, f"{argv[0]}.pause")
        extra = ["--throttle-flag-file", flag] if paired is not None else []
        t0 = time.time()
        paused_total = 0.0
        with open(out_path, "wb") as out:
            p = subprocess.Popen([self.squeeze_bin] + argv + extra + [
                "--to", f"mysql://{USER}@127.0.0.1:{self.mport}", "--password-env", "BENCH_PW",
                "--column", f"{DB}.docs.doc"], stdout=out, stderr=subprocess.STDOUT, env=env)
            runs = []
            while p.poll() is None:
                if paired is not None:
                    t_pause = time.time()
                    open(flag, "w").close()
                    time.sleep(1.0)  # a batch in flight finishes first
                    held = self.oltp(self.a.pair_seconds)
                    os.remove(flag)
                    paused_total += time.time() - t_pause
                    if p.poll() is not None:
                        break
                    runs.append(self.oltp(self.a.pair_seconds))
                    ratio = (runs[-1]["events"] / runs[-1]["time"]) / (held["events"] / held["time"])
                    paired.append(ratio)
                    log(f"{argv[0]}: OLTP pair {len(runs)}: paused {held['events'] / held['time']:.0f} qps, "
                        f"running {runs[-1]['events'] / runs[-1]['time']:.0f} qps ({ratio:.3f})")
                    continue
                runs.append(self.oltp(self.a.seconds))
                log(f"{argv[0]}: OLTP chunk {len(runs)}: {runs[-1]['events'] / runs[-1]['time']:.0f} qps")
            took = time.time() - t0 - paused_total
        text = open(out_path, "rb").read().decode(errors="replace")
        if p.returncode != 0:
            raise Fail(f"squeeze {argv[0]} failed:\n{text[-3000:]}")
        last = [l for l in text.splitlines() if l.startswith("shard ") and "rows walked" in l]
        log(f"{argv[0]}: {last[-1] if last else text[-500:]}")
        if not runs:
            raise Fail(f"{argv[0]} ended before one OLTP chunk ran; use more --rows")
        return took, text, self.merge(runs)

    def size(self, table, optimize=True):
        if optimize:
            self.sql(f"OPTIMIZE TABLE {table}")
        return self.snapshot_sizes([table])[table][1]

    def run(self):
        a = self.a
        self.tmp = tempfile.mkdtemp(prefix="squeeze-adoption-bench-")
        self.start_mariadb(["--innodb-buffer-pool-size=512M"])
        self.prepare_documents(a.rows, batch=100)
        ddir, dname = self.train_dictionary()

        # 1. the application's table, as it was before squeeze
        self.sql("CREATE TABLE docs (id BIGINT NOT NULL PRIMARY KEY, doc LONGTEXT NOT NULL) ENGINE=InnoDB")
        res = self.sysbench(LOAD, self.mport, 4, [
            "--mode=insert", "--tbl=docs", "--time=0", "--events=0",
            f"--docs={self.literals_file}", "--batch=100", "--first=0",
            f"--last={self.rows // 100}"])
        log(f"loaded {self.rows} plain rows in {res['time']:.1f} s")
        sizes = {"plain": self.size("docs")}

        # 2. MariaDB's own compression on the same rows
        for name, table, opts in [
                ("ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8", "docs_rowc",
                 "ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8"),
                (f"PAGE_COMPRESSED=1 ({self.page_algo})", "docs_page", "PAGE_COMPRESSED=1")]:
            t0 = time.time()
            self.sql(f"CREATE TABLE {table} (id BIGINT NOT NULL PRIMARY KEY, doc LONGTEXT NOT NULL) "
                     f"ENGINE=InnoDB {opts}; INSERT INTO {table} SELECT * FROM docs ORDER BY id")
            sizes[name] = self.size(table, optimize=False)
            log(f"{name}: copied in {time.time() - t0:.1f} s")
            self.sql(f"DROP TABLE {table}")

        # 3. the one schema change: a binary column
        t0 = time.time()
        self.sql("ALTER TABLE docs MODIFY doc LONGBLOB NOT NULL")
        alter_s = time.time() - t0
        log(f"ALTER TABLE docs MODIFY doc LONGBLOB: {alter_s:.1f} s")
        self.start_squeeze(ddir, dname, "docs.doc")

        # 4. OLTP before
        before = self.merge([self.oltp(a.seconds) for _ in range(a.rounds)])
        log(f"OLTP before: {before['qps']:.0f} qps, p95 {before['p95']:.2f} ms")

        # 5. backfill with the default throttle
        pairs = []
        bf_s, bf_out, during_bf = self.job(["backfill"] + self.nice_args(), paired=pairs)
        sizes["after backfill"] = self.size("docs")
        # The same load with no job, every row now compressed: what the
        # table's new state costs, apart from the job's own share.
        after_bf = self.merge([self.oltp(a.seconds) for _ in range(a.rounds)])
        log(f"OLTP after backfill: {after_bf['qps']:.0f} qps, p95 {after_bf['p95']:.2f} ms")
        plain_left = int(self.sql("SELECT COUNT(*) FROM docs WHERE LEFT(doc, 1) <> 0xF5"))
        if a.backfill_only:
            self.report(before, alter_s, [("backfill", bf_s, during_bf), ("after (no job)", None, after_bf)],
                        sizes, plain_left)
            self.report_pairs(pairs)
            print(f"RESULT backfill_rows_s={self.rows / bf_s:.0f} "
                  f"oltp_qps_running_vs_paused={statistics.median(pairs) if pairs else float('nan'):.3f} "
                  f"oltp_qps_during_vs_before={during_bf['qps'] / before['qps']:.3f} "
                  f"size_after_backfill_vs_plain={sizes['after backfill'] / sizes['plain']:.3f}")
            return

        # 6. rotate to a 256 KB dictionary, publish it, compact at level 19
        r = subprocess.run([self.squeeze_bin, "dict", "train", "--samples", self.train_file,
                            "--dir", ddir, "--name", dname, "--replace", "--size", "262144"],
                           capture_output=True)
        if r.returncode != 0:
            raise Fail(f"dict train --replace failed: {(r.stdout + r.stderr).decode()}")
        r = subprocess.run([self.squeeze_bin, "dict", "publish", "--dir", ddir,
                            "--to", f"mysql://{USER}@127.0.0.1:{self.mport}",
                            "--password-env", "BENCH_PW"],
                           capture_output=True, env=dict(os.environ, BENCH_PW=PASSWORD))
        if r.returncode != 0:
            raise Fail(f"dict publish failed: {(r.stdout + r.stderr).decode()}")
        # Rotation: squeeze restarted (as a SIGHUP would reload it) writes
        # with the new dictionary too.
        self.stop("squeeze")
        self.start_squeeze(ddir, dname, "docs.doc")
        cp_s, cp_out, during_cp = self.job(["compact", "--dictionaries", ddir,
                                            "--dictionary", dname, "--verify"] + self.nice_args())
        if "verified" not in cp_out:
            raise Fail(f"compact --verify did not verify:\n{cp_out[-2000:]}")
        # The OLTP updates rewrote rows at the proxy's level (3) while the
        # compact ran; a write-once-read-many table would not. The night
        # pass re-walks the table with no load (rows already at level 19
        # are left alone) and gives the size compact reaches.
        sizes["after compact under load"] = self.size("docs")
        t0 = time.time()
        r = subprocess.run([self.squeeze_bin, "compact", "--restart", "--nice", "0",
                            "--dictionaries", ddir, "--dictionary", dname,
                            "--to", f"mysql://{USER}@127.0.0.1:{self.mport}",
                            "--password-env", "BENCH_PW", "--column", f"{DB}.docs.doc"],
                           capture_output=True, env=dict(os.environ, BENCH_PW=PASSWORD))
        if r.returncode != 0:
            raise Fail(f"night compact failed: {(r.stdout + r.stderr).decode()[-2000:]}")
        night_s = time.time() - t0
        log(f"night compact (no load): {night_s:.1f} s")
        sizes[FINAL] = self.size("docs")

        self.report(before, alter_s, [("backfill", bf_s, during_bf), ("after (no job)", None, after_bf),
                                      ("compact", cp_s, during_cp)], sizes, plain_left)
        print(f"night pass: compact --restart --nice 0 with no load, {night_s:.1f} s")
        self.report_pairs(pairs)
        print(f"RESULT backfill_rows_s={self.rows / bf_s:.0f} "
              f"oltp_qps_running_vs_paused={statistics.median(pairs) if pairs else float('nan'):.3f} "
              f"oltp_qps_during_vs_before={during_bf['qps'] / before['qps']:.3f} "
              f"size_after_compact_vs_plain="
              f"{sizes[FINAL] / sizes['plain']:.3f}")

    @staticmethod
    def report_pairs(pairs):
        print(f"backfill, OLTP qps with the job running / paused (its throttle flag file) in adjacent "
              f"windows: median {statistics.median(pairs) if pairs else float('nan'):.3f} over {len(pairs)} pairs: "
              + " ".join(f"{r:.3f}" for r in pairs))
        print()

    def nice_args(self):
        return [] if self.a.job_nice is None else ["--nice", str(self.a.job_nice)]

    def report(self, before, alter_s, phases, sizes, plain_left):
        a = self.a
        plain = sizes["plain"]
        print()
        print(f"{self.rows} rows, {self.raw_bytes / 1e6:.1f} MB of JSON; {self.server_info}")
        print(f"dictionary: {self.dict_note}")
        print(f"ALTER TABLE docs MODIFY doc LONGBLOB (table copy): {alter_s:.1f} s")
        print()
        print(f"{'phase':<14} {'job s':>7} {'rows/s':>8} {'OLTP qps':>9} {'vs before':>9} "
              f"{'p95 ms':>7} {'vs before':>9}")
        print(f"{'before':<14} {'':>7} {'':>8} {before['qps']:>9.0f} {1.0:>9.3f} "
              f"{before['p95']:>7.2f} {1.0:>9.3f}")
        for name, secs, d in phases:
            job = f"{secs:>7.1f} {self.rows / secs:>8.0f}" if secs else f"{'':>7} {'':>8}"
            print(f"{name:<14} {job} {d['qps']:>9.0f} "
                  f"{d['qps'] / before['qps']:>9.3f} {d['p95']:>7.2f} {d['p95'] / before['p95']:>9.3f}")
        print()
        print(f"{'table':<52} {'allocated bytes':>16} {'vs plain':>9}")
        for name, b in sizes.items():
            print(f"{name:<52} {b:>16} {b / plain:>9.3f}")
        print(f"rows left plain after backfill (small or incompressible): {plain_left}")
        print(f"OLTP: {a.threads} threads through squeeze, {100 - a.update_pct}% point selects, "
              f"{a.update_pct}% updates; jobs at --batch 200, "
              f"--nice {a.job_nice if a.job_nice is not None else 'default'}; "
              f"load average at the end: {os.getloadavg()[0]:.1f}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=shipped_corpus(), help="NDJSON corpus (.xz ok)")
    p.add_argument("--rows", type=int, default=200000, help="rows (default 200000)")
    p.add_argument("--threads", type=int, default=4, help="OLTP client threads (default 4)")
    p.add_argument("--seconds", type=int, default=15, help="seconds per OLTP chunk (default 15)")
    p.add_argument("--rounds", type=int, default=2, help="OLTP chunks before (default 2)")
    p.add_argument("--update-pct", type=int, default=10, help="percent updates (default 10)")
    p.add_argument("--squeeze", default=os.path.join(REPO, "target", "release", "squeeze"),
                   help="squeeze binary (default target/release/squeeze)")
    p.add_argument("--squeeze-log", default="warn", help="SQUEEZE_LOG for the proxy")
    p.add_argument("--keep", action="store_true", help="keep the temp dir")
    p.add_argument("--pair-seconds", type=int, default=6,
                   help="seconds per OLTP window while the backfill alternates paused/running (default 6)")
    p.add_argument("--job-nice", type=float, default=None,
                   help="--nice for backfill and compact (default: the jobs' own default)")
    p.add_argument("--backfill-only", action="store_true",
                   help="stop after the backfill phase (its OLTP ratio and size; no compact)")
    args = p.parse_args()
    random.seed()
    return run_bench(lambda: Bench(args))


if __name__ == "__main__":
    sys.exit(main())
