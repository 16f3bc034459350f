//! Tour files of boards with more sides round-trip (tours of the constructions).

use crate::format::{parse, to_json};
use crate::{verify, Error, Sections, Tour};

use super::fixtures::tour;

/// A closed tour of the 4x4x4 board with two sections, and an open one of a 4-D board.
fn space_tours() -> Vec<Tour> {
    let sections = Sections::new(
        vec!["low".into(), "high".into()],
        (0..64).map(|i| (i >= 40) as u8).collect(),
    );
    vec![
        tour("4x4x4.json").with_sections(sections),
        tour("4x3x3x2-open.json"),
    ]
}

#[test]
fn tours_of_boards_with_more_sides_round_trip() {
    for t in space_tours() {
        let text = to_json(&t);
        let back = space(&text).unwrap();
        assert_eq!(
            (back.board(), back.path(), back.kind(), back.algorithm()),
            (t.board(), t.path(), t.kind(), t.algorithm())
        );
        assert_eq!(back.sections(), t.sections());
        verify::check(&back).unwrap();
    }
    let text = to_json(&space_tours()[0]);
    assert!(text.starts_with(
        "{\n  \"board\": { \"width\": 4, \"height\": 4, \"depth\": 4 },\n  \"leaper\": [1, 2],\n  \"closed\": true,\n  \"algorithm\": \"warnsdorff\",\n  \"sections\": { \"names\": [\"low\",\"high\"], \"runs\": [[0, 40], [1, 24]] },\n  \"path\": [[0, 0, 0], "
    ), "{text}");
    let text = to_json(&space_tours()[1]);
    assert!(
        text.contains(
            "\"board\": { \"width\": 4, \"height\": 3, \"depth\": 3, \"sides\": [4, 3, 3, 2] }"
        ),
        "{text}"
    );
}

fn space(text: &str) -> Result<Tour, Error> {
    let t = parse(text, "s.json")?;
    assert!(t.board().dims() > 2, "read as a 2-D tour of {}", t.board());
    Ok(t)
}
