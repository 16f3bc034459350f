//! The longest uncrossed paths and cycles: the exhaustive search and the sweep
//! against brute force and the literature.

use super::*;

#[test]
fn brute_force_finds_the_known_longest_uncrossed_paths() {
    // Yarbrough (1969); OEIS A003192: 2, 5, 10 leaps on 3x3, 4x4, 5x5.
    for (n, leaps) in [(3, 2), (4, 5), (5, 10)] {
        assert_eq!(brute::uncrossed(&board(n, n), false), leaps, "{n}x{n}");
    }
}

/// The leaps of an uncrossed path, proved by knights-core.
fn uncrossed_leaps(b: &Board, path: &[u32], closed: bool) -> Result<u64, Error> {
    let p = knights_core::Tour::uncrossed(b.clone(), path.to_vec(), closed);
    Ok(knights_core::verify::constructed(p)?.leaps())
}

/// The search, unlimited in time, with its answer checked by [`uncrossed_leaps`].
fn longest(w: u32, h: u32, closed: bool) -> uncrossed::Found {
    let b = board(w, h);
    let found = uncrossed::longest(&b, closed, Duration::from_secs(3600), &mut |_, _, _, _| {});
    assert!(found.complete, "{b}");
    assert_eq!(found.bound, found.leaps, "{b}");
    if found.leaps > 0 {
        assert_eq!(
            uncrossed_leaps(&b, &found.path, closed).unwrap(),
            found.leaps,
            "{b}"
        );
    }
    found
}

#[test]
fn the_uncrossed_search_finds_brute_forces_longest_paths_and_cycles() {
    // The search starts in one orbit of cells and cuts by a bound; brute force tries
    // every path from every cell.
    for (w, h) in [
        (3, 3),
        (3, 4),
        (4, 4),
        (3, 6),
        (4, 5),
        (5, 5),
        (3, 8),
        (4, 6),
    ] {
        for closed in [false, true] {
            assert_eq!(
                longest(w, h, closed).leaps,
                brute::uncrossed(&board(w, h), closed),
                "{w}x{h} closed {closed}"
            );
        }
    }
}

#[test]
fn the_uncrossed_search_proves_the_known_values() {
    // Yarbrough (1969); OEIS A003192 (paths) and A157416 (cycles), n = 3..6:
    // 2, 5, 10, 17 and 0, 4, 8, 12 leaps.
    for (n, path, cycle) in [(3, 2, 0), (4, 5, 4), (5, 10, 8), (6, 17, 12)] {
        assert_eq!(longest(n, n, false).leaps, path, "{n}x{n} path");
        assert_eq!(longest(n, n, true).leaps, cycle, "{n}x{n} cycle");
        let b = board(n, n);
        assert_eq!(uncrossed::known(&b, false).map(|k| k.0), Some(path));
        assert_eq!(uncrossed::known(&b, true).map(|k| k.0), Some(cycle));
    }
    assert_eq!(
        uncrossed::known(&board(8, 8), false),
        Some((35, "Yarbrough 1969"))
    );
    assert_eq!(
        uncrossed::known(&board(9, 9), false),
        Some((47, "Knuth 2010"))
    );
    assert_eq!(uncrossed::known(&board(9, 9), true).map(|k| k.0), Some(42));
    assert_eq!(uncrossed::known(&board(10, 10), false), None);
    assert_eq!(uncrossed::known(&board(4, 6), true), None);
}

/// The oblong boards' longest uncrossed paths as the literature gives them (OEIS
/// A003192's table) are brute force's, either way round, on the boards it can
/// enumerate; the table's corners are where it says.
#[test]
fn the_literatures_oblong_paths_are_brute_forces() {
    for (w, h) in [(3, 4), (3, 5), (3, 6), (4, 5), (3, 8), (4, 6)] {
        let want = brute::uncrossed(&board(w, h), false);
        for b in [board(w, h), board(h, w)] {
            assert_eq!(
                uncrossed::known(&b, false),
                Some((want, "OEIS A003192")),
                "{b}"
            );
            assert_eq!(uncrossed::known(&b, true), None, "{b}");
        }
    }
    assert_eq!(uncrossed::known(&board(3, 9), false).map(|k| k.0), Some(10));
    assert_eq!(uncrossed::known(&board(9, 8), false).map(|k| k.0), Some(42));
    assert_eq!(uncrossed::known(&board(3, 10), false), None);
    assert_eq!(uncrossed::known(&board(2, 5), false), None);
}

#[test]
fn the_uncrossed_search_stops_at_its_time_limit_with_a_bound() {
    // 81 cells, 41 of one colour: a path visits at most 81, a cycle 80 (40 of each).
    let b = board(9, 9);
    for closed in [false, true] {
        let found = uncrossed::longest(&b, closed, Duration::ZERO, &mut |_, _, _, _| {});
        assert!(!found.complete);
        assert!(
            found.bound >= found.leaps && found.bound <= 80,
            "{}",
            found.bound
        );
    }
}

/// The sweep, unlimited, with its answer checked by [`uncrossed_leaps`].
fn swept(w: u32, h: u32, closed: bool) -> frontier::Swept {
    let b = board(w, h);
    let how = frontier::Sweep {
        limit: Duration::from_secs(3600),
        beam: None,
        store: u64::MAX,
    };
    let s = frontier::longest(&b, closed, how, &mut |_, _, _, _| {}).unwrap();
    assert!(s.exact, "{b}");
    if s.leaps > 0 {
        assert_eq!(
            uncrossed_leaps(&b, &s.path, closed).unwrap(),
            s.leaps,
            "{b}"
        );
    }
    s
}

#[test]
fn the_sweep_finds_brute_forces_longest_paths_and_cycles() {
    for (w, h) in [
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (3, 6),
        (6, 3),
        (4, 5),
        (5, 4),
        (5, 5),
        (3, 8),
        (4, 6),
        (6, 4),
    ] {
        for closed in [false, true] {
            assert_eq!(
                swept(w, h, closed).leaps,
                brute::uncrossed(&board(w, h), closed),
                "{w}x{h} closed {closed}"
            );
        }
    }
}
