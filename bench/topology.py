"""Where the benchmark's processes run: the deployment a benchmark models.

  shared   every process (client, proxy, MariaDB) on every core, as before:
           what squeeze spends is taken from MariaDB.
  sidecar  MariaDB on its own core(s) with a CPU quota, the client and the
           proxy (squeeze, HAProxy, or nothing for direct paths) on the
           others: the production picture, where the database host is the
           scarce resource and squeeze runs beside the application. The
           quota makes the database the bottleneck, as in production.

Placement uses cgroups (v1 cpuset + cpu controllers, or v2 with cpuset and
cpu enabled), so it needs root. `check()` reads back what the kernel
applied to every thread of MariaDB; a benchmark refuses to report figures
for a topology that did not take.

Python 3 stdlib only.
"""

import os

PERIOD_US = 100000
# CPU weight of the benchmark's groups against everything else on the
# machine (the maximum: v1 cpu.shares, v2 cpu.weight). On a shared VM each
# other login session is its own autogroup with the default weight 1024 (v1)
# / 100 (v2), so without this a few builds beside the run take the client
# and proxy core from the bench and the database stops being the bottleneck.
V1_SHARES = 262144
V2_WEIGHT = 10000


class PlacementError(Exception):
    pass


def _write(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def _read(path):
    with open(path) as f:
        return f.read().strip()


def _cpu_list(text):
    """'0-2,5' -> {0, 1, 2, 5}"""
    out = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return out


class Topology:
    """`mode` is "shared" or "sidecar". In sidecar mode MariaDB gets
    `db_cpus` (a cpuset list such as "1") capped at `db_quota` cores, and
    every other process of the benchmark `app_cpus`."""

    def __init__(self, mode, db_cpus="1", app_cpus="0", db_quota=0.5, tag=None):
        if mode not in ("shared", "sidecar"):
            raise PlacementError(f"unknown topology {mode!r} (shared or sidecar)")
        self.mode = mode
        self.db_cpus, self.app_cpus, self.db_quota = db_cpus, app_cpus, db_quota
        self.tag = tag or f"squeeze-bench-{os.getpid()}"
        self.groups = {}  # role -> list of cgroup dirs to join
        self.created = []
        if mode == "sidecar":
            ncpu = os.cpu_count() or 1
            if _cpu_list(db_cpus) & _cpu_list(app_cpus):
                raise PlacementError(f"db cpus {db_cpus} and app cpus {app_cpus} overlap")
            if max(_cpu_list(db_cpus) | _cpu_list(app_cpus)) >= ncpu:
                raise PlacementError(f"this machine has {ncpu} cores; "
                                     f"db cpus {db_cpus} / app cpus {app_cpus} do not exist")
            self._make_groups()

    # ---------------------------------------------------------------- cgroups
    def _v2_root(self):
        for root in ("/sys/fs/cgroup", "/sys/fs/cgroup/unified"):
            ctl = os.path.join(root, "cgroup.controllers")
            if os.path.exists(ctl) and {"cpuset", "cpu"} <= set(_read(ctl).split()):
                return root
        return None

    def _make_groups(self):
        mems = "0"
        v1_cpuset, v1_cpu = "/sys/fs/cgroup/cpuset", "/sys/fs/cgroup/cpu"
        try:
            if os.path.isdir(v1_cpuset) and os.path.isdir(v1_cpu) and \
                    os.path.exists(os.path.join(v1_cpu, "cpu.cfs_quota_us")):
                mems = _read(os.path.join(v1_cpuset, "cpuset.mems")) or "0"
                for role, cpus in (("db", self.db_cpus), ("app", self.app_cpus)):
                    cs = os.path.join(v1_cpuset, f"{self.tag}-{role}")
                    os.makedirs(cs, exist_ok=True)
                    self.created.append(cs)
                    _write(os.path.join(cs, "cpuset.mems"), mems)
                    _write(os.path.join(cs, "cpuset.cpus"), cpus)
                    c = os.path.join(v1_cpu, f"{self.tag}-{role}")
                    os.makedirs(c, exist_ok=True)
                    self.created.append(c)
                    _write(os.path.join(c, "cpu.shares"), V1_SHARES)
                    if role == "db":
                        _write(os.path.join(c, "cpu.cfs_period_us"), PERIOD_US)
                        _write(os.path.join(c, "cpu.cfs_quota_us"),
                               int(self.db_quota * PERIOD_US))
                    self.groups[role] = [cs, c]
                self.version = 1
                self.roots = [v1_cpuset, v1_cpu]
                return
            root = self._v2_root()
            if root is None:
                raise PlacementError("no cgroup cpuset+cpu controllers found (cgroup v1 "
                                     "/sys/fs/cgroup/{cpuset,cpu} or v2 with both enabled)")
            for role, cpus in (("db", self.db_cpus), ("app", self.app_cpus)):
                g = os.path.join(root, f"{self.tag}-{role}")
                os.makedirs(g, exist_ok=True)
                self.created.append(g)
                _write(os.path.join(g, "cpuset.cpus"), cpus)
                _write(os.path.join(g, "cpu.weight"), V2_WEIGHT)
                if role == "db":
                    _write(os.path.join(g, "cpu.max"),
                           f"{int(self.db_quota * PERIOD_US)} {PERIOD_US}")
                self.groups[role] = [g]
            self.version = 2
            self.roots = [root]
        except OSError as e:
            self.cleanup()
            raise PlacementError(f"cannot set up cgroups for the sidecar topology "
                                 f"(needs root): {e}")

    # ---------------------------------------------------------------- placing
    def place(self, pid, role):
        """Move process `pid` (all its threads) into the group of `role`
        ("db" or "app"). No-op in shared mode."""
        if self.mode == "shared":
            return
        for g in self.groups[role]:
            _write(os.path.join(g, "cgroup.procs"), pid)

    def unplace(self, pid):
        """Back to the root groups (every core, no quota)."""
        if self.mode == "shared":
            return
        for r in self.roots:
            try:
                _write(os.path.join(r, "cgroup.procs"), pid)
            except OSError:
                pass

    def preexec(self, role):
        """A `preexec_fn` for subprocess: the child joins `role` before exec,
        so a short-lived client (sysbench) runs placed from its first
        instruction."""
        if self.mode == "shared":
            return None
        dirs = list(self.groups[role])

        def join():
            for g in dirs:
                with open(os.path.join(g, "cgroup.procs"), "w") as f:
                    f.write(str(os.getpid()))
        return join

    def check(self, pid, role, name):
        """Raise PlacementError unless every thread of `pid` may run only on
        the role's cores (and, for the database, is under the quota)."""
        if self.mode == "shared":
            return
        want = _cpu_list(self.db_cpus if role == "db" else self.app_cpus)
        tasks = os.listdir(f"/proc/{pid}/task")
        for tid in tasks:
            for line in open(f"/proc/{pid}/task/{tid}/status"):
                if line.startswith("Cpus_allowed_list:"):
                    got = _cpu_list(line.split(":", 1)[1])
                    if got != want:
                        raise PlacementError(
                            f"{name} thread {tid} may run on cores {sorted(got)}, "
                            f"not {sorted(want)}: the {self.mode} topology did not take")
        if role == "db":
            cg = open(f"/proc/{pid}/cgroup").read()
            quota_group = self.groups["db"][-1]
            rel = "/" + os.path.basename(quota_group)
            if rel not in cg:
                raise PlacementError(f"{name} is not in the quota group {quota_group}: {cg}")
            if self.version == 1:
                q = int(_read(os.path.join(quota_group, "cpu.cfs_quota_us")))
            else:
                q = int(_read(os.path.join(quota_group, "cpu.max")).split()[0])
            if q != int(self.db_quota * PERIOD_US):
                raise PlacementError(f"{name}'s CPU quota reads {q} us per {PERIOD_US} us")
        return len(tasks)

    def describe(self):
        if self.mode == "shared":
            return f"shared: every process on all {os.cpu_count()} cores"
        weight = V1_SHARES if self.version == 1 else V2_WEIGHT
        return (f"sidecar: MariaDB on core(s) {self.db_cpus} capped at {self.db_quota:g} "
                f"core (cgroup v{self.version}), client and proxy on core(s) {self.app_cpus}; "
                f"both groups at CPU weight {weight} against other work on the machine")

    def cleanup(self):
        for g in reversed(self.created):
            try:
                os.rmdir(g)
            except OSError:
                pass
        self.created = []
