//! Warnsdorff's rule (1823) as a [`Rule`]: leap to the free cell with the fewest free
//! onward leaps, breaking ties by one of several [`TieBreak`]s (Roth's, Pohl's one-level
//! look-ahead, and others); a seed shuffles the remaining order.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::field::Field;
use super::rules::{At, Rule};

/// How Warnsdorff's rule chooses between squares with equally few onward leaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The first in the leaper's fixed direction order.
    First,
    /// The farthest from the centre of the board (Roth).
    Roth,
    /// The nearest to a corner.
    Corner,
    /// At random (deterministic for a seed).
    Random,
    /// One level deeper: the fewest free leaps summed over its free neighbours (Pohl).
    Lookahead,
}

impl TieBreak {
    /// Every tie-break, in the order of [`TieBreak::name`].
    pub const ALL: [TieBreak; 5] = [
        TieBreak::First,
        TieBreak::Roth,
        TieBreak::Corner,
        TieBreak::Random,
        TieBreak::Lookahead,
    ];

    /// The variant name given to `--variant`.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::First => "first",
            TieBreak::Roth => "roth",
            TieBreak::Corner => "corner",
            TieBreak::Random => "random",
            TieBreak::Lookahead => "lookahead",
        }
    }

    /// The key of cell `(x, y)` of a `w` x `h` board under the tie-breaks that depend
    /// only on where the cell is (first, roth, corner): smaller wins. `None` for the
    /// others, whose key needs the search's state.
    pub fn position_key(self, (x, y): (i64, i64), (w, h): (i64, i64)) -> Option<i64> {
        match self {
            TieBreak::First => Some(0),
            TieBreak::Roth => {
                let (dx, dy) = (2 * x + 1 - w, 2 * y + 1 - h);
                Some(-(dx * dx + dy * dy))
            }
            TieBreak::Corner => {
                let (dx, dy) = (x.min(w - 1 - x), y.min(h - 1 - y));
                Some(dx * dx + dy * dy)
            }
            TieBreak::Random | TieBreak::Lookahead => None,
        }
    }

    /// The tie-break called `name`.
    pub fn by_name(name: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Warnsdorff's rule with a tie-break, as a [`Rule`].
pub(crate) struct Heuristic {
    tie: TieBreak,
    order: [u8; 8],
    rng: ChaCha8Rng,
    width: i64,
    height: i64,
}

impl Heuristic {
    /// The rule with `tie`; the first attempt with seed 0 keeps the leaper's direction
    /// order for the remaining ties, other attempts and seeds shuffle it.
    pub(crate) fn new(field: &Field, tie: TieBreak, seed: u64, attempt: u64) -> Heuristic {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(attempt);
        let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
        if seed != 0 || attempt > 0 {
            order.shuffle(&mut rng);
        }
        let (w, h) = field.size();
        Heuristic {
            tie,
            order,
            rng,
            width: w as i64,
            height: h as i64,
        }
    }

    /// The tie-break key of the free cell `p`: smaller wins.
    fn key(&mut self, field: &Field, p: u32) -> i64 {
        let (x, y) = field.xy(p);
        if let Some(k) = self
            .tie
            .position_key((x as i64, y as i64), (self.width, self.height))
        {
            return k;
        }
        match self.tie {
            TieBreak::Random => self.rng.gen::<u32>() as i64,
            _ => field
                .neighbours(p)
                .filter(|&n| field.is_free(n))
                .map(|n| field.degree(n) as i64)
                .sum(),
        }
    }
}

impl Rule for Heuristic {
    fn choose(&mut self, at: &At, tried: u8) -> Option<usize> {
        let (field, head) = (at.field, at.head());
        let mut fewest = u8::MAX;
        let mut ties = 0;
        for d in 0..8 {
            let n = field.step(head, d);
            if tried & (1 << d) == 0 && field.is_free(n) {
                let deg = field.degree(n);
                if deg < fewest {
                    (fewest, ties) = (deg, 0);
                }
                ties += (deg == fewest) as u32;
            }
        }
        let mut best: Option<(i64, usize)> = None;
        for i in 0..8 {
            let d = self.order[i] as usize;
            let n = field.step(head, d);
            if tried & (1 << d) != 0 || !field.is_free(n) || field.degree(n) != fewest {
                continue;
            }
            if ties == 1 {
                return Some(d);
            }
            let k = self.key(field, n);
            if best.is_none_or(|(b, _)| k < b) {
                best = Some((k, d));
            }
        }
        best.map(|(_, d)| d)
    }
}
