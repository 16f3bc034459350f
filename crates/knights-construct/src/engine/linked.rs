//! The rule of the tile searches: a tour of a small board that must contain given
//! links (pairs of cells the tour visits one right after the other), found by trying
//! the free neighbours in a random order, fewest free onward leaps first (Warnsdorff's
//! order with random ties), and cutting every branch that would strand a cell, break a
//! link or (optionally) leave the zones out of order.
//!
//! A closed tour is walked as a path from `start` to `last`, the start's other
//! neighbour on the tour: the goal ([`Linked::goal`]) keeps `last` for the final step.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::field::Field;
use super::goals::Goal;
use super::rules::{At, Rule};

/// The directions a head's choices go in, in the order the rule tries them.
#[derive(Clone, Copy, Default)]
struct Choices {
    dirs: [u8; 8],
    len: u8,
}

/// Path fills zones in order: step `i` lies in zone `i / per_zone`.
struct Zones {
    zone: Vec<u8>,
    per_zone: usize,
}

/// The tile searches' rule (see the module comment).
pub struct Linked {
    partners: Vec<Vec<u32>>,
    start: u32,
    last: Option<u32>,
    total: usize,
    zones: Option<Zones>,
    rng: ChaCha8Rng,
    lists: Vec<Choices>,
}

impl Linked {
    /// The rule for a tour from `start` over every free cell of `field` that holds
    /// every link of `links` (padded indices); closed through `last` when it is given.
    /// `seed` fixes the random order.
    pub fn new(
        field: &Field,
        start: u32,
        last: Option<u32>,
        links: &[(u32, u32)],
        seed: u64,
    ) -> Linked {
        let mut partners = vec![Vec::new(); field.len()];
        for &(a, b) in links {
            partners[a as usize].push(b);
            partners[b as usize].push(a);
        }
        Linked {
            partners,
            start,
            last,
            total: field.remaining() as usize,
            zones: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            lists: Vec::new(),
        }
    }

    /// The same rule with the tour filling zones one after another: `zone[p]` is the
    /// zone of padded cell `p`, and every zone has `per_zone` cells.
    pub fn with_zones(mut self, zone: Vec<u8>, per_zone: usize) -> Linked {
        self.zones = Some(Zones { zone, per_zone });
        self
    }

    /// The goal the rule walks towards, within `budget` leaps.
    pub(crate) fn goal(&self, budget: u64) -> Goal {
        match self.last {
            Some(last) => Goal::path(self.start, last, budget),
            None => Goal::tour(self.start, false, budget),
        }
    }

    /// The partners of `c` not in `linked`.
    fn unlinked(&self, c: u32, linked: &[u32]) -> Vec<u32> {
        let own = &self.partners[c as usize];
        own.iter()
            .copied()
            .filter(|p| !linked.contains(p))
            .collect()
    }

    /// Whether `m` may be entered from `c`: `last` only at the final step, and `m`'s
    /// other partners must still be free to follow it.
    fn may_enter(&self, field: &Field, m: u32, c: u32, final_step: bool) -> bool {
        if Some(m) == self.last {
            return final_step;
        }
        let rest = self.unlinked(m, &[c]);
        rest.len() <= usize::from(!final_step) && rest.iter().all(|&f| field.is_free(f))
    }

    /// Whether step number `step` (from 0) may be on `m`.
    fn in_zone(&self, m: u32, step: usize) -> bool {
        self.zones
            .as_ref()
            .is_none_or(|z| z.zone[m as usize] as usize == step / z.per_zone)
    }

    /// Whether entering `m` as step number `step` would strand a cell: a free
    /// neighbour with no other way in must be the very next, and last, cell.
    fn strands(&self, field: &Field, m: u32, step: usize) -> bool {
        let stuck = field
            .neighbours(m)
            .filter(|&u| field.is_free(u) && field.degree(u) == 1)
            .count();
        stuck > 1 || (stuck == 1 && step + 2 != self.total)
    }

    /// Whether ending the tour on `m` after `path` keeps the links at both ends.
    fn ends_ok(&self, path: &[u32], m: u32) -> bool {
        let c = *path.last().expect("a walk is never empty");
        let second = path.get(1).copied().unwrap_or(m);
        match self.last {
            Some(last) => {
                m == last
                    && self.unlinked(m, &[c, self.start]).is_empty()
                    && self.unlinked(self.start, &[second, m]).is_empty()
            }
            None => {
                self.unlinked(m, &[c]).is_empty() && self.unlinked(self.start, &[second]).is_empty()
            }
        }
    }

    /// The choices from the head of `at`, in the order to try them.
    fn plan(&mut self, at: &At) -> Choices {
        let (field, path, c) = (at.field, at.path, at.head());
        let step = path.len();
        let mut linked: Vec<u32> = step.checked_sub(2).map(|i| path[i]).into_iter().collect();
        if c == self.start {
            linked.extend(self.last);
        }
        let must = self.unlinked(c, &linked);
        if must.len() > 1 {
            return Choices::default();
        }
        let final_step = step + 1 == self.total;
        let mut next: Vec<(u8, u32)> = (0..8)
            .map(|d| (d as u8, field.step(c, d)))
            .filter(|&(_, m)| {
                field.is_free(m)
                    && must.iter().all(|&f| f == m)
                    && self.may_enter(field, m, c, final_step)
                    && self.in_zone(m, step)
            })
            .collect();
        next.shuffle(&mut self.rng);
        next.sort_by_key(|&(_, m)| field.degree(m));
        next.retain(|&(_, m)| {
            !self.strands(field, m, step) && (!final_step || self.ends_ok(path, m))
        });
        let mut choices = Choices::default();
        for (i, &(d, _)) in next.iter().enumerate() {
            choices.dirs[i] = d;
        }
        choices.len = next.len() as u8;
        choices
    }
}

impl Rule for Linked {
    fn choose(&mut self, at: &At, tried: u8) -> Option<usize> {
        let depth = at.path.len();
        if self.lists.len() <= depth {
            self.lists.resize(depth + 1, Choices::default());
        }
        if tried == 0 {
            self.lists[depth] = self.plan(at);
        }
        let choices = self.lists[depth];
        choices.dirs[..choices.len as usize]
            .iter()
            .map(|&d| d as usize)
            .find(|&d| tried & (1 << d) == 0)
    }
}
