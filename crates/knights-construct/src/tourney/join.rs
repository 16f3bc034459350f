//! Joining a tourney into one tour, and blurring a tour, by exchanges of moves, as
//! Parberry's Tourney program does.
//!
//! An exchange takes two moves `a`-`b` and `c`-`d` whose ends are a knight's move
//! apart crosswise (`a`-`c` and `b`-`d`, what Parberry calls a rail) and puts
//! `a`-`c` and `b`-`d` in their place: every cell keeps two moves, and every move is
//! still a knight's move. When the two moves lie in different cycles the two cycles
//! become one. [`join`] makes as many such exchanges at once as it can (cell-disjoint,
//! along a spanning forest of the graph whose vertices are cycles and whose edges are
//! rails), then looks again, until one cycle is left. (The blur, exchanges inside
//! one tour, is `super::blur`.)

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::links::Links;
use knights_core::Board;
use knights_core::{Error, GaveUp, Tour};

/// A tourney joined into a tour.
pub struct Joined {
    /// The tour (closed).
    pub tour: Tour,
    /// The cycles of the tourney.
    pub cycles: usize,
    /// Exchanges of moves made.
    pub exchanges: u64,
}

/// Times [`join`] may be stuck (no rail between two cycles) before it gives up.
const STUCK_ROUNDS: u32 = 1000;

/// `Ok` when the cycles of a tourney of `board` may join into one closed tour: a
/// closed tour of the board exists (Schwenk's theorem and the other existence rules).
/// Where none does the refusal says so, rather than that joining gave up, and
/// suggests nothing (no seed joins what cannot be one tour, and a joined tour is
/// closed).
pub fn joinable(board: &Board) -> Result<(), Error> {
    crate::existence::check(board, false).map_err(|e| match e {
        Error::NoTour(n) => Error::NoTour(n.without_hint()),
        e => e,
    })
}

/// Joins the cycles of `t` (a verified tourney's claim) into one closed tour by
/// exchanges of moves, choosing among the rails in an order drawn from `seed`.
pub fn join(t: &Tour, seed: u64) -> Result<Joined, Error> {
    joinable(t.board())?;
    let board = t.board().clone();
    let mut links = Links::of(t);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut exchanges = 0;
    let mut stuck = 0;
    loop {
        let (id, count) = links.cycle_ids();
        if count <= 1 {
            break;
        }
        let mut rails = rails_between_cycles(&board, &links, &id);
        rails.shuffle(&mut rng);
        let made = exchange_along_forest(&mut links, &rails, &id, count);
        exchanges += made;
        if made == 0 {
            // No rail joins two cycles: reshape one cycle by an exchange of two of its
            // own moves (which may split it), and look again.
            stuck += 1;
            let inside = rails_inside_cycles(&board, &links, &id);
            if let Some(&[a, b, c, d]) = inside.choose(&mut rng) {
                links.exchange(a, b, c, d);
                exchanges += 1;
            }
            if stuck >= STUCK_ROUNDS || inside.is_empty() {
                return Err(GaveUp::Runs {
                    algorithm: "join",
                    board: board.to_string(),
                    what: format!("{count} cycles are left with no rail between two of them"),
                    hint: "try another --seed",
                }
                .into());
            }
        }
    }
    let joined = links.tourney();
    let cycles = t.cycles().len();
    if joined.cycles().len() != 1 {
        return Err(Error::internal("joining left more than one cycle"));
    }
    let tour = Tour::new(board, joined.path().to_vec(), true);
    Ok(Joined {
        tour,
        cycles,
        exchanges,
    })
}

/// Every rail `(a, b, c, d)`: moves `a`-`b` and `c`-`d` of different cycles with
/// `a`-`c` and `b`-`d` knight's moves.
fn rails_between_cycles(board: &Board, links: &Links, id: &[u32]) -> Vec<[u32; 4]> {
    // Each pair of cycles is seen from its lower id only.
    rails(board, links, id, |[a, _, c, _]| {
        id[c as usize] > id[a as usize]
    })
}

/// Every rail `(a, b, c, d)` of two moves of one cycle (four different cells, the
/// crosswise moves not moves of the cycle already).
fn rails_inside_cycles(board: &Board, links: &Links, id: &[u32]) -> Vec<[u32; 4]> {
    rails(board, links, id, |[a, b, c, d]| {
        id[c as usize] == id[a as usize]
            && c != b
            && !links.nb[a as usize].contains(&c)
            && d != a
            && d != b
            && !links.nb[b as usize].contains(&d)
    })
}

/// Every `(a, b, c, d)` that `keep` accepts, in cell order: `a`-`b` and `c`-`d` moves
/// of the cycles, `a`-`c` and `b`-`d` knight's moves.
fn rails(
    board: &Board,
    links: &Links,
    id: &[u32],
    keep: impl Fn([u32; 4]) -> bool,
) -> Vec<[u32; 4]> {
    let mut rails = Vec::new();
    for a in 0..id.len() as u32 {
        if id[a as usize] == super::links::NONE {
            continue;
        }
        for b in links.nb[a as usize] {
            for c in (0..8).filter_map(|dir| board.step(a, dir)) {
                for d in links.nb[c as usize] {
                    if keep([a, b, c, d]) && board.dir_between(b, d).is_some() {
                        rails.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    rails
}

/// Makes the exchanges of `rails` (in order) that join two groups of cycles not yet
/// joined, on cells no exchange of this round has touched; returns how many.
fn exchange_along_forest(links: &mut Links, rails: &[[u32; 4]], id: &[u32], count: u32) -> u64 {
    let mut parent: Vec<u32> = (0..count).collect();
    fn find(p: &mut [u32], mut x: u32) -> u32 {
        while p[x as usize] != x {
            p[x as usize] = p[p[x as usize] as usize];
            x = p[x as usize];
        }
        x
    }
    let mut used = vec![false; id.len()];
    let mut made = 0;
    for &[a, b, c, d] in rails {
        if [a, b, c, d].iter().any(|&x| used[x as usize]) {
            continue;
        }
        let (x, y) = (
            find(&mut parent, id[a as usize]),
            find(&mut parent, id[c as usize]),
        );
        if x == y {
            continue;
        }
        parent[x as usize] = y;
        links.exchange(a, b, c, d);
        for v in [a, b, c, d] {
            used[v as usize] = true;
        }
        made += 1;
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::{build, cover::FourCover, Generator};
    use knights_core::verify::verify;

    #[test]
    fn the_four_cover_joins_into_a_tour_on_boards_up_to_24() {
        for w in (8..=24).step_by(4) {
            for h in (8..=24).step_by(4) {
                let b = Board::new(w, h).unwrap();
                let t = FourCover.generate(&b, 0).unwrap();
                let j = join(&t, 1).unwrap_or_else(|e| panic!("{b}: {e}"));
                verify(j.tour).unwrap_or_else(|f| panic!("{b}: {f}"));
                // Each exchange joins two cycles into one, unless the joining got
                // stuck and reshaped a cycle.
                assert!(j.exchanges >= j.cycles as u64 - 1, "{b}");
            }
        }
    }

    /// Issue 39, case 14: `tourney 4x8 --join` (any side of 4, 3x4, 3x8) said "try
    /// another --seed" where no closed tour exists.
    #[test]
    fn a_tourney_of_a_board_without_closed_tours_is_not_joined_and_says_why() {
        for (w, h) in [(4, 8), (8, 4), (5, 4), (3, 4), (3, 8), (4, 12)] {
            let b = Board::new(w, h).unwrap();
            let e = joinable(&b).unwrap_err().to_string();
            assert!(
                e.starts_with("no closed knight's tour exists on ")
                    && e.contains(&format!("{b} board: "))
                    && !e.contains("seed")
                    && !e.contains("--open"),
                "{e}"
            );
            if let Ok(t) = build(&b, "neural", 0) {
                assert_eq!(join(&t, 0).err().map(|e| e.to_string()), Some(e));
            }
        }
        joinable(&Board::new(6, 6).unwrap()).unwrap();
    }
}
