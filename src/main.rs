//! The `knights` binary: parses the command line and reports failures as one line on
//! standard error with the exit status docs/cli.md fixes (1 invalid input, 2 usage).

mod cli;
mod message;
mod pipe;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

use message::{cut_long_words, escape_controls};

fn main() -> ExitCode {
    pipe::exit_quietly_on_closed_pipe();
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) => {
            // Usage errors exit 2, with clap's message (cut where it echoes huge input).
            // Its lines are clap's layout; control characters within them are escaped.
            let text = e.to_string();
            let lines: Vec<String> = text.split('\n').map(escape_controls).collect();
            eprint!("{}", cut_long_words(&lines.join("\n")));
            return ExitCode::from(2);
        }
    };
    if let Err(e) = knights_core::interrupt::clean_up_on_signals() {
        eprintln!("knights: warning: cannot clean up after an interrupt: {e}");
    }
    let result = cli::run(args);
    if knights_core::interrupt::signalled() {
        // An error now is the interrupt's doing (its cleanup removed what a worker was
        // writing into): let the handler finish cleaning and exit as interrupted,
        // without a misleading message.
        knights_core::interrupt::wait_for_cleanup();
        return ExitCode::from(knights_core::interrupt::INTERRUPTED as u8);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Invalid(knights_core::Error::Io { source, .. }))
            if source.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS // the reader (e.g. `head`) stopped reading: not an error
        }
        Err(cli::Failure::Invalid(e)) if e.is_internal() => {
            // A bug of this tool, not of its input: 3, as the README and --help say.
            eprintln!("knights: {}", escape_controls(&e.to_string()));
            ExitCode::from(3)
        }
        Err(cli::Failure::Invalid(e)) => {
            eprintln!("knights: {}", one_line(&e.to_string()));
            ExitCode::from(1)
        }
        Err(cli::Failure::Usage(msg)) => {
            eprintln!("knights: {}", one_line(&msg));
            ExitCode::from(2)
        }
    }
}

/// An error message as printed: one line, huge words cut, control characters escaped.
fn one_line(msg: &str) -> String {
    cut_long_words(&escape_controls(msg))
}
