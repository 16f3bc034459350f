//! How a walk picks its next leap: the [`Rule`] trait, what a rule sees ([`At`]), and
//! the two simplest rules: [`Fixed`] (the leaper's direction order) and [`Pruned`]
//! (any rule, cutting branches that can no longer cover the field). Warnsdorff's rule
//! is in `heuristic`, the tile searches' rule in `linked`.

use super::field::Field;

/// What a rule sees when it chooses: the field (free cells and their free
/// neighbours) and the walk so far.
pub(crate) struct At<'a> {
    /// The field, with the walk's cells visited.
    pub(crate) field: &'a Field,
    /// The walk so far (padded indices), never empty.
    pub(crate) path: &'a [u32],
}

impl At<'_> {
    /// The cell the walk is on.
    pub(crate) fn head(&self) -> u32 {
        *self.path.last().expect("a walk is never empty")
    }
}

/// How a walk picks the next leap.
pub(crate) trait Rule {
    /// The direction to try next from the head, among those not in `tried` (bit `d`
    /// for direction `d`) that land on a free cell; `None` when none is left or the
    /// rule cuts the branch here. `tried` is 0 on a head's first call.
    fn choose(&mut self, at: &At, tried: u8) -> Option<usize>;
}

/// The first untried direction in the leaper's order (plain backtracking).
pub(crate) struct Fixed;

impl Rule for Fixed {
    fn choose(&mut self, at: &At, tried: u8) -> Option<usize> {
        let (field, head) = (at.field, at.head());
        (0..8).find(|&d| tried & (1 << d) == 0 && field.is_free(field.step(head, d)))
    }
}

/// A rule that gives up a head from which the free cells can no longer all be
/// covered ([`Field::feasible`]), and otherwise chooses as the rule inside.
pub(crate) struct Pruned<R>(pub(crate) R);

impl<R: Rule> Rule for Pruned<R> {
    fn choose(&mut self, at: &At, tried: u8) -> Option<usize> {
        if !at.field.feasible(at.head()) {
            return None;
        }
        self.0.choose(at, tried)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::Board;

    #[test]
    fn fixed_takes_free_directions_in_order_and_pruned_cuts_dead_ends() {
        let b = Board::new(8, 8).unwrap();
        let mut f = Field::new(&b).unwrap();
        let corner = f.cell(0, 0);
        f.visit(corner);
        let path = [corner];
        let at = At {
            field: &f,
            path: &path,
        };
        // From the corner only directions 0 ((1, 2)) and 1 ((2, 1)) stay on the board.
        assert_eq!(Fixed.choose(&at, 0), Some(0));
        assert_eq!(Fixed.choose(&at, 1), Some(1));
        assert_eq!(Fixed.choose(&at, 3), None);
        assert_eq!(Pruned(Fixed).choose(&at, 0), Some(0));
        // Cut off the opposite corner: both its neighbours visited.
        let (a, c) = (f.cell(6, 5), f.cell(5, 6));
        f.visit(a);
        f.visit(c);
        let at = At {
            field: &f,
            path: &path,
        };
        assert_eq!(Fixed.choose(&at, 0), Some(0), "fixed does not look ahead");
        assert_eq!(Pruned(Fixed).choose(&at, 0), None, "a cell with no way in");
    }
}
