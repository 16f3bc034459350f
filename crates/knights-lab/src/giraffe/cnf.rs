//! CNF formulas with DIMACS literals (a variable is a positive `i32`, its negation the
//! negative one) and the cardinality encodings the search needs: "exactly `k` of these"
//! by Sinz's sequential counter and "exactly one of these" pairwise.

/// A literal: variable `v >= 1` as `v`, its negation as `-v`.
pub(crate) type Lit = i32;

/// A formula being built: the number of variables made so far and the clauses.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cnf {
    vars: u32,
    clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    /// A fresh variable.
    pub(crate) fn new_var(&mut self) -> Lit {
        self.vars += 1;
        self.vars as Lit
    }

    /// The number of variables made so far.
    pub(crate) fn vars(&self) -> u32 {
        self.vars
    }

    /// The clauses added so far.
    pub(crate) fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Adds one clause (the empty clause makes the formula unsatisfiable).
    pub(crate) fn add(&mut self, clause: Vec<Lit>) {
        self.clauses.push(clause);
    }

    /// Exactly `k` of `lits` are true: at most `k` of them, and at most `n - k` of
    /// their negations.
    pub(crate) fn exactly(&mut self, lits: &[Lit], k: usize) {
        if k > lits.len() {
            self.add(Vec::new());
            return;
        }
        self.at_most(lits, k);
        let negated: Vec<Lit> = lits.iter().map(|l| -l).collect();
        self.at_most(&negated, lits.len() - k);
    }

    /// Exactly one of `lits` is true: one clause for "at least one" and one for each
    /// pair.
    pub(crate) fn one_of(&mut self, lits: &[Lit]) {
        self.add(lits.to_vec());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                self.add(vec![-a, -b]);
            }
        }
    }

    /// At most `k` of `lits` are true, by the sequential counter (Sinz 2005): register
    /// `s[i][j]` holds when at least `j + 1` of the first `i + 1` literals are true.
    pub(crate) fn at_most(&mut self, lits: &[Lit], k: usize) {
        let n = lits.len();
        if k >= n {
            return;
        }
        if k == 0 {
            for &l in lits {
                self.add(vec![-l]);
            }
            return;
        }
        let s: Vec<Vec<Lit>> = (0..n - 1)
            .map(|_| (0..k).map(|_| self.new_var()).collect())
            .collect();
        self.add(vec![-lits[0], s[0][0]]);
        for &later in &s[0][1..] {
            self.add(vec![-later]);
        }
        for i in 1..n - 1 {
            self.counter_step(lits[i], &s[i - 1], &s[i]);
        }
        self.add(vec![-lits[n - 1], -s[n - 2][k - 1]]);
    }

    /// One step of the sequential counter: registers `now` count `x` on top of `before`,
    /// and `x` may not push the count past `k` (the registers' length).
    fn counter_step(&mut self, x: Lit, before: &[Lit], now: &[Lit]) {
        let k = now.len();
        self.add(vec![-x, now[0]]);
        self.add(vec![-before[0], now[0]]);
        for j in 1..k {
            self.add(vec![-x, -before[j - 1], now[j]]);
            self.add(vec![-before[j], now[j]]);
        }
        self.add(vec![-x, -before[k - 1]]);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The value of a literal under a partial assignment (index `v - 1`).
    fn value(assignment: &[Option<bool>], l: Lit) -> Option<bool> {
        assignment[l.unsigned_abs() as usize - 1].map(|v| v == (l > 0))
    }

    /// Sets every literal that a clause forces; `false` on a falsified clause.
    fn propagate(clauses: &[Vec<Lit>], assignment: &mut [Option<bool>]) -> bool {
        loop {
            let mut changed = false;
            for c in clauses {
                if c.iter().any(|&l| value(assignment, l) == Some(true)) {
                    continue;
                }
                let open: Vec<Lit> = c
                    .iter()
                    .copied()
                    .filter(|&l| value(assignment, l).is_none())
                    .collect();
                match open.as_slice() {
                    [] => return false,
                    [l] => {
                        assignment[l.unsigned_abs() as usize - 1] = Some(*l > 0);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Whether the partial assignment extends to a model: unit propagation and
    /// branching, a solver independent of the one the search uses.
    fn satisfiable(clauses: &[Vec<Lit>], mut assignment: Vec<Option<bool>>) -> bool {
        if !propagate(clauses, &mut assignment) {
            return false;
        }
        let Some(v) = assignment.iter().position(Option::is_none) else {
            return true;
        };
        [true, false].into_iter().any(|b| {
            let mut next = assignment.clone();
            next[v] = Some(b);
            satisfiable(clauses, next)
        })
    }

    /// Whether the inputs `1..=n` set as in `inputs` (bit `v - 1` for variable `v`)
    /// extend to a model of `cnf`, whatever the auxiliary variables must be.
    pub(crate) fn extends(cnf: &Cnf, n: u32, inputs: u64) -> bool {
        let mut assignment = vec![None; cnf.vars() as usize];
        for (v, value) in assignment.iter_mut().take(n as usize).enumerate() {
            *value = Some((inputs >> v) & 1 == 1);
        }
        satisfiable(cnf.clauses(), assignment)
    }

    /// A formula over the inputs `1..=n` built by `encode`.
    pub(crate) fn over_inputs(n: u32, encode: impl Fn(&mut Cnf, &[Lit])) -> Cnf {
        let mut cnf = Cnf::default();
        let lits: Vec<Lit> = (0..n).map(|_| cnf.new_var()).collect();
        encode(&mut cnf, &lits);
        cnf
    }

    #[test]
    fn exactly_k_holds_for_exactly_the_assignments_with_k_true_inputs() {
        for n in 0..=7u32 {
            for k in 0..=n as usize + 1 {
                let cnf = over_inputs(n, |f, l| f.exactly(l, k));
                for inputs in 0..1u64 << n {
                    let want = inputs.count_ones() as usize == k;
                    assert_eq!(extends(&cnf, n, inputs), want, "n {n} k {k} {inputs:b}");
                }
            }
        }
    }

    #[test]
    fn at_most_k_holds_for_exactly_the_assignments_with_at_most_k_true_inputs() {
        for n in 0..=8u32 {
            for k in 0..=n as usize {
                let cnf = over_inputs(n, |f, l| f.at_most(l, k));
                for inputs in 0..1u64 << n {
                    let want = inputs.count_ones() as usize <= k;
                    assert_eq!(extends(&cnf, n, inputs), want, "n {n} k {k} {inputs:b}");
                }
            }
        }
    }

    #[test]
    fn at_most_k_with_negated_inputs_counts_the_false_ones() {
        for n in 1..=5u32 {
            for k in 0..n as usize {
                let cnf = over_inputs(n, |f, l| {
                    let neg: Vec<Lit> = l.iter().map(|x| -x).collect();
                    f.at_most(&neg, k)
                });
                for inputs in 0..1u64 << n {
                    let want = (n - inputs.count_ones()) as usize <= k;
                    assert_eq!(extends(&cnf, n, inputs), want, "n {n} k {k} {inputs:b}");
                }
            }
        }
    }

    #[test]
    fn one_of_holds_for_exactly_the_assignments_with_one_true_input() {
        for n in 0..=6u32 {
            let cnf = over_inputs(n, |f, l| f.one_of(l));
            assert_eq!(cnf.vars(), n, "pairwise needs no auxiliary variable");
            for inputs in 0..1u64 << n {
                assert_eq!(extends(&cnf, n, inputs), inputs.count_ones() == 1);
            }
        }
    }

    #[test]
    fn the_sequential_counter_uses_k_registers_per_input_but_the_last() {
        let cnf = over_inputs(6, |f, l| f.at_most(l, 2));
        assert_eq!(cnf.vars(), 6 + 5 * 2);
        let none = over_inputs(4, |f, l| f.at_most(l, 4));
        assert!(none.clauses().is_empty(), "a bound of n says nothing");
    }
}
