//! Fuzzing the tour parser with proptest, in the normal test suite (and so in CI):
//! arbitrary bytes, valid tour files with random bytes changed, inserted or cut,
//! numbered grids with `#` comment lines (skipped: the tour reads the same), and JSON
//! files of boards of more sides made up field by field.
//! Reading must answer with a tour or an error, never panic; a tour it accepts must go
//! through verification without a panic too, and a verified one must write back to the
//! same path.

use proptest::prelude::*;

use crate::format::{parse, to_json, write, Format};
use crate::verify;

use super::fixtures::tour;

/// Valid files to mutate: a closed 6x6 tour as JSON and as a grid, and the 3x3 ring.
fn seeds() -> Vec<Vec<u8>> {
    let six = tour("6x6.json");
    let mut grid = Vec::new();
    write(&six, Format::Grid, &mut grid).unwrap();
    vec![
        to_json(&six).into_bytes(),
        grid,
        to_json(&crate::examples::ring()).into_bytes(),
    ]
}

/// Reads `bytes` as a tour file and checks what the module documentation promises.
fn read_and_check(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let Ok(tour) = parse(&text, "fuzz") else {
        return;
    };
    if verify::check(&tour).is_ok() {
        let back = parse(&to_json(&tour), "again").expect("a verified tour reads back");
        assert_eq!(back.path(), tour.path());
        assert_eq!(back.board(), tour.board());
    }
}

/// Valid files of boards of three and four sides, to mutate.
fn space_seeds() -> Vec<Vec<u8>> {
    ["4x4x3.json", "4x3x3x2.json"]
        .iter()
        .map(|name| to_json(&tour(name)).into_bytes())
        .collect()
}

/// Reads `bytes` as a tour file of any board: never a panic, and a tour that verifies
/// writes back to the same path.
fn read_any_and_check(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match parse(&text, "fuzz") {
        Ok(t) if t.board().dims() > 2 => {
            if crate::verify::check(&t).is_ok() {
                let back = parse(&to_json(&t), "again").expect("reads back");
                assert_eq!(
                    (back.board(), back.path(), back.kind()),
                    (t.board(), t.path(), t.kind())
                );
            }
        }
        Ok(_) => read_and_check(bytes),
        Err(_) => {}
    }
}

/// The numbered grid of `seeds()[1]` with a `#` comment line of `text` after each line
/// number of `after` (taken modulo the lines; never before the first line).
fn with_comments(after: &[(usize, String)]) -> String {
    let grid = String::from_utf8(seeds()[1].clone()).unwrap();
    let mut lines: Vec<String> = grid.lines().map(String::from).collect();
    for (at, text) in after {
        let at = 1 + at % lines.len();
        lines.insert(at, format!("# {text}"));
    }
    lines.join("\n") + "\n"
}

/// The JSON of a tour of a board of `sides` along `path`, cells as coordinate lists:
/// `width` and `height`, `depth` from three sides on, `sides` from four on (or, with
/// `all_sides`, always).
fn space_json(sides: &[u32], path: &[Vec<u32>], closed: bool, all_sides: bool) -> String {
    let side = |i: usize| sides.get(i).copied().unwrap_or(1);
    let mut board = format!("\"width\": {}, \"height\": {}", side(0), side(1));
    if sides.len() >= 3 {
        board += &format!(", \"depth\": {}", side(2));
    }
    if sides.len() >= 4 || all_sides {
        board += &format!(", \"sides\": {sides:?}");
    }
    format!("{{\"board\": {{{board}}}, \"closed\": {closed}, \"path\": {path:?}}}")
}

/// One edit of a file: replace, insert or remove a byte at a position (taken modulo
/// the length).
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Remove(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to the formats more often than others.
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789-.,[]{}\":\n xe+".to_vec()),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Remove),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = bytes.len().max(1);
        match *e {
            Edit::Set(i, b) if !bytes.is_empty() => bytes[i % n] = b,
            Edit::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Edit::Remove(i) if !bytes.is_empty() => {
                bytes.remove(i % n);
            }
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_and_check(&bytes);
    }

    #[test]
    fn mutated_tours_never_panic_nor_pass_wrongly(
        seed in 0usize..3,
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let bytes = apply(seeds()[seed].clone(), &edits);
        read_and_check(&bytes);
    }

    #[test]
    fn mutated_tours_of_more_sides_never_panic_nor_pass_wrongly(
        seed in 0usize..2,
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let bytes = apply(space_seeds()[seed].clone(), &edits);
        read_any_and_check(&bytes);
    }

    #[test]
    fn comment_lines_in_a_numbered_grid_change_nothing(
        after in prop::collection::vec((any::<usize>(), "[ -~]{0,30}"), 0..6),
    ) {
        let plain = parse(&String::from_utf8(seeds()[1].clone()).unwrap(), "plain").unwrap();
        let text = with_comments(&after);
        let commented = parse(&text, "commented").expect("comment lines are skipped");
        prop_assert_eq!(commented.path(), plain.path());
        read_and_check(text.as_bytes());
    }

    #[test]
    fn made_up_tours_of_more_sides_never_panic_nor_pass_wrongly(
        sides in prop::collection::vec(0u32..5, 2..6),
        path in prop::collection::vec(prop::collection::vec(0u32..6, 0..6), 0..40),
        closed in any::<bool>(),
        all_sides in any::<bool>(),
    ) {
        read_any_and_check(space_json(&sides, &path, closed, all_sides).as_bytes());
    }
}
