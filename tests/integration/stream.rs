//! Tour files read streaming (issue 25): a file on disk is read pair by pair (JSON) or
//! row by row (the numbered grid), never held whole, and still says what is wrong in
//! one line naming the file and the line or field: the same line as the same bytes read
//! whole from standard input.

use std::fs;

use crate::run::{knights, knights_stdin, stderr, stdout};

/// `knights tour BOARD --format FORMAT`'s output.
fn tour(board: &str, format: &str) -> String {
    let o = knights(&["tour", board, "--format", format]);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// `verify` of `text` as a file named `name` and from standard input: both are refused
/// with exit 1 and one line, the same but for the file's name. Gives that line, naming
/// the file `name`.
fn refused_alike(name: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(name);
    fs::write(&p, text).unwrap();
    let file = knights(&["verify", p.to_str().unwrap()]);
    let pipe = knights_stdin(&["verify", "-"], text.as_bytes());
    for o in [&file, &pipe] {
        assert_eq!(o.status.code(), Some(1), "{}", stderr(o));
        assert_eq!(stderr(o).lines().count(), 1, "{}", stderr(o));
    }
    let streamed = stderr(&file).replace(p.to_str().unwrap(), name);
    let whole = stderr(&pipe).replacen("knights: -:", &format!("knights: {name}:"), 1);
    assert_eq!(streamed, whole);
    streamed.trim_end().to_string()
}

/// `json` with its path's pair number `k` written as `pair`.
fn with_pair(json: &str, k: usize, pair: &str) -> String {
    let mut at = json.find("\"path\": [").unwrap() + "\"path\": [".len();
    for _ in 0..k {
        at += json[at..].find("], [").unwrap() + 3;
    }
    let end = at + json[at..].find(']').unwrap() + 1;
    format!("{}{pair}{}", &json[..at], &json[end..])
}

#[test]
fn a_truncated_json_file_names_the_line_and_column_where_it_ends() {
    let json = tour("12x12", "json");
    let cut = &json[..json.len() * 3 / 5];
    let e = refused_alike("cut.json", cut);
    let line = cut.lines().count();
    assert!(
        e.starts_with(&format!("knights: cut.json: line {line}, column ")),
        "{e}"
    );
    assert!(e.contains("EOF while parsing"), "{e}");
}

#[test]
fn a_bad_pair_names_its_place_in_the_path() {
    let json = tour("12x12", "json");
    assert_eq!(
        refused_alike("off.json", &with_pair(&json, 17, "[12, 3]")),
        "knights: off.json: field path[17]: [12, 3] is outside the 12x12 board"
    );
    assert_eq!(
        refused_alike("neg.json", &with_pair(&json, 0, "[0, -1]")),
        "knights: neg.json: field path[0]: [0, -1] is outside the 12x12 board"
    );
    assert_eq!(
        refused_alike("three.json", &with_pair(&json, 5, "[1, 2, 3]")),
        "knights: three.json: field path[5]: [1, 2, 3] has 3 coordinates but the 12x12 board has 2 sides"
    );
    // Read as written: the same pair, one step visited twice, is a failure of the proof.
    let e = refused_alike("twice.json", &with_pair(&json, 9, "[0, 0]"));
    assert!(e.starts_with("knights: twice.json: not a tour: "), "{e}");
    // A path before its board is read without the board, and says the same.
    let first = json.replacen(
        "\"board\": { \"width\": 12, \"height\": 12 },",
        "\"path\": [[12, 3]], \"board\": { \"width\": 12, \"height\": 12 },",
        1,
    );
    let first = first.replacen(",\n  \"path\": [[", ",\n  \"skipped\": [[", 1);
    assert_eq!(
        refused_alike("first.json", &first),
        "knights: first.json: field path[0]: [12, 3] is outside the 12x12 board"
    );
}

#[test]
fn a_bad_grid_names_its_line_and_column() {
    let grid = format!("# a closed tour\n\n{}", tour("12x12", "grid"));
    let rows: Vec<&str> = grid.lines().collect();
    let with_row = |i: usize, row: String| {
        let mut r: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
        r[i] = row;
        r.join("\n") + "\n"
    };
    // Line 5 is the grid's third row: its third cell is not a number.
    let mut words: Vec<String> = rows[4].split_whitespace().map(String::from).collect();
    let third = words[2].clone();
    words[2] = "x".into();
    assert_eq!(
        refused_alike("word.txt", &with_row(4, words.join(" "))),
        "knights: word.txt: line 5, column 3: 'x' is not a step number or '.'"
    );
    // The step of line 3's first cell again on line 5.
    let step = rows[2].split_whitespace().next().unwrap();
    words[2] = step.into();
    let e = refused_alike("twice.txt", &with_row(4, words.join(" ")));
    assert_eq!(
        e,
        format!("knights: twice.txt: line 5, column 3: step {step} appears twice (also on line 3)")
    );
    words[2] = third;
    words.pop();
    assert_eq!(
        refused_alike("short.txt", &with_row(4, words.join(" "))),
        "knights: short.txt: line 5: this row has 11 cells but the first row has 12"
    );
    // Cut inside its last row.
    let cut = &grid[..grid.len() - 20];
    let e = refused_alike("cut.txt", cut);
    assert!(
        e.starts_with("knights: cut.txt: line 14: this row has "),
        "{e}"
    );
    // Cut after ten rows: a 12x10 grid numbered up to 144.
    let ten = rows[..12].join("\n");
    let e = refused_alike("ten.txt", &ten);
    assert!(e.contains("is out of range 1..=120"), "{e}");
}

#[test]
fn a_grid_that_is_not_a_tour_is_refused_by_the_proof() {
    let grid = tour("12x12", "grid");
    // Steps 1 and 2 swapped: every cell once, but a step is no knight's leap.
    let swapped: String = grid
        .split_inclusive(|c: char| c.is_whitespace())
        .map(|w| match w.trim() {
            "1" => w.replacen('1', "2", 1),
            "2" => w.replacen('2', "1", 1),
            _ => w.to_string(),
        })
        .collect();
    let e = refused_alike("swap.txt", &swapped);
    assert!(e.starts_with("knights: swap.txt: not a tour: step"), "{e}");
    assert!(e.contains(", is not a (1, 2) leap"), "{e}");
}
