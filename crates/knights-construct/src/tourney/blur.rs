//! The blur of a tour (Parberry's Tourney program): random exchanges of two of its
//! moves that keep it one closed tour, so that it changes locally and stays a tour.
//!
//! An exchange walks a stretch of the tour backwards. Its cost is the stretch's
//! length, so the whole blur costs up to its exchanges times the cells; it is bounded
//! before it starts ([`check`]) and reports its progress. The tour is held as a cycle
//! read from an offset in either direction ([`Cycle`]), so that an exchange walks
//! backwards whichever of the two stretches it separates is shorter: the same tour,
//! at half the cost or less.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use knights_core::{BadOption, Error, TooLarge, Tour};

/// Most exchanges `--blur` makes.
pub const MAX_BLUR: u64 = 100_000;

/// Most exchanges times cells a blur makes: past this, the stretches walked backwards
/// take more than about a minute.
pub const MAX_BLUR_WORK: u64 = 50_000_000_000;

/// Refuses, before any tour is built, `k` exchanges of a tour of `cells` cells on
/// `board`: more than [`MAX_BLUR`], or more than [`MAX_BLUR_WORK`] exchanges times cells.
pub fn check(k: u64, cells: u64, board: &impl std::fmt::Display) -> Result<(), Error> {
    if k > MAX_BLUR {
        return Err(BadOption::Blur {
            blur: k,
            most: MAX_BLUR,
        }
        .into());
    }
    let work = k.saturating_mul(cells);
    if work > MAX_BLUR_WORK {
        return Err(TooLarge::Work {
            what: format!("--blur {k} on the {board} board ({cells} cells)"),
            work,
            unit: "exchanges times cells",
            limit: MAX_BLUR_WORK,
            instead: format!(
                "blur it at most {} times, or blur a smaller board",
                MAX_BLUR_WORK / cells.max(1)
            ),
        }
        .into());
    }
    Ok(())
}

/// `tour` (closed) after `k` random exchanges that keep it one closed tour, drawn from
/// `seed`. Each exchange takes moves `a`-`b` and `c`-`d` met in this order along the
/// tour with `a`-`c` and `b`-`d` knight's moves, and walks the stretch from `b` to `c`
/// backwards. Fewer than `k` on a board where few exchanges exist (tried 1000 times
/// over).
pub fn blur(tour: &Tour, k: u64, seed: u64) -> Result<Tour, Error> {
    blur_reporting(tour, k, seed, &|_, _| {})
}

/// [`blur`], calling `report(done, k)` as the exchanges are made.
pub fn blur_reporting(
    tour: &Tour,
    k: u64,
    seed: u64,
    report: &(dyn Fn(u64, u64) + Sync),
) -> Result<Tour, Error> {
    if !tour.is_closed() {
        return Err(BadOption::ClosedOnly {
            what: "--blur exchanges moves of closed tours only",
        }
        .into());
    }
    check(k, tour.len() as u64, tour.board())?;
    let b = tour.board();
    let mut p = Cycle::new(tour.path().to_vec(), b.area());
    let n = p.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut made, mut tries) = (0, 0);
    while made < k && tries < 1000 * (k + 1) && n >= 8 {
        tries += 1;
        let i = crate::pick::index(&mut rng, n);
        let (prev, a, bb) = (p.at(i + n - 1), p.at(i), p.at(i + 1));
        let Some(c) = b.step(a, crate::pick::index(&mut rng, 8)) else {
            continue;
        };
        let j = p.position(c);
        let d = p.at(j + 1);
        if c == bb || c == prev || d == a || b.dir_between(bb, d).is_none() {
            continue;
        }
        p.reverse(i + 1, (j + n - i) % n);
        made += 1;
        if made % 256 == 0 {
            report(made, k);
        }
    }
    Ok(Tour::new(b.clone(), p.into_path(), true)
        .with_algorithm(blurred_label(tour.algorithm(), made)))
}

/// The algorithm a tour blurred by `made` exchanges is labelled with: its maker's
/// name and `+blur` (as a joined tourney is `+join`), since the exchanges undo what the
/// maker promised (a magic or symmetric tour is neither once blurred); unchanged when
/// no exchange was made.
fn blurred_label(algorithm: &str, made: u64) -> String {
    match (made, algorithm) {
        (0, a) => a.to_string(),
        (_, "") => "blur".to_string(),
        (_, a) => format!("{a}+blur"),
    }
}

/// A cyclic sequence of cells read from `offset`, forwards or backwards: position `k`
/// holds `cells[offset + k]` (or `cells[offset - k]`), modulo the length.
struct Cycle {
    cells: Vec<u32>,
    /// Where each cell is in `cells`.
    slot: Vec<u32>,
    offset: usize,
    backwards: bool,
}

impl Cycle {
    fn new(cells: Vec<u32>, area: u64) -> Cycle {
        let mut slot = vec![0u32; area as usize];
        for (i, &c) in cells.iter().enumerate() {
            slot[c as usize] = i as u32;
        }
        Cycle {
            cells,
            slot,
            offset: 0,
            backwards: false,
        }
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    /// The slot of position `k` (any `k` below twice the length).
    fn slot_of(&self, k: usize) -> usize {
        let n = self.len();
        let k = k % n;
        if self.backwards {
            (self.offset + n - k) % n
        } else {
            (self.offset + k) % n
        }
    }

    /// The cell at position `k`.
    fn at(&self, k: usize) -> u32 {
        self.cells[self.slot_of(k)]
    }

    /// The position of cell `c`.
    fn position(&self, c: u32) -> usize {
        let (n, s) = (self.len(), self.slot[c as usize] as usize);
        if self.backwards {
            (self.offset + n - s) % n
        } else {
            (s + n - self.offset) % n
        }
    }

    /// Walks backwards the `len` positions from `first` (cyclically): in place when
    /// they are at most half the cycle, else by walking the rest backwards in place
    /// and reading the whole cycle the other way round, which reflects every position
    /// `k` to `2 first + len - 1 - k` and so leaves each cell where the first would.
    fn reverse(&mut self, first: usize, len: usize) {
        let n = self.len();
        if 2 * len <= n {
            self.reverse_in_place(first, len);
            return;
        }
        self.reverse_in_place(first + len, n - len);
        let pivot = (2 * first + len + n - 1) % n; // position k goes to pivot - k
        let slot = self.slot_of(pivot);
        self.offset = slot;
        self.backwards = !self.backwards;
    }

    /// Exchanges the cells of positions `first + t` and `first + len - 1 - t`.
    fn reverse_in_place(&mut self, first: usize, len: usize) {
        for t in 0..len / 2 {
            let (x, y) = (self.slot_of(first + t), self.slot_of(first + len - 1 - t));
            self.cells.swap(x, y);
            self.slot[self.cells[x] as usize] = x as u32;
            self.slot[self.cells[y] as usize] = y as u32;
        }
    }

    /// The cells from position 0.
    fn into_path(self) -> Vec<u32> {
        (0..self.len()).map(|k| self.at(k)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::{build, join};
    use knights_core::verify::verify;
    use knights_core::Board;
    use std::collections::HashSet;

    fn moves(t: &Tour) -> HashSet<(u32, u32)> {
        let p = t.path();
        (0..p.len())
            .map(|i| {
                let (a, b) = (p[i], p[(i + 1) % p.len()]);
                (a.min(b), a.max(b))
            })
            .collect()
    }

    #[test]
    fn a_blurred_tour_is_another_tour_of_the_board() {
        let b = Board::new(8, 8).unwrap();
        let t = join(&build(&b, "neural", 3).unwrap(), 3).unwrap().tour;
        for k in [1, 5, 50] {
            let blurred = blur(&t, k, 9).unwrap();
            let v = verify(blurred).unwrap();
            assert_ne!(moves(&v), moves(&t), "blur {k}");
            assert!(verify(v.into_inner().into_tourney()).is_ok());
        }
        assert_eq!(moves(&blur(&t, 0, 9).unwrap()), moves(&t));
        // Issue 39, case 14: a blurred tour no longer carries its maker's promise
        // (`--magic semi --blur 5` kept the label `magic`).
        let t = t.with_algorithm("magic");
        assert_eq!(blur(&t, 5, 9).unwrap().algorithm(), "magic+blur");
        assert_eq!(blur(&t, 0, 9).unwrap().algorithm(), "magic");
        assert!(blur(&t, MAX_BLUR + 1, 0).is_err());
    }

    /// The blur as it was first written, walking the stretch from `b` to `c` backwards
    /// however long: the tour [`blur`] must give.
    fn blur_walking_every_stretch(tour: &Tour, k: u64, seed: u64) -> Vec<u32> {
        let b = tour.board();
        let mut p = tour.path().to_vec();
        let n = p.len();
        let mut pos = vec![0u32; b.area() as usize];
        for (i, &c) in p.iter().enumerate() {
            pos[c as usize] = i as u32;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut made, mut tries) = (0, 0);
        while made < k && tries < 1000 * (k + 1) && n >= 8 {
            tries += 1;
            let i = crate::pick::index(&mut rng, n);
            let (prev, a, bb) = (p[(i + n - 1) % n], p[i], p[(i + 1) % n]);
            let Some(c) = b.step(a, crate::pick::index(&mut rng, 8)) else {
                continue;
            };
            let j = pos[c as usize] as usize;
            let d = p[(j + 1) % n];
            if c == bb || c == prev || d == a || b.dir_between(bb, d).is_none() {
                continue;
            }
            let len = (j + n - i) % n;
            for t in 0..len / 2 {
                let (x, y) = ((i + 1 + t) % n, (j + n - t) % n);
                p.swap(x, y);
                pos[p[x] as usize] = x as u32;
                pos[p[y] as usize] = y as u32;
            }
            made += 1;
        }
        p
    }

    #[test]
    fn the_shorter_stretch_walked_gives_the_same_tour() {
        for (w, h, seed) in [(8, 8, 1), (12, 10, 2), (30, 30, 3), (16, 24, 4)] {
            let board = Board::new(w, h).unwrap();
            let t = join(&build(&board, "neural", seed).unwrap(), seed)
                .unwrap()
                .tour;
            for k in [1, 7, 200, 3000] {
                let fast = blur(&t, k, seed + k).unwrap();
                assert_eq!(
                    fast.path(),
                    blur_walking_every_stretch(&t, k, seed + k),
                    "{board} {k}"
                );
            }
        }
    }

    #[test]
    fn a_blur_past_the_work_it_may_do_is_refused_with_the_figure() {
        let e = check(100_000, 1_000_000, &"1000x1000")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--blur 100000 on the 1000x1000 board (1000000 cells) is about 100000000000 exchanges times cells, more than the 50000000000 this tool does (about a minute of work): blur it at most 50000 times, or blur a smaller board"
        );
        assert!(check(50_000, 1_000_000, &"1000x1000").is_ok());
        assert!(check(MAX_BLUR + 1, 8, &"8x8").is_err());
    }
}
