//! The `knights` binary: parses the command line and reports failures as one line on
//! standard error with the exit status DESIGN.md fixes (1 invalid input, 2 usage).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse(); // usage errors exit 2 here, with clap's message
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Invalid(knights::Error::Io { source, .. }))
            if source.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS // the reader (e.g. `head`) stopped reading: not an error
        }
        Err(cli::Failure::Invalid(e)) if e.is_internal() => {
            // A bug of this tool, not of its input: 3, as the README and --help say.
            eprintln!("knights: {e}");
            ExitCode::from(3)
        }
        Err(cli::Failure::Invalid(e)) => {
            eprintln!("knights: {e}");
            ExitCode::from(1)
        }
        Err(cli::Failure::Usage(msg)) => {
            eprintln!("knights: {msg}");
            ExitCode::from(2)
        }
    }
}
