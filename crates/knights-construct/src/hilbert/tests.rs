//! Tests of the hidden-Hilbert tours: the substitution verified for k = 0..6 with every
//! motif, the shape kept at every level, blocks visited in Hilbert order, refusals.

use super::*;
use knights_core::verify::verify;

fn request(n: u32, open: bool, variant: Option<&str>) -> Request {
    Request {
        open,
        variant: variant.map(String::from),
        ..Request::closed(Board::new(n, n).unwrap())
    }
}

fn built(n: u32, variant: &str) -> knights_core::Verified {
    let req = request(n, true, Some(variant));
    Hilbert.check(&req).unwrap();
    verify(Hilbert.build(&req).unwrap()).unwrap_or_else(|e| panic!("{variant} {n}x{n}: {e}"))
}

#[test]
fn the_substitution_gives_tours_for_k_0_to_6() {
    for k in 0..=6 {
        let n = 8 << k;
        let variants: &[&str] = if k <= 4 {
            stored::BLOCK_VARIANTS
        } else {
            &["o8"]
        };
        for v in variants {
            let t = built(n, v);
            let b = t.board();
            // The motif's shape again: bottom-left corner to next to bottom-right.
            assert_eq!(b.xy(t.path()[0]), (0, 0), "{v} {n}");
            assert_eq!(b.xy(*t.path().last().unwrap()), (n - 2, 1), "{v} {n}");
            assert!(!t.is_closed());
        }
    }
}

/// The tessellation-like 24x24 tours are motifs too: boards of side 24 * 2^k.
#[test]
fn tessellation_motifs_substitute_for_k_0_to_3() {
    for k in 0..=3 {
        let n = 24 << k;
        for v in stored::TESSELLATION_VARIANTS {
            let t = built(n, v);
            let b = t.board();
            assert_eq!(b.xy(t.path()[0]), (0, 0), "{v} {n}");
            assert_eq!(b.xy(*t.path().last().unwrap()), (n - 2, 1), "{v} {n}");
        }
    }
}

#[test]
fn blocks_are_finished_in_hilbert_order() {
    let t = built(64, "o8");
    let b = t.board();
    let block = |k: usize| {
        let (x, y) = b.xy(t.path()[k]);
        (x / 8, y / 8)
    };
    let mut order = Vec::new();
    for k in (0..t.path().len()).step_by(64) {
        // Every step of a block stays in it.
        assert!((k..k + 64).all(|j| block(j) == block(k)));
        order.push(block(k));
    }
    // Consecutive blocks share a side: a Hilbert curve through the 8x8 grid of blocks.
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1, "{a:?} {b:?}");
    }
    let mut seen = order.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 64);
    let s = t.sections().unwrap();
    assert_eq!(s.names().len(), 64);
    assert_eq!(s.labels()[64 * 5], 5);
}

#[test]
fn sections_group_blocks_past_256() {
    let s = sections(1024, 64);
    assert_eq!(s.names().len(), 256);
    assert_eq!(s.names()[1], "blocks 5 to 8 in Hilbert order");
    assert_eq!(sections(4, 64).names()[3], "block 4 in Hilbert order");
    assert_eq!(sections(1, 64).names(), ["the motif"]);
    assert_eq!(s.labels()[4 * 64], 1);
    assert_eq!(s.labels().len(), 1024 * 64);
}

#[test]
fn refuses_closed_unsquare_and_wrong_sizes() {
    let msg = |r: Request| Hilbert.check(&r).unwrap_err().to_string();
    assert!(msg(request(16, false, None)).contains("--open"));
    assert!(msg(request(24, true, None)).contains("8 * 2^k"));
    let mut r = request(16, true, None);
    r.board = Board::new(16, 32).unwrap();
    assert!(msg(r).contains("square"));
    assert!(Hilbert.check(&request(16, true, Some("nonesuch"))).is_err());
}
