#!/usr/bin/env python3
"""squeeze buffer-pool benchmark: point selects when the data
does not fit in InnoDB's buffer pool, squeeze against MariaDB's own
compression, side by side in one run.

What it does
  1. Splits the shipped Reddit comments (bench/data) in two halves, trains
     a dictionary on the even half with `squeeze dict train` and loads the
     odd half replicated with fresh ids to --rows rows (300,000: ~390 MB of
     JSON) into one table per variant (bench/storage's load.lua, 100-row
     INSERTs, 4 threads), then OPTIMIZE TABLE (a rebuild: concurrent
     loading leaves half-full pages) and measures the .ibd files:
       plain        doc LONGTEXT, DYNAMIC                         direct
       row_comp_8   ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8        direct
       page_comp    PAGE_COMPRESSED=1                             direct
       column_comp  doc LONGTEXT COMPRESSED (MariaDB, zlib)       direct
       squeeze      doc LONGBLOB, loaded and read THROUGH squeeze
  2. One MariaDB (bench/benchlib.py, shared with bench/storage) with
     innodb_flush_method=O_DIRECT, so a buffer-pool miss is a disk read and
     not a page-cache copy, and no buffer-pool dump/load across restarts.
     It is restarted (with HAProxy and squeeze) once per regime: a pool
     that holds every table ("in-memory"), then pools of 1/2, 1/20 and 1/6
     of the plain table's allocated size ("2x", "20x", "6x").
  3. Each measurement ("cell") times these paths one after the other, the
     order rotated per cell and round so machine noise hits all alike:
       squeeze            -> t_squeeze through squeeze (inflated documents)
       plain@haproxy      -> t_plain through HAProxy (mode tcp): the same hop
       row_comp_8@haproxy -> t_rowc8 through HAProxy
       plain, row_comp_8, page_comp, column_comp -> direct
       squeeze blobs      -> t_squeeze direct: the compressed bytes, not
                             inflated (squeeze's I/O saving without its CPU)
     Every path is first warmed with the same workload at 16 threads (not
     counted) until the pool has read as many pages as it holds, so it holds
     that path's working set and not the previous path's, then runs
     --seconds measured. Cells: at 6x uniform and Zipfian ids at 1, 4, 16, 64 threads
     and a 90/10 select/update mix at 16 threads (updates write a new
     document literal, through squeeze on the squeeze table); at 2x, 20x and
     in memory uniform at 16 threads. The 6x / uniform / 16-thread cell,
     the headline, runs --rounds rounds.
  4. Per path: qps, p50/p95/p99 latency (sysbench's histogram), buffer-pool
     hit ratio, misses (Innodb_buffer_pool_reads) and disk reads
     (Innodb_data_reads, read-ahead included) per query from SHOW GLOBAL
     STATUS deltas, and CPU per query split by process (sysbench,
     mariadbd, the proxy; /proc/PID/stat).
  5. Checks 500 random rows read through squeeze against the source, prints
     the tables and, as the last line:
     RESULT iobound_vs_same_hop=<squeeze / plain@haproxy qps>
            iobound_vs_row_compressed_same_hop=<squeeze / row_comp_8@haproxy>
            iobound_vs_plain_direct=<squeeze / plain direct>
            reads_per_query_vs_plain=<squeeze misses per query / plain's>
            proxy_cpu_us_per_query=<squeeze CPU per query>
     (all at 6x, 16 threads, uniform).

Topology (--topology shared|sidecar|both; default shared):
  shared   every process on both cores (what squeeze spends is taken from
           MariaDB): the figures above.
  sidecar  MariaDB alone on --db-cpus (core 1) under a CPU quota of
           --db-quota cores (0.5), client and proxy (squeeze, HAProxy, or
           nothing for direct paths) on --app-cpus (core 0), by cgroups
           (root). The production picture: the database host is the scarce
           resource and squeeze runs beside the application (loading
           runs on every core; each cell moves the processes first). Every thread
           of MariaDB is checked to have taken the placement after each
           start; the bench stops with an error rather than report figures
           for a placement that did not take. Per path it adds mariadbd's
           CPU per query (srv us/q) and queries per second of mariadbd CPU
           (q/srv-s), and the RESULT line gets, per pool size (6x, and
           _2x/_20x suffixed): sidecar_vs_limit (squeeze / its blobs read
           directly: the physical limit of the idea, its I/O without its
           CPU), sidecar_vs_plain_direct, server_cpu_per_query_vs_plain and
           lowest_server_cpu (the path that used the least mariadbd CPU per
           query). A cost-model table follows: per pool size and per table
           read directly (plain, page_comp, row_comp_8, column_comp), how
           many more queries per second the same database cores serve with
           squeeze (db_capacity_gain_vs_<table>) and what squeeze costs the
           application hosts (app_cpu_us_per_query, and cores per 10,000
           qps).
  both     every cell in each topology, side by side.

Requirements: as bench/storage (python3, mariadb-server, mariadb-client,
haproxy, sysbench, `cargo build --release`); ~2.5 GB of RAM for the
in-memory regime and ~3 GB of disk in the temp dir.

Run (from the repository root; ~26 minutes on 2 busy cores, --quick ~7):
    python3 bench/iobound/run.py
    python3 bench/iobound/run.py --quick
    python3 bench/iobound/run.py --topology sidecar [--quick]
Options: --help. --keep leaves the temp dir (logs, datadir) for inspection.
"""

import argparse
import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from benchlib import (REPO, Fail, Stack, add_topology_args, run_bench, log,  # noqa: E402
                      percentile, shipped_corpus)

POINT_LUA = os.path.join(HERE, "point.lua")
LOAD_LUA = os.path.join(REPO, "bench", "storage", "load.lua")

# variant -> (table, CREATE TABLE tail, how it is loaded)
VARIANTS = [
    ("plain", "t_plain", "doc LONGTEXT NOT NULL) ENGINE=InnoDB", "direct"),
    ("row_comp_8", "t_rowc8",
     "doc LONGTEXT NOT NULL) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8", "direct"),
    ("page_comp", "t_pagec", "doc LONGTEXT NOT NULL) ENGINE=InnoDB PAGE_COMPRESSED=1", "direct"),
    ("column_comp", "t_colc", "doc LONGTEXT COMPRESSED NOT NULL) ENGINE=InnoDB", "direct"),
    ("squeeze", "t_squeeze", "doc LONGBLOB NOT NULL) ENGINE=InnoDB", "squeeze"),
]
# measured path -> (route, table)
PATHS = [
    ("squeeze", "squeeze", "t_squeeze"),
    ("plain@haproxy", "haproxy", "t_plain"),
    ("row_comp_8@haproxy", "haproxy", "t_rowc8"),
    ("plain", "direct", "t_plain"),
    ("squeeze blobs", "direct", "t_squeeze"),
    ("row_comp_8", "direct", "t_rowc8"),
    ("page_comp", "direct", "t_pagec"),
    ("column_comp", "direct", "t_colc"),
]
# writing JSON into the squeeze table without squeeze would mix formats
MIX_PATHS = [p for p in PATHS if p[0] != "squeeze blobs"]
HEADLINE = ("6x", "uniform", 16, "select")
STATUS = ["Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_requests", "Innodb_data_reads"]
MB = 1 << 20


class IoBound(Stack):

    # ---------------------------------------------------------------- servers
    def server_options(self, pool):
        return [f"--innodb-buffer-pool-size={pool}",
                "--innodb-flush-method=O_DIRECT",
                # every regime starts cold and is warmed by its own workload
                "--innodb-buffer-pool-dump-at-shutdown=0",
                "--innodb-buffer-pool-load-at-startup=0"]

    def start_all(self, pool, init=False):
        self.start_mariadb(self.server_options(pool), init=init)
        self.pool = int(self.sql("SELECT @@innodb_buffer_pool_size", db=None))
        self.start_haproxy()
        self.start_squeeze(self.dict_dir, self.dict_name, "t_squeeze.doc",
                           port=getattr(self, "sport", None))

    def restart(self, pool):
        for name in ("squeeze", "haproxy", "mariadbd"):
            self.stop(name)
        self.start_all(pool)

    def port_of(self, route):
        return {"direct": self.mport, "haproxy": self.hport, "squeeze": self.sport}[route]

    # ---------------------------------------------------------------- data
    def load(self):
        self.sql("".join(f"CREATE TABLE {t} (id BIGINT NOT NULL PRIMARY KEY, {tail};"
                         for _, t, tail, _ in VARIANTS))
        nb = self.rows // 100
        for name, table, _, route in VARIANTS:
            t0 = time.time()
            self.sysbench(LOAD_LUA, self.port_of(route), 4, [
                "--mode=insert", f"--tbl={table}", "--time=0", "--events=0",
                f"--docs={self.literals_file}", "--batch=100", "--first=0", f"--last={nb}"])
            n = int(self.sql(f"SELECT COUNT(*) FROM {table}"))
            if n != self.rows:
                raise Fail(f"{table} has {n} rows, expected {self.rows}")
            t1 = time.time()
            self.sql(f"OPTIMIZE TABLE {table}")
            log(f"loaded {name} ({route}) in {t1 - t0:.0f}s, OPTIMIZE {time.time() - t1:.0f}s")
        sizes = self.snapshot_sizes([t for _, t, _, _ in VARIANTS])
        self.sizes = {name: sizes[t] for name, t, _, _ in VARIANTS}

    def verify(self, n=500):
        ids = random.sample(range(1, self.rows + 1), n)
        out = self.sql(f"SELECT id, doc FROM t_squeeze WHERE id IN ({','.join(map(str, ids))})",
                       port=self.sport)
        nd = len(self.load_docs)
        got = dict(line.split(b"\t", 1) for line in out.split(b"\n") if line)
        bad = sum(1 for i in ids if got.get(str(i).encode()) != self.load_docs[(i - 1) % nd])
        if bad:
            raise Fail(f"VERIFY FAILED: {bad} of {n} rows read through squeeze differ")
        blobs = int(self.sql("SELECT SUM(ASCII(doc) >= 245) FROM t_squeeze"))
        self.verify_note = (f"verified: {n} random rows read through squeeze are "
                            f"byte-identical to the source; {blobs}/{self.rows} rows stored "
                            f"as squeeze blobs")

    # ---------------------------------------------------------------- measuring
    def run_path(self, route, table, dist, threads, mode, seconds):
        opts = [f"--mode={mode}", f"--tbl={table}", f"--rows={self.rows}", f"--dist={dist}",
                f"--time={seconds}", "--events=0"]
        if mode == "mix":
            opts.append(f"--docs={self.literals_file}")
        return self.sysbench(POINT_LUA, self.port_of(route), threads, opts, histogram=True)

    def warm(self, route, table, dist, mode):
        """The same workload at 16 threads (whatever the cell's concurrency,
        so one thread does not take minutes) in 1-second runs until the pool
        has read as many pages as it holds (its LRU then holds this path's
        working set, not the previous path's) or misses stop (it all fits),
        at least --warmup seconds and at most 10 more."""
        pages = self.pool // 16384
        t0, r0 = time.time(), self.global_status(STATUS)[STATUS[0]]
        last = r0
        while True:
            self.run_path(route, table, dist, 16, mode, 1)
            now = self.global_status(STATUS)[STATUS[0]]
            elapsed = time.time() - t0
            if elapsed >= self.a.warmup and (now - r0 >= pages or now - last < 10):
                return
            if elapsed >= self.a.warmup + 10:
                return
            last = now

    def cell(self, point, dist, threads, mode, rounds):
        for topo in self.topologies:
            self.set_topology(topo)
            self.cell_in(topo, point, dist, threads, mode, rounds)

    def cell_in(self, topo, point, dist, threads, mode, rounds):
        paths = MIX_PATHS if mode == "mix" else PATHS
        key = (point, dist, threads, mode)
        acc = self.results.setdefault(topo, {}).setdefault(key, {})
        for r in range(rounds):
            # rotate the start and alternate direction per cell and round
            k = self.rotation % len(paths)
            self.rotation += 1
            order = paths[k:] + paths[:k]
            if r % 2:
                order.reverse()
            for label, route, table in order:
                self.warm(route, table, dist, mode)
                s0 = self.global_status(STATUS)
                res = self.run_path(route, table, dist, threads, mode, self.a.seconds)
                s1 = self.global_status(STATUS)
                a = acc.setdefault(label, {"time": 0.0, "events": 0.0, "hist": {},
                                           "cpu": {}, "status": dict.fromkeys(STATUS, 0),
                                           "route": route})
                a["time"] += res["time"]
                a["events"] += res["events"]
                for v, c in res["hist"]:
                    a["hist"][v] = a["hist"].get(v, 0) + c
                for n, v in res["cpu"].items():
                    a["cpu"][n] = a["cpu"].get(n, 0.0) + v
                for n in STATUS:
                    a["status"][n] += s1[n] - s0[n]
                log(f"{topo[:4]} {point:>4} {dist:8s} {threads:3d}t {mode:6s} r{r + 1}/{rounds} "
                    f"{label:19s} {res['events'] / res['time']:8.0f} qps  misses/q "
                    f"{(s1[STATUS[0]] - s0[STATUS[0]]) / max(res['events'], 1):.2f}")

    def metrics(self, a):
        """qps, p50/p95/p99 ms, hit %, misses/q, reads/q, cpu us/q by process."""
        q = max(a["events"], 1)
        hist = sorted(a["hist"].items())
        st = a["status"]
        proxy = {"squeeze": "squeeze", "haproxy": "haproxy"}.get(a["route"])
        cpu = {"client": a["cpu"].get("sysbench", 0), "mariadbd": a["cpu"].get("mariadbd", 0),
               "proxy": a["cpu"].get(proxy, 0) if proxy else 0.0}
        return {
            "qps": a["events"] / a["time"],
            "p50": percentile(hist, 50), "p95": percentile(hist, 95),
            "p99": percentile(hist, 99),
            "hit": 100.0 * (1 - st[STATUS[0]] / max(st[STATUS[1]], 1)),
            "misses": st[STATUS[0]] / q, "reads": st[STATUS[2]] / q,
            "cpu": {k: v * 1e6 / q for k, v in cpu.items()},
            # CPU seconds the benchmark's processes used per wall second
            "util": sum(cpu.values()) / a["time"],
            "proxy": proxy,
            # the database host's figures: its CPU per query, and queries
            # per second of database CPU
            "server_us": cpu["mariadbd"] * 1e6 / q,
            "per_core_s": q / max(cpu["mariadbd"], 1e-9),
        }

    # ---------------------------------------------------------------- report
    def report(self):
        plain_alloc = self.sizes["plain"][1]
        print()
        print(f"== {self.rows} rows, {self.raw_bytes / 1e6:.0f} MB of JSON "
              f"(avg {self.raw_bytes / self.rows:.0f} B/doc); tables after OPTIMIZE TABLE ==")
        print(f"{'variant':<12} {'allocated MB':>12} {'/ plain':>8}   "
              + "  ".join(f"{'/ pool ' + p:>12}" for p in self.pools))
        for name, _, _, _ in VARIANTS:
            alloc = self.sizes[name][1]
            print(f"{name:<12} {alloc / MB:>12.1f} {alloc / plain_alloc:>8.3f}   "
                  + "  ".join(f"{alloc / self.pools[p]:>12.2f}" for p in self.pools))
        print("(allocated = st_blocks*512, which shows page compression's punched holes; "
              "pools: " + ", ".join(f"{p} = {v / MB:.0f} MB" for p, v in self.pools.items())
              + ")")
        for topo in self.topologies:
            for key, acc in self.results[topo].items():
                self.print_cell(topo, key, acc)
        print()
        print("(/hap, /dir = qps vs plain@haproxy and vs plain direct in the same cell; "
              "latencies in ms; miss/q = Innodb_buffer_pool_reads per query, read/q = "
              "Innodb_data_reads per query (read-ahead included), hit% = 1 - "
              "pool reads / read requests; cpu = CPU of sysbench + mariadbd (all threads, "
              "background ones too) + the proxy per query; srv us/q = mariadbd's CPU per "
              "query, q/srv-s = queries per second of mariadbd CPU, the database host's "
              "capacity per core)")
        print(f"{self.server_info}; O_DIRECT; sysbench text protocol; Zipfian = YCSB "
              f"scrambled, theta 0.99; {os.cpu_count()} cores, load average "
              f"{self.load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
        print(f"topology: {self.topology_note()}")
        print(self.dict_note)
        print(self.verify_note)

        result = []
        if "shared" in self.topologies:
            result += self.shared_summary()
        if "sidecar" in self.topologies:
            result += self.sidecar_summary()
        print("RESULT " + " ".join(result), flush=True)

    def print_cell(self, topo, key, acc):
        point, dist, threads, mode = key
        m = {label: self.metrics(a) for label, a in acc.items()}
        hap, direct = m["plain@haproxy"]["qps"], m["plain"]["qps"]
        print()
        rounds = self.a.rounds if key == HEADLINE else 1
        print(f"== {topo}: {point}: buffer pool {self.pools[point] / MB:.0f} MB, {dist} ids, "
              f"{threads} threads, {'90/10 select/update' if mode == 'mix' else 'point select'}"
              f", {rounds} x {self.a.seconds}s per path ==")
        print(f"{'path':<19} {'qps':>7} {'/hap':>5} {'/dir':>5} {'p50':>6} {'p95':>6} "
              f"{'p99':>6} {'hit%':>6} {'miss/q':>6} {'read/q':>6} {'cpu us/q':>8} "
              f"{'srv us/q':>8} {'q/srv-s':>8}  client / mariadbd / proxy")
        for label, _, _ in PATHS:
            if label not in m:
                continue
            x = m[label]
            c = x["cpu"]
            pc = f"{c['proxy']:.0f}" if x["proxy"] else "-"
            print(f"{label:<19} {x['qps']:>7.0f} {x['qps'] / hap:>5.2f} "
                  f"{x['qps'] / direct:>5.2f} {x['p50']:>6.2f} {x['p95']:>6.2f} "
                  f"{x['p99']:>6.2f} {x['hit']:>6.2f} {x['misses']:>6.2f} "
                  f"{x['reads']:>6.2f} {sum(c.values()):>8.0f} {x['server_us']:>8.1f} "
                  f"{x['per_core_s']:>8.0f}  "
                  f"{c['client']:.0f} / {c['mariadbd']:.0f} / {pc}")

    def shared_summary(self):
        h = {label: self.metrics(a) for label, a in self.results["shared"][HEADLINE].items()}
        sq, hap, rch, pd = h["squeeze"], h["plain@haproxy"], h["row_comp_8@haproxy"], h["plain"]
        sq_cpu = sum(sq["cpu"].values())
        # Break-even: at 16 threads every path is CPU-bound on this machine,
        # so qps ~ (CPU the machine gives the benchmark) / (CPU per query).
        # With plain direct's budget, squeeze matches its qps when its whole
        # CPU per query is no more than plain direct's; keeping squeeze's
        # client and mariadbd cost (fewer misses), that leaves the proxy:
        pd_cpu = sum(pd["cpu"].values())
        need = pd_cpu - sq["cpu"]["client"] - sq["cpu"]["mariadbd"]
        print(f"shared, 6x, 16 threads, uniform: squeeze used {sq_cpu:.0f} us of CPU per query "
              f"({sq['cpu']['client']:.0f} client / {sq['cpu']['mariadbd']:.0f} mariadbd / "
              f"{sq['cpu']['proxy']:.0f} proxy) and got {sq['util']:.2f} CPU-seconds per "
              f"second; plain direct {pd_cpu:.0f} us ({pd['cpu']['client']:.0f} / "
              f"{pd['cpu']['mariadbd']:.0f} / -) at {pd['util']:.2f}. With plain direct's CPU "
              f"budget, squeeze would match its {pd['qps']:.0f} qps at a proxy CPU of "
              f"{need:.0f} us per query or less (now {sq['cpu']['proxy']:.0f}); squeeze blobs "
              f"read directly (no proxy, no inflation): {h['squeeze blobs']['qps']:.0f} qps, "
              f"{sum(h['squeeze blobs']['cpu'].values()):.0f} us per query, so the whole hop "
              f"(proxy plus what it adds to client and server) would have to cost under "
              f"{pd_cpu - sum(h['squeeze blobs']['cpu'].values()):.0f} us per query (now "
              f"{sq_cpu - sum(h['squeeze blobs']['cpu'].values()):.0f})")
        return [f"iobound_vs_same_hop={sq['qps'] / hap['qps']:.3f}",
                f"iobound_vs_row_compressed_same_hop={sq['qps'] / rch['qps']:.3f}",
                f"iobound_vs_plain_direct={sq['qps'] / pd['qps']:.3f}",
                f"reads_per_query_vs_plain={sq['misses'] / max(pd['misses'], 1e-9):.3f}",
                f"proxy_cpu_us_per_query={sq['cpu']['proxy']:.1f}"]

    def sidecar_summary(self):
        """The database host's view, per pool size (16 threads, uniform):
        squeeze vs its physical limit (its blobs read directly: its I/O
        without its CPU), vs the plain table read directly, and mariadbd's
        CPU per query vs plain's; plus which path used the least server CPU
        per query."""
        out = []
        for point in ("6x", "2x", "20x"):
            key = (point, "uniform", 16, "select")
            if key not in self.results["sidecar"]:
                continue
            h = {label: self.metrics(a) for label, a in self.results["sidecar"][key].items()}
            sq, lim, pd = h["squeeze"], h["squeeze blobs"], h["plain"]
            lowest = min(h, key=lambda lb: h[lb]["server_us"])
            sfx = "" if point == "6x" else f"_{point}"
            print(f"sidecar, {point}, 16 threads, uniform: squeeze {sq['qps']:.0f} qps at "
                  f"{sq['server_us']:.1f} us of mariadbd CPU per query "
                  f"({sq['per_core_s']:.0f} queries per server-core-second); its blobs read "
                  f"directly {lim['qps']:.0f} qps; plain direct {pd['qps']:.0f} qps at "
                  f"{pd['server_us']:.1f} us ({pd['per_core_s']:.0f}); lowest server CPU per "
                  f"query: {lowest} ({h[lowest]['server_us']:.1f} us); squeeze's proxy CPU "
                  f"{sq['cpu']['proxy']:.1f} us per query on the application core")
            out += [f"sidecar_vs_limit{sfx}={sq['qps'] / lim['qps']:.3f}",
                    f"sidecar_vs_plain_direct{sfx}={sq['qps'] / pd['qps']:.3f}",
                    f"server_cpu_per_query_vs_plain{sfx}="
                    f"{sq['server_us'] / max(pd['server_us'], 1e-9):.3f}",
                    f"lowest_server_cpu{sfx}={lowest.replace(' ', '_')}"]
        out += self.cost_model()
        return out

    def cost_model(self):
        """The fleet's view of the sidecar cells (16 threads, uniform): one
        database host whose CPU is the bottleneck, N application hosts each
        running squeeze beside the application. The database serves
        (its cores) x (queries per server-core-second) queries per second,
        so squeeze's gain over a variant is the quotient of their q/srv-s;
        squeeze's price is its proxy CPU per query, paid on the application
        hosts (Q/N x that per host for Q queries per second in all)."""
        variants = ["plain", "page_comp", "row_comp_8", "column_comp"]
        rows, out = [], []
        for point in ("2x", "6x", "20x"):
            key = (point, "uniform", 16, "select")
            if key not in self.results["sidecar"]:
                continue
            h = {label: self.metrics(a) for label, a in self.results["sidecar"][key].items()}
            sq = h["squeeze"]
            gains = {v: sq["per_core_s"] / max(h[v]["per_core_s"], 1e-9) for v in variants if v in h}
            rows.append((point, sq, {v: h[v] for v in gains}, gains))
            sfx = "" if point == "6x" else f"_{point}"
            out += [f"db_capacity_gain_vs_{v}{sfx}={g:.3f}" for v, g in gains.items()]
            out.append(f"app_cpu_us_per_query{sfx}={sq['cpu']['proxy']:.1f}")
        if not rows:
            return out
        print()
        print("== cost model: one database host (its CPU the bottleneck), N application hosts "
              "with squeeze beside the application; sidecar cells, 16 threads, uniform ==")
        print(f"{'data/pool':<10} {'table read directly':<20} {'srv us/q':>8} {'q/srv-s':>8} "
              f"{'squeeze q/srv-s':>16} {'db qps gain':>12} {'app cores per 10k qps':>22}")
        for point, sq, direct, gains in rows:
            app = sq["cpu"]["proxy"] * 10_000 / 1e6
            for v, x in direct.items():
                print(f"{point:<10} {v:<20} {x['server_us']:>8.1f} {x['per_core_s']:>8.0f} "
                      f"{sq['per_core_s']:>16.0f} {gains[v]:>11.2f}x {app:>22.2f}")
        print("(db qps gain = how many times the queries per second the same database cores "
              "serve with squeeze than with that table read directly; app cores per 10k qps = "
              "squeeze's CPU on the application hosts for every 10,000 queries per second, "
              "spread over the N hosts: each of N hosts pays 1/N of it)")
        return out

    # ---------------------------------------------------------------- main
    def run(self):
        a = self.a
        t0, self.load_start = time.time(), os.getloadavg()[0]
        self.tmp = tempfile.mkdtemp(prefix="squeeze-iobound-bench-")
        self.prepare_documents(a.rows, 100)
        self.dict_dir, self.dict_name = self.train_dictionary()
        # the in-memory pool holds every table (row_comp_8 twice: compressed
        # and uncompressed pages), so it is also the loading pool
        mem_pool = max(1024 * MB, -(-6 * self.raw_bytes // (128 * MB)) * 128 * MB)
        self.start_all(mem_pool, init=True)
        log(f"loading {len(VARIANTS)} tables of {self.rows} rows")
        self.load()
        self.verify()
        plain = self.sizes["plain"][1]
        self.pools = {"in-memory": self.pool}
        for p in ("2x", "20x", "6x"):
            self.pools[p] = max(8 * MB, plain // int(p[:-1]) // MB * MB)
        self.results, self.rotation = {t: {} for t in self.topologies}, 0
        cells = {
            "in-memory": [("uniform", 16, "select", 1)],
            "2x": [("uniform", 16, "select", 1)],
            "20x": [("uniform", 16, "select", 1)],
            "6x": [(d, t, "select", a.rounds if (d, t) == ("uniform", 16) else 1)
                   for d in ("uniform", "zipfian") for t in a.threads]
            + [("uniform", 16, "mix", 1)],  # last: it writes
        }
        for point, todo in cells.items():
            if point == "in-memory":
                # one full scan per table, so every page is in the pool
                for _, table, _, _ in VARIANTS:
                    self.sql(f"SELECT COUNT(*), SUM(LENGTH(doc)) FROM {table}")
            else:
                self.restart(self.pools[point])
                self.pools[point] = self.pool
            log(f"{point}: buffer pool {self.pool / MB:.0f} MB")
            for dist, threads, mode, rounds in todo:
                self.cell(point, dist, threads, mode, rounds)
        self.report()
        log(f"done in {time.time() - t0:.0f}s")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=shipped_corpus(),
                   help="NDJSON corpus, plain or .xz (default: the shipped Reddit comments)")
    p.add_argument("--rows", type=int, default=300000, help="rows per table (default 300000)")
    p.add_argument("--seconds", type=int, default=7,
                   help="measured seconds per path and cell (default 7)")
    p.add_argument("--warmup", type=int, default=2,
                   help="at least this many seconds of the same workload before each "
                        "measurement, more until the pool has turned over (default 2)")
    p.add_argument("--rounds", type=int, default=2,
                   help="rounds of the headline cell, 6x / uniform / 16 threads (default 2)")
    p.add_argument("--threads", default="1,4,16,64",
                   help="concurrencies at 6x (default 1,4,16,64; 16 is always run)")
    p.add_argument("--quick", action="store_true",
                   help="100,000 rows, 4 s per path, 16 threads only, one round (~7 min)")
    p.add_argument("--squeeze", default=os.path.join(REPO, "target", "release", "squeeze"),
                   help="squeeze binary (default target/release/squeeze)")
    p.add_argument("--squeeze-log", default="warn",
                   help="SQUEEZE_LOG filter for the proxy (default warn)")
    p.add_argument("--keep", action="store_true", help="keep the temp dir")
    add_topology_args(p)
    args = p.parse_args()
    args.threads = sorted({int(t) for t in args.threads.split(",")} | {16})
    if args.quick:
        args.rows, args.seconds, args.warmup, args.rounds = 100000, 4, 2, 1
        args.threads = [16]
    random.seed()

    return run_bench(lambda: IoBound(args))


if __name__ == "__main__":
    sys.exit(main())
