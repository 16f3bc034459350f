//! The README is current: each of its examples prints what it shows (run by the real
//! binary), and its pictures are what the commands beside them draw.
//! `KNIGHTS_REGENERATE=1 cargo test --test integration readme` writes the binary's output
//! into the README's examples and the drawings over its pictures (look at the
//! difference before committing).

use std::path::PathBuf;

use resvg::tiny_skia::Pixmap;

use super::commands::quick;
use super::render_refs::compare;
use super::run::knights_in;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn regenerate() -> bool {
    std::env::var("KNIGHTS_REGENERATE").is_ok_and(|v| v == "1")
}

/// One example of the README's Examples block: its command line (as written, comment
/// and all), its arguments, and the output lines shown under it.
struct Example {
    line: String,
    args: Vec<String>,
    shown: Vec<String>,
}

/// The examples of the fenced block under `## Examples`, and where that block's lines
/// start and end in the README's lines.
fn examples(readme: &str) -> (Vec<Example>, usize, usize) {
    let lines: Vec<&str> = readme.lines().collect();
    let heading = lines.iter().position(|l| *l == "## Examples").unwrap();
    let start = heading
        + lines[heading..]
            .iter()
            .position(|l| l.starts_with("```"))
            .unwrap()
        + 1;
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.starts_with("```"))
            .unwrap();
    let mut out: Vec<Example> = Vec::new();
    for line in &lines[start..end] {
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push(Example {
                line: line.to_string(),
                args: cmd
                    .split(" #")
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .skip(1)
                    .map(String::from)
                    .collect(),
                shown: Vec::new(),
            }),
            None => out.last_mut().unwrap().shown.push(line.to_string()),
        }
    }
    (out, start, end)
}

#[test]
fn the_readme_examples_print_what_they_show() {
    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (examples, start, end) = examples(&readme);
    assert!(examples.len() >= 8);
    let dir = tempfile::tempdir().unwrap();
    let mut block = Vec::new();
    let mut failures = Vec::new();
    for e in &examples {
        block.push(e.line.clone());
        if !quick(&e.args) {
            block.extend(e.shown.iter().cloned());
            continue;
        }
        let argv: Vec<&str> = e.args.iter().map(String::as_str).collect();
        let o = knights_in(dir.path(), &argv);
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        let printed: Vec<String> = printed.lines().map(String::from).collect();
        if e.shown.is_empty() {
            // Output left out (a whole tour): the command only has to succeed.
            if !o.status.success() {
                failures.push(format!("{}: {}", e.line, printed.join("\n")));
            }
            continue;
        }
        if printed != e.shown {
            failures.push(format!(
                "{}\nshown:\n{}\nprinted:\n{}",
                e.line,
                e.shown.join("\n"),
                printed.join("\n")
            ));
        }
        block.extend(printed);
    }
    if regenerate() {
        let lines: Vec<&str> = readme.lines().collect();
        let mut text: Vec<String> = lines[..start].iter().map(|l| l.to_string()).collect();
        text.extend(block);
        text.extend(lines[end..].iter().map(|l| l.to_string()));
        std::fs::write(&path, text.join("\n") + "\n").unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "(KNIGHTS_REGENERATE=1 writes the printed output into the README)\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn the_readme_pictures_are_what_their_commands_draw() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (command, picture) in [
        ("render 30x30 -o formation.png", "docs/formation-30x30.png"),
        (
            "render 8x8 --theme teaching -o chessboard.png",
            "docs/chessboard-teaching.png",
        ),
    ] {
        assert!(
            readme.contains(&format!("`knights {command}`")),
            "{command}"
        );
        assert!(readme.contains(&format!("]({picture})")), "{picture}");
        let args: Vec<&str> = command.split_whitespace().collect();
        let o = knights_in(dir.path(), &args);
        assert!(o.status.success(), "{command}");
        let drawn = std::fs::read(dir.path().join(args.last().unwrap())).unwrap();
        let stored = root().join(picture);
        if regenerate() {
            std::fs::write(&stored, &drawn).unwrap();
            continue;
        }
        let (expected, actual) = (
            Pixmap::decode_png(&std::fs::read(&stored).unwrap()).unwrap(),
            Pixmap::decode_png(&drawn).unwrap(),
        );
        if (expected.width(), expected.height()) != (actual.width(), actual.height()) {
            failures.push(format!(
                "{picture}: another size than `knights {command}` draws"
            ));
            continue;
        }
        let (bad, _) = compare(&expected, &actual);
        if bad > 0 {
            failures.push(format!(
                "{picture}: {bad} pixels differ from `knights {command}`"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "(KNIGHTS_REGENERATE=1 draws them again)\n{}",
        failures.join("\n")
    );
}
