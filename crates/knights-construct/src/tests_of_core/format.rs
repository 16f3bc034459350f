//! Tour files of boards with more sides round-trip (the tours from the construction).

use knights_core::format::{parse, parse_any, space_to_json};
use knights_core::space::SpaceTour;
use knights_core::AnyTour;
use knights_core::{Error, Sections};

use crate::space::{build, SpaceRequest};

/// A closed tour of the 4x4x4 board and an open one of a 4-D board, built by the
/// construction for small boards and proven before use.
fn space_tours() -> Vec<SpaceTour> {
    let mut four = SpaceRequest::closed("4x3x3x2".parse().unwrap());
    four.open = true;
    let sections = Sections::new(
        vec!["low".into(), "high".into()],
        (0..64).map(|i| (i >= 40) as u8).collect(),
    );
    vec![
        build(&SpaceRequest::closed("4x4x4".parse().unwrap()), "auto")
            .unwrap()
            .into_inner()
            .with_sections(sections),
        build(&four, "auto").unwrap().into_inner(),
    ]
}

#[test]
fn tours_of_boards_with_more_sides_round_trip() {
    for t in space_tours() {
        let text = space_to_json(&t);
        assert_eq!(space(&text).unwrap(), t);
        knights_core::space::verify::check(&space(&text).unwrap()).unwrap();
    }
    let text = space_to_json(&space_tours()[0]);
    assert!(text.starts_with(
        "{\n  \"board\": { \"width\": 4, \"height\": 4, \"depth\": 4 },\n  \"leaper\": [1, 2],\n  \"closed\": true,\n  \"algorithm\": \"warnsdorff\",\n  \"sections\": { \"names\": [\"low\",\"high\"], \"runs\": [[0, 40], [1, 24]] },\n  \"path\": [[0, 0, 0], "
    ), "{text}");
    let text = space_to_json(&space_tours()[1]);
    assert!(
        text.contains(
            "\"board\": { \"width\": 4, \"height\": 3, \"depth\": 3, \"sides\": [4, 3, 3, 2] }"
        ),
        "{text}"
    );
    // The 2-D reader names what it cannot read.
    let e = parse(&text, "s.json").unwrap_err().to_string();
    assert_eq!(
        e,
        "s.json: field board: the 4x3x3x2 board has 4 sides, and only boards of two are read here"
    );
}

fn space(text: &str) -> Result<SpaceTour, Error> {
    match parse_any(text, "s.json")? {
        AnyTour::Space(t) => Ok(t),
        AnyTour::Flat(t) => panic!("read as a 2-D tour of {}", t.board()),
    }
}
