//! The connectivity in the model (`connect.rs`, `--connect flow` and `multiflow`)
//! against brute force and the cut loop: the same optima, each proved by one search.

use super::solver::{check_tour as check, solved};
use super::*;

/// The optimum of `spec` with connectivity `how`, from no starting tour.
fn connected(spec: &Spec, how: Connect) -> Optimum {
    let cutting = Cutting {
        connect: how,
        ..Cutting::from(vec![])
    };
    solved(spec, 600, false, cutting)
}

/// Brute force's minima of closed 6x6 and open 5x5 tours, with either flow: every
/// integer answer is a tour, so the measures with an objective take one solve (the
/// longest run solves once per run length it rules out).
#[test]
fn the_flows_keep_brute_forces_minima_in_one_solve() {
    let closed = [TURNS, SHARP, "turns+2*sharp".parse().unwrap(), RUN];
    let open = [TURNS, CROSSINGS, RUN];
    let least_closed = brute::closed(&board(6, 6), &closed);
    let least_open = brute::open(&board(5, 5), &open);
    let cases = closed
        .iter()
        .map(|&m| (6, true, m, least_closed.of(m)))
        .chain(open.iter().map(|&m| (5, false, m, least_open.of(m))));
    for (n, closed, measure, least) in cases {
        let spec = Spec {
            board: board(n, n),
            closed,
            measure,
        };
        for how in [Connect::Flow, Connect::Multiflow] {
            let o = connected(&spec, how);
            check(&o);
            assert_eq!(o.value, least, "{} {how}", spec.name());
            assert_eq!(o.given.connect, how);
            assert!(super::command(&o).ends_with(&format!(" --connect {how}")));
            if measure != RUN {
                let How::Solver { solves, .. } = o.how else {
                    panic!("a solver's run")
                };
                assert_eq!(solves, 1, "{} {how}", spec.name());
            }
        }
    }
}

/// The uncrossed search has no model to connect: the flow is refused in one line.
#[test]
fn a_flow_is_refused_where_there_is_no_model_of_tours() {
    let spec = Spec {
        board: board(5, 5),
        closed: false,
        measure: UNCROSSED,
    };
    let e = solve(
        &spec,
        Solve {
            limit: Duration::from_secs(5),
            start: None,
            report: &mut |_| {},
            strengthen: false,
            cutting: Cutting {
                connect: Connect::Flow,
                ..Cutting::from(vec![])
            },
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("--connect flow") && !e.contains('\n'), "{e}");
    assert!("rings".parse::<Connect>().is_err());
}
