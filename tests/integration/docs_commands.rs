//! Every quick `knights` command of the README, docs/ and the gallery's pages runs as
//! shown: in the order a reader meets them, in a folder of their own per file (a later
//! one may read what an earlier one wrote). The commands that build a site, serve,
//! time, search or solve, and those on boards above 128 squares a side, are only
//! parsed (by the binary's own tests, `src/cli/shown.rs`). Every SVG figure they
//! write passes the audit (knights-render's `audit`, see `audit.rs`).

use super::commands::{commands, quick, shown_files};
use super::run::{knights_in, stderr};

#[test]
fn every_quick_command_in_the_readme_the_docs_and_the_pages_runs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut ran, mut failures) = (0, Vec::new());
    for file in shown_files(root) {
        // Each file's commands in the order a reader meets them, in a folder of
        // their own: a later one may read what an earlier one wrote.
        let dir = tempfile::tempdir().unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        for args in commands(&text).into_iter().filter(|a| quick(a)) {
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = knights_in(dir.path(), &argv);
            // A command shown with its refusal (`$ knights tour 4x9` and the line
            // `knights: ...` under it) is refused with that message.
            let shown = format!("knights {}\n", args.join(" "));
            let refusal = text
                .split(&shown)
                .nth(1)
                .and_then(|rest| rest.lines().next())
                .filter(|l| l.starts_with("knights: "));
            let ok = match refusal {
                Some(message) => !o.status.success() && stderr(&o).lines().next() == Some(message),
                None => o.status.success(),
            };
            if !ok {
                failures.push(format!(
                    "{}: knights {}: {}",
                    file.strip_prefix(root).unwrap().display(),
                    args.join(" "),
                    stderr(&o).trim()
                ));
            }
            ran += 1;
        }
        let (_, found) = super::audit::findings(dir.path());
        let name = file.strip_prefix(root).unwrap().display();
        failures.extend(found.into_iter().map(|f| format!("{name}: audit: {f}")));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran > 40, "{ran}");
}
