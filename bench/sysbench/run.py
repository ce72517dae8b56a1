#!/usr/bin/env python3
"""sysbench: squeeze vs HAProxy (TCP mode) vs MariaDB direct, in one run.

    python3 bench/sysbench/run.py [--threads 8] [--duration 15] [--repeats 3]
                                  [--tables 4] [--table-size 20000]
                                  [--haproxy-threads 2] [--syscalls] [--keep]

What it does, start to finish (about 5 minutes with the defaults):

1. Starts a throwaway MariaDB (mariadb-install-db into a temp dir, mariadbd on
   a free loopback port, 512M buffer pool, flush-log-at-trx-commit=2, no
   binlog), creates user app/secret and database sbtest, and runs
   `sysbench oltp_read_write prepare`.
2. Starts squeeze (target/release/squeeze; `cargo build --release` first when
   the binary is missing or older than the sources; SQUEEZE_BIN overrides)
   and HAProxy in plain TCP mode (generated haproxy.cfg, `nbthread 2` to
   match squeeze's session workers, one single-threaded runtime per core = 2 here).
3. For each workload (oltp_point_select, oltp_read_write) runs sysbench
   against direct MariaDB, squeeze and HAProxy with the same threads and
   duration, `--db-ps-mode=auto --percentile=95`, repeated `--repeats` times
   with the target order rotated every round; the median run counts.
   Also samples the CPU time (utime+stime from /proc/PID/stat) that the
   proxy process used during each run, reported as CPU microseconds per
   query.
4. Prints a table and, as the last line,
   RESULT point_select_vs_haproxy=.. read_write_vs_haproxy=..
          point_select_p95_vs_haproxy=.. read_write_p95_vs_haproxy=..
   (qps ratios are squeeze/haproxy, higher is better; p95 ratios are
   squeeze/haproxy, lower is better).

`--baseline BIN` also runs a second squeeze from BIN (e.g. an older
release build) as target "baseline", side by side in the same rounds, and
adds point_select_vs_baseline / read_write_vs_baseline (this build's qps
over the baseline's) and cpu_baseline_vs_this (proxy CPU per point select)
to the RESULT line.

`--instructions N` measures instead of timing: each squeeze (this build and
`--baseline`) runs under valgrind's callgrind, which counts the instructions
it executes exactly, whatever else the VM is doing. For each workload,
sysbench runs N events and then 3N events on one thread, each against a
fresh proxy; the difference over the difference in queries is the proxy's
instructions per query (startup and connection set-up cancel out). The
RESULT line then holds point_select_instr_per_q, read_write_instr_per_q
and, with --baseline, *_instr_this_vs_baseline (lower is better): a CPU
comparison that a noisy 2-core VM cannot blur. Needs valgrind
(apt-get install -y valgrind).

`--syscalls` additionally attaches `strace -c -f` to each proxy for one
extra point_select run and prints syscalls per query (strace slows the
proxy a lot, so these runs are not part of the table).

All child processes and the temp dir are removed on exit, also on failure
or Ctrl-C (children additionally get SIGTERM if this program dies).
"""

import argparse
import ctypes
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
USER, PASSWORD, DB = "app", "secret", "sbtest"
TARGETS = ["direct", "squeeze", "haproxy"]
WORKLOADS = ["oltp_point_select", "oltp_read_write"]
SHORT = {"oltp_point_select": "point_select", "oltp_read_write": "read_write"}

INSTALL_HINT = (
    "install it with: apt-get install -y mariadb-server mariadb-client sysbench haproxy"
    " (or: bash scripts/install-deps.sh)"
)


def log(msg):
    print(f"[sysbench-bench] {msg}", file=sys.stderr, flush=True)


class Fatal(Exception):
    pass


def find_tool(name):
    p = shutil.which(name)
    if p:
        return p
    for d in ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"):
        c = Path(d) / name
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    return None


def require_tools(names):
    found, missing = {}, []
    for n in names:
        p = find_tool(n)
        if p is None:
            missing.append(n)
        found[n] = p
    if missing:
        raise Fatal(f"missing tool(s): {', '.join(missing)}; {INSTALL_HINT}")
    return found


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc, what, timeout=60.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise Fatal(f"{what} exited early with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise Fatal(f"{what} did not listen on 127.0.0.1:{port} within {timeout:.0f}s")


_libc = None


def _die_with_parent():
    # Children get SIGTERM if this program is killed outright (SIGKILL).
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL("libc.so.6", use_errno=True)
        _libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class Bench:
    def __init__(self, args):
        self.args = args
        self.procs = []  # (name, Popen), started order
        self.tmp = Path(tempfile.mkdtemp(prefix="squeeze-sysbench-"))
        self.tools = {}

    # ------------------------------------------------------------ process mgmt
    def spawn(self, name, argv, **kw):
        logf = open(self.tmp / f"{name}.log", "wb")
        p = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=logf,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,
            **kw,
        )
        logf.close()
        self.procs.append((name, p))
        return p

    def tail_log(self, name, n=15):
        try:
            lines = (self.tmp / f"{name}.log").read_text(errors="replace").splitlines()
            return "\n".join("    " + l for l in lines[-n:])
        except OSError:
            return "    (no log)"

    def cleanup(self):
        for name, p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for name, p in reversed(self.procs):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                log(f"{name} did not stop on SIGTERM; killing it")
                p.kill()
                p.wait()
        self.procs.clear()
        if self.args.keep:
            log(f"kept {self.tmp}")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # ------------------------------------------------------------------ mariadb
    def start_mariadb(self):
        t = self.tools
        datadir = self.tmp / "mariadb"
        datadir.mkdir()
        self.sock = str(self.tmp / "mariadb.sock")
        self.db_port = free_port()
        as_root = ["--user=root"] if os.geteuid() == 0 else []
        log("initialising MariaDB data directory")
        r = subprocess.run(
            [t["mariadb-install-db"], "--no-defaults", f"--datadir={datadir}",
             "--auth-root-authentication-method=normal", "--skip-test-db",
             "--skip-name-resolve", *as_root],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
        if r.returncode != 0:
            raise Fatal("mariadb-install-db failed:\n" + r.stdout.decode(errors="replace")[-2000:])
        p = self.spawn("mariadbd", [
            t["mariadbd"], "--no-defaults", f"--datadir={datadir}",
            f"--socket={self.sock}", f"--port={self.db_port}",
            "--bind-address=127.0.0.1", f"--pid-file={self.tmp / 'mariadbd.pid'}",
            "--skip-name-resolve", "--skip-log-bin", "--max-connections=500",
            "--innodb-buffer-pool-size=512M", "--innodb-log-file-size=256M",
            "--innodb-flush-log-at-trx-commit=2", "--innodb-doublewrite=0",
            "--performance-schema=OFF", "--query-cache-type=0", "--query-cache-size=0",
            f"--log-error={self.tmp / 'mariadbd.err'}", *as_root,
        ])
        try:
            wait_port(self.db_port, p, "mariadbd")
        except Fatal:
            err = (self.tmp / "mariadbd.err")
            raise Fatal("mariadbd failed to start:\n" + (err.read_text()[-2000:] if err.exists() else ""))
        self.mariadbd = p
        self.sql(
            f"DROP USER IF EXISTS ''@'localhost';"
            f"CREATE DATABASE {DB};"
            f"CREATE USER '{USER}'@'%' IDENTIFIED BY '{PASSWORD}';"
            f"GRANT ALL ON {DB}.* TO '{USER}'@'%';"
            f"FLUSH PRIVILEGES;"
        )
        log(f"MariaDB up on 127.0.0.1:{self.db_port}")

    def sql(self, statements):
        r = subprocess.run(
            [self.tools["mariadb"], "--no-defaults", "-uroot", f"--socket={self.sock}",
             "-e", statements],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
        if r.returncode != 0:
            raise Fatal(f"SQL failed: {statements}\n{r.stdout.decode(errors='replace')}")
        return r.stdout.decode()

    # ---------------------------------------------------------------- squeeze
    def squeeze_binary(self):
        env_bin = os.environ.get("SQUEEZE_BIN")
        if env_bin:
            return env_bin
        binary = ROOT / "target" / "release" / "squeeze"
        newest_src = max(
            [p.stat().st_mtime for p in (ROOT / "src").rglob("*") if p.is_file()]
            + [(ROOT / f).stat().st_mtime for f in ("Cargo.toml", "Cargo.lock") if (ROOT / f).exists()]
        )
        if binary.exists() and binary.stat().st_mtime >= newest_src:
            return str(binary)
        cargo = find_tool("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
        if not Path(cargo).exists():
            raise Fatal("target/release/squeeze needs building but cargo is missing; "
                        "install Rust from https://rustup.rs (or set SQUEEZE_BIN)")
        log("building squeeze: cargo build --release (set CARGO_BUILD_JOBS to limit parallelism)")
        r = subprocess.run([cargo, "build", "--release", "--bin", "squeeze"], cwd=ROOT)
        if r.returncode != 0:
            raise Fatal("cargo build --release failed")
        return str(binary)

    def start_squeeze(self, name="squeeze", binary=None, wrapper=()):
        binary = binary or self.squeeze_binary()
        port, admin = free_port(), free_port()
        env = dict(os.environ)
        env.setdefault("SQUEEZE_LOG", "warn")
        p = self.spawn(name, [
            *wrapper, binary, "serve", "--listen", f"127.0.0.1:{port}",
            "--backend", f"127.0.0.1:{self.db_port}", "--user", f"{USER}:{PASSWORD}",
            "--admin", f"127.0.0.1:{admin}",
        ], env=env)
        try:
            wait_port(port, p, name, timeout=180.0 if wrapper else 60.0)
        except Fatal as e:
            raise Fatal(f"{e}\n{self.tail_log(name)}")
        if wrapper:
            return p, port
        if name == "squeeze":
            self.squeeze, self.sq_port, self.sq_admin = p, port, admin
        else:
            self.baseline, self.bl_port = p, port
        log(f"{name} up on 127.0.0.1:{port} (admin {admin}), binary {binary}")

    # ---------------------------------------------------------------- haproxy
    def start_haproxy(self):
        self.ha_port = free_port()
        cfg = self.tmp / "haproxy.cfg"
        cfg.write_text(f"""\
# Generated by bench/sysbench/run.py: plain TCP relay, comparable to squeeze.
global
    nbthread {self.args.haproxy_threads}
    maxconn 4096

defaults
    mode tcp
    # option tcpka is deliberately not enabled
    timeout connect 5s
    timeout client 1h
    timeout server 1h

listen mysql
    bind 127.0.0.1:{self.ha_port}
    server db 127.0.0.1:{self.db_port}
""")
        r = subprocess.run([self.tools["haproxy"], "-c", "-f", str(cfg)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            raise Fatal("generated haproxy.cfg is invalid:\n" + r.stdout.decode(errors="replace"))
        p = self.spawn("haproxy", [self.tools["haproxy"], "-db", "-f", str(cfg)])
        try:
            wait_port(self.ha_port, p, "haproxy")
        except Fatal as e:
            raise Fatal(f"{e}\n{self.tail_log('haproxy')}")
        self.haproxy = p
        log(f"haproxy up on 127.0.0.1:{self.ha_port} (nbthread {self.args.haproxy_threads})")

    # --------------------------------------------------------------- sysbench
    def port_of(self, target):
        return {"direct": self.db_port, "squeeze": self.sq_port, "haproxy": self.ha_port,
                "baseline": getattr(self, "bl_port", None)}[target]

    def proxy_pid(self, target):
        return {"squeeze": getattr(self, "squeeze", None), "haproxy": getattr(self, "haproxy", None),
                "baseline": getattr(self, "baseline", None)}.get(target)

    def sysbench_argv(self, workload, port, command, threads=None, duration=None):
        a = self.args
        argv = [
            self.tools["sysbench"], workload, "--db-driver=mysql",
            "--mysql-host=127.0.0.1", f"--mysql-port={port}",
            f"--mysql-user={USER}", f"--mysql-password={PASSWORD}", f"--mysql-db={DB}",
            f"--tables={a.tables}", f"--table-size={a.table_size}",
            f"--threads={threads or a.threads}",
        ]
        if command == "run":
            argv += [f"--time={duration or a.duration}", "--report-interval=0",
                     "--percentile=95", "--db-ps-mode=auto", "--rand-seed=1"]
        return argv + [command]

    def prepare(self):
        log(f"sysbench prepare: {self.args.tables} tables x {self.args.table_size} rows")
        r = subprocess.run(self.sysbench_argv("oltp_read_write", self.db_port, "prepare", threads=self.args.tables),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            raise Fatal("sysbench prepare failed:\n" + r.stdout.decode(errors="replace")[-3000:])
        self.sql(f"ANALYZE TABLE " + ",".join(f"{DB}.sbtest{i}" for i in range(1, self.args.tables + 1)))

    @staticmethod
    def cpu_ticks(proc):
        if proc is None:
            return None
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            # after "pid (comm)": state=0 ... utime=11 stime=12 (0-based)
            return int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            return None

    def run_one(self, workload, target, duration=None):
        proc = self.proxy_pid(target)
        t0 = self.cpu_ticks(proc)
        db0 = self.cpu_ticks(self.mariadbd)
        r = subprocess.run(self.sysbench_argv(workload, self.port_of(target), "run", duration=duration),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        t1 = self.cpu_ticks(proc)
        db1 = self.cpu_ticks(self.mariadbd)
        out = r.stdout.decode(errors="replace")
        if r.returncode != 0:
            raise Fatal(f"sysbench {workload} against {target} failed (status {r.returncode}):\n{out[-3000:]}")
        res = parse_sysbench(out)
        if res is None:
            raise Fatal(f"could not parse sysbench output for {workload}/{target}:\n{out[-3000:]}")
        hz = os.sysconf("SC_CLK_TCK")
        if t0 is not None and t1 is not None and res["queries"] > 0:
            res["proxy_cpu_us_per_q"] = (t1 - t0) / hz * 1e6 / res["queries"]
        if db0 is not None and db1 is not None and res["queries"] > 0:
            res["db_cpu_us_per_q"] = (db1 - db0) / hz * 1e6 / res["queries"]
        if res["errors"] or res["reconnects"]:
            log(f"warning: {workload}/{target}: {res['errors']} ignored errors, {res['reconnects']} reconnects")
        return res

    def squeeze_metrics(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.sq_admin}/metrics", timeout=5) as f:
                text = f.read().decode()
        except OSError:
            return {}
        counts = {}
        for m in re.finditer(r'commands_total\{([^}]*)\}\s+([0-9.e+]+)', text):
            cmd = re.search(r'command="([^"]+)"', m.group(1))
            if cmd:
                counts[cmd.group(1)] = counts.get(cmd.group(1), 0) + float(m.group(2))
        return counts

    # --------------------------------------------------------------- syscalls
    def syscall_profile(self):
        strace = find_tool("strace")
        if strace is None:
            log("--syscalls: strace missing (apt-get install -y strace); skipped")
            return
        print("\nSyscalls per query under strace -c -f (one extra run per workload and proxy; "
              "strace slows the proxy, so qps here is not comparable):")
        proxies = ("squeeze", "haproxy") + (("baseline",) if self.args.baseline else ())
        for workload, target in [(w, t) for w in WORKLOADS for t in proxies]:
            proc = self.proxy_pid(target)
            out = self.tmp / f"strace-{SHORT[workload]}-{target}.txt"
            # Context switches from a run without strace (ptrace stops add their own).
            switches_before = context_switches(proc.pid)
            plain = self.run_one(workload, target, duration=max(5, self.args.duration // 2))
            switches = [(a - b) / plain["queries"]
                        for a, b in zip(context_switches(proc.pid), switches_before)]
            s = subprocess.Popen([strace, "-c", "-f", "-o", str(out), "-p", str(proc.pid)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
            try:
                res = self.run_one(workload, target, duration=max(5, self.args.duration // 2))
            finally:
                s.send_signal(signal.SIGINT)
                s.wait(timeout=30)
            table = parse_strace(out.read_text(errors="replace"))
            q = res["queries"]
            total = sum(c for c, _ in table.values())
            top = sorted(table.items(), key=lambda kv: -kv[1][0])[:8]
            print(f"  {SHORT[workload]:12s} {target:8s}: {q} queries, {total / q:.2f} syscalls/query: " +
                  ", ".join(f"{name} {c / q:.2f}" + (f" ({e / q:.2f} err)" if e else "") for name, (c, e) in top) +
                  f"; context switches/query (run without strace): voluntary {switches[0]:.3f}, "
                  f"involuntary {switches[1]:.3f}")

    # ------------------------------------------------------------ instructions
    def instructions_run(self, binary, label, workload, events):
        """Instructions the proxy at `binary` executed serving one sysbench
        run of `events` events (with its start-up and shutdown), and the
        queries sysbench counted."""
        out = self.tmp / f"callgrind-{label}-{SHORT[workload]}-{events}.out"
        wrapper = (self.tools["valgrind"], "--tool=callgrind", f"--callgrind-out-file={out}")
        proc, port = self.start_squeeze(f"cg-{label}-{SHORT[workload]}-{events}", binary, wrapper)
        argv = self.sysbench_argv(workload, port, "run", threads=1)
        argv = [x for x in argv if not x.startswith("--time=")]
        argv.insert(-1, "--time=0")
        argv.insert(-1, f"--events={events}")
        r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        text = r.stdout.decode(errors="replace")
        proc.terminate()
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise Fatal(f"{label} under callgrind did not stop on SIGTERM")
        if r.returncode != 0:
            raise Fatal(f"sysbench {workload} against {label} under callgrind failed:\n{text[-3000:]}")
        res = parse_sysbench(text)
        total = None
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
        if res is None or total is None:
            raise Fatal(f"no sysbench result or callgrind total for {label}/{workload}")
        return total, res["queries"]

    def instructions(self):
        a = self.args
        binaries = [("this", self.squeeze_binary())] + ([("baseline", a.baseline)] if a.baseline else [])
        per_q = {}
        for w in WORKLOADS:
            for label, binary in binaries:
                i1, q1 = self.instructions_run(binary, label, w, a.instructions)
                i3, q3 = self.instructions_run(binary, label, w, 3 * a.instructions)
                per_q[(label, w)] = (i3 - i1) / (q3 - q1)
                log(f"{SHORT[w]:12s} {label:8s}: {i1} instr / {q1} queries, {i3} instr / {q3} queries "
                    f"-> {per_q[(label, w)]:.0f} instructions per query")
        print(f"\nProxy instructions per query under callgrind (one thread, {a.instructions} and "
              f"{3 * a.instructions} events, difference):")
        print(f"  {'workload':12s} " + " ".join(f"{l:>12s}" for l, _ in binaries)
              + ("   this/baseline" if a.baseline else ""))
        keys = []
        for w in WORKLOADS:
            row = [per_q[(l, w)] for l, _ in binaries]
            line = f"  {SHORT[w]:12s} " + " ".join(f"{v:12.0f}" for v in row)
            keys.append(f"{SHORT[w]}_instr_per_q={row[0]:.0f}")
            if a.baseline:
                line += f"   {row[0] / row[1]:.3f}"
                keys.append(f"{SHORT[w]}_instr_this_vs_baseline={row[0] / row[1]:.3f}")
            print(line)
        print("RESULT " + " ".join(keys))

    # -------------------------------------------------------------------- main
    def run(self):
        a = self.args
        if a.instructions:
            self.tools = require_tools(["mariadbd", "mariadb-install-db", "mariadb", "sysbench", "valgrind"])
            self.start_mariadb()
            self.prepare()
            self.instructions()
            return
        self.tools = require_tools(["mariadbd", "mariadb-install-db", "mariadb", "sysbench", "haproxy"])
        self.start_mariadb()
        self.prepare()
        self.start_squeeze()
        targets = list(TARGETS)
        if a.baseline:
            self.start_squeeze("baseline", a.baseline)
            targets.append("baseline")
        self.start_haproxy()
        m0 = self.squeeze_metrics()

        # Warm up (buffer pool, proxies' allocators, sysbench's prepared statements).
        warm = 3
        log(f"warm-up: {warm}s per workload per target")
        for w in WORKLOADS:
            for t in targets:
                self.run_one(w, t, duration=warm)

        results = {}  # (target, workload) -> [res]
        for rnd in range(a.repeats):
            k = rnd % len(targets)
            order = targets[k:] + targets[:k]
            for w in WORKLOADS:
                for t in order:
                    res = self.run_one(w, t)
                    results.setdefault((t, w), []).append(res)
                    log(f"round {rnd + 1}/{a.repeats} {SHORT[w]:12s} {t:8s} "
                        f"qps {res['qps']:9.1f}  p95 {res['p95']:6.2f} ms"
                        + (f"  proxy cpu {res['proxy_cpu_us_per_q']:.1f} us/q" if 'proxy_cpu_us_per_q' in res else ""))
        m1 = self.squeeze_metrics()
        print_report(a, results, m0, m1, targets)
        if a.syscalls:
            self.syscall_profile()
        if a.baseline:
            print("\nthis build vs baseline, per round (same round, adjacent runs; the RESULT takes the median):")
            for w in WORKLOADS:
                for key, label in (("qps", "qps"), ("proxy_cpu_us_per_q", "baseline cpu/q over this")):
                    of, over = ("baseline", "squeeze") if key != "qps" else ("squeeze", "baseline")
                    med, pairs = paired_ratio(results, w, key, over, of)
                    print(f"  {SHORT[w]:12s} {label:26s} median {med:.3f}  rounds: "
                          + " ".join(f"{p:.3f}" for p in pairs))
        print(result_line(results, a.baseline))


def median_by(runs, key):
    vals = [r[key] for r in runs if key in r]
    return statistics.median(vals) if vals else None


def summarize(runs):
    return {
        "qps": median_by(runs, "qps"),
        "p95": median_by(runs, "p95"),
        "tps": median_by(runs, "tps"),
        "proxy_cpu": median_by(runs, "proxy_cpu_us_per_q"),
        "db_cpu": median_by(runs, "db_cpu_us_per_q"),
        "all_qps": [r["qps"] for r in runs],
    }


def print_report(a, results, m0, m1, targets):
    print()
    print(f"sysbench 1.0, {a.threads} threads, {a.duration}s per run, median of {a.repeats} "
          f"(target order rotated per round), --db-ps-mode=auto --percentile=95, "
          f"{a.tables} tables x {a.table_size} rows; HAProxy mode tcp nbthread {a.haproxy_threads}; "
          f"squeeze {os.cpu_count()} per-core workers (single-threaded runtimes)")
    hdr = f"{'target':8s} {'workload':12s} {'qps':>10s} {'p95 ms':>7s} {'qps vs haproxy':>14s} {'p95 vs haproxy':>14s} {'proxy cpu us/q':>14s} {'db cpu us/q':>11s}  runs (qps)"
    print(hdr)
    print("-" * len(hdr))
    for w in WORKLOADS:
        ha = summarize(results[("haproxy", w)])
        for t in targets:
            s = summarize(results[(t, w)])
            pc = f"{s['proxy_cpu']:.1f}" if s["proxy_cpu"] is not None else "-"
            dc = f"{s['db_cpu']:.1f}" if s["db_cpu"] is not None else "-"
            print(f"{t:8s} {SHORT[w]:12s} {s['qps']:10.1f} {s['p95']:7.2f} "
                  f"{s['qps'] / ha['qps']:14.3f} {s['p95'] / ha['p95']:14.3f} {pc:>14s} {dc:>11s}  "
                  + " ".join(f"{q:.0f}" for q in s["all_qps"]))
    if m1:
        d = {k: m1.get(k, 0) - m0.get(k, 0) for k in m1}
        shown = ", ".join(f"{k}={v:.0f}" for k, v in sorted(d.items(), key=lambda kv: -kv[1]) if v)
        ps = d.get("stmt_execute", 0) > 0
        print(f"squeeze commands seen: {shown}")
        print("prepared-statement path (COM_STMT_PREPARE/EXECUTE, binary rows) exercised: "
              + ("yes" if ps else "NO (sysbench fell back to text queries)"))


def ratio(results, workload, key, over="haproxy", of="squeeze"):
    sq = summarize(results[(of, workload)])[key]
    ha = summarize(results[(over, workload)])[key]
    return sq / ha if ha else float("nan")


def paired_ratio(results, workload, key, over, of="squeeze"):
    """Median over rounds of each round's of/over ratio: both ran in the same
    round (a few seconds apart), so a machine that changes speed between
    rounds moves both sides of each ratio alike."""
    pairs = [a[key] / b[key] for a, b in zip(results[(of, workload)], results[(over, workload)])
             if a.get(key) and b.get(key)]
    return (statistics.median(pairs), pairs) if pairs else (float("nan"), [])


def result_line(results, baseline=None):
    line = ("RESULT "
            f"point_select_vs_haproxy={ratio(results, 'oltp_point_select', 'qps'):.3f} "
            f"read_write_vs_haproxy={ratio(results, 'oltp_read_write', 'qps'):.3f} "
            f"point_select_p95_vs_haproxy={ratio(results, 'oltp_point_select', 'p95'):.3f} "
            f"read_write_p95_vs_haproxy={ratio(results, 'oltp_read_write', 'p95'):.3f}")
    if baseline:
        point = paired_ratio(results, 'oltp_point_select', 'qps', 'baseline')[0]
        rw = paired_ratio(results, 'oltp_read_write', 'qps', 'baseline')[0]
        cpu = paired_ratio(results, 'oltp_point_select', 'proxy_cpu_us_per_q', 'squeeze', 'baseline')[0]
        line += (f" point_select_vs_baseline={point:.3f} read_write_vs_baseline={rw:.3f}"
                 f" cpu_baseline_vs_this={cpu:.3f}")
    return line


def parse_sysbench(out):
    def grab(pattern, cast=float):
        m = re.search(pattern, out)
        return cast(m.group(1)) if m else None

    qps = grab(r"queries:\s+\d+\s+\(([0-9.]+) per sec\.\)")
    queries = grab(r"queries:\s+(\d+)\s+\(", int)
    p95 = grab(r"95th percentile:\s+([0-9.]+)")
    if qps is None or p95 is None or queries is None:
        return None
    return {
        "qps": qps,
        "queries": queries,
        "p95": p95,
        "tps": grab(r"transactions:\s+\d+\s+\(([0-9.]+) per sec\.\)") or 0.0,
        "errors": grab(r"ignored errors:\s+(\d+)", int) or 0,
        "reconnects": grab(r"reconnects:\s+(\d+)", int) or 0,
    }


def context_switches(pid):
    """(voluntary, involuntary) context switches summed over a process's threads."""
    totals = [0, 0]
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        try:
            for line in status.read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    totals[0] += int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches:"):
                    totals[1] += int(line.split()[1])
        except OSError:
            pass  # a thread that ended meanwhile
    return totals


def parse_strace(text):
    """strace -c table -> {syscall: (calls, errors)}."""
    table = {}
    for line in text.splitlines():
        parts = line.split()
        # % time, seconds, usecs/call, calls, [errors], syscall
        if len(parts) >= 5 and re.fullmatch(r"[0-9.]+", parts[0]) and parts[-1] != "total":
            try:
                calls = int(parts[3])
                errors = int(parts[4]) if len(parts) == 6 else 0
            except ValueError:
                continue
            table[parts[-1]] = (calls, errors)
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--duration", type=int, default=15, help="seconds per sysbench run")
    ap.add_argument("--repeats", type=int, default=3, help="rounds; the median counts")
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--table-size", type=int, default=20000)
    ap.add_argument("--haproxy-threads", type=int, default=min(2, os.cpu_count() or 2),
                    help="HAProxy nbthread (default: min(2, cores), like squeeze's one worker per core here)")
    ap.add_argument("--syscalls", action="store_true",
                    help="also count syscalls per query for each proxy with strace -c -f")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (logs, haproxy.cfg)")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="count the proxies' instructions per query under callgrind (N and 3N events) "
                         "instead of timing them")
    ap.add_argument("--baseline", default=None,
                    help="a second squeeze binary (e.g. an older release build) run side by side")
    args = ap.parse_args()

    bench = Bench(args)

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, on_signal)
    try:
        bench.run()
        return 0
    except Fatal as e:
        log(f"error: {e}")
        return 1
    finally:
        bench.cleanup()


if __name__ == "__main__":
    sys.exit(main())
