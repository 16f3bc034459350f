//! How much memory this process may still allocate, so that a request too large for it
//! is refused with a figure before anything is allocated, instead of aborting halfway.
//!
//! Three limits count, read from Linux's `/proc` and `/sys` files (no unsafe system
//! calls): the machine's available memory (`MemAvailable`), the address-space limit of
//! `ulimit -v` (`RLIMIT_AS`, less what the process already maps), and the memory limit
//! of the process's control group (v2 `memory.max`, v1 `memory.limit_in_bytes`, less
//! what the group uses), and in WebAssembly the 4 GiB a 32-bit linear memory can
//! reach. Where none can be read, nothing is refused in advance; the largest arrays
//! are still allocated with [`try_vec`], which fails with a message.

use std::fs;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::{Bytes, Error, TooLarge};

/// The bytes this process can still allocate: the smallest of the limits it can read.
pub fn available() -> Option<u64> {
    [machine(), address_space(), cgroup(), linear_memory()]
        .into_iter()
        .flatten()
        .min()
}

/// Refuses `need` bytes for `what` (e.g. "a 30000x30000 board") when they exceed
/// [`available`], with both figures in the message.
pub fn check(need: u64, what: &str, detail: &str) -> Result<(), Error> {
    match available() {
        Some(avail) if need > avail => Err(TooLarge::Memory {
            what: what.to_string(),
            detail: detail.to_string(),
            need: Bytes(need),
            available: Bytes(avail),
        }
        .into()),
        _ => Ok(()),
    }
}

/// Bytes per cell a tour needs at the peak of building, proving and measuring it (the
/// path, its sections, the move grid or the cells seen, bit planes), rounded up; the
/// one estimate of every command that builds a tour, of any number of sides.
pub const BYTES_PER_CELL: u64 = 8;

/// Refuses a tour of `board` (`30000x30000`, `2000x2000x1000`), of `cells` cells, when
/// it would not fit in [`available`] memory: before anything is allocated.
pub fn check_tour(cells: u64, board: &str) -> Result<(), Error> {
    check_cells(
        cells,
        BYTES_PER_CELL,
        &format!("{} board", crate::article::an(board)),
    )
}

/// Refuses `what` (`a 14000x14000 board built by parberry`), `cells` cells at
/// `bytes_per_cell` bytes each, when it would not fit in [`available`] memory.
pub fn check_cells(cells: u64, bytes_per_cell: u64, what: &str) -> Result<(), Error> {
    check(
        cells.saturating_mul(bytes_per_cell),
        what,
        &format!("{cells} cells at {bytes_per_cell} bytes each"),
    )
}

/// A vector of `n` copies of `value`, or an error saying how much `what` needed, when
/// the allocation fails (where `vec!` would abort the process). The copies are written
/// in parallel: unlike `vec![0; n]`, a reserved vector gets no pages zeroed by the
/// system for free, and one thread touching every fresh page would be the slow part.
pub fn try_vec<T: Clone + Send + Sync>(n: usize, value: T, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        Error::from(TooLarge::Allocation {
            what: what.to_string(),
            bytes: Bytes((n as u64).saturating_mul(std::mem::size_of::<T>() as u64)),
        })
    })?;
    v.par_extend(rayon::iter::repeat_n(value, n));
    Ok(v)
}

/// In WebAssembly (the browser's module, which reads no `/proc`): what the 32-bit
/// linear memory may still grow by, 4 GiB less its size now.
#[cfg(target_arch = "wasm32")]
fn linear_memory() -> Option<u64> {
    let pages = core::arch::wasm32::memory_size::<0>() as u64;
    Some((1u64 << 32).saturating_sub(pages * 65536))
}

/// Elsewhere the system's limits count.
#[cfg(not(target_arch = "wasm32"))]
fn linear_memory() -> Option<u64> {
    None
}

/// `MemAvailable` from `/proc/meminfo`.
fn machine() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    kib_field(&info, "MemAvailable:")
}

/// The soft `RLIMIT_AS` less the process's current virtual size.
fn address_space() -> Option<u64> {
    let limits = fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?; // "unlimited" does not parse: no limit
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let used = kib_field(&status, "VmSize:").unwrap_or(0);
    Some(soft.saturating_sub(used))
}

/// The tightest control-group limit less the group's use, over the group and its
/// ancestors (v2), or the v1 memory controller's.
fn cgroup() -> Option<u64> {
    let groups = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut headroom = Vec::new();
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next()?, parts.next()?);
        let (root, max, current) = match controllers {
            "" => ("/sys/fs/cgroup", "memory.max", "memory.current"),
            c if c.split(',').any(|c| c == "memory") => (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ),
            _ => continue,
        };
        // Inside a container the group's own path is often not visible: its root is.
        for dir in ancestors(Path::new(root), path) {
            if let Some(limit) = read_number(&dir.join(max)) {
                let used = read_number(&dir.join(current)).unwrap_or(0);
                headroom.push(limit.saturating_sub(used));
            }
        }
    }
    headroom.into_iter().min()
}

/// `root/path`, then each of its parents down to `root` itself.
fn ancestors(root: &Path, path: &str) -> Vec<PathBuf> {
    let mut dirs = vec![root.to_path_buf()];
    let mut dir = root.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        dir = dir.join(part);
        dirs.push(dir.clone());
    }
    dirs
}

/// A number of bytes from a one-line file (`max` and absurd v1 "no limit" values, at
/// 2^62 or more, read as no limit).
fn read_number(path: &Path) -> Option<u64> {
    let n: u64 = fs::read_to_string(path).ok()?.trim().parse().ok()?;
    (n < 1 << 62).then_some(n)
}

/// The value in bytes of a `Name:   123 kB` line.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    Some(kib * 1024)
}

/// `1.5 GiB`-style sizes for messages.
pub fn human_bytes(n: u64) -> String {
    Bytes(n).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_allocation_is_an_error_with_the_figure() {
        let e = try_vec(usize::MAX / 8, 0u64, "the move grid").unwrap_err();
        assert!(
            e.to_string().starts_with("cannot allocate ")
                && e.to_string().contains("the move grid"),
            "{e}"
        );
        assert_eq!(try_vec(3, 7u8, "x").unwrap(), [7, 7, 7]);
    }

    #[test]
    fn fields_and_folders_are_read() {
        assert_eq!(kib_field("A: 1\nVmSize:\t  2 kB\n", "VmSize:"), Some(2048));
        let dirs = ancestors(Path::new("/r"), "/a/b");
        assert_eq!(dirs, [PathBuf::from("/r"), "/r/a".into(), "/r/a/b".into()]);
        if cfg!(target_os = "linux") {
            assert!(available().is_some_and(|a| a > 0));
        }
    }
}
