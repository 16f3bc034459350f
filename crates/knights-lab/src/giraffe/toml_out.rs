//! Writing the pieces as knights-construct's `besa/giraffe.toml`: a header, then one
//! table per piece with its comment and its paths, one path of `[x, y]` cells a line.

use std::fmt::Write;

use super::geometry::Cell;

/// The stored file the pieces are written to, from the repository's root.
pub const STORED: &str = "crates/knights-construct/src/besa/giraffe.toml";

/// The command that regenerates the stored file (docs/regenerating.md).
pub const REGENERATE: &str =
    "knights gadgets giraffe --write crates/knights-construct/src/besa/giraffe.toml";

/// The file's header: what the pieces are and what writes and checks them.
const HEADER: [&str; 8] = [
    "# The giraffe's formation tour (docs/formation.md, \"The giraffe, a (1, 4)-leaper\"):",
    "# the pieces of the bottom half, as paths of cells [x, y] (y up) on a board with",
    "# k = 1, each path from one cell of the 4x4 formation block through the piece's own",
    "# cells to another block cell. Found by a SAT search (crates/knights-lab/src/giraffe/,",
    "# see docs/regenerating.md) and written by",
    "#   knights gadgets giraffe --write crates/knights-construct/src/besa/giraffe.toml",
    "# (or KNIGHTS_REGENERATE=1 cargo test -p knights-lab giraffe); a test compares this",
    "# file with the search; crates/knights-construct/src/besa/giraffe.rs re-checks them.",
];

/// One piece's table.
pub(crate) struct Section<'a> {
    /// The table's name.
    pub(crate) name: &'a str,
    /// The comment lines under the table's name, without `# `.
    pub(crate) doc: &'a [&'a str],
    /// The paths.
    pub(crate) paths: &'a [Vec<Cell>],
}

/// One path as a TOML array of `[x, y]` arrays.
fn path_line(path: &[Cell]) -> String {
    let cells: Vec<String> = path.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
    format!("    [{}],", cells.join(", "))
}

/// The whole file.
pub(crate) fn render(sections: &[Section]) -> String {
    let mut out = String::new();
    for line in HEADER {
        let _ = writeln!(out, "{line}");
    }
    for s in sections {
        let _ = writeln!(out, "\n[{}]", s.name);
        for d in s.doc {
            let _ = writeln!(out, "# {d}");
        }
        let _ = writeln!(out, "paths = [");
        for p in s.paths {
            let _ = writeln!(out, "{}", path_line(p));
        }
        let _ = writeln!(out, "]");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_is_a_table_with_its_comment_and_one_path_a_line() {
        let paths = vec![vec![(0, 7), (1, 3)], vec![(-2, 10), (3, 11)]];
        let text = render(&[Section {
            name: "heel",
            doc: &["One.", "Two."],
            paths: &paths,
        }]);
        let body = text.split_once("re-checks them.\n").unwrap().1;
        assert_eq!(
            body,
            "\n[heel]\n# One.\n# Two.\npaths = [\n    [[0, 7], [1, 3]],\n    [[-2, 10], [3, 11]],\n]\n"
        );
    }

    #[test]
    fn the_header_names_the_command_and_no_script() {
        let text = render(&[]);
        assert!(text.contains(REGENERATE));
        assert!(!text.contains(".py"));
        assert!(text.lines().all(|l| l.starts_with("# ") && l.len() <= 90));
    }
}
