//! The rectangle table (issue 40): the fewest turns of a closed tour of every stored
//! n x m board, laid out as a grid by its shorter side n (rows) and longer side m
//! (columns), each cell the record's value with its verdict, made from the records so
//! that the page and the results table never hold a copy. A cell where no closed tour
//! exists (Schwenk's theorem) says so; one with no record, or below the diagonal (the
//! same board turned), is left empty.

use knights_core::Board;

use super::table::Stored;

/// One cell of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The record's value, bound, and whether they meet.
    Stored {
        /// The record's file stem (`5x6-closed-turns`).
        stem: String,
        /// The tour's turns.
        value: u64,
        /// The proved bound.
        bound: u64,
    },
    /// No closed tour of the board exists.
    NoTour,
    /// No record.
    Missing,
}

impl Cell {
    /// The cell in words: `42` (proved), `62 (bound 60)`, `no tour`, or empty.
    pub fn text(&self) -> String {
        match self {
            Cell::Stored { value, bound, .. } if value == bound => value.to_string(),
            Cell::Stored { value, bound, .. } => format!("{value} (bound {bound})"),
            Cell::NoTour => "no tour".into(),
            Cell::Missing => String::new(),
        }
    }
}

/// The grid: the shorter sides (rows) and the longer sides (columns) of the stored
/// boards, and a cell for each pair.
#[derive(Clone, Debug)]
pub struct Grid {
    /// The rows' n.
    pub rows: Vec<u32>,
    /// The columns' m.
    pub columns: Vec<u32>,
    /// `cells[row][column]`.
    pub cells: Vec<Vec<Cell>>,
}

impl Grid {
    /// How many cells are proved, and how many hold a record.
    pub fn proved(&self) -> (usize, usize) {
        let stored = self.cells.iter().flatten().filter_map(|c| match c {
            Cell::Stored { value, bound, .. } => Some(value == bound),
            _ => None,
        });
        stored.fold((0, 0), |(p, n), ok| (p + usize::from(ok), n + 1))
    }
}

/// The grid of the closed minimum-turns records of `all` whose sides are both at least
/// `least` (the narrow 3 x m boards are another family, of other rows).
pub fn grid(all: &[Stored], least: u32) -> Grid {
    let records: Vec<&Stored> = all
        .iter()
        .filter(|s| s.spec.closed && s.spec.measure.to_string() == "turns")
        .filter(|s| s.spec.board.width().min(s.spec.board.height()) >= least)
        .collect();
    let sides = |s: &Stored| {
        let b = &s.spec.board;
        (b.width().min(b.height()), b.width().max(b.height()))
    };
    let mut rows: Vec<u32> = records.iter().map(|s| sides(s).0).collect();
    let mut columns: Vec<u32> = records.iter().map(|s| sides(s).1).collect();
    for v in [&mut rows, &mut columns] {
        v.sort_unstable();
        v.dedup();
    }
    let cell = |n: u32, m: u32| {
        // Below the diagonal: the board of the other cell.
        if n > m {
            return Cell::Missing;
        }
        if let Some(s) = records.iter().find(|s| sides(s) == (n, m)) {
            return Cell::Stored {
                stem: s.stem.clone(),
                value: s.value,
                bound: s.bound,
            };
        }
        let tour =
            Board::new(m, n).is_ok_and(|b| knights_construct::existence::check(&b, false).is_ok());
        if tour {
            Cell::Missing
        } else {
            Cell::NoTour
        }
    };
    let cells = rows
        .iter()
        .map(|&n| columns.iter().map(|&m| cell(n, m)).collect())
        .collect();
    Grid {
        rows,
        columns,
        cells,
    }
}

/// The grid as a markdown table, under a line saying what it is.
pub fn markdown(g: &Grid) -> String {
    let (proved, stored) = g.proved();
    let mut out = format!(
        "\nThe fewest turns of a closed n x m tour, by the shorter side n (rows) and the longer side m (columns), from the records above: {proved} of {stored} proved; where the bound is not met yet the cell gives it.\n\n| n \\ m |"
    );
    for m in &g.columns {
        out.push_str(&format!(" {m} |"));
    }
    out.push_str(&format!("\n| --- |{}\n", " --- |".repeat(g.columns.len())));
    for (n, row) in g.rows.iter().zip(&g.cells) {
        out.push_str(&format!("| {n} |"));
        for c in row {
            out.push_str(&format!(" {} |", c.text()));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> Vec<Stored> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
        super::super::table::read(&dir).unwrap()
    }

    /// Every closed board from 5 x 6 to 12 x 12 has its record, each cell is its
    /// record's, the boards with both sides odd say no tour, and the squares sit on
    /// the diagonal.
    #[test]
    fn the_stored_rectangles_fill_the_grid() {
        let all = stored();
        let g = grid(&all, 5);
        assert!(
            g.rows.starts_with(&[5, 6, 7, 8, 9, 10, 11, 12]),
            "{:?}",
            g.rows
        );
        assert!(
            g.columns.starts_with(&[6, 7, 8, 9, 10, 11, 12]),
            "{:?}",
            g.columns
        );
        let at = |n: u32, m: u32| {
            let r = g.rows.iter().position(|&x| x == n).unwrap();
            let c = g.columns.iter().position(|&x| x == m).unwrap();
            &g.cells[r][c]
        };
        for n in 5..=12u32 {
            for m in n.max(6)..=12 {
                let cell = at(n, m);
                if n % 2 == 1 && m % 2 == 1 {
                    assert_eq!(*cell, Cell::NoTour, "{n}x{m}");
                    continue;
                }
                let s = all
                    .iter()
                    .find(|s| s.stem == format!("{n}x{m}-closed-turns"))
                    .unwrap_or_else(|| panic!("no record of {n}x{m}"));
                let want = Cell::Stored {
                    stem: s.stem.clone(),
                    value: s.value,
                    bound: s.bound,
                };
                assert_eq!(*cell, want, "{n}x{m}");
            }
        }
        assert_eq!(at(6, 6).text(), "32");
        // The narrow boards are left out, and a missing record is an empty cell.
        assert!(!g.rows.contains(&3));
        assert_eq!(Cell::Missing.text(), "");
        let (proved, all_stored) = g.proved();
        assert!(
            proved <= all_stored && all_stored >= 26,
            "{proved} {all_stored}"
        );
        let md = markdown(&g);
        assert!(md.contains("| 6 | 32 | 35 | 39 |"), "{md}");
        assert!(
            md.contains(&format!("{proved} of {all_stored} proved")),
            "{md}"
        );
    }

    #[test]
    fn a_cell_not_proved_gives_its_bound() {
        let c = Cell::Stored {
            stem: "8x12-closed-turns".into(),
            value: 62,
            bound: 60,
        };
        assert_eq!(c.text(), "62 (bound 60)");
    }
}
