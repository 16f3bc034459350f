//! Running the real `knights` binary, as the command-line tests do.

use std::path::Path;
use std::process::{Command, Output};

/// `knights ARGS`, in the current folder.
pub fn knights(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .output()
        .expect("the knights binary runs")
}

/// `knights ARGS`, in `dir`.
pub fn knights_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the knights binary runs")
}

/// What a run wrote to standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// What a run wrote to standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Asserts that a run was refused as bad input: exit status 1 and `text` in its message.
pub fn refused(o: &Output, text: &str) {
    assert_eq!(o.status.code(), Some(1), "{}", stderr(o));
    assert!(stderr(o).contains(text), "{}", stderr(o));
}

/// `knights ARGS` with `input` on its standard input.
pub fn knights_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the knights binary runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input)
        .expect("the input is written");
    child.wait_with_output().expect("the knights binary ends")
}

/// `knights ARGS` under `ulimit -v kib` (an address-space limit), so that a refusal for
/// want of memory is seen without a machine that lacks it.
#[cfg(unix)]
pub fn knights_limited(kib: u64, args: &[&str]) -> Output {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    Command::new("sh")
        // No backtraces: a panic under the limit (rayon failing to start its threads)
        // that prints one runs out of memory while symbolizing it, and the standard
        // library's out-of-memory hook then waits for the backtrace lock the panic hook
        // holds, forever. The panic's message alone is enough to tell a failure.
        .env("RUST_BACKTRACE", "0")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib} && exec '{}' {}",
            env!("CARGO_BIN_EXE_knights"),
            quoted.join(" ")
        ))
        .output()
        .expect("the knights binary runs")
}

/// A refusal in one line, exit 1, within a few seconds of starting.
pub fn refused_at_once(args: &[&str], text: &str) {
    let t0 = std::time::Instant::now();
    let o = knights(args);
    refused(&o, text);
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(
        t0.elapsed() < std::time::Duration::from_secs(10),
        "{args:?}"
    );
}
