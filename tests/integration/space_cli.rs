//! The command line on boards of three or more sides (`WxHxD`, ...): the real binary
//! builds, writes, proves, measures and draws their tours, and refuses what it cannot
//! do with one line naming the reason.

use std::path::Path;

use crate::run::{knights, stderr, stdout};

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn a_box_tour_is_built_verified_measured_and_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "box.json");
    let o = knights(&["tour", "6x5x4", "-o", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\"board\": { \"width\": 6, \"height\": 5, \"depth\": 4 }"),
        "{text}"
    );
    let o = knights(&["verify", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("{file}: ok, a closed tour of the 6x5x4 board (120 cells)\n")
    );
    let o = knights(&["metrics", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("board       6x5x4 (3 sides, 4 levels)"),
        "{out}"
    );
    assert!(
        out.contains("crossings between levels are left undefined"),
        "{out}"
    );
    assert!(out.contains("moves between levels"), "{out}");
    let o = knights(&["metrics", &file, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(m["cells"], 120);
    assert_eq!(m["sides"], serde_json::json!([6, 5, 4]));
    assert_eq!(m["crossings_per_level"].as_array().unwrap().len(), 4);
    let per: u64 = (m["crossings_per_level"].as_array().unwrap().iter())
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(m["crossings"].as_u64().unwrap(), per);
    assert!(m["crossings_note"]
        .as_str()
        .unwrap()
        .contains("inside each level"));
    assert!(m["moves_between_levels"].as_u64().unwrap() > 0);
    for ext in ["svg", "png", "pdf"] {
        let out = path(dir.path(), &format!("box.{ext}"));
        let o = knights(&["render", &file, "-o", &out]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        assert!(std::fs::metadata(&out).unwrap().len() > 100);
    }
    let svg = std::fs::read_to_string(path(dir.path(), "box.svg")).unwrap();
    assert_eq!(svg.matches("class=\"level\"").count(), 4);
    let between = m["moves_between_levels"].as_u64().unwrap() as usize;
    assert_eq!(svg.matches("class=\"leave\"").count(), between);
    assert_eq!(svg.matches("class=\"arrive\"").count(), between);
}

#[test]
fn boards_of_four_sides_and_open_tours_work_from_a_board_too() {
    let o = knights(&["tour", "4x3x3x2", "--open"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"sides\": [4, 3, 3, 2]"));
    let o = knights(&["metrics", "4x4x4x2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (m["levels"].as_u64(), m["closed"].as_bool()),
        (Some(8), Some(true))
    );
    let o = knights(&["tour", "4x4x3", "--format", "svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("<svg"));
}

#[test]
fn refusals_name_the_rule_and_exit_non_zero() {
    let cases: [(&[&str], i32, &str); 9] = [
        (&["tour", "5x5x5"], 1, "every side is odd"),
        (
            &["tour", "14x12x3", "--algo", "besa"],
            1,
            "one of the first two sides must be even and at least 16",
        ),
        (
            &["tour", "20x16x6", "--algo", "besa", "--open"],
            1,
            "builds closed tours",
        ),
        (
            &["tour", "6x4x4", "--algo", "parberry"],
            1,
            "parberry builds tours of boards with two sides",
        ),
        (&["tour", "4x4x4", "--format", "grid"], 2, "--format json"),
        (&["tour", "4x0x4"], 1, "side 2 is 0"),
        (
            &["tour", "2000x2000x2000"],
            1,
            "8000000000 cells, more than the 4294967294",
        ),
        (
            &["tour", "6x4x4", "--start", "1,1"],
            2,
            "--start takes a square",
        ),
        (&["worksheet", "4x4x4", "-o", "w.pdf"], 1, "has 3 sides"),
    ];
    for (args, code, message) in cases {
        let o = knights(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        if code == 1 {
            assert_eq!(
                stderr(&o).trim().lines().count(),
                1,
                "{args:?}: {}",
                stderr(&o)
            );
        }
    }
}

#[test]
fn verify_says_where_a_box_tour_or_its_file_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let o = knights(&["tour", "4x4x4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let (head, path_text) = text.split_once("\"path\": ").unwrap();
    let mut cells: Vec<Vec<u32>> =
        serde_json::from_str(path_text.trim().trim_end_matches('}')).unwrap();
    let write = |name: &str, cells: &[Vec<u32>]| {
        let f = path(dir.path(), name);
        let body = format!(
            "{head}\"path\": {}\n}}\n",
            serde_json::to_string(cells).unwrap()
        );
        std::fs::write(&f, body).unwrap();
        f
    };
    let good = write("good.json", &cells);
    assert_eq!(knights(&["verify", &good]).status.code(), Some(0));
    cells.swap(3, 4);
    let swapped = write("swapped.json", &cells);
    let o = knights(&["verify", &swapped]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("swapped.json: not a tour: step 3 of the path"),
        "{}",
        stderr(&o)
    );
    cells.swap(3, 4);
    cells[0].pop();
    let short = write("short.json", &cells);
    let o = knights(&["verify", &short]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("short.json: line "), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("path[1] has 3 coordinates but path[0] has 2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_formation_tour_of_a_box_is_written_and_proved() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "formation.json");
    let o = knights(&["tour", "16x12x3", "-o", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["verify", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["metrics", &file]);
    assert!(
        stdout(&o).contains("besa"),
        "auto picks the formation: {}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("8 moves between levels"),
        "{}",
        stdout(&o)
    );
}
