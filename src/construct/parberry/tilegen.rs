//! The search that found the base tiles in `tiles.txt`, kept so the data can be
//! regenerated and re-checked: `cargo test --lib parberry::tilegen -- --ignored`
//! rewrites the file. Also the search for the move next to a corner tile's hole that
//! the 90-degree symmetric join deletes.
//!
//! The tile search is a depth-first search for a closed tour containing the required
//! moves, Warnsdorff-ordered with random tie-breaks, pruned when an unvisited cell can
//! no longer get its two moves, restarted with a new seed when a node budget runs out.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::split::base_sizes;
use super::tiles::{self, is_knight_move, quadrant, required_moves, Rc, Tile};

/// Search state for one tile.
struct Dfs {
    n: usize,
    adj: Vec<Vec<usize>>,
    req: Vec<Vec<usize>>,
    free: Vec<u8>,
    visited: Vec<bool>,
    path: Vec<usize>,
    last: usize,
    /// For quadrisected tours: each cell's quadrant, and the cells per quadrant (the
    /// path must fill quadrant 0, then 1, 2, 3); 0 when unconstrained.
    zones: Vec<u8>,
    per_zone: usize,
    budget: u64,
    rng: ChaCha8Rng,
}

impl Dfs {
    fn go(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let cur = *self.path.last().unwrap();
        if self.path.len() == self.n {
            return cur == self.last;
        }
        let Some(mut cands) = self.candidates(cur) else {
            return false;
        };
        cands.shuffle(&mut self.rng);
        cands.sort_by_key(|&v| self.free[v]);
        for v in cands {
            self.enter(v);
            if self.go() {
                return true;
            }
            self.leave(v);
        }
        false
    }

    /// The cells the path may go to from `cur`, or `None` when the branch is dead.
    fn candidates(&self, cur: usize) -> Option<Vec<usize>> {
        let prev = self.path.len().checked_sub(2).map(|i| self.path[i]);
        let need = |u: usize| if u == self.last { 1 } else { 2 };
        let mut forced = None;
        for &u in &self.adj[cur] {
            if self.visited[u] {
                continue;
            }
            match (self.free[u] as usize + 1).cmp(&need(u)) {
                std::cmp::Ordering::Less => return None,
                std::cmp::Ordering::Equal if forced.is_some() => return None,
                std::cmp::Ordering::Equal => forced = Some(u),
                _ => {}
            }
        }
        if let Some(&r) = self.req[cur].iter().find(|&&r| Some(r) != prev) {
            return match forced {
                Some(f) if f != r => None,
                _ if self.visited[r] => None,
                _ => Some(vec![r]),
            };
        }
        let ok = |v: usize| {
            !self.visited[v]
                && (v != self.last || self.path.len() + 1 == self.n)
                && forced.is_none_or(|f| f == v)
                && (self.per_zone == 0 || self.zones[v] as usize == self.path.len() / self.per_zone)
                && self.req[v].iter().filter(|&&r| r != cur).count() <= 1
                && self.req[v].iter().all(|&r| r == cur || !self.visited[r])
        };
        Some(self.adj[cur].iter().copied().filter(|&v| ok(v)).collect())
    }

    fn enter(&mut self, v: usize) {
        self.visited[v] = true;
        self.path.push(v);
        for &u in &self.adj[v] {
            self.free[u] -= 1;
        }
    }

    fn leave(&mut self, v: usize) {
        self.visited[v] = false;
        self.path.pop();
        for &u in &self.adj[v] {
            self.free[u] += 1;
        }
    }
}

/// A structured closed tour of `h` rows by `w` columns (missing the top-left cell when
/// `hole`), from `seed`, or `None` within the budget.
fn search(h: u32, w: u32, hole: bool, seed: u64, budget: u64) -> Option<Tile> {
    let id = |(r, c): Rc| (r * w + c) as usize;
    let cells: Vec<Rc> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&rc| !(hole && rc == (0, 0)))
        .collect();
    let area = (h * w) as usize;
    let mut adj = vec![Vec::new(); area];
    for &a in &cells {
        adj[id(a)] = cells
            .iter()
            .filter(|&&b| is_knight_move(a, b))
            .map(|&b| id(b))
            .collect();
    }
    let mut req = vec![Vec::new(); area];
    for (a, b) in required_moves(h, w, hole) {
        req[id(a)].push(id(b));
        req[id(b)].push(id(a));
    }
    // Start at the bottom-left corner: its two moves are forced, so the tour leaves
    // along one and comes back along the other.
    let start = id((h - 1, 0));
    let (first, last) = (adj[start][0], adj[start][1]);
    let free = adj.iter().map(|a| a.len() as u8).collect();
    let mut dfs = Dfs {
        n: cells.len(),
        adj,
        req,
        free,
        visited: vec![false; area],
        path: Vec::new(),
        last,
        zones: Vec::new(),
        per_zone: 0,
        budget,
        rng: ChaCha8Rng::seed_from_u64(seed),
    };
    dfs.enter(start);
    dfs.enter(first);
    if !dfs.go() {
        return None;
    }
    let mut order = vec![u32::MAX; area];
    for (i, &c) in dfs.path.iter().enumerate() {
        order[c] = i as u32;
    }
    Some(Tile {
        h,
        w,
        hole,
        quadrisected: false,
        order,
        masks: Vec::new(),
    })
}

/// A quadrisected closed tour of the `n` x `n` board (`n` even): the path fills the
/// NW quadrant, then NE, SE and SW. Searched on the knight's graph restricted to moves
/// inside a quadrant or into the next one. (None exists for n = 8: a 4x4 quadrant has
/// no knight's path through all its cells.)
fn search_quadrisected(n: u32, seed: u64, budget: u64) -> Option<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells: Vec<Rc> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let zones: Vec<u8> = cells.iter().map(|&p| quadrant(n, p)).collect();
    let step = |a: u8, b: u8| a == b || (a + 1) % 4 == b || (b + 1) % 4 == a;
    let adj: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| {
            (0..cells.len())
                .filter(|&j| is_knight_move(cells[i], cells[j]) && step(zones[i], zones[j]))
                .collect()
        })
        .collect();
    // Start in NW next to a cell of SW, which ends the tour.
    let starts: Vec<(usize, usize)> = (0..cells.len())
        .filter(|&i| zones[i] == 0)
        .flat_map(|i| {
            adj[i]
                .iter()
                .filter(|&&j| zones[j] == 3)
                .map(move |&j| (i, j))
        })
        .collect();
    let (start, last) = starts[rng.gen_range(0..starts.len())];
    let free = adj.iter().map(|a| a.len() as u8).collect();
    let mut dfs = Dfs {
        n: cells.len(),
        adj,
        req: vec![Vec::new(); cells.len()],
        free,
        visited: vec![false; cells.len()],
        path: Vec::new(),
        last,
        zones,
        per_zone: cells.len() / 4,
        budget,
        rng,
    };
    dfs.enter(start);
    if !dfs.go() {
        return None;
    }
    let mut order = vec![u32::MAX; cells.len()];
    for (i, &c) in dfs.path.iter().enumerate() {
        order[c] = i as u32;
    }
    Some(Tile {
        h: n,
        w: n,
        hole: false,
        quadrisected: true,
        order,
        masks: Vec::new(),
    })
}

/// Searches with fresh seeds until a tile is found.
fn find(h: u32, w: u32, hole: bool) -> Tile {
    let mut rng = ChaCha8Rng::seed_from_u64(((h as u64) << 32) | w as u64 | (hole as u64) << 20);
    loop {
        if let Some(t) = search(h, w, hole, rng.gen(), 200_000) {
            t.check().expect("the search only returns structured tours");
            return t;
        }
    }
}

/// Every tile the construction needs, searched afresh.
fn generate() -> Vec<Tile> {
    let (full, corners) = base_sizes();
    let mut out: Vec<Tile> = full.iter().map(|&(h, w)| find(h, w, false)).collect();
    out.extend(corners.iter().map(|&n| find(n, n, true)));
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    out.push(loop {
        if let Some(t) = search_quadrisected(10, rng.gen(), 200_000) {
            t.check()
                .expect("the search only returns quadrisected tours");
            break t;
        }
    });
    out
}

/// The cells next to a corner tile's hole, as offsets from the hole, between which a
/// move could be deleted by the 90-degree join: every move among them for which the
/// join closes one cycle. The join (see `symmetric::sym90`) deletes that move from each
/// quadrant and links each centre cell to the two freed ends a knight's move away.
pub(super) fn hole_moves() -> Vec<(Rc, Rc)> {
    let near: Vec<Rc> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    let mut out = Vec::new();
    for (i, &a) in near.iter().enumerate() {
        for &b in &near[i + 1..] {
            let legal = a != (0, 0) && b != (0, 0) && is_knight_move(a, b);
            if legal && super::symmetric::sym90_join_closes((a, b)) {
                out.push((a, b));
            }
        }
    }
    out
}

#[test]
fn the_hole_move_is_one_the_search_finds() {
    let found = hole_moves();
    assert!(!found.is_empty());
    let (a, b) = tiles::HOLE_MOVE;
    assert!(
        found.contains(&(a, b)) || found.contains(&(b, a)),
        "{found:?}"
    );
}

#[test]
fn the_data_has_every_needed_tile_and_each_is_checked() {
    let t = tiles::tiles().unwrap();
    let (full, corners) = base_sizes();
    for (h, w) in full {
        assert!(t.get(h, w, false).is_some(), "no {w}x{h} tile");
    }
    for n in corners {
        assert!(t.get(n, n, true).is_some(), "no {n}x{n} corner tile");
    }
    assert!(t.quadrisected(10).is_some());
    // Parsing checked each tile; check again here so a change to `check` is covered.
    for tile in t.iter() {
        tile.check().unwrap();
    }
    // Damaged data is refused with its line.
    let rows: Vec<String> = (0..5)
        .map(|r| {
            (1..=5)
                .map(|c| (r * 5 + c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let bad = format!(
        "# a 5x6 board numbered row by row\ntile 5x5\n{}\n",
        rows.join("\n")
    );
    let e = tiles::parse(&bad).unwrap_err();
    assert!(
        e.contains("line 2") && e.contains("not a knight's move"),
        "{e}"
    );
    assert!(tiles::parse(tiles::DATA).is_ok());
}

#[test]
#[ignore = "rewrites tiles.txt; run by hand to regenerate the data"]
fn regenerate_tiles() {
    let mut text = String::from(
        "# Base tiles of Parberry's divide and conquer (src/construct/parberry).\n\
         # Generated by `cargo test --lib parberry::tilegen -- --ignored`; checked on load.\n\
         # `tile WxH`: W columns, H rows, top row first, each cell its 1-based step.\n\
         # `hole`: the top-left cell is missing; `quadrisected`: the tour fills the\n\
         # quadrants one after another (a small board's quadrisected tour).\n",
    );
    for t in generate() {
        text.push('\n');
        text += &tiles::format(&t);
    }
    tiles::parse(&text).unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/construct/parberry/tiles.txt"
    );
    std::fs::write(path, text).unwrap();
}
