//! The stored optima (content/optima): brute force's minima against the stored
//! values, and the list of stored entries with the ignored tests that regenerate and
//! improve them.

use super::*;

/// The value a stored optimum (content/optima) records.
fn stored_value(stem: &str) -> u64 {
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

/// The measures stored for the 6x6 closed and 5x5 open boards.
fn stored_measures() -> [Measure; 5] {
    [
        Measure::Turns,
        Measure::Crossings,
        Measure::Sharp,
        TURNS_CROSSINGS,
        Measure::Run,
    ]
}

#[test]
fn brute_force_sees_every_closed_tour_of_6x6_once_and_the_stored_optima_are_its_minima() {
    // 9,862 closed knight's tours of the 6x6 board (OEIS A001230).
    let b = board(6, 6);
    let least = brute::closed(&b, &stored_measures());
    assert_eq!(least.tours, 9862);
    // Some tour takes a whole longest line: why --maximize run is refused.
    assert_eq!(least.most_of(Measure::Run), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("6x6-closed-{m}")), least.of(m), "{m}");
    }
}

#[test]
fn the_stored_5x5_open_optima_are_brute_forces_minima() {
    let b = board(5, 5);
    let least = brute::open(&b, &stored_measures());
    assert_eq!(least.most_of(Measure::Run), longest_line(&b));
    for m in stored_measures() {
        assert_eq!(stored_value(&format!("5x5-open-{m}")), least.of(m), "{m}");
    }
}

/// The stored optima and the time each may take: `knights optimum BOARD ...
/// --time-limit S -o content/optima/STEM.json` for each, which
/// `KNIGHTS_REGENERATE=1 cargo test -p knights-lab --features motif regenerate --
/// --ignored` runs in one go (docs/optimum.md; without the feature, only the uncrossed
/// entries are made).
pub const STORED: &[(&str, bool, Measure, u64)] = &[
    ("6x6", true, Measure::Turns, 120),
    ("5x5", false, Measure::Turns, 120),
    ("5x5", false, Measure::Crossings, 120),
    ("3x4", false, Measure::Turns, 60),
    ("3x4", false, Measure::Crossings, 60),
    ("4x5", false, Measure::Turns, 60),
    ("4x5", false, Measure::Crossings, 60),
    ("3x7", false, Measure::Turns, 60),
    ("3x7", false, Measure::Crossings, 60),
    ("3x10", true, Measure::Turns, 60),
    ("3x10", true, Measure::Crossings, 60),
    ("4x6", false, Measure::Turns, 60),
    ("4x6", false, Measure::Crossings, 60),
    ("3x3", false, Measure::Uncrossed, 60),
    ("4x4", false, Measure::Uncrossed, 60),
    ("5x5", false, Measure::Uncrossed, 60),
    ("6x6", false, Measure::Uncrossed, 120),
    ("6x6", true, Measure::Crossings, 240),
    ("8x8", true, Measure::Turns, 180),
    ("7x7", false, Measure::Turns, 120),
    ("7x7", false, Measure::Uncrossed, 300),
    ("8x8", false, Measure::Uncrossed, 1800),
    ("8x8", true, Measure::Crossings, 3000),
    ("7x7", false, Measure::Crossings, 1800),
    ("4x4", true, Measure::Uncrossed, 60),
    ("5x5", true, Measure::Uncrossed, 60),
    ("6x6", true, Measure::Uncrossed, 60),
    ("7x7", true, Measure::Uncrossed, 300),
    ("8x8", true, Measure::Uncrossed, 900),
    ("9x9", false, Measure::Uncrossed, 120),
    ("9x9", true, Measure::Uncrossed, 120),
    ("9x9", false, Measure::Turns, 120),
    ("9x9", false, Measure::Crossings, 90),
    ("10x10", true, Measure::Turns, 1800),
    ("10x10", true, Measure::Crossings, 90),
    ("12x12", true, Measure::Turns, 2400),
    ("12x12", true, Measure::Crossings, 90),
    ("3x8", false, Measure::Turns, 60),
    ("3x8", false, Measure::Crossings, 60),
    ("4x8", false, Measure::Turns, 60),
    ("4x8", false, Measure::Crossings, 300),
    ("3x12", true, Measure::Turns, 60),
    ("3x12", true, Measure::Crossings, 60),
    ("6x6", true, Measure::Sharp, 120),
    ("8x8", true, Measure::Sharp, 120),
    ("10x10", true, Measure::Sharp, 120),
    ("12x12", true, Measure::Sharp, 120),
    ("3x10", true, Measure::Sharp, 120),
    ("3x12", true, Measure::Sharp, 120),
    ("5x5", false, Measure::Sharp, 120),
    ("7x7", false, Measure::Sharp, 120),
    ("9x9", false, Measure::Sharp, 120),
    ("3x4", false, Measure::Sharp, 120),
    ("3x7", false, Measure::Sharp, 120),
    ("3x8", false, Measure::Sharp, 120),
    ("4x5", false, Measure::Sharp, 120),
    ("4x6", false, Measure::Sharp, 120),
    ("4x8", false, Measure::Sharp, 120),
    ("6x6", true, TURNS_CROSSINGS, 120),
    ("5x5", false, TURNS_CROSSINGS, 120),
    ("3x10", true, TURNS_CROSSINGS, 60),
    ("3x12", true, TURNS_CROSSINGS, 60),
    ("3x4", false, TURNS_CROSSINGS, 60),
    ("4x5", false, TURNS_CROSSINGS, 60),
    ("3x7", false, TURNS_CROSSINGS, 60),
    ("3x8", false, TURNS_CROSSINGS, 60),
    ("4x6", false, TURNS_CROSSINGS, 60),
    ("4x8", false, TURNS_CROSSINGS, 120),
    ("8x8", true, TURNS_CROSSINGS, 180),
    ("7x7", false, TURNS_CROSSINGS, 120),
    ("9x9", false, TURNS_CROSSINGS, 120),
    ("10x10", true, TURNS_CROSSINGS, 120),
    ("6x6", true, Measure::Run, 60),
    ("8x8", true, Measure::Run, 120),
    ("10x10", true, Measure::Run, 120),
    ("5x5", false, Measure::Run, 60),
    ("7x7", false, Measure::Run, 120),
    ("3x4", false, Measure::Run, 60),
    ("3x7", false, Measure::Run, 60),
    ("3x8", false, Measure::Run, 60),
    ("3x10", true, Measure::Run, 60),
    ("3x12", true, Measure::Run, 60),
    ("4x5", false, Measure::Run, 60),
    ("4x6", false, Measure::Run, 60),
    ("4x8", false, Measure::Run, 60),
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
            measure,
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
/// rewrites each named file whose tour the local search improves (docs/optimum.md).
#[test]
#[ignore = "minutes of local search: KNIGHTS_IMPROVE=1 rewrites content/optima"]
fn improve_the_stored_optima() {
    if std::env::var("KNIGHTS_IMPROVE").as_deref() != Ok("1") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
    let only = std::env::var("KNIGHTS_OPTIMA").unwrap_or_default();
    for stem in only.split(',').filter(|s| !s.is_empty()) {
        let path = dir.join(format!("{stem}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("content/optima/{stem}.json");
        let (out, was, now, took) =
            table::improve_stored(&name, stem, &text, Duration::from_secs(600)).unwrap();
        eprintln!("{stem}: {was} -> {now} by the local search ({took:.1} s)");
        if now < was {
            std::fs::write(&path, out).unwrap();
        }
    }
}
