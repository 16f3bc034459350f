//! Tests of the optimum models: the counts against the core metrics, the measures'
//! names, the refusals and the local search here; the stored optima (`stored`), the
//! uncrossed searches (`paths`) and, with the `motif` feature, the solver against
//! brute force (`solver`) in their own files.

use super::*;
use knights_core::{metrics, verify};

mod paths;
#[cfg(feature = "motif")]
mod solver;
mod stored;

const TURNS: Measure = Measure::one(&measures::Turns);
const CROSSINGS: Measure = Measure::one(&measures::Crossings);
const SHARP: Measure = Measure::one(&measures::Sharp);
const RUN: Measure = Measure::one(&measures::Run);
const UNCROSSED: Measure = Measure::one(&measures::Uncrossed);

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
        assert_eq!(TURNS.value(&graph, &b, &chosen), m.turns, "{b}");
        assert_eq!(CROSSINGS.value(&graph, &b, &chosen), m.crossings, "{b}");
        // Sharp turns as the metrics count them, by angle (127 and 143 degrees).
        let sharp: u64 = m
            .turns_by_angle
            .iter()
            .filter(|a| a.degrees == 127 || a.degrees == 143)
            .map(|a| a.turns)
            .sum();
        assert_eq!(SHARP.value(&graph, &b, &chosen), sharp, "{b}");
        assert_eq!(SHARP.of_metrics(&m), sharp, "{b}");
        let sum: Measure = "2*turns+crossings+3*sharp".parse().unwrap();
        let want = 2 * m.turns + m.crossings + 3 * sharp;
        assert_eq!(sum.value(&graph, &b, &chosen), want, "{b}");
        assert_eq!(sum.of_metrics(&m), want, "{b}");
        // The longest run as knights metrics counts it.
        assert_eq!(RUN.value(&graph, &b, &chosen), m.longest_run, "{b}");
        assert_eq!(RUN.of_metrics(&m), m.longest_run, "{b}");
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
    assert_eq!(sum.terms(), [(TURNS, 2), (CROSSINGS, 1)]);
    assert_eq!(sum.to_string(), "2*turns+crossings");
    assert_eq!(sum.to_string().parse::<Measure>().unwrap(), sum);
    assert_eq!("1*sharp".parse::<Measure>().unwrap(), SHARP);
    assert_eq!("sharp".parse::<Measure>().unwrap(), SHARP);
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
    assert_eq!("run".parse::<Measure>().unwrap(), RUN);
    assert_eq!(RUN.to_string(), "run");
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
        (spec("5x5", true, TURNS), "5x5"),
        (spec("30x30", true, TURNS), "900 cells"),
        // Its one cell has no leap: no turn, no run (the turns' model once
        // subtracted its two ends from its one cell).
        (spec("1x1", false, RUN), "no leap"),
        (spec("1x1", false, TURNS), "no leap"),
        (
            spec("6x6", true, TURNS).with_board("6x6 cylinder"),
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

/// `turns+crossings`, the weighted sum stored.
fn turns_crossings() -> Measure {
    "turns+crossings".parse().unwrap()
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
        (6, 6, true, CROSSINGS),
        (5, 5, false, CROSSINGS),
        (6, 6, true, TURNS),
        (4, 5, false, TURNS),
        (6, 6, true, SHARP),
        (5, 5, false, SHARP),
        (6, 6, true, "2*turns+crossings+sharp".parse().unwrap()),
        (5, 5, false, "turns+3*sharp".parse().unwrap()),
        (6, 6, true, RUN),
        (5, 5, false, RUN),
        (3, 10, true, RUN),
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
/// and keeps the value the first started from. The command of the run that proved
/// the bound stays, with what it was given.
#[test]
fn an_improved_record_says_how_and_a_second_run_adds_to_it() {
    let spec = Spec {
        board: board(6, 6),
        closed: true,
        measure: CROSSINGS,
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
                subtours: vec![],
            },
            source: if improved.is_some() {
                "local search"
            } else {
                "solver"
            }
            .into(),
            improved,
            limit: Duration::from_secs(60),
            given: Given {
                strengthen: false,
                resume: Some("6x6-closed-crossings.json".into()),
            },
        };
        file_text(&found).unwrap()
    };
    let stem = "6x6-closed-crossings";
    let budget = Duration::from_secs(600);
    let (text, _, now, took) =
        table::improve_stored("t", stem, &record(None), budget, improve::SEED).unwrap();
    assert!(now < was, "{now}");
    // The command that proved the bound is kept, the run it continued with it.
    let kept = table::read_one("t", stem, &text).unwrap().command;
    assert!(
        kept.ends_with(" --resume 6x6-closed-crossings.json"),
        "{kept}"
    );
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
        table::improve_stored("t", stem, &record(Some(first)), budget, improve::SEED).unwrap();
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

/// A record of a new measure (sharp turns, a weighted sum, the longest run) as
/// `knights optimum` writes it: the table reads it and checks a sum's own counts, and
/// `--improve` improves it.
#[test]
fn the_table_and_the_local_search_take_records_of_sharp_turns_sums_and_runs() {
    for measure in [SHARP, "2*turns+crossings".parse().unwrap(), RUN] {
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
                subtours: vec![],
            },
            source: "start".into(),
            improved: None,
            limit: Duration::from_secs(60),
            given: Default::default(),
        };
        let text = file_text(&found).unwrap();
        let name = format!("{}.json", spec.stem());
        let s = table::read_one(&name, &spec.stem(), &text).unwrap();
        assert_eq!((s.spec.clone(), s.value), (spec.clone(), value));
        assert!(
            table::markdown(&[s]).contains(&format!("| least {measure} |"))
                || measure.terms().is_empty()
        );
        let (_, was, now, _) = table::improve_stored(
            &name,
            &spec.stem(),
            &text,
            Duration::from_secs(60),
            improve::SEED,
        )
        .unwrap();
        assert!(was == value && now < was, "{measure}: {was} -> {now}");
        if !measure.terms().is_empty() {
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

/// The measures are listed once: each name parses to its measure, the table's order
/// is the list's (a sum after the last measure that may be its term), and the command
/// line's help and refusals are made from the list.
#[test]
fn the_list_of_measures_names_orders_and_describes_them() {
    for m in ALL {
        let parsed: Measure = m.name().parse().unwrap();
        assert_eq!(parsed.name(), m.name());
    }
    assert_eq!("uncrossed".parse::<Measure>().unwrap(), UNCROSSED);
    let order = [TURNS, CROSSINGS, UNCROSSED, SHARP, turns_crossings(), RUN];
    assert!(
        order.windows(2).all(|w| w[0].rank() < w[1].rank()),
        "{order:?}"
    );
    assert_eq!(names(false), ["turns", "crossings", "sharp", "run"]);
    assert_eq!(names(true), ["uncrossed"]);
    assert_eq!(
        help(false),
        "The measure to minimize: turns, crossings, sharp (turns by more than a right angle), a weighted sum of them such as 2*turns+crossings, or run (the longest straight run, in leaps)"
    );
    assert_eq!(
        help(true),
        "The measure to maximize: uncrossed (the longest path with no two leaps crossing)"
    );
    let e = Measure::parse("zigzags", false).unwrap_err().to_string();
    assert!(
        e.contains("choose turns, crossings, sharp, run or a weighted sum such as 2*turns+crossings (--minimize) or uncrossed (--maximize)"),
        "{e}"
    );
    let e = Measure::parse("turns+zigzags", false)
        .unwrap_err()
        .to_string();
    assert!(e.ends_with("the measure turns, crossings or sharp"), "{e}");
    // Each measure of a tour is marked by its layers; a sum by its terms'.
    let sum: Measure = "4*turns+crossings+2*sharp".parse().unwrap();
    use knights_render::Layer;
    assert_eq!(sum.layers(), [Layer::Turns, Layer::Crossings, Layer::Sharp]);
    assert_eq!(RUN.layers(), [Layer::Run]);
    assert!(UNCROSSED.layers().is_empty() && !UNCROSSED.tours());
}
