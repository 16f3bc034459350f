//! Tests of the motif model: the graph and its images, the cycle split, the stored
//! motifs' counts and rules (every build), and with the `motif` feature the solver from
//! scratch and against brute force.

use super::*;
use knights_construct::motif::stored;

/// The model and rank a stored motif's `knights motif` command asks for (the options
/// the stored commands use; a test fails on any other).
fn spec_of(command: &str) -> (Spec, usize) {
    let xy = |s: &str| -> (u32, u32) {
        let (x, y) = s.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let mut words = command.split_whitespace();
    assert_eq!(words.next(), Some("knights"), "{command}");
    assert_eq!(words.next(), Some("motif"), "{command}");
    let board: Board = words.next().unwrap().parse().unwrap();
    let mut spec = Spec::open_default(board.width(), board.height());
    let mut rank = 1;
    while let Some(option) = words.next() {
        if option == "--closed" {
            spec.ends = Ends::Closed;
            continue;
        }
        if option == "--flow" {
            spec.flow = true;
            continue;
        }
        let value = words.next().unwrap_or_else(|| panic!("{command}"));
        match (option, spec.ends) {
            ("--from", Ends::Open(_, to)) => spec.ends = Ends::Open(xy(value), to),
            ("--to", Ends::Open(from, _)) => spec.ends = Ends::Open(from, xy(value)),
            ("--symmetry", _) => spec.symmetry = value.parse().unwrap(),
            ("--topology", _) => spec.topology = value.parse().unwrap(),
            ("--copies", _) => spec.copies = Some(value.parse().unwrap()),
            ("--rank", _) => rank = value.parse().unwrap(),
            ("--repeat", _) => {
                let margin = spec.repeat.map_or(2, |r| r.margin);
                let period = value.parse().unwrap();
                spec.repeat = Some(Repeat { period, margin });
            }
            ("--margin", _) => spec.repeat.as_mut().unwrap().margin = value.parse().unwrap(),
            ("--force", _) => {
                let (a, b) = value.split_once(':').unwrap();
                spec.forced.push((xy(a), xy(b)));
            }
            ("--format", _) => assert_eq!(value, "grid"),
            ("--time-limit" | "--round-limit", _) => {}
            _ => panic!("a stored command has an option the test does not read: {option}"),
        }
    }
    (spec, rank)
}

fn chosen_of(graph: &Graph, path: &[u32], closed: bool) -> Vec<bool> {
    let mut chosen = vec![false; graph.edges().len()];
    let n = path.len();
    let steps = if closed { n } else { n - 1 };
    for i in 0..steps {
        chosen[graph.edge(path[i], path[(i + 1) % n]).unwrap()] = true;
    }
    chosen
}

#[test]
fn the_chessboard_graph_has_168_leaps_and_images_are_leaps() {
    let b = Board::new(8, 8).unwrap();
    let g = Graph::new(&b);
    assert_eq!(g.edges().len(), 168);
    for e in 0..g.edges().len() {
        let m = g.images(e, Symmetry::Mirror);
        assert_eq!(m.len(), 1);
        // The mirror is an involution; four quarter turns come back.
        assert_eq!(g.images(m[0], Symmetry::Mirror), vec![e]);
        let q = g.images(e, Symmetry::Quarter);
        assert_eq!(q.len(), 3);
        assert_eq!(g.images(q[2], Symmetry::Quarter)[0], e);
    }
}

#[test]
fn a_symmetric_cycle_counts_every_leap_and_pieces_split_cycles() {
    // The eight outer cells of the 3x3 board: a cycle with every symmetry.
    let ring = knights_core::examples::ring();
    let g = Graph::new(ring.board());
    let chosen = chosen_of(&g, ring.path(), true);
    assert_eq!(g.symmetric_count(&chosen, Symmetry::Mirror), 8);
    assert_eq!(g.symmetric_count(&chosen, Symmetry::Quarter), 8);
    let pieces = g.pieces(&chosen);
    // The ring, and the centre alone (it has no leap).
    assert_eq!(pieces.len(), 2);
    assert!(pieces
        .iter()
        .any(|(cells, cycle)| *cycle && cells.len() == 8));
    // Cut one leap: a path from one end to the other.
    let mut open = chosen.clone();
    open[g.edge(ring.path()[0], ring.path()[7]).unwrap()] = false;
    let pieces = g.pieces(&open);
    assert!(pieces
        .iter()
        .any(|(cells, cycle)| !*cycle && cells.len() == 8));
}

#[test]
fn specs_are_checked() {
    let mut s = Spec::open_default(8, 8);
    assert_eq!(s.ends, Ends::Open((0, 0), (6, 1)));
    assert!(s.check().is_ok());
    s.ends = Ends::Open((0, 0), (8, 1));
    assert!(s.check().unwrap_err().to_string().contains("outside"));
    s = Spec::open_default(8, 6);
    s.symmetry = Symmetry::Quarter;
    assert!(s.check().unwrap_err().to_string().contains("square"));
    s = Spec::open_default(8, 8);
    s.forced.push(((0, 0), (1, 1)));
    assert!(s
        .check()
        .unwrap_err()
        .to_string()
        .contains("not a knight's leap"));
    assert!("diagonal".parse::<Symmetry>().is_err());
}

#[test]
fn brute_force_counts_every_open_tour_of_5x5_from_a_corner() {
    // 304 open tours of the 5x5 board start in a given corner; split by their end.
    let mut tours = 0;
    for x in 0..5 {
        for y in 0..5 {
            if (x, y) == (0, 0) {
                continue;
            }
            let spec = Spec {
                ends: Ends::Open((0, 0), (x, y)),
                ..Spec::open_default(5, 5)
            };
            if let Some((best, n)) = brute::best(&spec) {
                assert!(best <= 24, "a tour has 24 leaps");
                tours += n;
            }
        }
    }
    assert_eq!(tours, 304);
    // No closed tour of a 4x4 board.
    let closed = Spec {
        ends: Ends::Closed,
        ..Spec::open_default(4, 4)
    };
    assert_eq!(brute::best(&closed), None);
}

/// Every stored motif has the symmetry count it records, no more than the bound.
#[test]
fn stored_motifs_have_their_recorded_counts() {
    assert!(!stored::all().is_empty());
    for m in stored::all() {
        assert_eq!(recount(m), Some(m.count), "{}", m.name);
        assert!(m.count <= m.bound, "{}", m.name);
    }
}

/// Every stored motif is a tour of the model its command states: its ends, its
/// topology, its forced leaps, its repetition, and for a band motif a winding prime to
/// its number of copies.
#[test]
fn stored_motifs_keep_the_rules_of_their_commands() {
    for m in stored::all() {
        let (spec, _) = spec_of(&m.command);
        let t = m.tour();
        let b = t.board();
        assert_eq!(b.topology(), spec.topology, "{}", m.name);
        assert_eq!(
            (b.width(), b.height()),
            (spec.width, spec.height),
            "{}",
            m.name
        );
        assert_eq!(m.copies, spec.copies, "{}", m.name);
        let g = Graph::new(b);
        let chosen = chosen_of(&g, t.path(), m.closed);
        match spec.ends {
            Ends::Closed => assert!(m.closed, "{}", m.name),
            Ends::Open(s, e) => {
                let cells = m.cells();
                assert_eq!((cells[0], cells[cells.len() - 1]), (s, e), "{}", m.name);
            }
        }
        for &(a, c) in &spec.forced {
            let e = g.edge(b.index(a.0, a.1), b.index(c.0, c.1)).unwrap();
            assert!(chosen[e], "{}: forced leap {a:?}-{c:?}", m.name);
        }
        if let Some(r) = spec.repeat {
            let pairs = g.repeated(r);
            assert!(!pairs.is_empty(), "{}", m.name);
            for (e, f) in pairs {
                assert_eq!(chosen[e], chosen[f], "{}: repetition", m.name);
            }
        }
        if let Some(n) = spec.copies {
            let k = winding(&t).unsigned_abs();
            assert!(coprime(k, n as u64), "{}: winding {k}, {n} copies", m.name);
        }
    }
}

#[test]
fn copies_are_checked() {
    let band = |t| Spec {
        ends: Ends::Closed,
        topology: t,
        copies: Some(8),
        ..Spec::open_default(8, 8)
    };
    assert!(band(Topology::Cylinder).check().is_ok());
    let e = |s: Spec| s.check().unwrap_err().to_string();
    assert!(e(band(Topology::Plane)).contains("--topology"));
    assert!(e(band(Topology::Moebius)).contains("odd"));
    assert!(e(Spec {
        ends: Ends::Open((0, 0), (6, 1)),
        ..band(Topology::Cylinder)
    })
    .contains("--closed"));
    assert!(e(Spec {
        width: 4,
        ..band(Topology::Cylinder)
    })
    .contains("at least 5"));
    assert!(e(Spec {
        copies: Some(0),
        ..band(Topology::Cylinder)
    })
    .contains("at least one"));
}

#[cfg(feature = "motif")]
mod solver {
    use std::time::Duration;

    use super::*;
    use knights_core::verify::verify;

    const LIMIT: Duration = Duration::from_secs(300);

    #[test]
    fn a_6x6_motif_is_solved_from_scratch_and_proved_optimal() {
        let spec = Spec::open_default(6, 6);
        let found = solve(&spec, 1, LIMIT).unwrap();
        let m = &found[0];
        let t = verify(m.tour.clone()).unwrap();
        assert!(!t.is_closed());
        assert_eq!(t.board().xy(t.path()[0]), (0, 0));
        assert_eq!(t.board().xy(t.path()[35]), (4, 1));
        assert!(m.optimal(), "count {} bound {}", m.count, m.bound);
        let g = Graph::new(t.board());
        assert_eq!(
            g.symmetric_count(&chosen_of(&g, t.path(), false), Symmetry::Mirror),
            m.count
        );
    }

    #[test]
    fn the_optimum_matches_brute_force() {
        let open = Spec::open_default(5, 5);
        let closed = Spec {
            ends: Ends::Closed,
            ..Spec::open_default(6, 5)
        };
        let quarter = Spec {
            symmetry: Symmetry::Quarter,
            ..Spec::open_default(5, 5)
        };
        // The flow model is exact too: the same optimum in one solve.
        let flow = |s: &Spec| Spec {
            flow: true,
            ..s.clone()
        };
        let flows = [flow(&open), flow(&closed)];
        for spec in [open, closed, quarter].into_iter().chain(flows) {
            let (best, _) = brute::best(&spec).unwrap();
            let m = &solve(&spec, 1, LIMIT).unwrap()[0];
            verify(m.tour.clone()).unwrap();
            assert!(m.optimal(), "{spec:?}");
            assert_eq!(m.count, best, "{spec:?}");
        }
    }

    #[test]
    fn no_good_cuts_enumerate_distinct_tours_in_order() {
        let spec = Spec::open_default(6, 6);
        let found = solve(&spec, 3, LIMIT).unwrap();
        assert_eq!(found.len(), 3);
        assert!(found.windows(2).all(|w| w[0].count >= w[1].count));
        assert_ne!(found[0].tour.path(), found[1].tour.path());
        assert_ne!(found[1].tour.path(), found[2].tour.path());
    }

    #[test]
    fn forced_leaps_and_repetition_hold_in_the_answer() {
        let spec = Spec {
            forced: vec![((3, 3), (4, 5))],
            repeat: Some(Repeat {
                period: 4,
                margin: 2,
            }),
            ..Spec::open_default(12, 12)
        };
        let m = &solve(&spec, 1, LIMIT).unwrap()[0];
        let t = verify(m.tour.clone()).unwrap();
        let g = Graph::new(t.board());
        let chosen = chosen_of(&g, t.path(), false);
        let b = t.board();
        assert!(chosen[g.edge(b.index(3, 3), b.index(4, 5)).unwrap()]);
        let pairs = g.repeated(spec.repeat.unwrap());
        assert!(!pairs.is_empty());
        assert!(pairs.iter().all(|&(e, f)| chosen[e] == chosen[f]));
    }

    /// The 8x8 motifs proved optimal are what their stored commands find again: the
    /// same count at the same rank, and the same bound. (Those stopped by a time limit
    /// depend on the machine's speed; their tours are checked above like all others.)
    #[test]
    fn stored_8x8_motifs_are_what_their_commands_find() {
        let proved = |m: &&stored::Stored| m.side() == 8 && m.count == m.bound;
        for m in stored::all().iter().filter(proved) {
            let (spec, rank) = spec_of(&m.command);
            let found = solve(&spec, rank, LIMIT).unwrap();
            assert_eq!(found.len(), rank, "{}", m.name);
            assert_eq!(found[rank - 1].count, m.count, "{}", m.name);
            assert_eq!(found[0].bound, m.bound, "{}", m.name);
            assert!(found[0].optimal(), "{}", m.name);
        }
    }
}
