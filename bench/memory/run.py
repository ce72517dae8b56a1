#!/usr/bin/env python3
"""squeeze memory benchmark: what squeeze's RSS does under idle
and hostile load, against its configured memory budget.

What it does
  1. Starts its own throwaway MariaDB (mariadb-install-db into a temp dir,
     mariadbd on a free loopback port, max_connections 2500) and a release
     squeeze with `limits.memory_budget` = --budget-mb (default 512 MiB),
     `proxy.max_packet_size` 128 MiB and `codec.max_value_size` 80 MiB (so
     64 MiB values can be written and read), compressing bench.t.doc.
  2. Cases (unauth runs first, then idle, compressed, slow), each measured
     as VmRSS of the squeeze process (/proc/PID/status), sampled every 50 ms:
       idle        2,000 sessions that log in and run `SELECT 1` (so each
                   has its backend connection), then sit idle:
                   (RSS with them - RSS before) / 2000.
       unauth      100 connections that read the greeting, send a packet
                   header declaring 16,000 bytes and 5 bytes of it, and stop:
                   (RSS with them - RSS before) / 100.
       compressed  one client on the compressed protocol sends a 512 MiB
                   COM_QUERY as ~0.5 MB of zlib frames: squeeze must refuse
                   it (ERR 1153) without inflating it all; peak RSS.
       slow        16 clients each SELECT a different row holding a 64 MiB
                   JSON value (stored compressed, written through squeeze)
                   and do not read for --hold seconds (a small receive
                   buffer, like a client on a slow link); then they read it
                   all. Rows past the budget get ERR 1041. Peak RSS, and
                   RSS after they closed.
  3. Prints a table and as the last line
       RESULT idle_kb_per_session=.. peak_over_budget_mb=.. stmt_peak_ratio=..
     where stmt_peak_ratio is the larger peak RSS growth, over the
     statement's size, of a 64 MiB COM_QUERY (an INSERT of one 64 MiB
     document) into the compressed column and into a plain table (target:
     at most 2);
     and peak_over_budget_mb is the largest (peak RSS - budget - idle
     baseline) over the hostile cases (unauth, compressed, slow); the idle
     baseline is squeeze's RSS after start-up and one session, before any
     case. The target is at most 10% of the budget.

Requirements: python3 (stdlib only), mariadb-server (mariadbd,
mariadb-install-db, mariadb) and a release build of squeeze
(cargo build --release). Run from the repository root (~2-3 minutes):
    python3 bench/memory/run.py
    python3 bench/memory/run.py --budget-mb 1024 --sessions 2000 --hold 8
"""

import argparse
import hashlib
import json
import os
import random
import resource
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

DB = "bench"
USER = "app"
PASSWORD = "app-secret"

CLIENT_LONG_PASSWORD = 1
CLIENT_CONNECT_WITH_DB = 8
CLIENT_COMPRESS = 0x20
CLIENT_PROTOCOL_41 = 0x200
CLIENT_TRANSACTIONS = 0x2000
CLIENT_SECURE_CONNECTION = 0x8000
CLIENT_MULTI_RESULTS = 0x20000
CLIENT_PLUGIN_AUTH = 0x80000
MAX_PAYLOAD = 0xFFFFFF


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


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise Fail(f"no VmRSS for pid {pid}")


class RssSampler:
    """Samples a process's RSS every 50 ms in a thread; keeps the peak."""

    def __init__(self, pid):
        self.pid, self.peak, self.stop_ = pid, rss_kb(pid), False
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        while not self.stop_:
            try:
                self.peak = max(self.peak, rss_kb(self.pid))
            except (OSError, Fail):
                return
            time.sleep(0.05)

    def stop(self):
        self.stop_ = True
        self.t.join()
        return self.peak


# ------------------------------------------------------------ a tiny client
def native_scramble(salt, password):
    h1 = hashlib.sha1(password.encode()).digest()
    h2 = hashlib.sha1(h1).digest()
    h3 = hashlib.sha1(salt + h2).digest()
    return bytes(a ^ b for a, b in zip(h1, h3))


class Conn:
    """Blocking MySQL protocol client: native password login, COM_QUERY."""

    def __init__(self, port, rcvbuf=None, timeout=60):
        self.s = socket.socket()
        if rcvbuf:
            self.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.s.settimeout(timeout)
        self.s.connect(("127.0.0.1", port))
        self.seq = 0

    def recv_exact(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self.s.recv(min(n - len(buf), 1 << 20))
            if not chunk:
                raise Fail("connection closed by squeeze")
            buf += chunk
        return bytes(buf)

    def read_packet(self):
        out = bytearray()
        while True:
            h = self.recv_exact(4)
            n = h[0] | h[1] << 8 | h[2] << 16
            self.seq = (h[3] + 1) & 0xFF
            out += self.recv_exact(n)
            if n < MAX_PAYLOAD:
                return bytes(out)

    def write_packet(self, payload):
        buf = bytearray()
        off = 0
        while True:
            chunk = payload[off:off + MAX_PAYLOAD]
            buf += struct.pack("<I", len(chunk))[:3] + bytes([self.seq]) + chunk
            self.seq = (self.seq + 1) & 0xFF
            off += len(chunk)
            if len(chunk) < MAX_PAYLOAD:
                break
        self.s.sendall(buf)

    def greeting(self):
        p = self.read_packet()
        i = p.index(b"\0", 1) + 1 + 4
        salt = p[i:i + 8]
        i += 8 + 1
        caps = struct.unpack_from("<H", p, i)[0]
        i += 2 + 1 + 2
        caps |= struct.unpack_from("<H", p, i)[0] << 16
        i += 2 + 1 + 10
        salt += p[i:i + 12]
        return salt, caps

    def login(self, compress=False):
        salt, server_caps = self.greeting()
        caps = (CLIENT_LONG_PASSWORD | CLIENT_PROTOCOL_41 | CLIENT_TRANSACTIONS
                | CLIENT_SECURE_CONNECTION | CLIENT_MULTI_RESULTS | CLIENT_PLUGIN_AUTH
                | CLIENT_CONNECT_WITH_DB)
        if compress:
            if not server_caps & CLIENT_COMPRESS:
                raise Fail("squeeze did not offer CLIENT_COMPRESS")
            caps |= CLIENT_COMPRESS
        auth = native_scramble(salt, PASSWORD)
        p = (struct.pack("<IIB", caps, 1 << 30, 45) + b"\0" * 23 + USER.encode() + b"\0"
             + bytes([len(auth)]) + auth + DB.encode() + b"\0" + b"mysql_native_password\0")
        self.write_packet(p)
        r = self.read_packet()
        if r[0] == 0xFE:  # auth switch
            plugin_end = r.index(b"\0", 1)
            salt = r[plugin_end + 1:plugin_end + 21]
            self.write_packet(native_scramble(salt, PASSWORD))
            r = self.read_packet()
        if r[0] != 0:
            raise Fail(f"login failed: {r[:200]!r}")

    def send_query(self, sql):
        self.seq = 0
        self.write_packet(b"\x03" + sql)

    def read_result(self):
        """(rows, error): rows as lists of bytes|None; error (code, msg)."""
        p = self.read_packet()
        if p[0] == 0xFF:
            return None, err_of(p)
        if p[0] == 0x00:
            return [], None
        ncols = p[0]
        for _ in range(ncols):
            self.read_packet()
        self.read_packet()  # EOF
        rows = []
        while True:
            p = self.read_packet()
            if p[0] == 0xFF:
                return rows, err_of(p)
            if p[0] == 0xFE and len(p) < 9:
                return rows, None
            rows.append(text_row(p, ncols))

    def query(self, sql):
        self.send_query(sql)
        return self.read_result()

    def close(self):
        try:
            self.seq = 0
            self.write_packet(b"\x01")
        except OSError:
            pass
        self.s.close()


def stream_frames(size, piece):
    """The packet stream of a COM_QUERY of `size` bytes, cut into frames of
    `piece` bytes; None stands for a frame of `piece` bytes all 'a'."""
    def parts():
        remaining, pseq, first = size, 0, True
        while True:
            n = min(remaining, MAX_PAYLOAD)
            head = struct.pack("<I", n)[:3] + bytes([pseq & 0xFF])
            pseq += 1
            if first:
                head += b"\x03SELECT '"
                yield head, n - 9
                first = False
            else:
                yield head, n
            remaining -= n
            if n < MAX_PAYLOAD:
                return
    frame = bytearray()
    pure = True
    for head, a_count in parts():
        frame += head
        pure = False
        while a_count:
            take = min(a_count, piece - len(frame))
            if take == piece and not frame:
                yield None
            else:
                frame += b"a" * take
            a_count -= take
            if len(frame) == piece:
                yield bytes(frame)
                frame.clear()
    if frame:
        yield bytes(frame)


def err_of(p):
    code = struct.unpack_from("<H", p, 1)[0]
    return code, p[9:].decode(errors="replace")


def lenenc(p, i):
    b = p[i]
    if b < 0xFB:
        return b, i + 1
    if b == 0xFB:
        return None, i + 1
    if b == 0xFC:
        return struct.unpack_from("<H", p, i + 1)[0], i + 3
    if b == 0xFD:
        return int.from_bytes(p[i + 1:i + 4], "little"), i + 4
    return struct.unpack_from("<Q", p, i + 1)[0], i + 9


def text_row(p, ncols):
    out, i = [], 0
    for _ in range(ncols):
        n, i = lenenc(p, i)
        if n is None:
            out.append(None)
        else:
            out.append(p[i:i + n])
            i += n
    return out


# ------------------------------------------------------------------ bench
class Bench:
    def __init__(self, a):
        self.a = a
        self.procs = {}
        self.tmp = tempfile.mkdtemp(prefix="squeeze-memory-")
        self.mariadb = need("mariadb", "apt-get install -y mariadb-client")
        self.mariadbd = need("mariadbd", "apt-get install -y mariadb-server")
        self.budget = a.budget_mb << 20

    def start(self, name, argv, env=None):
        logf = open(os.path.join(self.tmp, f"{name}.log"), "wb")
        p = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True, env=env)
        self.procs[name] = p
        return p

    def cleanup(self):
        for p in reversed(list(self.procs.values())):
            if p.poll() is None:
                p.terminate()
        for p in self.procs.values():
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if self.a.keep:
            log(f"kept {self.tmp}")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def sql(self, query, db=DB):
        argv = [self.mariadb, "--no-defaults", f"--socket={self.sock}", "-uroot", "-N", "-B"]
        if db:
            argv.append(db)
        r = subprocess.run(argv + ["-e", query], capture_output=True)
        if r.returncode != 0:
            raise Fail(f"SQL failed ({query[:80]}): {r.stderr.decode(errors='replace')}")
        return r.stdout

    def start_mariadb(self):
        datadir = os.path.join(self.tmp, "data")
        self.sock = os.path.join(self.tmp, "mysqld.sock")
        r = subprocess.run([need("mariadb-install-db", "apt-get install -y mariadb-server"),
                            "--no-defaults", f"--datadir={datadir}", "--user=root",
                            "--skip-test-db", "--auth-root-authentication-method=socket"],
                           capture_output=True)
        if r.returncode != 0:
            raise Fail("mariadb-install-db failed:\n" + r.stderr.decode())
        self.mport = free_port()
        self.mysqld = self.start("mariadbd", [
            self.mariadbd, "--no-defaults", f"--datadir={datadir}", "--user=root",
            f"--socket={self.sock}", f"--port={self.mport}", "--bind-address=127.0.0.1",
            f"--pid-file={os.path.join(self.tmp, 'mysqld.pid')}",
            f"--log-error={os.path.join(self.tmp, 'mariadbd.err')}",
            "--innodb-buffer-pool-size=256M", "--skip-log-bin", "--skip-name-resolve",
            "--max-connections=2500", "--open-files-limit=8000", "--thread-cache-size=0",
            "--max-allowed-packet=256M", "--innodb-log-file-size=512M",
        ])
        wait_tcp(self.mport, self.mysqld, "mariadbd")
        self.sql(f"CREATE DATABASE {DB};"
                 f"CREATE USER '{USER}'@'%' IDENTIFIED BY '{PASSWORD}';"
                 f"GRANT ALL ON *.* TO '{USER}'@'%';", db=None)
        self.sql("CREATE TABLE t (id INT PRIMARY KEY, doc LONGBLOB)")
        self.sql("CREATE TABLE p (id INT PRIMARY KEY, doc LONGBLOB)")

    def start_squeeze(self):
        self.sport, aport = free_port(), free_port()
        cfg = os.path.join(self.tmp, "squeeze.toml")
        with open(cfg, "w") as f:
            f.write(f"""[proxy]
listen = "127.0.0.1:{self.sport}"
max_packet_size = {128 << 20}
max_connections = 4096

[limits]
memory_budget = {self.budget}

[admin]
listen = "127.0.0.1:{aport}"

[codec]
max_value_size = {80 << 20}

[[users]]
name = "{USER}"
password = "{PASSWORD}"

[backend]
address = "127.0.0.1:{self.mport}"

[[columns]]
schema = "{DB}"
table = "t"
column = "doc"
""")
        env = dict(os.environ, SQUEEZE_LOG="warn")
        self.squeeze = self.start("squeeze", [self.a.squeeze, "serve", "--config", cfg], env=env)
        wait_tcp(self.sport, self.squeeze, "squeeze")
        self.pid = self.squeeze.pid

    def settle(self, seconds=1.5):
        time.sleep(seconds)
        return rss_kb(self.pid)

    def alive(self):
        if self.squeeze.poll() is not None:
            raise Fail(f"squeeze died ({self.squeeze.returncode}); log in {self.tmp}")

    # ----------------------------------------------------------- cases
    def case_idle(self):
        n = self.a.sessions
        before = self.settle()
        conns = []
        for i in range(n):
            c = Conn(self.sport)
            c.login()
            rows, err = c.query(b"SELECT 1")
            if err or rows != [[b"1"]]:
                raise Fail(f"session {i}: SELECT 1 gave {rows} {err}")
            conns.append(c)
        after = self.settle(3)
        self.alive()
        for c in conns:
            c.close()
        per = (after - before) / n
        log(f"idle: {n} sessions, RSS {before} -> {after} KB, {per:.1f} KB each")
        return dict(case=f"idle ({n} sessions)", before=before, peak=after,
                    note=f"{per:.1f} KB per session"), per

    def case_compressed(self):
        before = self.settle()
        sampler = RssSampler(self.pid)
        c = Conn(self.sport)
        c.login(compress=True)
        size = 512 << 20
        # The packet stream of a 512 MiB COM_QUERY, cut in 1 MiB frames; the
        # all-'a' frames share one zlib body (their sequence ids differ).
        piece = 1 << 20
        filler = zlib.compress(b"a" * piece, 6)
        wire = 0
        seq = 0
        outcome = "sent all"
        sent_raw = 0
        try:
            for frame in stream_frames(size, piece):
                if frame is None:  # a whole frame of 'a'
                    body, raw = filler, piece
                else:
                    body, raw = zlib.compress(frame, 6), len(frame)
                c.s.sendall(struct.pack("<I", len(body))[:3] + bytes([seq & 0xFF])
                            + struct.pack("<I", raw)[:3] + body)
                wire += 7 + len(body)
                seq += 1
                sent_raw += raw
        except OSError as e:
            outcome = f"squeeze closed after {sent_raw >> 20} MiB ({e.__class__.__name__})"
        # What squeeze answered (a compressed frame holding an ERR packet).
        answer = ""
        try:
            c.s.settimeout(5)
            h = c.recv_exact(7)
            clen, ulen = int.from_bytes(h[:3], "little"), int.from_bytes(h[4:7], "little")
            body = c.recv_exact(clen)
            data = zlib.decompress(body) if ulen else body
            if data[4] == 0xFF:
                code, msg = err_of(data[4:])
                answer = f"ERR {code}"
        except (OSError, Fail, zlib.error, IndexError):
            answer = answer or "no answer"
        c.s.close()
        time.sleep(0.5)
        peak = sampler.stop()
        self.alive()
        log(f"compressed: {outcome}, wire {wire >> 10} KiB, answer {answer}, RSS {before} -> peak {peak} KB")
        return dict(case="512 MiB COM_QUERY in zlib frames", before=before, peak=peak,
                    note=f"{answer}; {wire >> 10} KiB on the wire; {outcome}")

    def case_unauth(self):
        n = 100
        before = self.settle()
        socks = []
        for _ in range(n):
            c = Conn(self.sport)
            c.greeting()
            # A handshake response header declaring 16,000 bytes, 5 sent.
            c.s.sendall(struct.pack("<I", 16000)[:3] + b"\x01" + b"\x00" * 5)
            socks.append(c)
        time.sleep(2)
        peak = rss_kb(self.pid)
        self.alive()
        for c in socks:
            c.s.close()
        per = (peak - before) / n
        log(f"unauth: {n} connections, RSS {before} -> {peak} KB ({per:.1f} KB each)")
        return dict(case=f"unauthenticated ({n} conns)", before=before, peak=peak,
                    note=f"{per:.1f} KB per connection")

    def load_rows(self, n):
        size = 64 << 20
        rnd = random.Random(17)
        words = [f"w{rnd.randrange(1 << 20):x}" for _ in range(4096)]
        parts, total = [], 0
        i = 0
        while total < size - 200:
            item = json.dumps({"i": i, "t": " ".join(rnd.choice(words) for _ in range(8)),
                               "v": rnd.random()}) + ","
            parts.append(item)
            total += len(item)
            i += 1
        doc = ("[" + "".join(parts))[:size - 1]
        doc = doc[:doc.rfind(",")] + "]"
        doc = doc + " " * (size - len(doc))
        self.value_len = len(doc)
        c = Conn(self.sport)
        c.login()
        _, err = c.query(b"INSERT INTO t VALUES (1, '" + doc.encode() + b"')")
        if err:
            raise Fail(f"INSERT of the 64 MiB value through squeeze failed: {err}")
        c.close()
        # The stored (compressed) bytes copied server-side to the other rows.
        self.sql(f"INSERT INTO t SELECT seq, doc FROM t, seq_2_to_{n}")
        stored = self.sql("SELECT LENGTH(doc) FROM t WHERE id = 1").decode().strip()
        log(f"rows: {n} x {self.value_len} bytes, stored as {stored} bytes each")
        return int(stored)

    def big_document(self, size, seed):
        """A JSON array of about `size` bytes, padded with spaces to exactly
        `size` (compresses like real documents, not like one repeated byte)."""
        rnd = random.Random(seed)
        words = [f"w{rnd.randrange(1 << 20):x}" for _ in range(4096)]
        parts, total, i = [], 0, 0
        while total < size - 200:
            item = json.dumps({"i": i, "t": " ".join(rnd.choice(words) for _ in range(8)),
                               "v": rnd.random()}) + ","
            parts.append(item)
            total += len(item)
            i += 1
        doc = ("[" + "".join(parts))[:size - 1]
        doc = doc[:doc.rfind(",")] + "]"
        return (doc + " " * (size - len(doc))).encode()

    def case_big_statement(self, table, what):
        """One 64 MiB COM_QUERY (an INSERT of one 64 MiB document) through
        squeeze: peak RSS growth over its size. `table` t has the compressed
        column (squeeze rewrites the statement), p does not (relayed)."""
        size = 64 << 20
        doc = self.big_document(size, 23)
        stmt = b"INSERT INTO " + table.encode() + b" VALUES (2, '" + doc + b"')"
        del doc
        c = Conn(self.sport, timeout=120)
        c.login()
        before = self.settle()
        sampler = RssSampler(self.pid)
        _, err = c.query(stmt)
        peak = sampler.stop()
        c.close()
        self.alive()
        if err:
            raise Fail(f"the 64 MiB INSERT into {table} through squeeze failed: {err}")
        self.sql(f"DELETE FROM {table} WHERE id = 2")
        ratio = (peak - before) * 1024 / len(stmt)
        log(f"big statement ({what}): {len(stmt) >> 20} MiB, RSS {before} -> peak {peak} KB, "
            f"{ratio:.2f}x its size")
        return dict(case=f"64 MiB COM_QUERY, {what}", before=before, peak=peak,
                    note=f"peak growth {ratio:.2f}x the statement"), ratio

    def case_slow(self):
        n = 16
        stored = self.load_rows(n)
        time.sleep(1)
        before = self.settle()
        sampler = RssSampler(self.pid)
        conns = []
        for i in range(n):
            c = Conn(self.sport, rcvbuf=64 << 10, timeout=120)
            c.login()
            c.send_query(f"SELECT doc FROM t WHERE id = {i + 1}".encode())
            conns.append(c)
        time.sleep(self.a.hold)
        held = rss_kb(self.pid)
        ok = refused = other = 0
        codes = set()
        for c in conns:
            try:
                rows, err = c.read_result()
                if err:
                    refused += 1
                    codes.add(err[0])
                elif rows and rows[0][0] is not None and len(rows[0][0]) == self.value_len:
                    ok += 1
                else:
                    other += 1
            except (OSError, Fail):
                other += 1
            c.close()
        peak = sampler.stop()
        after = self.settle(3)
        self.alive()
        # Another session still works.
        c = Conn(self.sport)
        c.login()
        rows, err = c.query(b"SELECT 1")
        c.close()
        works = not err and rows == [[b"1"]]
        log(f"slow: {ok} rows read, {refused} refused {sorted(codes)}, {other} other; RSS {before} -> "
             f"held {held} peak {peak} after {after} KB; SELECT 1 afterwards: {works}")
        return dict(case=f"{n} slow readers of 64 MiB rows", before=before, peak=peak,
                    note=f"{ok} read, {refused} got ERR {','.join(map(str, sorted(codes)))}, "
                         f"{other} failed; stored {stored >> 20} MiB/row; RSS after close {after >> 10} MiB; "
                         f"SELECT 1 after: {'ok' if works else 'FAILED'}")

    def run(self):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = self.a.sessions + 500
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(want, soft)), hard))
        self.start_mariadb()
        self.start_squeeze()
        log(f"squeeze pid {self.pid}, budget {self.a.budget_mb} MiB, tmp {self.tmp}")
        c = Conn(self.sport)
        c.login()
        c.query(b"SELECT 1")
        c.close()
        self.baseline = self.settle()
        # unauth first: the other cases free memory that the allocator
        # returns to the OS later, which would blur a per-connection delta.
        unauth = self.case_unauth()
        # The big statements before the idle sessions: 2000 closed sessions
        # leave RSS raised for a while, which would hide part of a peak.
        big_c, ratio_c = self.case_big_statement("t", "compressed column")
        big_p, ratio_p = self.case_big_statement("p", "plain table")
        idle, per_session = self.case_idle()
        results = [idle, unauth, big_c, big_p]
        results.append(self.case_compressed())
        results.append(self.case_slow())
        budget_kb = self.budget >> 10
        print()
        print(f"squeeze memory: limits.memory_budget {self.a.budget_mb} MiB, max_packet_size 128 MiB, "
              f"max_value_size 80 MiB; RSS of the squeeze process (VmRSS), MiB")
        base_kb = self.baseline
        print(f"idle baseline (start-up, one session): {base_kb / 1024:.1f} MiB; "
              f"over budget = peak - budget - idle baseline")
        print(f"{'case':<36} {'before':>8} {'peak':>8} {'peak-before':>12} {'over budget':>12}  notes")
        worst = None
        for i, r in enumerate(results):
            grew = r["peak"] - r["before"]
            over = r["peak"] - budget_kb - base_kb
            hostile = i > 0 and not r["case"].startswith("64 MiB COM_QUERY")
            if hostile:
                worst = over if worst is None else max(worst, over)
            print(f"{r['case']:<36} {r['before'] / 1024:>8.1f} {r['peak'] / 1024:>8.1f} "
                  f"{grew / 1024:>12.1f} {(over / 1024 if hostile else float('nan')):>12.1f}  {r['note']}")
        print()
        print(f"RESULT idle_kb_per_session={per_session:.1f} peak_over_budget_mb={worst / 1024:.1f} "
              f"stmt_peak_ratio={max(ratio_c, ratio_p):.2f} stmt_peak_ratio_compressed={ratio_c:.2f} "
              f"stmt_peak_ratio_plain={ratio_p:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--squeeze", default="target/release/squeeze", help="squeeze binary")
    ap.add_argument("--budget-mb", type=int, default=512, help="limits.memory_budget in MiB")
    ap.add_argument("--sessions", type=int, default=2000, help="idle sessions")
    ap.add_argument("--hold", type=float, default=6.0, help="seconds slow readers wait")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir")
    a = ap.parse_args()
    if not os.path.exists(a.squeeze):
        print(f"{a.squeeze} not found: run cargo build --release first", file=sys.stderr)
        return 2
    b = Bench(a)
    try:
        b.run()
    except Fail as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        b.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
