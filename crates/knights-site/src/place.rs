//! Where a catalogue value was written, so that every check after reading (the
//! `[site]` table's, the plan's, a tour's build) can name the file, the line and the
//! field. Its own module because all of them need it and it needs none of them.

use knights_core::Error;

/// Where a value was written: a file (as given, relative to the content folder's
/// parent when possible) and a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file, as displayed in messages.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
}

impl Place {
    /// An [`Error::Parse`] at this place, about `field`.
    pub fn error(&self, field: &str, message: impl Into<String>) -> Error {
        Error::Parse {
            file: self.file.clone(),
            place: format!("line {}, field \"{field}\"", self.line),
            message: message.into(),
        }
    }
}

/// A value and the line it was written on.
#[derive(Clone, Debug)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub place: Place,
}
