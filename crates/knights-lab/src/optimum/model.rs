//! The integer program the measures are modelled in (the `motif` feature): one 0/1
//! column per leap of the board ([`Graph`]) and its degree rows, an end column per
//! cell of an open tour, and what the measure adds through [`Columns`]; one solve of
//! it with its subtour cuts ([`step`]); the result of a loop of solves ([`finish`]).
//! Connectivity is added lazily: solve, split the answer into its pieces, cut each
//! cycle that is not the whole answer, solve again.

use std::ops::RangeBounds;
use std::time::{Duration, Instant};

use highs::{Col, HighsModelStatus, HighsSolutionStatus, Model, RowProblem, Sense};

use super::connect::rows::{self, Arc};
use super::connect::Connect;
use super::subtours::Subtours;
use super::{How, Optimum, Spec};
use crate::motif::Graph;
use knights_core::Board;
use knights_core::{Error, GaveUp};

/// The model's columns, with their index order (for a starting answer).
pub struct Layout {
    /// The model's specification.
    pub spec: Spec,
    /// The board's leaps.
    pub graph: Graph,
    /// The leaps' columns.
    pub x: Vec<Col>,
    /// The measure's columns, each standing for two leaps both taken: `(column, e, f)`.
    pairs: Vec<(Col, usize, usize)>,
    /// Cells' end variables (open tours).
    z: Vec<Col>,
    /// The flow columns of `--connect flow` or `multiflow` (none for `cuts`).
    arcs: Vec<Arc>,
    /// How the answers are kept in one piece.
    pub connect: Connect,
    /// Columns of the model.
    pub columns: usize,
    /// Rows of the model before any cut.
    pub rows: usize,
    /// Added to the objective to give the measure (turns: the cells with two leaps).
    offset: f64,
}

impl Layout {
    /// Added to the objective to give the measure.
    pub fn offset(&self) -> f64 {
        self.offset
    }

    /// The measure's pair columns: `(column, e, f)`, each standing for the leaps `e`
    /// and `f` both taken.
    pub fn pairs(&self) -> &[(Col, usize, usize)] {
        &self.pairs
    }

    /// Cell `c`'s end column (an open tour's), if any.
    pub fn end(&self, c: usize) -> Option<Col> {
        self.z.get(c).copied()
    }

    /// The end columns (an open tour's) of the cells `take` keeps, each of weight 1.
    pub fn ends(&self, take: impl Fn(usize) -> bool) -> Vec<(Col, f64)> {
        (0..self.z.len())
            .filter(|&c| take(c))
            .map(|c| (self.z[c], 1.0))
            .collect()
    }

    /// The column values of the tour `path` whose leaps are `chosen`, in the order
    /// the columns were added (leaps, ends, pairs, flows).
    fn values(&self, path: &[u32], chosen: &[bool]) -> Vec<f64> {
        let on = |b: bool| f64::from(u8::from(b));
        let n = self.spec.board.area() as u32;
        let degree: Vec<usize> = (0..n)
            .map(|c| {
                self.graph
                    .incident(c)
                    .iter()
                    .filter(|&&e| chosen[e])
                    .count()
            })
            .collect();
        let mut v: Vec<f64> = chosen.iter().map(|&c| on(c)).collect();
        if !self.z.is_empty() {
            v.extend(degree.iter().map(|&d| on(d == 1)));
        }
        v.extend(
            self.pairs
                .iter()
                .map(|&(_, e, f)| on(chosen[e] && chosen[f])),
        );
        v.extend(rows::values(
            &self.arcs,
            self.graph.edges(),
            path,
            self.spec.closed,
            self.connect,
        ));
        debug_assert_eq!(v.len(), self.columns);
        v
    }
}

/// What one solve of the model gave.
pub struct Step {
    /// HiGHS's status: `Optimal`, `ReachedTimeLimit`, `Infeasible` or
    /// `UnboundedOrInfeasible` (any other is an error).
    pub status: HighsModelStatus,
    /// The solver's bound on the measure (its dual bound plus the offset), if any.
    pub dual: Option<f64>,
    /// The answer's measure, if there is an answer.
    pub objective: Option<f64>,
    /// The answer's leaps, if there is an answer.
    pub chosen: Option<Vec<bool>>,
    /// The answer's pieces that hold a leap; when there are more than one, each is cut.
    pub pieces: Vec<(Vec<u32>, bool)>,
    /// The cuts added.
    pub cuts: usize,
}

impl Step {
    /// Whether the model was proved to have no answer (its cuts and rows included).
    pub fn infeasible(&self) -> bool {
        matches!(
            self.status,
            HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible
        )
    }

    /// The answer in words: `42 in one piece`, `42 in 3 pieces (20, 10, 6), cut`
    /// (the pieces' cells, largest first), `no answer`.
    pub fn answer(&self) -> String {
        match (self.objective, self.pieces.len()) {
            (None, _) => "no answer".to_string(),
            (Some(v), 1) => format!("{v:.0} in one piece"),
            (Some(v), p) => {
                let mut sizes: Vec<usize> = self.pieces.iter().map(|(c, _)| c.len()).collect();
                sizes.sort_unstable_by(|a, b| b.cmp(a));
                let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                format!("{v:.0} in {p} pieces ({}), cut", sizes.join(", "))
            }
        }
    }
}

/// Solves `model` once within `left` seconds, from the tour `start` if one is given
/// (a starting answer HiGHS may refuse), and cuts every piece of an answer that is
/// not in one piece (with its images, as `subtours` adds them).
pub fn step(
    model: Model,
    layout: &Layout,
    left: f64,
    start: Option<&[u32]>,
    subtours: &mut Subtours,
) -> Result<(Model, Step), Error> {
    let mut model = model;
    let (spec, graph) = (&layout.spec, &layout.graph);
    model.set_option("time_limit", left);
    if let Some(path) = start {
        let chosen = super::chosen_of(graph, path, spec.closed).expect("a tour of the graph");
        let _ = model.try_set_solution(Some(&layout.values(path, &chosen)), None, None, None);
    }
    let solved = model.solve();
    let status = solved.status();
    let mut step = Step {
        status,
        dual: None,
        objective: None,
        chosen: None,
        pieces: Vec::new(),
        cuts: 0,
    };
    if step.infeasible() {
        return Ok((Model::from(solved), step));
    }
    if !matches!(
        status,
        HighsModelStatus::Optimal | HighsModelStatus::ReachedTimeLimit
    ) {
        return Err(Error::internal(format!(
            "HiGHS stopped with status {status:?} on the {} model",
            spec.name()
        )));
    }
    step.dual = solved
        .double_info_value(c"mip_dual_bound")
        .ok()
        .filter(|d| d.is_finite())
        .or((status == HighsModelStatus::Optimal).then(|| solved.objective_value()))
        .map(|d| d + layout.offset);
    let feasible = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    let answer = feasible.then(|| solved.get_solution());
    step.chosen = answer
        .as_ref()
        .filter(|s| s.columns().len() >= layout.x.len())
        .map(|s| layout.x.iter().map(|&c| s[c] > 0.5).collect());
    step.objective = feasible.then(|| solved.objective_value() + layout.offset);
    let mut model = Model::from(solved);
    if let Some(chosen) = &step.chosen {
        step.pieces = used_pieces(graph, chosen);
        if step.pieces.len() > 1 {
            for (cells, _) in &step.pieces {
                step.cuts += subtours.add(&mut model, layout, cells);
            }
        }
    }
    Ok((model, step))
}

/// The result of a solve loop (`solve.rs`'s or a measure's own): its best tour (cells, value,
/// where it came from), the bound it proved and its work, `(solves, cuts, rows,
/// subtours)` (the cell sets of the subtour cuts, for the record); an error when the
/// time ran out before any tour.
pub fn finish(
    spec: &Spec,
    layout: &Layout,
    limit: Duration,
    clock: Instant,
    best: Option<(Vec<u32>, u64, &str)>,
    bound: u64,
    (solves, cuts, rows, subtours): (usize, usize, usize, &Subtours),
) -> Result<Optimum, Error> {
    let Some((path, value, source)) = best else {
        return Err(GaveUp::Solver {
            board: spec.board.to_string(),
            seconds: limit.as_secs(),
        }
        .into());
    };
    Ok(Optimum {
        spec: spec.clone(),
        path,
        value,
        bound,
        seconds: clock.elapsed().as_secs_f64(),
        how: How::Solver {
            solves,
            columns: layout.columns,
            rows,
            cuts,
            subtours: subtours.found().to_vec(),
        },
        source: source.to_string(),
        improved: None,
        limit,
        given: Default::default(),
        status: Default::default(),
    })
}

/// The pieces of the answer that hold a leap, each as its cells in order and whether
/// it is a cycle.
fn used_pieces(graph: &Graph, chosen: &[bool]) -> Vec<(Vec<u32>, bool)> {
    graph
        .pieces(chosen)
        .into_iter()
        .filter(|(cells, _)| cells.len() > 1)
        .collect()
}

/// The model of `spec` without connectivity: the leaps' columns, the ends' (an open
/// tour), the columns and rows `measure` adds (its objective), the degree rows.
pub fn build(spec: &Spec, measure: impl FnOnce(&mut Columns<'_>)) -> (Model, Layout) {
    let board = &spec.board;
    let graph = Graph::new(board);
    let n = board.area() as usize;
    let mut pb = RowProblem::default();
    let x: Vec<Col> = graph
        .edges()
        .iter()
        .map(|_| pb.add_integer_column(0.0, 0..=1))
        .collect();
    let open = !spec.closed;
    let z: Vec<Col> = if open {
        (0..n).map(|_| pb.add_integer_column(0.0, 0..=1)).collect()
    } else {
        Vec::new()
    };
    let mut columns = Columns {
        board,
        graph: &graph,
        pb,
        x,
        pairs: Vec::new(),
        offset: 0.0,
        // The cells with two leaps: all of a closed tour, all but the ends of an open one.
        two: (if open { n - 2 } else { n }) as f64,
        rows: 0,
        arcs: Vec::new(),
        connect: Connect::Cuts,
    };
    measure(&mut columns);
    let Columns {
        mut pb,
        x,
        pairs,
        offset,
        mut rows,
        arcs,
        connect,
        ..
    } = columns;
    for c in 0..n {
        let mut row: Vec<(Col, f64)> = graph
            .incident(c as u32)
            .iter()
            .map(|&e| (x[e], 1.0))
            .collect();
        // An open tour's end variable (none for a closed one).
        row.extend(z.get(c).map(|&end| (end, 1.0)));
        pb.add_row(2..=2, row);
        rows += 1;
    }
    if open {
        pb.add_row(2..=2, z.iter().map(|&c| (c, 1.0)));
        rows += 1;
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    let layout = Layout {
        spec: spec.clone(),
        columns: x.len() + z.len() + pairs.len() + arcs.len(),
        graph,
        x,
        pairs,
        z,
        arcs,
        connect,
        rows,
        offset,
    };
    (model, layout)
}

/// The model being built, as a measure sees it: the board, its leaps and their
/// columns, and what the measure adds (its columns, rows and objective).
pub struct Columns<'a> {
    board: &'a Board,
    graph: &'a Graph,
    pb: RowProblem,
    x: Vec<Col>,
    pairs: Vec<(Col, usize, usize)>,
    offset: f64,
    two: f64,
    rows: usize,
    arcs: Vec<Arc>,
    connect: Connect,
}

impl Columns<'_> {
    /// The measure's pair columns so far: `(column, e, f)`, each standing for the
    /// leaps `e` and `f` both taken.
    pub fn pairs(&self) -> &[(Col, usize, usize)] {
        &self.pairs
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The board's leaps.
    pub fn graph(&self) -> &Graph {
        self.graph
    }

    /// The 0/1 column of leap `e`.
    pub fn x(&self, e: usize) -> Col {
        self.x[e]
    }

    /// The cells with two leaps: all of a closed tour, all but the ends of an open one.
    pub fn two(&self) -> f64 {
        self.two
    }

    /// Adds `by` to the objective.
    pub fn offset(&mut self, by: f64) {
        self.offset += by;
    }

    /// A column between 0 and 1 of objective `cost` standing for leaps `e` and `f`
    /// both taken (its value in a tour's answer: whether they are).
    pub fn pair(&mut self, cost: f64, e: usize, f: usize) -> Col {
        let c = self.pb.add_column(cost, 0..=1);
        self.pairs.push((c, e, f));
        c
    }

    /// A continuous column of objective `cost` within `bounds` (a flow's).
    pub fn column(&mut self, cost: f64, bounds: impl RangeBounds<f64>) -> Col {
        self.pb.add_column(cost, bounds)
    }

    /// Keeps the answers in one piece as `how` says, in the model itself (last: after
    /// the measure's columns). `closed`: a closed tour's.
    pub fn connect(&mut self, how: Connect, closed: bool) {
        let arcs = rows::add(self, how, closed);
        self.arcs.extend(arcs);
        self.connect = how;
    }

    /// A row: the sum of `row` within `bounds`.
    pub fn row(&mut self, bounds: impl RangeBounds<f64>, row: Vec<(Col, f64)>) {
        self.pb.add_row(bounds, row);
        self.rows += 1;
    }
}
