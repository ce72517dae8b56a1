#!/usr/bin/env python3
"""squeeze storage benchmark (issue 4): on-disk size, point selects and bulk
inserts of squeeze against the in-server alternatives, side by side, in one run.

What it does
  1. Splits the Reddit comments corpus (shipped in bench/data) in two
     halves (even / odd lines),
     trains a fresh zstd dictionary on the even half with
     `squeeze dict train`, and loads only the odd half (held out), replicated
     with fresh ids to --rows rows (doc for id i = half[(i-1) % len(half)]).
  2. Starts its own throwaway MariaDB (bench/benchlib.py, shared with
     bench/iobound: mariadb-install-db into a temp dir,
     mariadbd on a free loopback port, file-per-table, 512M buffer pool,
     flush-log-at-trx-commit=2, no binlog, utf8mb4), squeeze (release build)
     and HAProxy (mode tcp) in front of it.
  3. Loads the same rows into one table per variant with 100-row
     multi-row INSERTs from sysbench (4 threads), interleaved in
     --insert-rounds rounds so machine noise hits every variant alike:
       plain        doc LONGTEXT, DYNAMIC                       direct
       plain@haproxy same table shape, through HAProxy (speed only, dropped)
       row_comp_8   ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8      direct
       row_comp_4   ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=4      direct
       page_comp    PAGE_COMPRESSED=1 (innodb_compression_algorithm, printed)
       column_comp  doc LONGTEXT COMPRESSED (MariaDB column compression, zlib)
       squeeze      doc LONGBLOB, every INSERT sent THROUGH squeeze
     Rows/s of each is the insert-speed table.
  4. FLUSH TABLES ... FOR EXPORT (all dirty pages on disk) and stat every
     .ibd ("after load"), then OPTIMIZE TABLE each (a rebuild: concurrent
     loading leaves half-full pages) and measure again; the rebuilt sizes are
     compared: apparent size (st_size), allocated size (st_blocks*512; page
     compression punches holes, so only this shows its saving) and size
     minus InnoDB's free extents (DATA_FREE). Ratios use allocated bytes.
  5. Point selects by random primary key (sysbench, 4 threads, --seconds per
     round, --select-rounds rounds interleaved): squeeze on the squeeze
     table, HAProxy on plain, direct on row_comp_8, direct on plain, and
     squeeze as a pure relay on plain (the proxy hop without inflation).
     qps, p95, ratios, and CPU per query (which noise moves far less).
  6. Verifies correctness: reads EVERY row of the squeeze table back through
     squeeze and compares its bytes with the source document.
  7. Prints the tables and, as the last line:
     RESULT squeeze_vs_plain_size=<alloc squeeze/plain> smallest=<variant>
            point_select_vs_haproxy=<qps ratio> insert_vs_row_compressed=<rows/s ratio>
     With --topology sidecar (or both) the point selects also run with
     MariaDB alone on its own core under a CPU quota and client + proxy on
     the other (see bench/topology.py and bench/iobound), and the line adds
     sidecar_point_select_vs_haproxy, sidecar_vs_plain_direct and
     sidecar_server_cpu_per_query_vs_plain (mariadbd CPU per query, squeeze
     table through squeeze vs the plain table read directly).

CPU: the load generator is sysbench (C + LuaJIT). The run reports CPU seconds
used by sysbench, mariadbd, squeeze and HAProxy per phase, so you can see
whether the 2-core machine, not the proxy, was the limit.

Requirements: python3 (stdlib only), mariadb-server + mariadb-client
(mariadbd, mariadb-install-db, mariadb), haproxy, sysbench, and a release
build of squeeze (cargo build --release). On Debian/Ubuntu:
    apt-get install -y mariadb-server mariadb-client haproxy sysbench

Run (from the repository root; ~4-7 minutes on 2 busy cores):
    python3 bench/storage/run.py
    python3 bench/storage/run.py --topology both
    python3 bench/storage/run.py --rows 100000 --seconds 10 --select-rounds 2 --prepared
Options: --help. --keep leaves the temp dir (logs, datadir) for inspection.
"""

import argparse
import os
import random
import re
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from benchlib import (REPO, Fail, Stack, add_topology_args, run_bench, log,  # noqa: E402
                      shipped_corpus)

LUA = os.path.join(HERE, "load.lua")

# variant name -> (table, CREATE TABLE tail, how it is loaded)
VARIANTS = [
    ("plain", "t_plain", "doc LONGTEXT NOT NULL) ENGINE=InnoDB", "direct"),
    ("plain@haproxy", "t_plain_hap", "doc LONGTEXT NOT NULL) ENGINE=InnoDB", "haproxy"),
    ("row_comp_8", "t_rowc8",
     "doc LONGTEXT NOT NULL) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8", "direct"),
    ("row_comp_4", "t_rowc4",
     "doc LONGTEXT NOT NULL) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=4", "direct"),
    ("page_comp", "t_pagec", "doc LONGTEXT NOT NULL) ENGINE=InnoDB PAGE_COMPRESSED=1", "direct"),
    ("column_comp", "t_colc", "doc LONGTEXT COMPRESSED NOT NULL) ENGINE=InnoDB", "direct"),
    ("squeeze", "t_squeeze", "doc LONGBLOB NOT NULL) ENGINE=InnoDB", "squeeze"),
]
SIZE_VARIANTS = [v for v in VARIANTS if v[0] != "plain@haproxy"]


class Bench(Stack):
    """The storage benchmark on a benchlib.Stack (MariaDB, HAProxy, squeeze)."""

    def start_squeezes(self, dict_dir, dict_name):
        self.start_squeeze(dict_dir, dict_name, "t_squeeze.doc")
        if self.a.baseline:
            # The same table through another build (e.g. main before a
            # change), so before/after share one run's noise.
            self.bport = self.start_squeeze(dict_dir, dict_name, "t_squeeze.doc",
                                            name="baseline", binary=self.a.baseline)

    def create_tables(self):
        stmts = [f"CREATE TABLE {t} (id BIGINT NOT NULL PRIMARY KEY, {tail};"
                 for _, t, tail, _ in VARIANTS]
        self.sql("".join(stmts))

    # ---------------------------------------------------------------- sysbench
    def run_load(self, port, mode, table, threads, extra):
        return self.sysbench(LUA, port, threads, [f"--mode={mode}", f"--tbl={table}"] + extra)

    def port_of(self, route):
        return {"direct": self.mport, "haproxy": self.hport, "squeeze": self.sport,
                "baseline": getattr(self, "bport", None)}[route]

    # ---------------------------------------------------------------- phases
    def load_all(self):
        nb = self.rows // self.a.batch
        R = self.a.insert_rounds
        acc = {v[0]: {"time": 0.0, "cpu": {}} for v in VARIANTS}
        for r in range(R):
            first, last = nb * r // R, nb * (r + 1) // R
            # rotate and alternate the order so no variant always runs first
            # (or always right after the slowest one)
            k = r * len(VARIANTS) // R
            order = VARIANTS[k:] + VARIANTS[:k]
            if r % 2:
                order.reverse()
            for name, table, _, route in order:
                res = self.run_load(self.port_of(route), "insert", table, self.a.threads, [
                    "--time=0", "--events=0", f"--docs={self.literals_file}",
                    f"--batch={self.a.batch}", f"--first={first}", f"--last={last}"])
                acc[name]["time"] += res["time"]
                for k, v in res["cpu"].items():
                    acc[name]["cpu"][k] = acc[name]["cpu"].get(k, 0.0) + v
                log(f"insert round {r + 1}/{R} {name:14s} via {route:8s} "
                    f"{(last - first) * self.a.batch / res['time']:9.0f} rows/s")
        for name, table, _, _ in VARIANTS:
            n = int(self.sql(f"SELECT COUNT(*) FROM {table}"))
            if n != self.rows:
                raise Fail(f"{table} has {n} rows, expected {self.rows}")
        self.inserts = acc

    def variant_sizes(self):
        """variant -> (apparent, allocated, DATA_FREE) of its .ibd file."""
        got = self.snapshot_sizes([t for _, t, _, _ in SIZE_VARIANTS])
        return {name: got[t] for name, t, _, _ in SIZE_VARIANTS}

    def measure_sizes(self):
        # the haproxy-loaded copy of plain only served the insert-speed table
        self.sql("DROP TABLE t_plain_hap")
        self.sizes_loaded = self.variant_sizes()
        if self.a.no_optimize:
            self.sizes = self.sizes_loaded
            return
        # OPTIMIZE = rebuild: concurrent 4-thread loading leaves some B-tree
        # pages half full (splits in the middle); the rebuilt tables are the
        # steady state every variant can reach, so they are what we compare.
        t0 = time.time()
        self.optimize_times = {}
        for name, table, _, _ in SIZE_VARIANTS:
            t1 = time.time()
            self.sql(f"OPTIMIZE TABLE {table}")
            self.optimize_times[name] = time.time() - t1
        log(f"OPTIMIZE TABLE of all variants took {time.time() - t0:.1f}s")
        self.sizes = self.variant_sizes()

    def point_selects(self):
        """Every path in each --topology; `self.selects` is left at the
        first topology's figures (the bulk inserts ran in it)."""
        self.selects_by = {}
        for topo in reversed(self.topologies):
            self.set_topology(topo)
            self.point_selects_in(topo)
            self.selects_by[topo] = self.selects

    def point_selects_in(self, topo):
        configs = [
            ("squeeze -> squeeze table", "squeeze", "t_squeeze"),
            ("haproxy -> plain", "haproxy", "t_plain"),
            ("direct -> row_comp_8", "direct", "t_rowc8"),
            ("direct -> plain", "direct", "t_plain"),
            ("squeeze relay -> plain", "squeeze", "t_plain"),
        ]
        if self.a.baseline:
            configs += [("baseline -> squeeze table", "baseline", "t_squeeze")]
        if self.a.prepared:
            configs += [("squeeze -> squeeze (prep)", "squeeze-ps", "t_squeeze"),
                        ("haproxy -> plain (prep)", "haproxy-ps", "t_plain")]
        # warm the buffer pool: every page of the tables read below
        for t in sorted({c[2] for c in configs}):
            self.sql(f"SELECT COUNT(*), SUM(LENGTH(doc)) FROM {t}")
        acc = {c[0]: {"time": 0.0, "events": 0.0, "p95": [], "avg": [], "cpu": {}}
               for c in configs}
        for r in range(self.a.select_rounds):
            order = configs if r % 2 == 0 else list(reversed(configs))
            for label, route, table in order:
                mode = "pselect" if route.endswith("-ps") else "select"
                res = self.run_load(self.port_of(route.replace("-ps", "")), mode, table,
                                    self.a.threads, [f"--time={self.a.seconds}", "--events=0",
                                                     f"--rows={self.rows}"])
                a = acc[label]
                a["time"] += res["time"]
                a["events"] += res["events"]
                a["p95"].append(res["p95"])
                a["avg"].append(res["avg"])
                for k, v in res["cpu"].items():
                    a["cpu"][k] = a["cpu"].get(k, 0.0) + v
                log(f"{topo} select round {r + 1}/{self.a.select_rounds} {label:26s} "
                    f"{res['events'] / res['time']:8.0f} qps  p95 {res['p95']:.2f} ms")
        self.selects = acc
        self.select_configs = configs

    def verify(self):
        out = self.sql("SELECT id, doc FROM t_squeeze ORDER BY id", port=self.sport)
        n = len(self.load_docs)
        rows = bad = 0
        for line in out.split(b"\n"):
            if not line:
                continue
            ident, doc = line.split(b"\t", 1)
            rows += 1
            if doc != self.load_docs[(int(ident) - 1) % n]:
                bad += 1
        # the same through the binary protocol would need a driver; the
        # sysbench --prepared run exercises it for speed.
        raw = self.sql("SELECT SUM(ASCII(doc) >= 245), COUNT(*), SUM(LENGTH(doc)) FROM t_squeeze")
        blobs, total, stored = (int(x) for x in raw.split())
        if rows != self.rows or bad:
            raise Fail(f"VERIFY FAILED: read {rows} rows through squeeze, {bad} differ "
                       f"from the source (expected {self.rows} rows)")
        self.verify_note = (f"verified: all {rows} rows read back through squeeze are "
                            f"byte-identical to the source; {blobs}/{total} stored as "
                            f"squeeze blobs, {stored / 1e6:.1f} MB stored for "
                            f"{self.raw_bytes / 1e6:.1f} MB of JSON "
                            f"(value ratio {self.raw_bytes / stored:.2f})")
        try:
            text = urllib.request.urlopen(f"http://127.0.0.1:{self.aport}/metrics",
                                          timeout=5).read().decode()
            got = {}
            for m in re.finditer(r'^squeeze_column_bytes_total\{([^}]*)\}\s+([\d.e+]+)$',
                                 text, re.M):
                kind = re.search(r'kind="(\w+)"', m.group(1))
                if kind:
                    got[kind.group(1)] = got.get(kind.group(1), 0) + float(m.group(2))
            if got.get("raw") and got.get("stored"):
                self.verify_note += (f"; /metrics squeeze_column_bytes_total raw="
                                     f"{got['raw']:.0f} stored={got['stored']:.0f} "
                                     f"({got['raw'] / got['stored']:.2f}x)")
        except Exception as e:  # metrics are informative only
            self.verify_note += f"; /metrics unavailable: {e}"

    # ---------------------------------------------------------------- report
    def print_selects(self, topo, cpu_cols):
        """The point-select table of one topology; returns (CPU per query by
        path, haproxy qps, direct qps, mariadbd us per query by path)."""
        self.selects = self.selects_by[topo]
        print()
        print(f"== {topo}: point select by primary key: {self.a.threads} threads, "
              f"{self.a.select_rounds} x {self.a.seconds}s interleaved, "
              f"text protocol unless (prep) ==")
        print(f"{'path':<27} {'qps':>7} {'p95 ms':>7} {'avg ms':>7} {'vs haproxy':>11} "
              f"{'vs direct':>10} {'cpu us/q':>9}  split: client / mariadbd / proxy")
        hq = self.selects["haproxy -> plain"]
        hqps = hq["events"] / hq["time"]
        dq = self.selects["direct -> plain"]
        dqps = dq["events"] / dq["time"]
        sel_cpu = {}
        for label, route, _ in self.select_configs:
            a = self.selects[label]
            qps = a["events"] / a["time"]
            proxy = route.replace("-ps", "")
            tot, split = cpu_cols(a["cpu"], a["events"], None if proxy == "direct" else proxy)
            sel_cpu[label] = tot
            print(f"{label:<27} {qps:>7.0f} {max(a['p95']):>7.2f} "
                  f"{sum(a['avg']) / len(a['avg']):>7.2f} {qps / hqps:>11.2f} {qps / dqps:>10.2f} "
                  f"{tot:>9.0f}  {split}")
        total_cpu = sum(sum(a["cpu"].values()) for a in self.selects.values())
        client_cpu = sum(a["cpu"].get("sysbench", 0) for a in self.selects.values())
        sel_time = sum(a["time"] for a in self.selects.values())
        print(f"(p95 = worst round; cpu us/q = CPU of client + mariadbd + proxy per query, "
              f"which machine noise moves far less than qps. sysbench used "
              f"{100 * client_cpu / sel_time:.0f}% of one core on average, "
              f"{100 * client_cpu / max(total_cpu, 1e-9):.0f}% of the CPU the benchmark "
              f"processes used; {os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f} at the end)")
        srv = {label: a["cpu"].get("mariadbd", 0) * 1e6 / max(a["events"], 1)
               for label, a in self.selects.items()}
        return sel_cpu, hqps, dqps, srv

    def report(self):
        plain_alloc = self.sizes["plain"][1]
        plain_used = self.sizes["plain"][0] - self.sizes["plain"][2]
        opt = not self.a.no_optimize
        print()
        print(f"== storage: {self.rows} rows, {self.raw_bytes / 1e6:.1f} MB of JSON "
              f"(avg {self.raw_bytes / self.rows:.0f} B/doc); sizes "
              f"{'after OPTIMIZE TABLE' if opt else 'after load'} ==")
        print(f"{'variant':<12} {'after load':>12} {'apparent':>12} {'allocated':>12} "
              f"{'DATA_FREE':>10} {'app-free':>12} {'alloc B/row':>11} {'alloc/plain':>11} "
              f"{'(app-free)/plain':>16}" + (f" {'OPTIMIZE s':>10}" if opt else ""))
        for name, _, _, _ in SIZE_VARIANTS:
            app, alloc, free = self.sizes[name]
            used = app - free
            line = (f"{name:<12} {self.sizes_loaded[name][1]:>12,} {app:>12,} {alloc:>12,} "
                    f"{free:>10,} {used:>12,} {alloc / self.rows:>11.0f} "
                    f"{alloc / plain_alloc:>11.3f} {used / plain_used:>16.3f}")
            if opt:
                line += f" {self.optimize_times[name]:>10.1f}"
            print(line)
        print(f"(bytes; 'after load' = allocated right after loading, before OPTIMIZE; "
              f"allocated = st_blocks*512, the only size that shows page compression "
              f"({self.page_algo}, hole punching); app-free = file size minus InnoDB's free "
              f"extents (DATA_FREE), i.e. without preallocated tail; for page_comp it is "
              f"logical, uncompressed)")
        def cpu_cols(cpu, n, proxy):
            c, m = cpu.get("sysbench", 0), cpu.get("mariadbd", 0)
            p = cpu.get(proxy, 0) if proxy else 0.0
            k = n / 1000
            pc = f"{p * 1000 / k:.0f}" if proxy else "-"
            return (c + m + p) * 1000 / k, f"{c * 1000 / k:.0f} / {m * 1000 / k:.0f} / {pc}"

        print()
        print(f"== bulk insert: {self.a.batch}-row INSERTs, {self.a.threads} threads, "
              f"{self.a.insert_rounds} interleaved rounds ==")
        print(f"{'variant':<14} {'route':<8} {'rows/s':>9} {'vs row_comp_8':>14} "
              f"{'vs plain':>9} {'cpu ms/1k rows':>15}  split: client / mariadbd / proxy")
        rc = self.rows / self.inserts["row_comp_8"]["time"]
        pl = self.rows / self.inserts["plain"]["time"]
        ins_cpu = {}
        for name, _, _, route in VARIANTS:
            a = self.inserts[name]
            rps = self.rows / a["time"]
            proxy = {"squeeze": "squeeze", "haproxy": "haproxy"}.get(route)
            tot, split = cpu_cols(a["cpu"], self.rows, proxy)
            ins_cpu[name] = tot
            print(f"{name:<14} {route:<8} {rps:>9.0f} {rps / rc:>14.2f} {rps / pl:>9.2f} "
                  f"{tot:>15.0f}  {split}")
        ins_client = sum(a["cpu"].get("sysbench", 0) for a in self.inserts.values())
        ins_total = sum(sum(a["cpu"].values()) for a in self.inserts.values())
        ins_time = sum(a["time"] for a in self.inserts.values())
        print("(cpu = CPU time of sysbench + mariadbd (all its threads, incl. background "
              "flushing during the run) + the proxy, per 1000 rows; page compression "
              "compresses when pages are flushed, partly after the timed run. sysbench "
              f"used {100 * ins_client / ins_time:.0f}% of one core on average, "
              f"{100 * ins_client / max(ins_total, 1e-9):.0f}% of the benchmark's CPU, "
              "including its startup)")

        for topo in self.topologies:
            got = self.print_selects(topo, cpu_cols)
            if topo == self.topologies[0]:
                sel_cpu, hqps, dqps, _ = got
                self.selects = self.selects_by[topo]
            if topo == "sidecar":
                self.sidecar = got
        self.cpu_ratios = (
            sel_cpu["haproxy -> plain"] / sel_cpu["squeeze -> squeeze table"],
            ins_cpu["row_comp_8"] / ins_cpu["squeeze"])
        print()
        print(self.server_info)
        print(f"topology: {self.topology_note()}")
        print(self.dict_note)
        print(self.verify_note)
        smallest = min(self.sizes, key=lambda n: self.sizes[n][1])
        sq = self.selects["squeeze -> squeeze table"]
        result = (f"RESULT squeeze_vs_plain_size={self.sizes['squeeze'][1] / plain_alloc:.3f} "
                  f"smallest={smallest} "
                  f"point_select_vs_haproxy={(sq['events'] / sq['time']) / hqps:.3f} "
                  f"insert_vs_row_compressed="
                  f"{(self.rows / self.inserts['squeeze']['time']) / rc:.3f}")
        if self.a.baseline:
            bq = self.selects["baseline -> squeeze table"]
            ratio = (sq["events"] / sq["time"]) / (bq["events"] / bq["time"])
            cpu_ratio = sel_cpu["baseline -> squeeze table"] / sel_cpu["squeeze -> squeeze table"]
            print(f"this build vs baseline ({self.a.baseline}): point-select qps ratio "
                  f"{ratio:.3f}, baseline/this cpu per query {cpu_ratio:.3f}")
            result += f" point_select_vs_baseline={ratio:.3f} cpu_baseline_vs_this={cpu_ratio:.3f}"
        print(f"CPU-cost view (noise-robust; >1 means squeeze needs less CPU): point select "
              f"haproxy/squeeze cpu per query = {self.cpu_ratios[0]:.3f}, insert "
              f"row_comp_8/squeeze cpu per row = {self.cpu_ratios[1]:.3f}")
        if "sidecar" in self.topologies:
            sel_cpu_s, hqps_s, dqps_s, srv = self.sidecar
            sq_s = self.selects_by["sidecar"]["squeeze -> squeeze table"]
            sq_qps = sq_s["events"] / sq_s["time"]
            sq_srv = srv["squeeze -> squeeze table"]
            print(f"sidecar: squeeze {sq_qps:.0f} qps at {sq_srv:.1f} us of mariadbd CPU per "
                  f"query ({1e6 / max(sq_srv, 1e-9):.0f} queries per server-core-second); plain "
                  f"direct {dqps_s:.0f} qps at {srv['direct -> plain']:.1f} us")
            result += (f" sidecar_point_select_vs_haproxy={sq_qps / hqps_s:.3f}"
                       f" sidecar_vs_plain_direct={sq_qps / dqps_s:.3f}"
                       f" sidecar_server_cpu_per_query_vs_plain="
                       f"{sq_srv / max(srv['direct -> plain'], 1e-9):.3f}")
        print(result, flush=True)

    # ---------------------------------------------------------------- main
    def run(self):
        a = self.a
        t0 = time.time()
        self.tmp = tempfile.mkdtemp(prefix="squeeze-storage-bench-")
        self.prepare_documents(a.rows, a.batch)
        dict_dir, dict_name = self.train_dictionary()
        self.start_mariadb(["--innodb-buffer-pool-size=512M"])
        self.start_haproxy()
        self.start_squeezes(dict_dir, dict_name)
        self.create_tables()
        log("loading (insert-speed phase)")
        self.load_all()
        self.measure_sizes()
        log("point selects")
        self.point_selects()
        log("verifying")
        self.verify()
        self.report()
        log(f"done in {time.time() - t0:.0f}s")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=shipped_corpus(),
                   help="NDJSON corpus, plain or .xz (default: the shipped Reddit comments, "
                        "bench/data/reddit_comments_t1.ndjson.xz)")
    p.add_argument("--rows", type=int, default=50000, help="rows per table (default 50000)")
    p.add_argument("--batch", type=int, default=100, help="rows per INSERT (default 100)")
    p.add_argument("--threads", type=int, default=4, help="client threads (default 4)")
    p.add_argument("--seconds", type=int, default=8,
                   help="point-select seconds per path per round (default 8)")
    p.add_argument("--select-rounds", type=int, default=3,
                   help="interleaved point-select rounds (default 3)")
    p.add_argument("--insert-rounds", type=int, default=4,
                   help="interleaved load rounds, each inserts 1/N of the rows (default 4)")
    p.add_argument("--prepared", action="store_true",
                   help="also time point selects through server-side prepared statements")
    p.add_argument("--squeeze", default=os.path.join(REPO, "target", "release", "squeeze"),
                   help="squeeze binary (default target/release/squeeze)")
    p.add_argument("--squeeze-log", default="warn",
                   help="SQUEEZE_LOG filter for the proxy (default warn)")
    p.add_argument("--no-optimize", action="store_true",
                   help="compare sizes right after loading, skip OPTIMIZE TABLE")
    p.add_argument("--keep", action="store_true", help="keep the temp dir")
    add_topology_args(p)
    p.add_argument("--baseline", default=None,
                   help="another squeeze binary (e.g. a build of an earlier commit) to serve "
                        "the squeeze table too: point selects of both, side by side")
    args = p.parse_args()
    random.seed()

    return run_bench(lambda: Bench(args))


if __name__ == "__main__":
    sys.exit(main())
