//! Tests of the optimum models: the counts against the core metrics, the brute force
//! against the known numbers, and with the `motif` feature the solver against brute
//! force.

use super::*;
use knights_core::{metrics, verify};

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap()
}

#[test]
fn the_counts_of_a_tour_are_the_metrics_counts() {
    for (w, h, closed) in [(6, 6, true), (8, 8, true), (5, 5, false), (3, 4, false)] {
        let b = board(w, h);
        let req = knights_construct::Request {
            open: !closed,
            ..knights_construct::Request::closed(b.clone())
        };
        let tour = knights_construct::build(&req, "auto").unwrap();
        let v = verify::constructed(tour).unwrap();
        let m = metrics::measure(&v);
        let graph = Graph::new(&b);
        let chosen = chosen_of(&graph, v.path(), closed).unwrap();
        assert_eq!(value(&graph, &b, Measure::Turns, &chosen), m.turns, "{b}");
        assert_eq!(
            value(&graph, &b, Measure::Crossings, &chosen),
            m.crossings,
            "{b}"
        );
        // Sharp turns as the metrics count them, by angle (127 and 143 degrees).
        let sharp: u64 = m
            .turns_by_angle
            .iter()
            .filter(|a| a.degrees == 127 || a.degrees == 143)
            .map(|a| a.turns)
            .sum();
        assert_eq!(value(&graph, &b, Measure::Sharp, &chosen), sharp, "{b}");
        assert_eq!(Measure::Sharp.of_metrics(&m), sharp, "{b}");
        let sum: Measure = "2*turns+crossings+3*sharp".parse().unwrap();
        let want = 2 * m.turns + m.crossings + 3 * sharp;
        assert_eq!(value(&graph, &b, sum, &chosen), want, "{b}");
        assert_eq!(sum.of_metrics(&m), want, "{b}");
        // The longest run as knights metrics counts it.
        assert_eq!(
            value(&graph, &b, Measure::Run, &chosen),
            m.longest_run,
            "{b}"
        );
        assert_eq!(Measure::Run.of_metrics(&m), m.longest_run, "{b}");
    }
}

/// The longest line of leaps of a board: the longest run any tour could have.
fn longest_line(b: &Board) -> u64 {
    let graph = Graph::new(b);
    lines(&graph, b)
        .iter()
        .map(|l| l.len() as u64)
        .max()
        .unwrap()
}

#[test]
fn the_lines_of_a_board_hold_every_leap_once_end_to_end() {
    for (w, h) in [(3, 4), (5, 5), (8, 8), (3, 10)] {
        let b = board(w, h);
        let graph = Graph::new(&b);
        let all = lines(&graph, &b);
        let mut leaps: Vec<usize> = all.iter().flatten().copied().collect();
        leaps.sort_unstable();
        assert_eq!(leaps, (0..graph.edges().len()).collect::<Vec<_>>(), "{b}");
        let straight = straight_pairs(&graph, &b);
        for line in &all {
            for pair in line.windows(2) {
                let (e, f) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                assert!(straight.iter().any(|&(_, a, c)| (a, c) == (e, f)), "{b}");
            }
        }
    }
    // (0,0) (1,2) (2,4) (3,6) on 8x8; (0,0) (1,2) on 3 rows.
    assert_eq!(longest_line(&board(8, 8)), 3);
    assert_eq!(longest_line(&board(6, 6)), 2);
    assert_eq!(longest_line(&board(3, 10)), 2);
}

#[test]
fn a_weighted_sum_is_parsed_and_named_and_a_bad_term_refused_in_one_line() {
    let sum: Measure = "crossings+2*turns".parse().unwrap();
    assert_eq!(
        sum,
        Measure::Sum(Weights {
            turns: 2,
            crossings: 1,
            sharp: 0
        })
    );
    assert_eq!(sum.to_string(), "2*turns+crossings");
    assert_eq!(sum.to_string().parse::<Measure>().unwrap(), sum);
    assert_eq!("1*sharp".parse::<Measure>().unwrap(), Measure::Sharp);
    assert_eq!("sharp".parse::<Measure>().unwrap(), Measure::Sharp);
    let spec = Spec {
        board: board(6, 6),
        closed: true,
        measure: sum,
    };
    assert_eq!(spec.stem(), "6x6-closed-2turns+crossings");
    for (bad, term) in [
        ("2*turns+zigzags", "'zigzags'"),
        ("0*turns+crossings", "'0*turns'"),
        ("-1*turns", "'-1*turns'"),
        ("turns+2*turns", "'2*turns'"),
        ("turns+uncrossed", "'uncrossed'"),
        ("turns+", "''"),
        ("turns+run", "'run'"),
        ("x*crossings", "'x*crossings'"),
    ] {
        let e = Measure::parse(bad, false).unwrap_err().to_string();
        assert!(
            e.contains(term) && e.contains("weighted sum") && !e.contains('\n'),
            "{bad}: {e}"
        );
    }
    let e = Measure::parse("sharp", true).unwrap_err().to_string();
    assert!(e.contains("--minimize sharp"), "{e}");
    let e = Measure::parse("turns+run", false).unwrap_err().to_string();
    assert!(
        e.contains("a maximum") && e.contains("--minimize run"),
        "{e}"
    );
    assert_eq!("run".parse::<Measure>().unwrap(), Measure::Run);
    assert_eq!(Measure::Run.to_string(), "run");
    // The most a tour's longest run can be is the board's longest line (checked
    // against brute force below), which the refusal says.
    let e = Measure::parse("run", true).unwrap_err().to_string();
    assert!(
        e.contains("longest line") && e.contains("--minimize run") && !e.contains('\n'),
        "{e}"
    );
}

#[test]
fn the_models_refuse_what_they_cannot_model_in_one_line() {
    let spec = |b: &str, closed, measure| Spec {
        board: b.parse().unwrap(),
        closed,
        measure,
    };
    for (s, why) in [
        (spec("5x5", true, Measure::Turns), "5x5"),
        (spec("30x30", true, Measure::Turns), "900 cells"),
        // Its one cell has no leap: no turn, no run (the turns' model once
        // subtracted its two ends from its one cell).
        (spec("1x1", false, Measure::Run), "no leap"),
        (spec("1x1", false, Measure::Turns), "no leap"),
        (
            spec("6x6", true, Measure::Turns).with_board("6x6 cylinder"),
            "cylinder",
        ),
    ] {
        let e = s.check().unwrap_err().to_string();
        assert!(e.contains(why) && !e.contains('\n'), "{e}");
    }
    let e = Measure::parse("turns", true).unwrap_err().to_string();
    assert!(e.contains("--minimize turns"), "{e}");
    let e = Measure::parse("uncrossed", false).unwrap_err().to_string();
    assert!(e.contains("--maximize uncrossed"), "{e}");
    assert!(Measure::parse("zigzags", false).is_err());
}

impl Spec {
    fn with_board(mut self, b: &str) -> Spec {
        let (size, topology) = b.split_once(' ').unwrap();
        self.board = size
            .parse::<Board>()
            .unwrap()
            .with_topology(topology.parse().unwrap());
        self
    }
}

/// The value a stored optimum (content/optima) records.
fn stored_value(stem: &str) -> u64 {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/optima")
        .join(format!("{stem}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("\"value\": ").unwrap() + 9;
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// The measures stored for the 6x6 closed and 5x5 open boards.
fn stored_measures() -> [Measure; 5] {
    [
        Measure::Turns,
        Measure::Crossings,
        Measure::Sharp,
        TURNS_CROSSINGS,
        Measure::Run,
    ]
}

#[test]
fn brute_force_sees_every_closed_tour_of_6x6_once_and_the_stored_optima_are_its_minima() {
    // 9,862 closed knight's tours of the 6x6 board (OEIS A001230).
    let b = board(6, 6);
    let least = brute::closed(&b, &stored_measures());
    assert_eq!(least.tours, 9862);
    // Some tour takes a whole longest line: why --maximize run is refused.
    assert_eq!(least.most_of(Measure::Run), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("6x6-closed-{m}")), least.of(m), "{m}");
    }
}

#[test]
fn the_stored_5x5_open_optima_are_brute_forces_minima() {
    let b = board(5, 5);
    let least = brute::open(&b, &stored_measures());
    assert_eq!(least.most_of(Measure::Run), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("5x5-open-{m}")), least.of(m), "{m}");
    }
}

#[test]
fn brute_force_finds_the_known_longest_uncrossed_paths() {
    // Yarbrough (1969); OEIS A003192: 2, 5, 10 leaps on 3x3, 4x4, 5x5.
    for (n, leaps) in [(3, 2), (4, 5), (5, 10)] {
        assert_eq!(brute::uncrossed(&board(n, n), false), leaps, "{n}x{n}");
    }
}

#[test]
fn the_crossing_cliques_are_maximal_sets_of_leaps_crossing_pairwise() {
    let b = board(8, 8);
    let graph = Graph::new(&b);
    let pairs = crossing_pairs(&graph, &b);
    let crosses = |e: usize, f: usize| pairs.contains(&(e.min(f), e.max(f)));
    let cliques = crossing_cliques(graph.edges().len(), &pairs);
    assert!(cliques.iter().any(|c| c.len() >= 4), "{cliques:?}");
    for c in &cliques {
        for (i, &e) in c.iter().enumerate() {
            assert!(c[i + 1..].iter().all(|&f| crosses(e, f)), "{c:?}");
        }
        let more =
            (0..graph.edges().len()).find(|&g| !c.contains(&g) && c.iter().all(|&e| crosses(e, g)));
        assert_eq!(more, None, "{c:?} is not maximal");
    }
}

/// The local search keeps a tour a tour, and the value it claims is the tour's.
#[test]
fn the_local_search_improves_a_tour_into_a_tour_with_the_value_it_claims() {
    for (w, h, closed, measure) in [
        (6, 6, true, Measure::Crossings),
        (5, 5, false, Measure::Crossings),
        (6, 6, true, Measure::Turns),
        (4, 5, false, Measure::Turns),
        (6, 6, true, Measure::Sharp),
        (5, 5, false, Measure::Sharp),
        (6, 6, true, "2*turns+crossings+sharp".parse().unwrap()),
        (5, 5, false, "turns+3*sharp".parse().unwrap()),
        (6, 6, true, Measure::Run),
        (5, 5, false, Measure::Run),
        (3, 10, true, Measure::Run),
    ] {
        let spec = Spec {
            board: board(w, h),
            closed,
            measure,
        };
        let (start, was) = built_tour(&spec).unwrap();
        let (path, got) = improve::improve(&spec, &start, was, Duration::from_secs(3600));
        let tour = knights_core::Tour::new(spec.board.clone(), path, closed);
        let m = metrics::measure(&verify::constructed(tour).unwrap());
        assert_eq!(got, measure.of_metrics(&m), "{}", spec.name());
        assert!(got <= was, "{}", spec.name());
    }
}

/// `--improve` records what found the tour: its command, time and the value it started
/// from, which the results table reads back; a second run adds its time to the first
/// and keeps the value the first started from.
#[test]
fn an_improved_record_says_how_and_a_second_run_adds_to_it() {
    let spec = Spec {
        board: board(6, 6),
        closed: true,
        measure: Measure::Crossings,
    };
    let (start, was) = built_tour(&spec).unwrap();
    let record = |improved: Option<Improved>| {
        let found = Optimum {
            spec: spec.clone(),
            path: start.clone(),
            value: was,
            bound: 52,
            seconds: 1.0,
            how: How::Solver {
                solves: 1,
                columns: 1,
                rows: 1,
                cuts: 0,
            },
            source: if improved.is_some() {
                "local search"
            } else {
                "solver"
            }
            .into(),
            improved,
            limit: Duration::from_secs(60),
        };
        file_text(&found).unwrap()
    };
    let stem = "6x6-closed-crossings";
    let budget = Duration::from_secs(600);
    let (text, _, now, took) = table::improve_stored("t", stem, &record(None), budget).unwrap();
    assert!(now < was, "{now}");
    let i = table::read_one("t", stem, &text).unwrap().improved.unwrap();
    let command = "knights optimum --improve 6x6-closed-crossings.json --time-limit 600";
    assert_eq!((i.command.as_str(), i.runs, i.from), (command, 1, was));
    assert!((i.seconds - took).abs() < 0.06, "{} {took}", i.seconds);
    // The same tour again, as if a first run had found it from 200 in 1.5 s.
    let first = Improved {
        command: command.into(),
        runs: 1,
        seconds: 1.5,
        from: 200,
    };
    let (text, _, _, took) =
        table::improve_stored("t", stem, &record(Some(first)), budget).unwrap();
    let i = table::read_one("t", stem, &text).unwrap().improved.unwrap();
    assert_eq!((i.command.as_str(), i.runs, i.from), (command, 2, 200));
    assert!(
        (i.seconds - 1.5 - took).abs() < 0.06,
        "{} {took}",
        i.seconds
    );
}

#[test]
#[ignore = "an experiment: prints what the local search finds"]
fn local_search_experiment() {
    for stem in std::env::var("KNIGHTS_OPTIMA")
        .unwrap_or_default()
        .split(',')
    {
        let mut parts = stem.split('-');
        let (b, kind, m) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let spec = Spec {
            board: b.parse().unwrap(),
            closed: kind == "closed",
            measure: m.parse().unwrap(),
        };
        let (start, was) = built_tour(&spec).unwrap();
        let clock = std::time::Instant::now();
        let (_, got) = improve::improve(&spec, &start, was, Duration::from_secs(3600));
        eprintln!(
            "{stem}: {was} -> {got} ({:.1} s)",
            clock.elapsed().as_secs_f64()
        );
    }
}

/// The leaps of an uncrossed path, proved by knights-core.
fn uncrossed_leaps(b: &Board, path: &[u32], closed: bool) -> Result<u64, Error> {
    let p = knights_core::UncrossedPath::new(b.clone(), path.to_vec(), closed);
    Ok(knights_core::uncrossed::verify(p)?.leaps())
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

#[cfg(feature = "motif")]
mod solver {
    use super::*;
    use knights_core::Tour;

    fn optimum(w: u32, h: u32, closed: bool, measure: Measure) -> Optimum {
        let spec = Spec {
            board: board(w, h),
            closed,
            measure,
        };
        solve(
            &spec,
            Solve {
                limit: Duration::from_secs(600),
                start: None,
                report: &mut |_| {},
            },
        )
        .unwrap()
    }

    /// The solver's tour is a tour with the value it claims, proved optimal.
    fn check_tour(o: &Optimum) {
        assert!(
            o.optimal(),
            "{}: {} against {}",
            o.spec.name(),
            o.value,
            o.bound
        );
        let tour = Tour::new(o.spec.board.clone(), o.path.clone(), o.spec.closed);
        let m = metrics::measure(&verify::constructed(tour).unwrap());
        assert_eq!(o.value, o.spec.measure.of_metrics(&m), "{}", o.spec.name());
    }

    /// The measures solved on 6x6 closed tours (crossings take minutes there: the
    /// stored optimum is checked against brute force above, and regenerated by
    /// `tests/integration/optima.rs`).
    fn closed_measures() -> Vec<Measure> {
        vec![
            Measure::Turns,
            Measure::Sharp,
            "turns+2*sharp".parse().unwrap(),
            SUM_WITH_CROSSINGS.parse().unwrap(),
            Measure::Run,
        ]
    }

    /// A weighted sum with crossings that the solver proves on 6x6 within a minute.
    const SUM_WITH_CROSSINGS: &str = "4*turns+crossings";

    #[test]
    fn the_6x6_closed_optima_are_brute_forces_minima() {
        let measures = closed_measures();
        let least = brute::closed(&board(6, 6), &measures);
        for measure in measures {
            let o = optimum(6, 6, true, measure);
            check_tour(&o);
            assert_eq!(o.value, least.of(measure), "{measure}");
        }
    }

    #[test]
    fn the_5x5_open_optima_are_brute_forces_minima() {
        let measures = [
            Measure::Turns,
            Measure::Crossings,
            Measure::Sharp,
            "2*turns+crossings".parse().unwrap(),
            "crossings+3*sharp".parse().unwrap(),
            Measure::Run,
        ];
        let least = brute::open(&board(5, 5), &measures);
        for measure in measures {
            let o = optimum(5, 5, false, measure);
            check_tour(&o);
            assert_eq!(o.value, least.of(measure), "{measure}");
        }
    }
}

/// Solves models and prints what each gave, as `knights optimum` does (the starting
/// tour within half the limit, then the solver), writing nothing: the solve times of
/// docs/optimum.md. `KNIGHTS_SOLVE='8x8 closed sharp 600;6x6 open 2*turns+crossings
/// 60' cargo test -p knights -p knights-lab --features motif --lib solve_experiment --
/// --ignored --nocapture`.
#[cfg(feature = "motif")]
#[test]
#[ignore = "an experiment: prints what the solver finds and how long it takes"]
fn solve_experiment() {
    let runs = std::env::var("KNIGHTS_SOLVE").unwrap_or_default();
    for run in runs.split(';').filter(|r| !r.trim().is_empty()) {
        let words: Vec<&str> = run.split_whitespace().collect();
        let spec = Spec {
            board: words[0].parse().unwrap(),
            closed: words[1] == "closed",
            measure: words[2].parse().unwrap(),
        };
        let limit = Duration::from_secs(words[3].parse().unwrap());
        let clock = std::time::Instant::now();
        let start = start_tour(&spec, limit / 2).unwrap();
        let found = solve(
            &spec,
            Solve {
                limit: limit.saturating_sub(clock.elapsed()),
                start: Some(start.path),
                report: &mut |_| {},
            },
        )
        .unwrap();
        eprintln!(
            "{}: start {} -> {} ({:.1} s); {} bound {} optimal {} ({:.1} s in all, {:?})",
            spec.name(),
            start.built,
            start.value,
            start.seconds,
            found.value,
            found.bound,
            found.optimal(),
            clock.elapsed().as_secs_f64(),
            found.how
        );
    }
}

/// The stored optima and the time each may take: `knights optimum BOARD ...
/// --time-limit S -o content/optima/STEM.json` for each, which
/// `KNIGHTS_REGENERATE=1 cargo test -p knights-lab --features motif regenerate --
/// --ignored` runs in one go (docs/optimum.md; without the feature, only the uncrossed
/// entries are made).
/// `turns+crossings`, the weighted sum stored.
const TURNS_CROSSINGS: Measure = Measure::Sum(Weights {
    turns: 1,
    crossings: 1,
    sharp: 0,
});

pub const STORED: &[(&str, bool, Measure, u64)] = &[
    ("6x6", true, Measure::Turns, 120),
    ("5x5", false, Measure::Turns, 120),
    ("5x5", false, Measure::Crossings, 120),
    ("3x4", false, Measure::Turns, 60),
    ("3x4", false, Measure::Crossings, 60),
    ("4x5", false, Measure::Turns, 60),
    ("4x5", false, Measure::Crossings, 60),
    ("3x7", false, Measure::Turns, 60),
    ("3x7", false, Measure::Crossings, 60),
    ("3x10", true, Measure::Turns, 60),
    ("3x10", true, Measure::Crossings, 60),
    ("4x6", false, Measure::Turns, 60),
    ("4x6", false, Measure::Crossings, 60),
    ("3x3", false, Measure::Uncrossed, 60),
    ("4x4", false, Measure::Uncrossed, 60),
    ("5x5", false, Measure::Uncrossed, 60),
    ("6x6", false, Measure::Uncrossed, 120),
    ("6x6", true, Measure::Crossings, 240),
    ("8x8", true, Measure::Turns, 180),
    ("7x7", false, Measure::Turns, 120),
    ("7x7", false, Measure::Uncrossed, 300),
    ("8x8", false, Measure::Uncrossed, 1800),
    ("8x8", true, Measure::Crossings, 180),
    ("7x7", false, Measure::Crossings, 1800),
    ("4x4", true, Measure::Uncrossed, 60),
    ("5x5", true, Measure::Uncrossed, 60),
    ("6x6", true, Measure::Uncrossed, 60),
    ("7x7", true, Measure::Uncrossed, 300),
    ("8x8", true, Measure::Uncrossed, 900),
    ("9x9", false, Measure::Uncrossed, 120),
    ("9x9", true, Measure::Uncrossed, 120),
    ("9x9", false, Measure::Turns, 120),
    ("9x9", false, Measure::Crossings, 90),
    ("10x10", true, Measure::Turns, 1800),
    ("10x10", true, Measure::Crossings, 90),
    ("12x12", true, Measure::Turns, 2400),
    ("12x12", true, Measure::Crossings, 90),
    ("3x8", false, Measure::Turns, 60),
    ("3x8", false, Measure::Crossings, 60),
    ("4x8", false, Measure::Turns, 60),
    ("4x8", false, Measure::Crossings, 300),
    ("3x12", true, Measure::Turns, 60),
    ("3x12", true, Measure::Crossings, 60),
    ("6x6", true, Measure::Sharp, 120),
    ("8x8", true, Measure::Sharp, 120),
    ("10x10", true, Measure::Sharp, 120),
    ("12x12", true, Measure::Sharp, 120),
    ("3x10", true, Measure::Sharp, 120),
    ("3x12", true, Measure::Sharp, 120),
    ("5x5", false, Measure::Sharp, 120),
    ("7x7", false, Measure::Sharp, 120),
    ("9x9", false, Measure::Sharp, 120),
    ("3x4", false, Measure::Sharp, 120),
    ("3x7", false, Measure::Sharp, 120),
    ("3x8", false, Measure::Sharp, 120),
    ("4x5", false, Measure::Sharp, 120),
    ("4x6", false, Measure::Sharp, 120),
    ("4x8", false, Measure::Sharp, 120),
    ("6x6", true, TURNS_CROSSINGS, 120),
    ("5x5", false, TURNS_CROSSINGS, 120),
    ("3x10", true, TURNS_CROSSINGS, 60),
    ("3x12", true, TURNS_CROSSINGS, 60),
    ("3x4", false, TURNS_CROSSINGS, 60),
    ("4x5", false, TURNS_CROSSINGS, 60),
    ("3x7", false, TURNS_CROSSINGS, 60),
    ("3x8", false, TURNS_CROSSINGS, 60),
    ("4x6", false, TURNS_CROSSINGS, 60),
    ("4x8", false, TURNS_CROSSINGS, 120),
    ("8x8", true, TURNS_CROSSINGS, 180),
    ("7x7", false, TURNS_CROSSINGS, 120),
    ("9x9", false, TURNS_CROSSINGS, 120),
    ("10x10", true, TURNS_CROSSINGS, 120),
    ("6x6", true, Measure::Run, 60),
    ("8x8", true, Measure::Run, 120),
    ("10x10", true, Measure::Run, 120),
    ("5x5", false, Measure::Run, 60),
    ("7x7", false, Measure::Run, 120),
    ("3x4", false, Measure::Run, 60),
    ("3x7", false, Measure::Run, 60),
    ("3x8", false, Measure::Run, 60),
    ("3x10", true, Measure::Run, 60),
    ("3x12", true, Measure::Run, 60),
    ("4x5", false, Measure::Run, 60),
    ("4x6", false, Measure::Run, 60),
    ("4x8", false, Measure::Run, 60),
];

#[test]
#[ignore = "hours of solving: KNIGHTS_REGENERATE=1 writes content/optima"]
fn regenerate_the_stored_optima() {
    if std::env::var("KNIGHTS_REGENERATE").as_deref() != Ok("1") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
    let only = std::env::var("KNIGHTS_OPTIMA").unwrap_or_default();
    for &(b, closed, measure, seconds) in STORED {
        let spec = Spec {
            board: b.parse().unwrap(),
            closed,
            measure,
        };
        if !only.is_empty() && !only.split(',').any(|s| s == spec.stem()) {
            continue;
        }
        let found = solve(
            &spec,
            Solve {
                limit: Duration::from_secs(seconds),
                start: start_tour(&spec, Duration::from_secs(seconds / 2)).map(|s| s.path),
                report: &mut |r| {
                    eprintln!(
                        "  {}: step {} {} bound {:?} best {:?} ({:.1} s)",
                        spec.stem(),
                        r.number,
                        r.answer,
                        r.bound,
                        r.best,
                        r.seconds
                    )
                },
            },
        );
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                eprintln!("{}: {e}", spec.stem());
                continue;
            }
        };
        eprintln!(
            "{}: {} bound {} optimal {} ({:.1} s)",
            spec.stem(),
            found.value,
            found.bound,
            found.optimal(),
            found.seconds
        );
        let text = file_text(&found).unwrap();
        std::fs::write(dir.join(format!("{}.json", spec.stem())), text).unwrap();
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

/// `knights optimum --improve` on stored entries, in one go: `KNIGHTS_IMPROVE=1
/// KNIGHTS_OPTIMA=STEM,... cargo test -p knights-lab improve_the_stored -- --ignored`
/// rewrites each named file whose tour the local search improves (docs/optimum.md).
#[test]
#[ignore = "minutes of local search: KNIGHTS_IMPROVE=1 rewrites content/optima"]
fn improve_the_stored_optima() {
    if std::env::var("KNIGHTS_IMPROVE").as_deref() != Ok("1") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
    let only = std::env::var("KNIGHTS_OPTIMA").unwrap_or_default();
    for stem in only.split(',').filter(|s| !s.is_empty()) {
        let path = dir.join(format!("{stem}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("content/optima/{stem}.json");
        let (out, was, now, took) =
            table::improve_stored(&name, stem, &text, Duration::from_secs(600)).unwrap();
        eprintln!("{stem}: {was} -> {now} by the local search ({took:.1} s)");
        if now < was {
            std::fs::write(&path, out).unwrap();
        }
    }
}

/// A record of a new measure (sharp turns, a weighted sum, the longest run) as
/// `knights optimum` writes it: the table reads it and checks a sum's own counts, and
/// `--improve` improves it.
#[test]
fn the_table_and_the_local_search_take_records_of_sharp_turns_sums_and_runs() {
    for measure in [
        Measure::Sharp,
        "2*turns+crossings".parse().unwrap(),
        Measure::Run,
    ] {
        let spec = Spec {
            board: board(6, 6),
            closed: true,
            measure,
        };
        let (path, value) = built_tour(&spec).unwrap();
        let found = Optimum {
            spec: spec.clone(),
            path,
            value,
            bound: 0,
            seconds: 1.0,
            how: How::Solver {
                solves: 1,
                columns: 10,
                rows: 10,
                cuts: 0,
            },
            source: "start".into(),
            improved: None,
            limit: Duration::from_secs(60),
        };
        let text = file_text(&found).unwrap();
        let name = format!("{}.json", spec.stem());
        let s = table::read_one(&name, &spec.stem(), &text).unwrap();
        assert_eq!((s.spec.clone(), s.value), (spec.clone(), value));
        assert!(
            table::markdown(&[s]).contains(&format!("| least {measure} |"))
                || !matches!(measure, Measure::Sum(_))
        );
        let (_, was, now, _) =
            table::improve_stored(&name, &spec.stem(), &text, Duration::from_secs(60)).unwrap();
        assert!(was == value && now < was, "{measure}: {was} -> {now}");
        if let Measure::Sum(_) = measure {
            let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
            let turns = json["optimum"]["counts"]["turns"].as_u64().unwrap();
            json["optimum"]["counts"]["turns"] = (turns + 1).into();
            let e = table::read_one(&name, &spec.stem(), &json.to_string())
                .unwrap_err()
                .to_string();
            assert!(e.contains("field optimum.counts.turns"), "{e}");
            json["optimum"]["counts"] = serde_json::Value::Null;
            let e = table::read_one(&name, &spec.stem(), &json.to_string())
                .unwrap_err()
                .to_string();
            assert!(e.contains("field optimum.counts"), "{e}");
        }
    }
}
