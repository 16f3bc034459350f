//! Every cell's two neighbours along its cycle: the form in which tourneys are
//! generated, joined and blurred (an exchange of moves rewrites four entries), read
//! back as cycles at the end.

use knights_core::Board;
use knights_core::Tour;

/// No neighbour yet.
pub(super) const NONE: u32 = u32::MAX;

/// The two neighbours of every cell of a board (holes have none).
#[derive(Clone, Debug)]
pub(super) struct Links {
    pub(super) board: Board,
    pub(super) nb: Vec<[u32; 2]>,
}

impl Links {
    /// No moves yet.
    pub(super) fn empty(board: &Board) -> Links {
        Links {
            board: board.clone(),
            nb: vec![[NONE; 2]; board.area() as usize],
        }
    }

    /// The links of a tourney's cycles.
    pub(super) fn of(t: &Tour) -> Links {
        let mut l = Links::empty(t.board());
        for c in t.cycles() {
            for (i, &a) in c.iter().enumerate() {
                l.nb[a as usize] = [c[(i + c.len() - 1) % c.len()], c[(i + 1) % c.len()]];
            }
        }
        l
    }

    /// Adds the move `a`-`b` (each end must have a free slot).
    pub(super) fn add(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut self.nb[x as usize];
            let free = slot.iter().position(|&n| n == NONE).expect("a free slot");
            slot[free] = y;
        }
    }

    /// Removes the move `a`-`b`.
    pub(super) fn remove(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut self.nb[x as usize];
            let at = slot
                .iter()
                .position(|&n| n == y)
                .expect("the move is there");
            slot[at] = NONE;
        }
    }

    /// Exchanges the moves `a`-`b` and `c`-`d` for `a`-`c` and `b`-`d`.
    pub(super) fn exchange(&mut self, a: u32, b: u32, c: u32, d: u32) {
        self.remove(a, b);
        self.remove(c, d);
        self.add(a, c);
        self.add(b, d);
    }

    /// The cycle of every cell (holes and cells off any cycle: `NONE`) and how many
    /// cycles there are.
    pub(super) fn cycle_ids(&self) -> (Vec<u32>, u32) {
        let mut id = vec![NONE; self.nb.len()];
        let mut count = 0;
        for start in 0..self.nb.len() as u32 {
            if id[start as usize] != NONE || self.nb[start as usize][0] == NONE {
                continue;
            }
            for c in self.cycle_from(start) {
                id[c as usize] = count;
            }
            count += 1;
        }
        (id, count)
    }

    /// The cells of the cycle through `start`, in order.
    fn cycle_from(&self, start: u32) -> Vec<u32> {
        let mut cycle = vec![start];
        let (mut prev, mut cur) = (start, self.nb[start as usize][0]);
        while cur != start && cur != NONE && cycle.len() <= self.nb.len() {
            cycle.push(cur);
            let [x, y] = self.nb[cur as usize];
            let next = if x == prev { y } else { x };
            (prev, cur) = (cur, next);
        }
        cycle
    }

    /// The cycles, each from its lowest cell, as a tourney claim (verify proves it).
    pub(super) fn tourney(&self) -> Tour {
        let mut seen = vec![false; self.nb.len()];
        let mut cycles = Vec::new();
        for start in 0..self.nb.len() as u32 {
            if seen[start as usize] || self.nb[start as usize][0] == NONE {
                continue;
            }
            let cycle = self.cycle_from(start);
            for &c in &cycle {
                seen[c as usize] = true;
            }
            cycles.push(cycle);
        }
        Tour::tourney(self.board.clone(), cycles)
    }
}
