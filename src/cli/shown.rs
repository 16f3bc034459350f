//! Tests: every `knights` command the project shows parses with the real argument
//! parser, and the command each catalogue tour's page shows asks for exactly the tour
//! the build made (the same board, leaper, topology, construction, variant, open or
//! closed, seed), for every tour and series member of the shipped catalogue.

#[path = "../../tests/integration/commands.rs"]
#[allow(dead_code)]
mod commands;

use std::path::Path;

use clap::Parser;

use super::{Cli, Command};
use knights_site::{BuildOptions, Site};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn parse(args: &[String]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("knights".to_string()).chain(args.iter().cloned()))
}

#[test]
fn every_catalogue_tours_command_asks_for_the_tour_it_shows() {
    let tmp = tempfile::tempdir().unwrap();
    let site = Site::load(BuildOptions {
        content: root().join("content"),
        templates: Default::default(),
        out: tmp.path().join("site"),
        jobs: Some(1),
        force: false,
        progress: false,
        exhibits: knights_gallery::all(),
    })
    .unwrap();
    let mut checked = 0;
    for (slug, target) in site.tours() {
        let args = target.command();
        let cli = parse(&args).unwrap_or_else(|e| panic!("{slug}: {args:?}: {e}"));
        let Command::Tour { board, build, .. } = cli.command else {
            panic!("{slug}: {args:?} is not `knights tour`");
        };
        let board = board
            .parse()
            .unwrap_or_else(|e| panic!("{slug}: {args:?}: {e}"));
        assert_eq!(build.algo, target.algorithm, "{slug}");
        let r = super::tours::request(board, &build).unwrap();
        let (asked, shown) = (format!("{r:?}"), format!("{:?}", target.request()));
        assert_eq!(asked, shown, "{slug}: {}", target.command_line());
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn every_command_in_the_readme_the_docs_and_the_pages_parses() {
    let mut failures = Vec::new();
    let mut parsed = 0;
    for file in commands::shown_files(root()) {
        let text = std::fs::read_to_string(&file).unwrap();
        for args in commands::commands(&text) {
            match parse(&args) {
                Ok(_) => parsed += 1,
                Err(e)
                    if matches!(
                        e.kind(),
                        clap::error::ErrorKind::DisplayHelp
                            | clap::error::ErrorKind::DisplayVersion
                    ) =>
                {
                    parsed += 1
                }
                // `knights verify` in a sentence names the subcommand.
                Err(e)
                    if commands::named_only(&args)
                        && e.kind() == clap::error::ErrorKind::MissingRequiredArgument => {}
                Err(e) => failures.push(format!(
                    "{}: knights {}: {}",
                    file.strip_prefix(root()).unwrap().display(),
                    args.join(" "),
                    e.to_string().lines().next().unwrap_or_default()
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(parsed > 50, "{parsed}");
}
