//! File descriptors: the process raises its soft `RLIMIT_NOFILE` to the
//! hard limit at start (client sessions need two descriptors each, more
//! with several shards), and the admin port gets a bounded share of them.

/// Raises the soft descriptor limit to the hard one; returns the limit in
/// force afterwards (the old one when raising failed).
pub fn raise_nofile() -> u64 {
    // SAFETY: getrlimit/setrlimit write or read only the struct passed.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return 1024;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                return raised.rlim_cur;
            }
        }
        lim.rlim_cur
    }
}

/// The admin connections allowed under a descriptor limit of `nofile`:
/// at most an eighth of it, so the MySQL port keeps the rest.
pub fn admin_share(configured: usize, nofile: u64) -> usize {
    let share = usize::try_from(nofile / 8).unwrap_or(usize::MAX).max(1);
    configured.clamp(1, share)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_admin_port_never_gets_more_than_an_eighth_of_the_descriptors() {
        assert_eq!(admin_share(64, 1024), 64);
        assert_eq!(admin_share(1000, 1024), 128);
        assert_eq!(admin_share(64, 4), 1);
        assert_eq!(admin_share(0, 1 << 20), 1);
    }
}
