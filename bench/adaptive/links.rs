//! Real links between squeeze and MariaDB for the adaptive benchmark.
//!
//! MariaDB runs in its own network namespace (`NS`). Two paths join it to
//! the host, where squeeze and the client run:
//! - a veth pair (`VETH_*`, 10.231.0.0/30), unshaped: a 10G-like link, used
//!   by the `unshaped` and `slow-server` cases;
//! - a pair of TUN devices (`TUN_*`, 10.232.0.1 <-> 10.232.0.2) joined by a
//!   forwarder in this process, one thread pair per direction, that holds
//!   each IP packet for the one-way delay (plus up to 5% jitter, never
//!   reordering) before writing it to the other device. The kernel has no
//!   netem here, so delay lives in userspace; the rate does not: a `tbf`
//!   qdisc on squeeze's TUN shapes its egress, so squeeze's TCP sees a
//!   real bottleneck queue, pacing, RTT and congestion window, and
//!   MariaDB's receive window is MariaDB's own (a userspace relay's would
//!   fill like a slow server's).
//!
//! A slow server is mariadbd in a cgroup-v1 cpu controller group with a
//! quota (`SLOW_QUOTA` of one core), on the unshaped veth.
//!
//! Everything has fixed names: a run first removes what a crashed run
//! left, and `teardown` (on exit, panic or Ctrl-C) removes it again.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub const NS: &str = "sqzbench-db";
const VETH_SQ: &str = "sqzb-sq";
const VETH_DB: &str = "sqzb-db";
const TUN_SQ: &str = "sqzt-sq";
const TUN_DB: &str = "sqzt-db";
pub const VETH_DB_ADDR: &str = "10.231.0.2";
pub const TUN_DB_ADDR: &str = "10.232.0.2";
/// MTU of the TUN path: jumbo frames keep the forwarder's packet rate (and
/// its CPU on this 2-core VM) low: ~7,800 packets/s at 1 Gbit/s.
const TUN_MTU: u32 = 16000;
const CGROUP: &str = "/sys/fs/cgroup/cpu/sqzbench-slow";
/// The slow server's CPU: 35% of one core (over 50 ms periods, so its
/// stalls are shorter than a load's measuring windows add up to).
const SLOW_PERIOD_US: u64 = 50_000;
const SLOW_QUOTA_US: u64 = 17_500;

/// One benchmark link.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    pub name: &'static str,
    /// tbf rate in bit/s on squeeze's egress (None: unshaped veth).
    pub rate: Option<u64>,
    /// Round-trip time added by the forwarder (TUN path only).
    pub rtt: Duration,
    /// mariadbd runs under the CPU quota during loads.
    pub slow_server: bool,
}

impl Link {
    /// Where squeeze finds MariaDB on this link.
    pub fn backend(&self) -> String {
        let host = if self.rate.is_some() {
            TUN_DB_ADDR
        } else {
            VETH_DB_ADDR
        };
        format!("{host}:3306")
    }

    pub fn describe(&self) -> String {
        match self.rate {
            None if self.slow_server => format!(
                "veth, unshaped; mariadbd limited to {:.0}% of a core",
                SLOW_QUOTA_US as f64 * 100.0 / SLOW_PERIOD_US as f64
            ),
            None => "veth, unshaped".to_string(),
            Some(r) => format!(
                "TUN + tbf {} Mbit/s, RTT {:.1} ms",
                r / 1_000_000,
                self.rtt.as_secs_f64() * 1e3
            ),
        }
    }
}

pub const LINKS: [Link; 5] = [
    Link {
        name: "unshaped",
        rate: None,
        rtt: Duration::ZERO,
        slow_server: false,
    },
    Link {
        name: "1gbit",
        rate: Some(1_000_000_000),
        rtt: Duration::from_micros(200),
        slow_server: false,
    },
    Link {
        name: "100mbit",
        rate: Some(100_000_000),
        rtt: Duration::from_millis(1),
        slow_server: false,
    },
    Link {
        name: "wan",
        rate: Some(100_000_000),
        rtt: Duration::from_millis(40),
        slow_server: false,
    },
    Link {
        name: "slow-server",
        rate: None,
        rtt: Duration::ZERO,
        slow_server: true,
    },
];

/// Run a command quietly; whether it succeeded.
fn run(cmd: &str, args: &[&str]) -> bool {
    Command::new(cmd)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Run a command that must succeed.
fn must(cmd: &str, args: &[&str]) {
    let out = Command::new(cmd)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{cmd}: {e}"));
    assert!(
        out.status.success(),
        "{cmd} {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Remove the namespace, devices and cgroup of this or an earlier run;
/// errors (nothing to remove) are ignored. `db_pid`: mariadbd, killed
/// first so the cgroup can go.
pub fn teardown(db_pid: Option<u32>) {
    if let Some(pid) = db_pid {
        // SAFETY: kill has no memory-safety preconditions.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
    }
    run("ip", &["netns", "del", NS]);
    run("ip", &["link", "del", VETH_SQ]);
    run("ip", &["link", "del", TUN_SQ]);
    if std::path::Path::new(CGROUP).exists() {
        // Tasks still inside go back to the root group, then it can go.
        if let Ok(tasks) = std::fs::read_to_string(format!("{CGROUP}/cgroup.procs")) {
            for pid in tasks.lines() {
                let _ = std::fs::write("/sys/fs/cgroup/cpu/cgroup.procs", pid);
            }
        }
        let _ = std::fs::remove_dir(CGROUP);
    }
}

/// The links' plumbing; dropped (or torn down on Ctrl-C) at the end.
pub struct Net {
    /// One-way delay of the TUN path, microseconds.
    delay_us: Arc<AtomicU64>,
}

impl Net {
    pub fn setup() -> Net {
        teardown(None);
        must("ip", &["netns", "add", NS]);
        must("ip", &["-n", NS, "link", "set", "lo", "up"]);
        must(
            "ip",
            &[
                "link", "add", VETH_SQ, "type", "veth", "peer", "name", VETH_DB, "netns", NS,
            ],
        );
        must("ip", &["addr", "add", "10.231.0.1/30", "dev", VETH_SQ]);
        must("ip", &["link", "set", VETH_SQ, "up"]);
        must(
            "ip",
            &["-n", NS, "addr", "add", "10.231.0.2/30", "dev", VETH_DB],
        );
        must("ip", &["-n", NS, "link", "set", VETH_DB, "up"]);
        let tun_sq = open_tun(TUN_SQ);
        let tun_db = open_tun(TUN_DB);
        must("ip", &["link", "set", TUN_DB, "netns", NS]);
        let mtu = TUN_MTU.to_string();
        must(
            "ip",
            &[
                "addr",
                "add",
                "10.232.0.1",
                "peer",
                TUN_DB_ADDR,
                "dev",
                TUN_SQ,
            ],
        );
        must("ip", &["link", "set", TUN_SQ, "mtu", &mtu, "up"]);
        must(
            "ip",
            &[
                "-n",
                NS,
                "addr",
                "add",
                TUN_DB_ADDR,
                "peer",
                "10.232.0.1",
                "dev",
                TUN_DB,
            ],
        );
        must("ip", &["-n", NS, "link", "set", TUN_DB, "mtu", &mtu, "up"]);
        let delay_us = Arc::new(AtomicU64::new(0));
        let sq2 = tun_sq.try_clone().expect("dup tun");
        let db2 = tun_db.try_clone().expect("dup tun");
        forward(tun_sq, db2, delay_us.clone(), "sq->db");
        forward(tun_db, sq2, delay_us.clone(), "db->sq");
        Net { delay_us }
    }

    /// Shape the path of `link`: tbf on squeeze's egress of the TUN path
    /// and the forwarder's delay.
    pub fn shape(&self, link: &Link) {
        let Some(rate) = link.rate else {
            return;
        };
        let bytes_s = rate / 8;
        let mtu = TUN_MTU as u64;
        // Burst: 2 ms of the rate (the timer's granularity), at least two
        // packets; limit: the path's bandwidth-delay product plus the
        // burst, at least four packets, so a window's worth queues and TCP
        // sees the rate rather than drops.
        let burst = (bytes_s / 500).max(2 * mtu);
        let bdp = (bytes_s as f64 * link.rtt.as_secs_f64()) as u64;
        let limit = bdp.max(4 * mtu) + burst;
        must(
            "tc",
            &[
                "qdisc",
                "replace",
                "dev",
                TUN_SQ,
                "root",
                "tbf",
                "rate",
                &format!("{rate}bit"),
                "burst",
                &burst.to_string(),
                "limit",
                &limit.to_string(),
            ],
        );
        self.delay_us
            .store(link.rtt.as_micros() as u64 / 2, Ordering::Relaxed);
    }

    /// Start mariadbd (the argument list) inside the namespace; the child
    /// is mariadbd itself (`ip netns exec` execs without forking).
    pub fn spawn_in_ns(&self, program: &str) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", NS, program]);
        c
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        teardown(None);
    }
}

/// Put mariadbd under the slow server's CPU quota (true) or back (false).
pub fn throttle(pid: u32, on: bool) {
    if on {
        let _ = std::fs::create_dir(CGROUP);
        must_write(
            &format!("{CGROUP}/cpu.cfs_period_us"),
            &SLOW_PERIOD_US.to_string(),
        );
        must_write(
            &format!("{CGROUP}/cpu.cfs_quota_us"),
            &SLOW_QUOTA_US.to_string(),
        );
        must_write(&format!("{CGROUP}/cgroup.procs"), &pid.to_string());
    } else {
        must_write("/sys/fs/cgroup/cpu/cgroup.procs", &pid.to_string());
    }
}

fn must_write(path: &str, value: &str) {
    std::fs::write(path, value).unwrap_or_else(|e| panic!("write {value} to {path}: {e}"));
}

/// Create TUN device `name` (IFF_TUN | IFF_NO_PI: bare IP packets).
fn open_tun(name: &str) -> File {
    #[repr(C)]
    struct IfReq {
        name: [u8; 16],
        flags: libc::c_short,
        _pad: [u8; 22],
    }
    // _IOW('T', 202, int)
    const TUNSETIFF: libc::c_ulong = 0x4004_54ca;
    const IFF_TUN: libc::c_short = 0x0001;
    const IFF_NO_PI: libc::c_short = 0x1000;
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/net/tun")
        .expect("/dev/net/tun");
    let mut req = IfReq {
        name: [0; 16],
        flags: IFF_TUN | IFF_NO_PI,
        _pad: [0; 22],
    };
    req.name[..name.len()].copy_from_slice(name.as_bytes());
    // SAFETY: TUNSETIFF reads (and updates) one struct ifreq, which `req`
    // lays out (name, then the flags of the union) at full size.
    let rc = unsafe { libc::ioctl(f.as_raw_fd(), TUNSETIFF as _, &mut req as *mut IfReq) };
    assert_eq!(
        rc,
        0,
        "TUNSETIFF {name}: {}",
        std::io::Error::last_os_error()
    );
    f
}

/// Packets waiting out their delay, in order.
type Line = Arc<(
    Mutex<std::collections::VecDeque<(Instant, Vec<u8>)>>,
    Condvar,
)>;

/// Forward packets read from `from` to `to` after the one-way delay. The
/// threads end when the devices go away (reads and writes fail).
fn forward(mut from: File, mut to: File, delay_us: Arc<AtomicU64>, label: &str) {
    let line: Line = Arc::new((Mutex::new(Default::default()), Condvar::new()));
    let rx = line.clone();
    std::thread::Builder::new()
        .name(format!("tun {label} read"))
        .spawn(move || {
            let mut buf = vec![0u8; 65536];
            // A cheap generator for the jitter (xorshift).
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            let mut last = Instant::now();
            loop {
                let n = match from.read(&mut buf) {
                    Ok(n) if n > 0 => n,
                    _ => return,
                };
                let d = delay_us.load(Ordering::Relaxed);
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let jitter = if d > 0 { x % (d / 20 + 1) } else { 0 };
                // Never before the previous packet: jitter must not reorder.
                let due = (Instant::now() + Duration::from_micros(d + jitter)).max(last);
                last = due;
                let (q, cv) = &*rx;
                q.lock().unwrap().push_back((due, buf[..n].to_vec()));
                cv.notify_one();
            }
        })
        .expect("spawn forwarder");
    std::thread::Builder::new()
        .name(format!("tun {label} write"))
        .spawn(move || {
            let (q, cv) = &*line;
            let mut guard = q.lock().unwrap();
            loop {
                let now = Instant::now();
                match guard.front() {
                    None => guard = cv.wait(guard).unwrap(),
                    Some((due, _)) if *due > now => {
                        let wait = *due - now;
                        guard = cv.wait_timeout(guard, wait).unwrap().0;
                    }
                    Some(_) => {
                        let (_, pkt) = guard.pop_front().unwrap();
                        drop(guard);
                        if to.write(&pkt).is_err() {
                            // The device went away (teardown), or the
                            // packet was refused: drop it like a link would,
                            // unless the device is gone.
                            if !tun_exists() {
                                return;
                            }
                        }
                        guard = q.lock().unwrap();
                    }
                }
            }
        })
        .expect("spawn forwarder");
}

fn tun_exists() -> bool {
    std::path::Path::new(&format!("/sys/class/net/{TUN_SQ}")).exists()
}
