//! A reader that stops reading (`knights list | head -1`) closes the pipe under the
//! standard output; `println!` then panics. That is the reader's choice, not an error
//! of this tool: the process cleans up what it was writing and exits 0, as it does when
//! a tour written to `-o -` meets a closed pipe.

use std::panic::PanicHookInfo;

/// Installs a panic hook that turns a failed print to a closed pipe into a quiet exit;
/// every other panic goes to the default hook.
pub fn exit_quietly_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_closed_pipe(info) {
            knights_core::interrupt::remove_unfinished();
            std::process::exit(0);
        }
        default(info)
    }));
}

/// Whether the panic is the standard library's report of printing to a closed pipe.
fn is_closed_pipe(info: &PanicHookInfo) -> bool {
    let payload = info.payload();
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    text.starts_with("failed printing to std") && text.contains("Broken pipe")
}
