//! The SAT solver behind the search: BatSat (a pure-Rust MiniSat descendant), fed the
//! DIMACS literals of [`super::cnf`] and kept between solves, so that the cycle cuts
//! added after a model keep what the solver learnt before it.

use batsat::{lbool, BasicSolver, Lit as BLit, SolverInterface, Var};

use super::cnf::{Cnf, Lit};

/// What one solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A model.
    Sat(Model),
    /// No model: the clauses contradict each other.
    Unsat,
    /// The solver stopped without an answer.
    Unknown,
}

/// A model: the value of each variable (index `v - 1` for variable `v`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Model(Vec<bool>);

impl Model {
    /// Whether the literal is true in the model (a variable the solver never saw is
    /// false).
    pub(crate) fn holds(&self, lit: Lit) -> bool {
        let value = self
            .0
            .get(lit.unsigned_abs() as usize - 1)
            .copied()
            .unwrap_or(false);
        value == (lit > 0)
    }
}

/// An incremental solver: clauses may be added after a solve.
pub(crate) struct Solver {
    inner: BasicSolver,
    vars: Vec<Var>,
}

impl Solver {
    /// A solver holding the clauses of `cnf`.
    pub(crate) fn new(cnf: &Cnf) -> Self {
        let mut solver = Solver {
            inner: BasicSolver::default(),
            vars: Vec::new(),
        };
        solver.reserve(cnf.vars());
        for clause in cnf.clauses() {
            solver.add_clause(clause);
        }
        solver
    }

    /// Makes the solver's variables up to `n`.
    fn reserve(&mut self, n: u32) {
        while self.vars.len() < n as usize {
            let v = self.inner.new_var_default();
            self.vars.push(v);
        }
    }

    /// The solver's literal for a DIMACS literal.
    fn lit(&mut self, lit: Lit) -> BLit {
        self.reserve(lit.unsigned_abs());
        BLit::new(self.vars[lit.unsigned_abs() as usize - 1], lit > 0)
    }

    /// Adds a clause (the empty clause makes every later solve unsatisfiable).
    pub(crate) fn add_clause(&mut self, clause: &[Lit]) {
        let mut lits: Vec<BLit> = clause.iter().map(|&l| self.lit(l)).collect();
        // `false` means the solver is already unsatisfiable; the next solve says so.
        let _ = self.inner.add_clause_reuse(&mut lits);
    }

    /// Solves the clauses added so far.
    pub(crate) fn solve(&mut self) -> Answer {
        let result = self.inner.solve_limited(&[]);
        if result == lbool::TRUE {
            let values = self
                .vars
                .iter()
                .map(|&v| self.inner.value_var(v) == lbool::TRUE);
            Answer::Sat(Model(values.collect()))
        } else if result == lbool::FALSE {
            Answer::Unsat
        } else {
            Answer::Unknown
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::giraffe::cnf::tests::{extends, over_inputs};

    fn model(answer: Answer) -> Model {
        match answer {
            Answer::Sat(m) => m,
            other => panic!("expected a model, got {other:?}"),
        }
    }

    #[test]
    fn the_solver_agrees_with_brute_force_on_exactly_k() {
        for n in 1..=4u32 {
            for k in 0..=n as usize {
                let cnf = over_inputs(n, |f, l| f.exactly(l, k));
                for inputs in 0..1u64 << n {
                    let mut solver = Solver::new(&cnf);
                    for v in 1..=n as Lit {
                        let on = (inputs >> (v - 1)) & 1 == 1;
                        solver.add_clause(&[if on { v } else { -v }]);
                    }
                    let sat = matches!(solver.solve(), Answer::Sat(_));
                    assert_eq!(sat, extends(&cnf, n, inputs), "n {n} k {k} {inputs:b}");
                }
            }
        }
    }

    #[test]
    fn clauses_added_after_a_solve_exclude_its_model() {
        let cnf = over_inputs(5, |f, l| f.exactly(l, 2));
        let mut solver = Solver::new(&cnf);
        let mut seen = Vec::new();
        while let Answer::Sat(m) = solver.solve() {
            let on: Vec<Lit> = (1..=5).filter(|&v| m.holds(v)).collect();
            assert_eq!(on.len(), 2);
            assert!(!seen.contains(&on));
            solver.add_clause(&on.iter().map(|v| -v).collect::<Vec<_>>());
            seen.push(on);
        }
        assert_eq!(seen.len(), 10, "the ten ways of choosing two of five");
    }

    #[test]
    fn an_empty_clause_is_unsat_and_a_fresh_variable_reads_false() {
        let mut cnf = Cnf::default();
        let a = cnf.new_var();
        cnf.add(vec![a]);
        let m = model(Solver::new(&cnf).solve());
        assert!(m.holds(a) && !m.holds(-a) && !m.holds(7));
        cnf.add(Vec::new());
        assert_eq!(Solver::new(&cnf).solve(), Answer::Unsat);
    }
}
