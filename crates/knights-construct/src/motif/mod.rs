//! Motifs (Bosch and Huang, "Structured Knight's Tours", 2021): tours of small boards
//! as close as possible to symmetric, the building blocks of hidden-Hilbert,
//! Fibonacci, tessellation-like and band tours. They were designed once by integer
//! programming (`knights motif`, the designer in knights-lab) and are kept as data in
//! `motifs.toml`, read by [`stored`], so that every build has them, with or without the
//! solver. This module holds what the constructions need of them: the stored motifs,
//! and how a band motif winds round its band.

pub mod stored;

use knights_core::Tour;

/// How many times a closed tour of a band winds round it (an open one: its path): the leaps that cross the
/// seam rightwards (in the frame of the cell they leave) less those that cross it
/// leftwards, walking the tour in its order; 0 on the plane. Copies of the tour laid
/// end to end round a band `n` times as wide join into one tour exactly when this is
/// prime to `n` (walking once round the motif moves on this many copies).
pub fn winding(tour: &Tour) -> i64 {
    let b = tour.board();
    let path = tour.path();
    let n = path.len();
    let dirs = b.leaper().dirs();
    let steps = if tour.is_closed() {
        n
    } else {
        n.saturating_sub(1)
    };
    (0..steps)
        .map(|i| {
            let (a, c) = (path[i], path[(i + 1) % n]);
            match b.dir_between(a, c) {
                Some(d) if b.wraps(a, d) => dirs[d].0.signum() as i64,
                _ => 0,
            }
        })
        .sum()
}

/// Whether `a` and `b` have no common factor but 1 (`gcd(0, n) = n`).
pub fn coprime(a: u64, b: u64) -> bool {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::verify::verify;
    use knights_core::{Board, Topology};

    /// Every stored motif is a tour with its recorded ends. (Its symmetry count, and
    /// that it keeps the rules of its command, are checked with the designer, in
    /// knights-lab.)
    #[test]
    fn stored_motifs_are_tours_with_their_recorded_ends() {
        assert!(!stored::all().is_empty());
        for m in stored::all() {
            let t = verify(m.tour()).unwrap_or_else(|e| panic!("{}: {e}", m.name));
            assert_eq!(t.is_closed(), m.closed, "{}", m.name);
            assert!(m.count <= m.bound, "{}", m.name);
            assert!(m.command.starts_with("knights motif "), "{}", m.name);
            assert!(
                ["mirror", "quarter"].contains(&m.symmetry.as_str()),
                "{}",
                m.name
            );
        }
        for name in stored::HILBERT_VARIANTS {
            let m = stored::get(name).unwrap();
            let cells = m.cells();
            let side = m.side();
            assert_eq!(cells[0], (0, 0), "{name}");
            assert_eq!(cells[cells.len() - 1], (side - 2, 1), "{name}");
            assert!(!m.closed);
        }
        assert!(stored::get("nonesuch").is_err());
    }

    #[test]
    fn winding_counts_signed_seam_crossings() {
        assert!(coprime(1, 8) && coprime(3, 8) && !coprime(0, 8) && !coprime(6, 9));
        assert!(coprime(0, 1));
        // A closed tour of the plane never crosses a seam.
        let plane = knights_core::examples::ring();
        assert_eq!(winding(&plane), 0);
        // Walking a cylinder's tour backwards reverses its winding.
        let band = Board::new(9, 7).unwrap().with_topology(Topology::Cylinder);
        let t = crate::build(&crate::Request::closed(band.clone()), "search").unwrap();
        let mut back = t.path().to_vec();
        back.reverse();
        assert_eq!(winding(&Tour::new(band, back, true)), -winding(&t));
    }

    /// The gallery's motifs page lists every stored motif with its optimality figures as
    /// the data has them.
    #[test]
    fn the_gallery_page_shows_every_stored_motifs_figures() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../content/pages/structured.md");
        let page = std::fs::read_to_string(&path).unwrap();
        for m in stored::all() {
            let verdict = if m.count == m.bound {
                "optimal"
            } else {
                "not proved optimal"
            };
            let row = format!(
                "| {} | {} | {} | {} | {verdict} | `{}` |",
                m.name, m.symmetry, m.count, m.bound, m.command
            );
            assert!(page.contains(&row), "the page lacks {row}");
        }
    }
}
