"""Shared start-up and measurement code of the Python benchmarks
(bench/storage/run.py, bench/iobound/run.py): a throwaway MariaDB, HAProxy
(mode tcp) and squeeze on free loopback ports, the shipped corpora
(bench/data, xz-compressed), dictionary training, sysbench runs with CPU
time per process, and on-disk table sizes.

Python 3 stdlib only. A benchmark does `sys.path.insert(0, <bench dir>)`
and `import benchlib`.
"""

import lzma
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from topology import PlacementError, Topology  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DATA_DIR = os.path.join(REPO, "bench", "data")
DB = "bench"
USER, PASSWORD = "app", "secret"


class Fail(Exception):
    pass


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def need(tool, hint):
    path = shutil.which(tool, path=os.environ.get("PATH", "") + ":/usr/sbin:/usr/local/sbin:/sbin")
    if not path:
        raise Fail(f"{tool} not found. Install it: {hint}")
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    """utime+stime of a running process (all its threads), in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def wait_tcp(port, proc, name, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise Fail(f"{name} exited with {proc.returncode}; see its log")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise Fail(f"{name} did not listen on {port} within {timeout}s")


def shipped_corpus(name="reddit_comments_t1"):
    """Path of a corpus shipped with the project (bench/data/NAME.ndjson.xz)."""
    return os.path.join(DATA_DIR, f"{name}.ndjson.xz")


def read_documents(path):
    """The documents (non-empty lines) of an NDJSON file, plain or .xz."""
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rb") as f:
        return [l for l in f.read().split(b"\n") if l.strip()]


def sql_literal(doc):
    """A document as a quoted SQL string literal (the benchmarks' Lua scripts
    read these ready-made, so no client time goes into escaping)."""
    if any(c in doc for c in (b"\n", b"\r", b"\0")):
        raise Fail("a document contains a raw newline or NUL; not compact JSON")
    return b"'" + doc.replace(b"\\", b"\\\\").replace(b"'", b"\\'") + b"'"


class Stack:
    """MariaDB + HAProxy + squeeze for one benchmark run, in a temp dir.
    Subclasses set self.tmp before starting anything."""

    def __init__(self, args):
        self.a = args
        self.procs = {}  # name -> Popen
        self.tmp = None
        self.mariadbd = need("mariadbd", "apt-get install -y mariadb-server")
        self.mariadb = need("mariadb", "apt-get install -y mariadb-client")
        self.haproxy_bin = need("haproxy", "apt-get install -y haproxy")
        self.sysbench_bin = need("sysbench", "apt-get install -y sysbench")
        self.squeeze_bin = args.squeeze
        # --topology: "shared" (default), "sidecar", or "both" (benchmarks
        # that support it run every cell in each)
        topo = getattr(args, "topology", "shared")
        self.topologies = ["shared", "sidecar"] if topo == "both" else [topo]
        self.topo_mode = "shared"
        self.placement = None
        if "sidecar" in self.topologies:
            try:
                self.placement = Topology("sidecar", db_cpus=args.db_cpus,
                                          app_cpus=args.app_cpus, db_quota=args.db_quota)
            except PlacementError as e:
                raise Fail(str(e))
        # Loading runs on every core; each measured cell moves the processes
        # into its topology first (set_topology).
        if not os.access(self.squeeze_bin, os.X_OK):
            raise Fail(f"{self.squeeze_bin} not found: run `cargo build --release` first "
                       f"(or pass --squeeze PATH)")

    # ---------------------------------------------------------------- processes
    def start(self, name, argv, env=None):
        logf = open(os.path.join(self.tmp, f"{name}.log"), "ab")
        p = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True,
                             env=env, preexec_fn=self.preexec(self.role_of(name)))
        self.procs[name] = p
        return p

    # ---------------------------------------------------------------- topology
    @staticmethod
    def role_of(name):
        return "db" if name == "mariadbd" else "app"

    def preexec(self, role):
        if self.topo_mode == "sidecar":
            return self.placement.preexec(role)
        return None

    def set_topology(self, mode):
        """Move every running process into `mode`'s placement, and check
        that MariaDB's threads took it (a Fail otherwise: no figures for a
        topology that did not take)."""
        self.topo_mode = mode
        for name, p in self.procs.items():
            if p.poll() is not None:
                continue
            if mode == "sidecar":
                self.placement.place(p.pid, self.role_of(name))
            elif self.placement:
                self.placement.unplace(p.pid)
        self.check_topology()

    def check_topology(self):
        if self.topo_mode != "sidecar":
            return
        try:
            for name, p in self.procs.items():
                if p.poll() is None:
                    self.placement.check(p.pid, self.role_of(name), name)
        except PlacementError as e:
            raise Fail(str(e))

    def topology_note(self):
        notes = []
        for t in self.topologies:
            notes.append(self.placement.describe() if t == "sidecar" else
                         f"shared: every process on all {os.cpu_count()} cores")
        return "; ".join(notes)

    def stop(self, name, timeout=120):
        p = self.procs.pop(name)
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def cleanup(self):
        for name, p in reversed(list(self.procs.items())):
            if p.poll() is None:
                try:
                    p.terminate()
                except OSError:
                    pass
        for name, p in self.procs.items():
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if self.placement:
            self.placement.cleanup()
        if self.tmp and not self.a.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)
        elif self.tmp:
            log(f"kept {self.tmp}")

    def sql(self, query, port=None, user=None, password=None, db=DB):
        """Run SQL with the mariadb CLI; returns raw tab-separated stdout.
        Default: root over the unix socket; with port: app user over TCP."""
        argv = [self.mariadb, "--no-defaults", "--default-character-set=utf8mb4",
                "-N", "-B", "-r"]
        if port:
            argv += ["--protocol=tcp", "-h127.0.0.1", f"-P{port}",
                     f"-u{user or USER}", f"-p{password or PASSWORD}"]
        else:
            argv += [f"--socket={self.sock}", "-uroot"]
        if db:
            argv.append(db)
        r = subprocess.run(argv + ["-e", query], capture_output=True)
        if r.returncode != 0:
            raise Fail(f"SQL failed ({query[:80]}...): {r.stderr.decode(errors='replace').strip()}")
        return r.stdout

    def global_status(self, names):
        """name -> int from SHOW GLOBAL STATUS."""
        like = " OR ".join(f"VARIABLE_NAME='{n.upper()}'" for n in names)
        out = self.sql("SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema."
                       f"GLOBAL_STATUS WHERE {like}", db=None).decode()
        got = {k.lower(): int(v) for k, v in (l.split("\t") for l in out.splitlines())}
        return {n: got[n.lower()] for n in names}

    # ---------------------------------------------------------------- MariaDB
    def start_mariadb(self, options, init=True):
        """Start mariadbd on the datadir in self.tmp (created with
        mariadb-install-db the first time, with database `bench` and the app
        user); `options` are extra server options (buffer pool, flushing...).
        Call again after stop("mariadbd") to restart on the same data."""
        datadir = os.path.join(self.tmp, "data")
        self.sock = os.path.join(self.tmp, "mysqld.sock")
        if init:
            r = subprocess.run([need("mariadb-install-db", "apt-get install -y mariadb-server"),
                                "--no-defaults", f"--datadir={datadir}", "--user=root",
                                "--skip-test-db", "--auth-root-authentication-method=socket"],
                               capture_output=True)
            if r.returncode != 0:
                raise Fail("mariadb-install-db failed:\n" + r.stdout.decode() + r.stderr.decode())
            self.mport = free_port()
        self.mysqld = self.start("mariadbd", [
            self.mariadbd, "--no-defaults", f"--datadir={datadir}", "--user=root",
            f"--socket={self.sock}", f"--port={self.mport}", "--bind-address=127.0.0.1",
            f"--pid-file={os.path.join(self.tmp, 'mysqld.pid')}",
            f"--log-error={os.path.join(self.tmp, 'mariadbd.err')}",
            f"--tmpdir={self.tmp}",
            "--innodb-file-per-table=1", "--innodb-flush-log-at-trx-commit=2",
            "--skip-log-bin", "--local-infile=1", "--innodb-log-file-size=256M",
            "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
            "--skip-name-resolve", "--max-connections=500", "--max-allowed-packet=64M",
        ] + list(options))
        wait_tcp(self.mport, self.mysqld, "mariadbd", timeout=300)
        self.check_topology()
        if not init:
            return
        self.sql(f"CREATE DATABASE {DB};"
                 f"CREATE USER '{USER}'@'%' IDENTIFIED BY '{PASSWORD}';"
                 f"GRANT ALL ON *.* TO '{USER}'@'%';", db=None)
        ver = self.sql("SELECT VERSION()", db=None).decode().strip()
        algo = self.sql("SHOW VARIABLES LIKE 'innodb_compression_algorithm'", db=None).decode().split()
        lvl = self.sql("SELECT @@innodb_compression_level, @@column_compression_zlib_level,"
                       " @@column_compression_threshold", db=None).decode().split()
        self.page_algo = algo[1] if len(algo) > 1 else "?"
        self.server_info = (f"MariaDB {ver}; page compression: innodb_compression_algorithm="
                            f"{self.page_algo} innodb_compression_level={lvl[0]}; "
                            f"column compression: zlib level {lvl[1]}, threshold {lvl[2]} bytes")
        log(self.server_info)

    def start_haproxy(self):
        if not getattr(self, "hport", None):
            self.hport = free_port()
        cfg = os.path.join(self.tmp, "haproxy.cfg")
        with open(cfg, "w") as f:
            f.write(f"""global
    maxconn 2000
defaults
    mode tcp
    timeout connect 5s
    timeout client 1h
    timeout server 1h
listen mysql
    bind 127.0.0.1:{self.hport}
    server db 127.0.0.1:{self.mport}
""")
        self.haproxy = self.start("haproxy", [self.haproxy_bin, "-db", "-f", cfg])
        wait_tcp(self.hport, self.haproxy, "haproxy")

    def start_squeeze(self, dict_dir, dict_name, column, name="squeeze", binary=None,
                      port=None):
        """squeeze in front of MariaDB compressing `column` (table.col in
        database `bench`) with dictionary `dict_name`; returns its port."""
        port = port or free_port()
        aport = free_port()
        env = dict(os.environ, SQUEEZE_LOG=self.a.squeeze_log)
        env["SQUEEZE_PASSWORD_" + USER.upper()] = PASSWORD
        p = self.start(name, [
            binary or self.squeeze_bin, "serve", "--listen", f"127.0.0.1:{port}",
            "--backend", f"127.0.0.1:{self.mport}", "--user", USER,
            "--admin", f"127.0.0.1:{aport}", "--dictionaries", dict_dir,
            "--compress", f"{DB}.{column}={dict_name}"], env=env)
        wait_tcp(port, p, name)
        if name == "squeeze":
            self.sport, self.aport = port, aport
        return port

    # ---------------------------------------------------------------- data
    def prepare_documents(self, rows, batch=1):
        """Split the corpus (--data) in two halves (even / odd lines): the
        even half trains the dictionary, the odd half is loaded (held out),
        replicated with fresh ids: row id i holds load_docs[(i-1) % n].
        Writes train.ndjson and load.literals (one SQL literal per line)."""
        lines = read_documents(self.a.data)
        self.train_docs, self.load_docs = lines[0::2], lines[1::2]
        self.train_file = os.path.join(self.tmp, "train.ndjson")
        with open(self.train_file, "wb") as f:
            f.write(b"\n".join(self.train_docs) + b"\n")
        self.literals_file = os.path.join(self.tmp, "load.literals")
        with open(self.literals_file, "wb") as f:
            for d in self.load_docs:
                f.write(sql_literal(d) + b"\n")
        n = len(self.load_docs)
        self.rows = rows - rows % batch
        self.raw_bytes = sum(len(self.load_docs[(i - 1) % n]) for i in range(1, self.rows + 1))
        log(f"{self.a.data}: {len(lines)} documents; training on {len(self.train_docs)}, "
            f"loading the other {n} as {self.rows} rows ({self.raw_bytes / 1e6:.1f} MB of JSON)")

    def train_dictionary(self):
        """A fresh dictionary from the training half with `squeeze dict
        train`; returns (dictionary dir, name)."""
        ddir = os.path.join(self.tmp, "dict")
        r = subprocess.run([self.squeeze_bin, "dict", "train", "--samples", self.train_file,
                            "--dir", ddir, "--name", "bench"], capture_output=True)
        out = (r.stdout + r.stderr).decode(errors="replace").strip()
        if r.returncode != 0:
            raise Fail(f"`squeeze dict train` failed: {out}")
        self.dict_note = ("fresh dictionary trained with `squeeze dict train` on the even "
                          "half; rows loaded are the odd half (no overlap). " +
                          " ".join(out.splitlines()[-1:]))
        log(out)
        return ddir, "bench"

    # ---------------------------------------------------------------- measuring
    def sysbench(self, script, port, threads, options, histogram=False):
        """Run a sysbench Lua script as the app user against `port`; returns
        time, events, p95/avg latency (ms), the latency histogram (list of
        (ms, count)) if asked, and CPU seconds used meanwhile by sysbench
        and by every process this stack started."""
        argv = [self.sysbench_bin, script, "--db-driver=mysql", "--mysql-host=127.0.0.1",
                f"--mysql-port={port}", f"--mysql-user={USER}", f"--mysql-password={PASSWORD}",
                f"--mysql-db={DB}", f"--threads={threads}", "--percentile=95",
                f"--rand-seed={random.randint(1, 1 << 30)}"] + list(options)
        if histogram:
            argv.append("--histogram=on")
        argv.append("run")
        servers = {n: p.pid for n, p in self.procs.items()}
        before = {n: cpu_seconds(pid) for n, pid in servers.items()}
        ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run(argv, capture_output=True, preexec_fn=self.preexec("app"))
        ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = {n: cpu_seconds(pid) - before[n] for n, pid in servers.items()}
        cpu["sysbench"] = (ru1.ru_utime + ru1.ru_stime) - (ru0.ru_utime + ru0.ru_stime)
        out = r.stdout.decode(errors="replace")
        if r.returncode != 0 or "FATAL" in out:
            raise Fail(f"sysbench {' '.join(options)} on port {port} failed:\n{out}\n"
                       f"{r.stderr.decode(errors='replace')}")

        def grab(pat):
            m = re.search(pat, out)
            if not m:
                raise Fail(f"cannot parse sysbench output ({pat}):\n{out}")
            return float(m.group(1))

        res = {
            "time": grab(r"total time:\s+([\d.]+)s"),
            "events": grab(r"total number of events:\s+(\d+)"),
            "p95": grab(r"95th percentile:\s+([\d.]+)"),
            "avg": grab(r"avg:\s+([\d.]+)"),
            "cpu": cpu,
        }
        if histogram:
            res["hist"] = [(float(v), int(c)) for v, c in
                           re.findall(r"^\s*([\d.]+)\s*\|\**\s+(\d+)\s*$", out, re.M)]
        return res

    def snapshot_sizes(self, tables):
        """Flush the tables' pages to their .ibd files, then stat them.
        table -> (apparent st_size, allocated st_blocks*512, DATA_FREE)."""
        self.sql(f"FLUSH TABLES {','.join(tables)} FOR EXPORT; UNLOCK TABLES;")
        free = {}
        for line in self.sql(f"SELECT TABLE_NAME, DATA_FREE FROM information_schema.TABLES "
                             f"WHERE TABLE_SCHEMA='{DB}'").decode().splitlines():
            t, f = line.split("\t")
            free[t] = int(f)
        out = {}
        for table in tables:
            st = os.stat(os.path.join(self.tmp, "data", DB, f"{table}.ibd"))
            out[table] = (st.st_size, st.st_blocks * 512, free.get(table, 0))
        return out


def percentile(hist, q):
    """The q-th percentile (0..100) of a sysbench latency histogram."""
    total = sum(c for _, c in hist)
    if not total:
        return float("nan")
    need_n, seen = total * q / 100.0, 0
    for v, c in sorted(hist):
        seen += c
        if seen >= need_n:
            return v
    return hist[-1][0]


def run_bench(make):
    """Run `make().run()` as a benchmark program: SIGTERM/SIGHUP end it like
    Ctrl-C, a Fail prints `error: ...`, and the processes it started are
    always cleaned up. Returns the exit status."""
    import signal

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    b = None
    try:
        b = make()
        b.run()
    except Fail as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        if b:
            b.cleanup()
    return 0


def add_topology_args(p, default="shared"):
    """--topology and its placement options, shared by the benchmarks."""
    p.add_argument("--topology", choices=["shared", "sidecar", "both"], default=default,
                   help="shared: every process on every core (the old mode); sidecar: "
                        "MariaDB on --db-cpus capped at --db-quota cores, client and proxy "
                        "on --app-cpus (the database host is the bottleneck, squeeze runs "
                        "beside the application); both: every cell in each (default "
                        f"{default})")
    p.add_argument("--db-cpus", default="1", help="sidecar: MariaDB's cores (default 1)")
    p.add_argument("--app-cpus", default="0",
                   help="sidecar: the client's and the proxy's cores (default 0)")
    p.add_argument("--db-quota", type=float, default=0.5,
                   help="sidecar: MariaDB's CPU quota in cores (default 0.5, so that the "
                        "database, not the client core, is the bottleneck)")


class Processes:
    """Processes a program started, each logging to `<tmp>/<name>.log`,
    stopped (and the temp dir removed unless --keep) by `cleanup`."""

    def __init__(self, a, prefix):
        self.a = a
        self.tmp = tempfile.mkdtemp(prefix=prefix)
        self.procs = {}

    def start(self, name, argv):
        logf = open(os.path.join(self.tmp, f"{name}.log"), "ab")
        p = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        self.procs[name] = p
        return p

    def cleanup(self):
        for p in self.procs.values():
            if p.poll() is None:
                p.terminate()
        for p in self.procs.values():
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if self.a.keep:
            log(f"kept {self.tmp}")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)
