//! What is wrong with a file or folder a command was given ([`PathProblem`]), so that a
//! caller can act on an [`super::Error::Path`] without reading its message.

/// What is wrong with a file or folder a command was given (see [`super::Error::Path`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathProblem {
    /// It does not exist: create it, or give another.
    Missing,
    /// Another process is using it (a build writing the same site): wait, then retry.
    Busy,
    /// It holds what the command would not replace (a folder it did not write, a
    /// folder that is not empty): force, or give another.
    Taken,
    /// It lies inside a folder the command replaces: move it, or give another.
    Inside,
    /// It is not a regular file (a folder, a device, a pipe, a socket): give a file.
    NotAFile,
    /// It is larger than the tool reads of such a file: give a smaller one.
    TooBig,
    /// A link in it leads out of the folder it must stay in: copy the file in instead.
    Outside,
}
