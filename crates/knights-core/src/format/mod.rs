//! Tour files: the JSON format and the classic numbered grid (docs/tour-format.md), read and
//! written. Reading says exactly where a file is wrong (line and column for syntax,
//! the field such as `path[17]` for content), so users can fix it by hand.
//!
//! Reading only checks the file's shape; whether the path is a tour is
//! [`crate::verify`]'s job, so `knights verify` can say which step breaks it.

pub mod grid;
mod input;
mod json;

use std::io::{self, Write};

use crate::board::Topology;
use crate::tour::{Shape, Tour};
use crate::Error;

use grid::{parse_grid, write_grid};
use json::{parse_json, write_json};

pub use input::{read, read_path, read_path_on, read_text};

/// The on-disk forms of a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The JSON tour file.
    Json,
    /// One line per row, top row first, each cell the 1-based step that visits it.
    Grid,
}

/// Reads a walk of any shape from `text`: a tour, a tourney or an uncrossed path (JSON
/// when it starts with `{`, after an optional UTF-8 byte order mark; a numbered grid is
/// always a tour). `file` names the source in error messages.
pub fn parse_document(text: &str, file: &str) -> Result<Tour, Error> {
    parse_document_on(text, file, Topology::Plane)
}

/// [`parse_document`], a numbered grid read on the band `topology` (JSON records its
/// own): its tour is closed when its ends are a leap apart there.
pub fn parse_document_on(text: &str, file: &str, topology: Topology) -> Result<Tour, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text); // a byte order mark
    if text.trim_start().starts_with('{') {
        parse_json(serde_json::Deserializer::from_str(text), file)
    } else {
        parse_grid(io::Cursor::new(text.as_bytes()), file, topology)
    }
}

/// Reads a tour from `text` in either format, whatever its board's number of sides
/// (see [`parse_document`]); a tourney or an uncrossed path is refused, naming its field.
pub fn parse(text: &str, file: &str) -> Result<Tour, Error> {
    let t = parse_document(text, file)?;
    match t.shape() {
        Shape::Tour => Ok(t),
        Shape::Tourney { starts } => Err(parse_error(
            file,
            "field cycles",
            format!(
                "this file is a tourney of {} cycles, not a tour: verify, metrics and render read it",
                starts.len()
            ),
        )),
        Shape::Uncrossed { .. } => Err(parse_error(
            file,
            "field kind",
            format!(
                "this file is an uncrossed path of {} cells, not a tour: verify, metrics and render read it",
                t.len()
            ),
        )),
    }
}

/// Writes `tour` in `format` (a tour of a board of three or more sides, a tourney or an
/// uncrossed path in JSON: the numbered grid has no form for them, and refuses them).
pub fn write(tour: &Tour, format: Format, out: &mut impl Write) -> io::Result<()> {
    match format {
        Format::Json => write_json(tour, out),
        Format::Grid if tour.shape() != &Shape::Tour => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "the numbered grid has no form for a {}",
                tour.shape().name()
            ),
        )),
        Format::Grid => write_grid(tour, out),
    }
}

/// The tour (tourney, uncrossed path) as a JSON document.
pub fn to_json(tour: &Tour) -> String {
    let mut out = Vec::new();
    write_json(tour, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn parse_error(file: &str, place: impl Into<String>, message: impl Into<String>) -> Error {
    Error::parse(file, place, message)
}

/// `[0] has 1 coordinate but the 3x3 board has 2 sides`.
fn arity_message(xy: &[i64], board: &str, sides: usize) -> String {
    let written: Vec<String> = xy.iter().map(i64::to_string).collect();
    let plural = if xy.len() == 1 { "" } else { "s" };
    format!(
        "[{}] has {} coordinate{plural} but the {board} board has {sides} sides",
        written.join(", "),
        xy.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sections;

    /// Issue 39, case 14: `tour 3x3 --topology torus --format grid | verify -
    /// --topology torus` read the closed tour back as open (its ends a leap apart
    /// across the seams only).
    #[test]
    fn a_grid_read_on_a_torus_is_closed_when_its_ends_leap_across_a_seam() {
        let grid = "7 3 9\n4 6 2\n1 8 5\n";
        let t = parse_document_on(grid, "g", Topology::Torus).unwrap();
        assert!(t.is_closed());
        assert_eq!(t.board().topology(), Topology::Torus);
        assert!(crate::verify::verify(t).is_ok());
        assert!(!parse_document(grid, "g").unwrap().is_closed());
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.txt");
        std::fs::write(&p, grid).unwrap();
        assert!(read_path_on(&p, "g.txt", Topology::Torus)
            .unwrap()
            .is_closed());
        assert!(!read_path(&p, "g.txt").unwrap().is_closed());
    }

    fn ring_with_hole() -> Tour {
        crate::examples::ring()
            .with_algorithm("hand")
            .with_sections(Sections::new(
                vec!["a".into(), "b".into()],
                vec![0, 0, 0, 1, 1, 1, 1, 0],
            ))
    }

    #[test]
    fn json_round_trips() {
        let t = ring_with_hole();
        let back = parse(&to_json(&t), "t.json").unwrap();
        assert_eq!(back.board(), t.board());
        assert_eq!(back.path(), t.path());
        assert_eq!(back.is_closed(), t.is_closed());
        assert_eq!(back.algorithm(), "hand");
        assert_eq!(back.sections(), t.sections());
        crate::verify::check(&back).unwrap();
    }

    #[test]
    fn grid_round_trips_and_infers_closed() {
        let t = ring_with_hole();
        let mut out = Vec::new();
        write(&t, Format::Grid, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "7 2 5\n4 . 8\n1 6 3\n");
        let back = parse(&text, "t.txt").unwrap();
        assert_eq!(back.path(), t.path());
        assert!(back.is_closed());
        assert_eq!(back.board().holes(), t.board().holes());
    }

    #[test]
    fn json_errors_name_the_place() {
        let e = parse("{\"board\": {\"width\": 3}}", "a.json").unwrap_err();
        assert!(e.to_string().starts_with("a.json: line 1, column "), "{e}");
        assert!(e.to_string().contains("height"), "{e}");
        let text = r#"{"board": {"width": 3, "height": 3}, "closed": false,
            "path": [[0, 0], [1, 2], [3, 1]]}"#;
        let e = parse(text, "b.json").unwrap_err().to_string();
        assert_eq!(e, "b.json: field path[2]: [3, 1] is outside the 3x3 board");
        // Pairs that do not fit in 32 bits keep their written values in the message.
        for (bad, shown) in [("-1, 5", "[-1, 5]"), ("0, 99999999999", "[0, 99999999999]")] {
            let text = format!(
                r#"{{"board": {{"width": 3, "height": 3}}, "closed": false,
                "path": [[0, 0], [1, 2], [{bad}], [-7, -7]]}}"#
            );
            let e = parse(&text, "d.json").unwrap_err().to_string();
            assert_eq!(
                e,
                format!("d.json: field path[2]: {shown} is outside the 3x3 board")
            );
        }
        let e = parse(
            r#"{"board": {"width": 3, "height": 3}, "closed": false, "path": [[0]]}"#,
            "e.json",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "e.json: field path[0]: [0] has 1 coordinate but the 3x3 board has 2 sides"
        );
        let e = parse("{\"board\": 3", "c.json").unwrap_err().to_string();
        assert!(e.starts_with("c.json: line 1, column"), "{e}");
    }

    #[test]
    fn a_field_given_twice_is_refused_by_name() {
        let board = r#""board": {"width": 3, "height": 4}"#;
        let path = r#""path": [[0, 0], [1, 2], [2, 0], [0, 1], [2, 2], [1, 0], [0, 2],
            [2, 1], [0, 3], [1, 1], [2, 3], [1, 3]]"#;
        for (twice, field) in [
            (r#""closed": false, "closed": false"#, "closed"),
            (
                r#""closed": false, "leaper": [1, 2], "leaper": null"#,
                "leaper",
            ),
            (
                r#""closed": false, "algorithm": "a", "algorithm": "b""#,
                "algorithm",
            ),
            (&format!(r#""closed": false, {path}"#), "path"),
            (&format!(r#"{board}, "closed": false"#), "board"),
        ] {
            let text = format!("{{{board}, {path}, {twice}}}");
            let e = parse(&text, "f.json").unwrap_err().to_string();
            assert!(e.contains(&format!("duplicate field `{field}`")), "{e}");
            assert!(e.starts_with("f.json: line "), "{e}");
        }
        // Once each, the same fields make a tour.
        let text = format!(r#"{{{board}, {path}, "closed": false}}"#);
        assert!(parse(&text, "f.json").is_ok());
    }

    fn space(text: &str) -> Result<Tour, Error> {
        let t = parse(text, "s.json")?;
        assert!(t.board().dims() > 2, "read as a 2-D tour of {}", t.board());
        Ok(t)
    }

    #[test]
    fn files_of_boards_with_more_sides_are_refused_where_they_are_wrong() {
        let e = |t: &str| space(t).unwrap_err().to_string();
        let head = r#"{"board": {"width": 3, "height": 3, "depth": 2}, "closed": false, "path": "#;
        assert_eq!(
            e(&format!("{head}[[0, 0, 0], [1, 2]]}}")),
            "s.json: line 1, column 93: path[1] has 2 coordinates but path[0] has 3"
        );
        assert_eq!(
            e(&format!("{head}[[0, 0], [1, 2]]}}")),
            "s.json: field path[0]: [0, 0] has 2 coordinates but the 3x3x2 board has 3 sides"
        );
        assert_eq!(
            e(&format!("{head}[[0, 0, 0], [1, 2, 2]]}}")),
            "s.json: field path[1]: [1, 2, 2] is outside the 3x3x2 board"
        );
        assert_eq!(
            e(&format!("{head}[[0, 0, -1]]}}")),
            "s.json: field path[0]: [0, 0, -1] is outside the 3x3x2 board"
        );
        assert_eq!(
            e(r#"{"board": {"width": 3, "height": 3, "depth": 0}, "closed": false, "path": []}"#),
            "s.json: field board: a 3x3x0 board has no cells: side 3 is 0, and every side must be at least 1"
        );
        assert_eq!(
            e(
                r#"{"board": {"width": 3, "height": 3, "depth": 2, "sides": [3, 3, 3, 2]}, "closed": false, "path": []}"#
            ),
            "s.json: field board.depth: is 2 but board.sides[2] is 3"
        );
        assert_eq!(
            e(r#"{"board": {"width": 3, "height": 3, "sides": [3, 3]}, "closed": false, "path": []}"#),
            "s.json: field board.sides: lists 2 sides; a board of two sides is written with width and height alone"
        );
        assert_eq!(
            e(r#"{"board": {"width": 3, "height": 3, "depth": 2, "holes": [[0, 0, 0]]}, "closed": false, "path": []}"#),
            "s.json: field board.holes: the 3x3x2 board has three or more sides, and such boards take no holes"
        );
        assert_eq!(
            e(r#"{"board": {"width": 9, "height": 3, "depth": 2}, "topology": "cylinder", "closed": false, "path": []}"#),
            "s.json: field topology: 'cylinder': a board of three or more sides is not glued into a band"
        );
        let e = e(
            r#"{"board": {"width": 3, "height": 3, "depth": 2}, "closed": true, "path": [[0, 0, 0]],
            "sections": {"names": ["a"], "runs": [[0, 2]]}}"#,
        );
        assert!(e.starts_with("s.json: field sections.runs[0]:"), "{e}");
    }

    #[test]
    fn a_tourney_round_trips_and_is_told_from_a_tour() {
        let ring = crate::examples::ring().with_algorithm("hand");
        let t = ring.into_tourney();
        let text = to_json(&t);
        let back = parse_document(&text, "t.json").unwrap();
        assert!(back.is_tourney(), "read as a tour: {text}");
        assert_eq!(back.cycles(), t.cycles());
        assert_eq!(back.board(), t.board());
        assert_eq!(back.algorithm(), "hand");
        let e = parse(&text, "t.json").unwrap_err().to_string();
        assert_eq!(e, "t.json: field cycles: this file is a tourney of 1 cycles, not a tour: verify, metrics and render read it");
        let bad = |t: &str| parse_document(t, "b.json").unwrap_err().to_string();
        let head = r#"{"board": {"width": 3, "height": 3}"#;
        assert_eq!(
            bad(&format!(
                r#"{head}, "cycles": [[[0, 0], [1, 2], [3, 0]]]}}"#
            )),
            "b.json: field cycles[0][2]: [3, 0] is outside the 3x3 board"
        );
        assert_eq!(
            bad(&format!(r#"{head}, "closed": false, "cycles": []}}"#)),
            "b.json: field closed: a tourney's cycles are closed: write true or leave the field out"
        );
        assert_eq!(
            bad(&format!(
                r#"{head}, "closed": true, "path": [], "cycles": []}}"#
            )),
            "b.json: field cycles: a file has a path (a tour) or cycles (a tourney), not both"
        );
        assert_eq!(
            bad(&format!(r#"{head}, "closed": true}}"#)),
            "b.json: field path: missing: a tour file has a path, a tourney file has cycles"
        );
        assert_eq!(
            bad(&format!(r#"{head}, "path": []}}"#)),
            "b.json: field closed: missing: a tour says whether it is closed (true) or open (false)"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let json = format!("\u{feff}{}", to_json(&ring_with_hole()));
        assert_eq!(
            parse(&json, "bom.json").unwrap().path(),
            ring_with_hole().path()
        );
    }

    #[test]
    fn grid_errors_name_the_line() {
        let e = parse("1 2\n3\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2: this row has 1 cell but the first row has 2"
        );
        let e = parse("1 2\n3 x\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2, column 2: 'x' is not a step number or '.'"
        );
        let e = parse("1 2\n2 4\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2, column 1: step 2 appears twice (also on line 1)"
        );
        let e = parse("1 2\n5 4\n", "g.txt").unwrap_err().to_string();
        assert_eq!(e, "g.txt: line 2, column 1: step 5 is out of range 1..=4");
        let e = parse("\n\n", "g.txt").unwrap_err().to_string();
        assert!(e.starts_with("g.txt: line 1: the file is empty"), "{e}");
    }
}
