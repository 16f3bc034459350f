//! The turns and crossings counted from the construction's structure, without building
//! the tour, equal the built tours' on every board up to 100, on large boards, and
//! follow the slopes up to a side of a million.

use rayon::prelude::*;

use super::support::{heel_counts, variant_tour, ALL_VARIANTS};
use crate::besa::layout::orientation;
use crate::besa::{structure_counts, Variant};
use knights_core::metrics;

/// The counts of the built tour, by the grid's own counters.
fn built_counts(w: u32, h: u32, v: Variant) -> (u64, u64) {
    let t = variant_tour(w, h, v);
    let g = t.grid().unwrap();
    (metrics::turns(g), metrics::crossings(g))
}

#[test]
fn structure_counts_equal_the_built_tours_on_every_size_up_to_100() {
    let boards: Vec<(u32, u32)> = (1..=100)
        .flat_map(|w| (1..=100).map(move |h| (w, h)))
        .filter(|&(w, h)| orientation(w, h).is_some())
        .collect();
    // Both sides 12..=100, one of them even and at least 16: 2 x 43 x 89 - 43 x 43.
    assert_eq!(boards.len(), 5_805);
    for v in ALL_VARIANTS {
        let failures: Vec<String> = boards
            .par_iter()
            .filter_map(|&(w, h)| {
                let (want, got) = (built_counts(w, h, v), structure_counts(w, h, v));
                (got != Some(want)).then(|| format!("{w}x{h}: built {want:?}, counted {got:?}"))
            })
            .collect();
        assert!(failures.is_empty(), "{v:?}: {failures:?}");
    }
    assert_eq!(structure_counts(14, 14, Variant::Plain), None);
}

#[test]
fn structure_counts_equal_the_built_tours_on_large_boards() {
    let boards = [
        (1000, 1000),
        (998, 777),
        (513, 1000),
        (1000, 12),
        (12, 1000),
        (16, 999),
        (640, 642),
        (256, 256),
        (512, 512),
    ];
    for v in ALL_VARIANTS {
        for (w, h) in boards {
            assert_eq!(
                structure_counts(w, h, v),
                Some(built_counts(w, h, v)),
                "{v:?} {w}x{h}"
            );
        }
    }
}

#[test]
fn structure_counts_of_a_million_square_follow_the_slopes() {
    // 10^6 = 128 mod 8: from the 128x128 board (long enough for the band tour's
    // copies on both edges), each eight more columns and rows add two heels (copies of
    // the band's period) and four edge transitions.
    let n = 1_000_000u64;
    for v in ALL_VARIANTS {
        let (t, c) = structure_counts(n as u32, n as u32, v).unwrap();
        let (t0, c0) = built_counts(128, 128, v);
        let (ht, hc) = heel_counts(v);
        let steps = (n - 128) / 8;
        assert_eq!(
            (t, c),
            (t0 + steps * (2 * ht + 32), c0 + steps * (2 * hc + 40)),
            "{v:?}"
        );
    }
}
