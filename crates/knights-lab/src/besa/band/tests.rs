//! The band model checked against the formation tour: the tour around the window is
//! periodic, the plain tour and the searched heels score what one more heel (double
//! straight-up move) adds to a whole tour, and, with the solver, the calibrations.

use super::*;

fn band(edge: Edge, depth: u32, period: u32) -> Band {
    Band {
        edge,
        depth,
        period,
        free_ports: true,
    }
}

#[test]
fn the_tour_around_each_window_repeats_with_the_formations_period() {
    for (edge, unit) in [(Edge::Bottom, (8, 0)), (Edge::Left, (0, 4))] {
        let ((w, h), (x0, y0)) = base(edge);
        let tour = HeelsOnly::new(w, h, Variant::Plain).unwrap();
        let at = |c| moves_at(&tour, (w, h), c);
        // Everything a band of the largest size and its neighbouring copies can see.
        let (along, across) = (-20..36, 0..12);
        for a in along {
            for b in across.clone() {
                let c = match edge {
                    Edge::Bottom => (x0 + a, b),
                    Edge::Left => (b, y0 + a),
                };
                let next = (c.0 + unit.0, c.1 + unit.1);
                assert_eq!(at(c), at(next), "{edge:?} at {c:?}");
            }
        }
    }
}

#[test]
fn the_plain_tour_scores_a_heel_and_a_double_move_up_per_unit_at_every_depth() {
    for depth in [4, 5, 6, 8] {
        for period in [8, 16] {
            let p = problem(band(Edge::Bottom, depth, period));
            let units = period / 8;
            assert!(p.degrees_hold(&p.plain));
            assert!(p.portless(&p.plain).is_empty());
            assert_eq!(
                (p.turns(&p.plain), p.crossings(&p.plain)),
                (22 * units, 32 * units),
                "bottom {depth}x{period}"
            );
            assert_eq!(p.matching(&p.plain).len() as u32, 4 * units);
        }
    }
    for depth in [2, 3, 4] {
        for period in [4, 8] {
            let p = problem(band(Edge::Left, depth, period));
            let units = period / 4;
            assert!(p.degrees_hold(&p.plain));
            assert!(p.portless(&p.plain).is_empty());
            assert_eq!(
                (p.turns(&p.plain), p.crossings(&p.plain)),
                (8 * units, 10 * units),
                "left {depth}x{period}"
            );
        }
    }
}

#[test]
fn the_searched_heels_score_what_the_gadget_search_found() {
    for (variant, score) in [
        (Variant::Turns, (21, 31)),
        (Variant::Crossings, (22, 28)),
        (Variant::Best, (21, 27)),
    ] {
        for depth in [4, 6] {
            let p = cut(band(Edge::Bottom, depth, 8), variant);
            assert!(p.degrees_hold(&p.plain), "{variant:?}");
            assert!(p.portless(&p.plain).is_empty());
            assert_eq!((p.turns(&p.plain), p.crossings(&p.plain)), score);
            // The searched heels join the ports as the plain one does.
            assert!(describe_matching(&p, &p.plain).0, "{variant:?}");
            let plain = problem(p.band);
            assert_eq!(p.matching(&p.plain), plain.matching(&plain.plain));
        }
    }
}

#[test]
fn bands_are_read_and_refused_in_one_line() {
    let b = Band::parse("bottom:4x8").unwrap();
    assert_eq!((b.edge, b.depth, b.period), (Edge::Bottom, 4, 8));
    assert_eq!(b.name(), "bottom:4x8");
    assert_eq!(Band::parse("left:3x8").unwrap().edge, Edge::Left);
    assert!(Band::parse("bottom:4x12")
        .unwrap_err()
        .contains("multiple of 8"));
    assert!(Band::parse("left:0x4").unwrap_err().contains("deep"));
    assert!(Band::parse("top:4x8")
        .unwrap_err()
        .contains("EDGE:DEPTHxPERIOD"));
}

#[cfg(feature = "motif")]
mod solved {
    use super::*;

    /// The solution is a valid band scoring what the solve says.
    fn check(f: &Found) {
        let p = problem(f.band);
        assert!(p.degrees_hold(&f.chosen) && p.portless(&f.chosen).is_empty());
        assert_eq!(p.turns(&f.chosen), f.turns.0);
        assert_eq!(p.crossings(&f.chosen), f.crossings.0);
        assert!(f.turns.1 <= f.turns.0 && f.crossings.1 <= f.crossings.0);
    }

    #[test]
    fn the_heels_band_joined_as_plain_has_the_searched_heel_or_better() {
        // The best tour's heel is its warm start: 21 turns, 27 crossings.
        let b = band(Edge::Bottom, 4, 8);
        assert_eq!(
            best_start(&problem(b)).map(|c| problem(b).turns(&c)),
            Some(21)
        );
        let f = solve(b, Joining::Plain, Duration::from_secs(20)).unwrap();
        assert_eq!(f.plain, (22, 32));
        assert!(f.plain_matching);
        assert!(f.turns.0 <= 21, "{:?}", f.turns);
        check(&f);
    }

    #[test]
    fn the_heels_band_joined_any_way_proves_sixteen_turns() {
        let f = solve(
            band(Edge::Bottom, 4, 8),
            Joining::Any,
            Duration::from_secs(120),
        )
        .unwrap();
        assert_eq!(f.turns, (16, 16), "proved");
        assert!(!f.plain_matching);
        check(&f);
    }

    #[test]
    fn the_side_strip_proves_the_double_move_up() {
        for (joining, crossings) in [(Joining::Plain, 10), (Joining::Any, 4)] {
            let f = solve(band(Edge::Left, 2, 4), joining, Duration::from_secs(20)).unwrap();
            assert_eq!(f.plain, (8, 10));
            assert_eq!(f.turns, (8, 8), "proved");
            assert_eq!(f.crossings, (crossings, crossings), "{joining:?}");
            assert_eq!(f.plain_matching, joining == Joining::Plain);
            check(&f);
        }
    }

    #[test]
    fn the_end_windows_turns_are_proved() {
        // The end transition's 42 turns are proved in well under a minute.
        let win = ends::Transition::End.window(ends::DEPTH);
        let s = solve_window(&win, Duration::from_secs(120)).unwrap();
        assert_eq!(s.turns, (42, 42));
        assert!(win.degrees_hold(&s.chosen));
        assert_eq!(win.broken(&s.chosen), (vec![], vec![]));
    }

    #[test]
    #[ignore = "a few minutes; writes band.toml with KNIGHTS_REGENERATE=1"]
    fn regenerate_the_band_file() {
        let text = ends::search(Duration::from_secs(60), &mut |l| eprintln!("{l}")).unwrap();
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../knights-construct/src/besa/band.toml"
        );
        if std::env::var_os("KNIGHTS_REGENERATE").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        eprintln!("{text}");
    }
}

/// A stored bottom piece (rows from the top, its bottom row on the edge) as the leaps
/// of a cell list's program: a leap is taken when its first cell's mask has it.
fn taken(
    piece: &knights_construct::besa::pieces::Piece,
    x0: i32,
    leaps: impl Iterator<Item = ((i32, i32), u8)>,
) -> Vec<bool> {
    let h = piece.height() as i32;
    leaps
        .map(|((x, y), d)| piece.at((h - 1 - y) as u32, (x - x0) as u32) >> d & 1 == 1)
        .collect()
}

#[test]
fn the_stored_period_is_the_bands_twenty_turn_solution_joined_as_plain() {
    let p = problem(band(Edge::Bottom, 4, 8));
    let period = knights_construct::besa::pieces::piece("band_period", false);
    let chosen = taken(
        period,
        p.origin.0,
        p.leaps.iter().map(|l| (p.nodes[l.a], l.dir)),
    );
    assert!(p.degrees_hold(&chosen) && p.portless(&chosen).is_empty());
    assert_eq!((p.turns(&chosen), p.crossings(&chosen)), (20, 30));
    assert_eq!(describe_matching(&p, &chosen), (true, "plain".into()));
    // Its ports keep the plain tour's leaps: the four rows are the whole piece.
    for v in p.n_band..p.nodes.len() {
        for &e in &p.at[v] {
            assert_eq!(chosen[e], p.plain[e], "port {:?}", p.nodes[v]);
        }
    }
}

#[test]
fn the_stored_transitions_solve_their_windows() {
    use ends::Transition;
    for (t, turns) in [(Transition::Start, 41), (Transition::End, 42)] {
        let win = t.window(ends::DEPTH);
        let piece = knights_construct::besa::pieces::piece(t.name(), false);
        assert_eq!(
            (piece.width() as usize, piece.height() as i32),
            (win.cols.len(), win.depth)
        );
        let chosen = taken(
            piece,
            win.cols.start,
            win.leaps.iter().map(|&(a, _, d)| (win.cells[a], d)),
        );
        assert!(win.degrees_hold(&chosen), "{t:?}");
        // The band tour holds it where the window is cut.
        assert_eq!(win.current, chosen, "{t:?}");
        // Every path through the window joins two boundary leaps the best tour pairs.
        assert_eq!(win.broken(&chosen), (vec![], vec![]), "{t:?}");
        assert_eq!(win.turns(&chosen), turns, "{t:?}");
        // The piece holds exactly those leaps, the forced ones included.
        let masks = win.masks(&chosen);
        for (i, &c) in win.cells.iter().enumerate() {
            let h = piece.height() as i32;
            let at = piece.at((h - 1 - c.1) as u32, (c.0 - win.cols.start) as u32);
            assert_eq!(masks.get(&c).copied().unwrap_or(0), at, "{t:?} cell {i}");
        }
    }
}
