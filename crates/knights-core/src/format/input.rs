//! Reading a tour file's bytes with bounds: a file that cannot be a tour (it starts with
//! something that is neither JSON nor a numbered grid, like `/dev/zero`) is refused
//! after its first bytes. A file on disk is read streaming ([`read`]): its text is
//! never held, only the tour read from it (four bytes a cell). What cannot be read
//! twice (a pipe) is read whole ([`read_text`]), never beyond what memory can hold
//! alongside the tour parsed from it.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use super::{grid::parse_grid, json::parse_json, parse_document_on};
use crate::board::Topology;
use crate::memory;
use crate::tour::Tour;
use crate::{Bytes, Error, TooLarge};

/// Reads the tour (tourney, uncrossed path) file at `path`, named `file` in messages: streamed when
/// it is a file on disk, read whole when it is not (a pipe, a device).
pub fn read_path(path: &Path, file: &str) -> Result<Tour, Error> {
    read_path_on(path, file, Topology::Plane)
}

/// [`read_path`], a numbered grid read on the band `topology` (see
/// [`super::parse_document_on`]).
pub fn read_path_on(path: &Path, file: &str, topology: Topology) -> Result<Tour, Error> {
    let f = File::open(path).map_err(|e| Error::io(path, e))?;
    if f.metadata().is_ok_and(|m| m.is_file()) {
        read_on(f, file, topology)
    } else {
        parse_document_on(&read_text(f, file)?, file, topology)
    }
}

/// Reads a tour from `input`, JSON or a numbered grid, without holding its text: a
/// JSON path is read pair by pair, a grid row by row (twice: see
/// [`super::grid`]). A tourney's cycles are held as written until the board checks
/// them. `file` names the source in messages.
pub fn read(input: impl Read + Seek, file: &str) -> Result<Tour, Error> {
    read_on(input, file, Topology::Plane)
}

/// [`read`], a numbered grid read on the band `topology`.
fn read_on(input: impl Read + Seek, file: &str, topology: Topology) -> Result<Tour, Error> {
    let io = |e| Error::io(file, e);
    let mut input = BufReader::with_capacity(1 << 16, input);
    let start = input.stream_position().map_err(io)?;
    let bom = if input
        .fill_buf()
        .map_err(io)?
        .starts_with("\u{feff}".as_bytes())
    {
        3
    } else {
        0
    };
    input.seek(SeekFrom::Start(start + bom)).map_err(io)?;
    // Found streaming: blank space and comments before it are never held, however
    // long (500 MB of spaces then `{` is JSON).
    let (first, significant) = first_significant(&mut input).map_err(io)?;
    refuse_what_cannot_be_a_tour(significant, file)?;
    input.seek(SeekFrom::Start(start + bom)).map_err(io)?;
    if first == Some('{') {
        parse_json(serde_json::Deserializer::from_reader(input), file)
    } else {
        parse_grid(input, file, topology)
    }
}

/// The first character of `input` past blank space, and the first past blank space
/// and the `#` comment lines a numbered grid may start with (`None` when there is
/// none), read a buffer at a time and held in none.
fn first_significant(input: &mut impl BufRead) -> io::Result<(Option<char>, Option<char>)> {
    let (mut in_comment, mut first) = (false, None);
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok((first, None));
        }
        let mut used = 0;
        for &b in buf {
            match (in_comment, b) {
                (true, b'\n') => in_comment = false,
                (true, _) | (false, b' ' | b'\t' | b'\r' | b'\n') => {}
                (false, b'#') => {
                    in_comment = true;
                    first = first.or(Some('#'));
                }
                (false, _) => {
                    let rest = &buf[used..buf.len().min(used + 4)];
                    let c = String::from_utf8_lossy(rest).chars().next();
                    return Ok((first.or(c), c));
                }
            }
            used += 1;
        }
        input.consume(used);
    }
}

/// Refuses a file whose first character (past blank space and `#` comment lines) can
/// start neither JSON nor a numbered grid.
fn refuse_what_cannot_be_a_tour(first: Option<char>, file: &str) -> Result<(), Error> {
    match first {
        Some(c) if c != '{' && c != '.' && !c.is_ascii_digit() => Err(super::parse_error(
            file,
            "start",
            format!(
                "{c:?} cannot start a tour file: it is neither JSON (`{{`) nor a numbered grid"
            ),
        )),
        _ => Ok(()),
    }
}

/// How much of a pipe's text is looked at before deciding it cannot be a tour.
const SNIFF: u64 = 4096;

/// Memory needed per byte of text while parsing: the text itself, and the path parsed
/// from it (at least a few bytes of text per 4-byte cell) with room to spare.
const PARSE_FACTOR: u64 = 4;

/// The text of a tour file read from `reader`; `file` names it in messages.
pub fn read_text(mut reader: impl Read, file: &str) -> Result<String, Error> {
    let mut bytes = Vec::new();
    (&mut reader)
        .take(SNIFF)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(file, e))?;
    let head = String::from_utf8_lossy(&bytes);
    refuse_what_cannot_be_a_tour(first_char(head.trim_start_matches('\u{feff}')), file)?;
    let cap = memory::available().map_or(u64::MAX, |a| a / PARSE_FACTOR);
    reader
        .take(cap.saturating_sub(bytes.len() as u64).saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(file, e))?;
    if bytes.len() as u64 > cap {
        return Err(TooLarge::Text {
            file: file.to_string(),
            limit: Bytes(cap),
            available: Bytes(cap.saturating_mul(PARSE_FACTOR)),
        }
        .into());
    }
    String::from_utf8(bytes)
        .map_err(|e| Error::io(file, io::Error::new(io::ErrorKind::InvalidData, e)))
}

/// The first character of `text` past blank space and the `#` comment lines a
/// numbered grid may start with, or `None` when there is none in it.
fn first_char(text: &str) -> Option<char> {
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
        match rest.strip_prefix('#') {
            Some(comment) => rest = comment.split_once('\n')?.1,
            None => return rest.chars().next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_cannot_be_a_tour_is_refused_at_once() {
        let e = read_text(io::repeat(0), "/dev/zero")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("/dev/zero: start: '\\0' cannot start a tour file"),
            "{e}"
        );
        assert_eq!(
            read_text(&b"\xef\xbb\xbf{}"[..], "a").unwrap(),
            "\u{feff}{}"
        );
        assert_eq!(read_text(&b"1 2\n"[..], "a").unwrap(), "1 2\n");
        assert_eq!(first_char("# a grid\n\n  # more\n 1 2"), Some('1'));
        assert_eq!(first_char("#\nx"), Some('x'));
        assert_eq!(first_char("# only a comment"), None);
    }

    /// The first character is found past any blank space and comments without
    /// holding them: JSON after them is JSON, a grid a grid.
    #[test]
    fn the_first_character_is_found_streaming() {
        let first =
            |t: &str| first_significant(&mut BufReader::with_capacity(8, t.as_bytes())).unwrap();
        assert_eq!(first("   \n\t {"), (Some('{'), Some('{')));
        assert_eq!(
            first("# a grid, long comment\n  1 2"),
            (Some('#'), Some('1'))
        );
        assert_eq!(first("  é"), (Some('é'), Some('é')));
        assert_eq!(first("  # only"), (Some('#'), None));
        assert_eq!(first(""), (None, None));
        let spaces = " ".repeat(200_000);
        let json = format!(
            "{spaces}{}",
            r#"{"board": {"width": 1, "height": 1}, "closed": false, "path": [[0, 0]]}"#
        );
        let tour = read(io::Cursor::new(json.into_bytes()), "t").unwrap();
        assert_eq!(tour.path().len(), 1);
        let grid = format!("{spaces}\n# c{spaces}\n{spaces}1{spaces}\n");
        let tour = read(io::Cursor::new(grid.into_bytes()), "g").unwrap();
        assert_eq!(tour.path().len(), 1);
    }
}
