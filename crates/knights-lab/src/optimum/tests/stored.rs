//! The stored optima (content/optima): brute force's minima against the stored
//! values, and the list of stored entries with the ignored tests that regenerate and
//! improve them.

use super::*;

/// The value a stored optimum (content/optima) records.
pub(super) fn stored_value(stem: &str) -> u64 {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/optima")
        .join(format!("{stem}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("\"value\": ").unwrap() + 9;
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Issue 39, case 15: `optimum --table DIR` with a stored file whose path is broken
/// said "internal error ... please report this"; it is a bad file, named in one line
/// with what fails.
#[test]
fn a_stored_optimum_whose_path_is_broken_is_a_bad_file_not_an_internal_error() {
    let stem = "10x10-closed-turns";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/optima")
        .join(format!("{stem}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let name = format!("{stem}.json");
    table::read_one(&name, stem, &text).unwrap();
    for (broken, says) in [
        ("\"path\": [[0, 0], [0, 0]", "cell [0, 0] is visited twice"),
        ("\"path\": [[0, 0], [1, 3]", "is visited twice"),
    ] {
        let bad = text.replacen("\"path\": [[0, 0], [1, 2]", broken, 1);
        assert_ne!(bad, text);
        let e = table::read_one(&name, stem, &bad).unwrap_err();
        let e = e.to_string();
        assert!(
            e.starts_with("10x10-closed-turns.json: ") && e.contains(says),
            "{e}"
        );
        assert!(!e.contains("internal") && !e.contains('\n'), "{e}");
    }
}

/// The measures stored for the 6x6 closed and 5x5 open boards.
fn stored_measures() -> [Measure; 5] {
    [TURNS, CROSSINGS, SHARP, turns_crossings(), RUN]
}

#[test]
fn brute_force_sees_every_closed_tour_of_6x6_once_and_the_stored_optima_are_its_minima() {
    // 9,862 closed knight's tours of the 6x6 board (OEIS A001230).
    let b = board(6, 6);
    let least = brute::closed(&b, &stored_measures());
    assert_eq!(least.tours, 9862);
    // Some tour takes a whole longest line: why --maximize run is refused.
    assert_eq!(least.most_of(RUN), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("6x6-closed-{m}")), least.of(m), "{m}");
    }
}

#[test]
fn the_stored_5x5_open_optima_are_brute_forces_minima() {
    let b = board(5, 5);
    let least = brute::open(&b, &stored_measures());
    assert_eq!(least.most_of(RUN), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("5x5-open-{m}")), least.of(m), "{m}");
    }
}

/// The stored optima and the time each may take: `knights optimum BOARD ...
/// --time-limit S -o content/optima/STEM.json` for each, which
/// `KNIGHTS_REGENERATE=1 cargo test -p knights-lab --features motif regenerate --
/// --ignored` runs in one go (docs/optimum.md; without the feature, only the uncrossed
/// entries are made).
pub const STORED: &[(&str, bool, &str, u64)] = &[
    ("6x6", true, "turns", 120),
    ("5x5", false, "turns", 120),
    ("5x5", false, "crossings", 120),
    ("3x4", false, "turns", 60),
    ("3x4", false, "crossings", 60),
    ("4x5", false, "turns", 60),
    ("4x5", false, "crossings", 60),
    ("3x7", false, "turns", 60),
    ("3x7", false, "crossings", 60),
    ("3x10", true, "turns", 60),
    ("3x10", true, "crossings", 60),
    ("4x6", false, "turns", 60),
    ("4x6", false, "crossings", 60),
    ("3x3", false, "uncrossed", 60),
    ("4x4", false, "uncrossed", 60),
    ("5x5", false, "uncrossed", 60),
    ("6x6", false, "uncrossed", 120),
    ("6x6", true, "crossings", 240),
    ("8x8", true, "turns", 180),
    ("7x7", false, "turns", 120),
    ("7x7", false, "uncrossed", 300),
    ("8x8", false, "uncrossed", 1800),
    ("8x8", true, "crossings", 3000),
    ("7x7", false, "crossings", 1800),
    ("4x4", true, "uncrossed", 60),
    ("5x5", true, "uncrossed", 60),
    ("6x6", true, "uncrossed", 60),
    ("7x7", true, "uncrossed", 300),
    ("8x8", true, "uncrossed", 900),
    ("9x9", false, "uncrossed", 120),
    ("9x9", true, "uncrossed", 120),
    ("9x9", false, "turns", 120),
    ("9x9", false, "crossings", 90),
    ("10x10", true, "turns", 1800),
    ("10x10", true, "crossings", 90),
    ("12x12", true, "turns", 2400),
    ("12x12", true, "crossings", 90),
    ("3x8", false, "turns", 60),
    ("3x8", false, "crossings", 60),
    ("4x8", false, "turns", 60),
    ("4x8", false, "crossings", 300),
    ("3x12", true, "turns", 60),
    ("3x12", true, "crossings", 60),
    ("6x6", true, "sharp", 120),
    ("8x8", true, "sharp", 120),
    ("10x10", true, "sharp", 120),
    ("12x12", true, "sharp", 120),
    ("3x10", true, "sharp", 120),
    ("3x12", true, "sharp", 120),
    ("5x5", false, "sharp", 120),
    ("7x7", false, "sharp", 120),
    ("9x9", false, "sharp", 120),
    ("3x4", false, "sharp", 120),
    ("3x7", false, "sharp", 120),
    ("3x8", false, "sharp", 120),
    ("4x5", false, "sharp", 120),
    ("4x6", false, "sharp", 120),
    ("4x8", false, "sharp", 120),
    ("6x6", true, "turns+crossings", 120),
    ("5x5", false, "turns+crossings", 120),
    ("3x10", true, "turns+crossings", 60),
    ("3x12", true, "turns+crossings", 60),
    ("3x4", false, "turns+crossings", 60),
    ("4x5", false, "turns+crossings", 60),
    ("3x7", false, "turns+crossings", 60),
    ("3x8", false, "turns+crossings", 60),
    ("4x6", false, "turns+crossings", 60),
    ("4x8", false, "turns+crossings", 120),
    ("8x8", true, "turns+crossings", 180),
    ("7x7", false, "turns+crossings", 120),
    ("9x9", false, "turns+crossings", 120),
    ("10x10", true, "turns+crossings", 120),
    ("6x6", true, "run", 60),
    ("8x8", true, "run", 120),
    ("10x10", true, "run", 120),
    ("5x5", false, "run", 60),
    ("7x7", false, "run", 120),
    ("3x4", false, "run", 60),
    ("3x7", false, "run", 60),
    ("3x8", false, "run", 60),
    ("3x10", true, "run", 60),
    ("3x12", true, "run", 60),
    ("4x5", false, "run", 60),
    ("4x6", false, "run", 60),
    ("4x8", false, "run", 60),
];

#[test]
#[ignore = "hours of solving: KNIGHTS_REGENERATE=1 writes content/optima"]
fn regenerate_the_stored_optima() {
    if std::env::var("KNIGHTS_REGENERATE").as_deref() != Ok("1") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
    let only = std::env::var("KNIGHTS_OPTIMA").unwrap_or_default();
    for &(b, closed, measure, seconds) in STORED {
        let spec = Spec {
            board: b.parse().unwrap(),
            closed,
            measure: measure.parse().unwrap(),
        };
        if !only.is_empty() && !only.split(',').any(|s| s == spec.stem()) {
            continue;
        }
        let found = solve(
            &spec,
            Solve {
                limit: Duration::from_secs(seconds),
                start: start_tour(&spec, Duration::from_secs(seconds / 2)).map(|s| s.path),
                report: &mut |r| {
                    eprintln!(
                        "  {}: step {} {} bound {:?} best {:?} ({:.1} s)",
                        spec.stem(),
                        r.number,
                        r.answer,
                        r.bound,
                        r.best,
                        r.seconds
                    )
                },
                strengthen: false,
                cutting: Cutting::from(vec![]),
            },
        );
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                eprintln!("{}: {e}", spec.stem());
                continue;
            }
        };
        eprintln!(
            "{}: {} bound {} optimal {} ({:.1} s)",
            spec.stem(),
            found.value,
            found.bound,
            found.optimal(),
            found.seconds
        );
        let text = file_text(&found).unwrap();
        std::fs::write(dir.join(format!("{}.json", spec.stem())), text).unwrap();
    }
}

/// `knights optimum --improve` on stored entries, in one go: `KNIGHTS_IMPROVE=1
/// KNIGHTS_OPTIMA=STEM,... cargo test -p knights-lab improve_the_stored -- --ignored`
/// rewrites each named file whose tour the local search improves (docs/optimum.md);
/// `KNIGHTS_SEEDS=1,2,3` runs it once per seed (`--seed`), each from the last one's
/// tour, and `KNIGHTS_SECONDS` is its time limit (600).
#[test]
#[ignore = "minutes of local search: KNIGHTS_IMPROVE=1 rewrites content/optima"]
fn improve_the_stored_optima() {
    if std::env::var("KNIGHTS_IMPROVE").as_deref() != Ok("1") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
    let only = std::env::var("KNIGHTS_OPTIMA").unwrap_or_default();
    let seeds = std::env::var("KNIGHTS_SEEDS").unwrap_or_else(|_| improve::SEED.to_string());
    let seconds = std::env::var("KNIGHTS_SECONDS").map_or(600, |s| s.parse().unwrap());
    for stem in only.split(',').filter(|s| !s.is_empty()) {
        for seed in seeds.split(',').map(|s| s.parse().unwrap()) {
            let path = dir.join(format!("{stem}.json"));
            let text = std::fs::read_to_string(&path).unwrap();
            let name = format!("content/optima/{stem}.json");
            let budget = Duration::from_secs(seconds);
            let (out, was, now, took) =
                table::improve_stored(&name, stem, &text, budget, seed).unwrap();
            eprintln!("{stem}, seed {seed}: {was} -> {now} by the local search ({took:.1} s)");
            if now < was {
                std::fs::write(&path, out).unwrap();
            }
        }
    }
}
