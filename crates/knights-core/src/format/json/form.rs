//! The shape of walk a JSON file holds, told from its fields: a tour (`path` and
//! `closed`), a tourney (`cycles`) or an uncrossed path (`"kind": "uncrossed"`), and
//! which fields each kind refuses.

use super::visit::JsonTour;
use crate::format::parse_error;
use crate::Error;

/// Whether a file is a tour (`path` and `closed`) or a tourney (`cycles`), refused
/// naming the field when it is neither or both.
#[derive(Clone, Copy)]
pub(super) enum Form {
    Tour,
    Tourney,
    Uncrossed,
}

impl Form {
    pub(super) fn of(t: &JsonTour, file: &str) -> Result<Form, Error> {
        match t.kind.as_deref() {
            None | Some("tour") => {}
            Some("uncrossed") => {
                if t.path.is_none() || t.closed.is_none() {
                    return Err(parse_error(
                        file,
                        if t.path.is_none() {
                            "field path"
                        } else {
                            "field closed"
                        },
                        "missing: an uncrossed path has a path and says whether it is closed",
                    ));
                }
                if t.cycles.is_some() || t.sections.is_some() {
                    let field = if t.cycles.is_some() {
                        "cycles"
                    } else {
                        "sections"
                    };
                    return Err(parse_error(
                        file,
                        format!("field {field}"),
                        "an uncrossed path has neither cycles nor sections",
                    ));
                }
                return Ok(Form::Uncrossed);
            }
            Some(other) => {
                return Err(parse_error(
                    file,
                    "field kind",
                    format!("'{other}' is not a kind of file: tour (the default) or uncrossed"),
                ))
            }
        }
        if t.leaps.is_some() {
            return Err(parse_error(
                file,
                "field leaps",
                "only an uncrossed path (\"kind\": \"uncrossed\") claims its leaps",
            ));
        }
        match (&t.path, &t.cycles) {
            (Some(_), Some(_)) => Err(parse_error(
                file,
                "field cycles",
                "a file has a path (a tour) or cycles (a tourney), not both",
            )),
            (None, None) => Err(parse_error(
                file,
                "field path",
                "missing: a tour file has a path, a tourney file has cycles",
            )),
            (None, Some(_)) if t.closed == Some(false) => Err(parse_error(
                file,
                "field closed",
                "a tourney's cycles are closed: write true or leave the field out",
            )),
            (None, Some(_)) if t.sections.is_some() => Err(parse_error(
                file,
                "field sections",
                "a tourney has no sections: each cycle is its own part",
            )),
            (None, Some(_)) => Ok(Form::Tourney),
            (Some(_), None) if t.closed.is_none() => Err(parse_error(
                file,
                "field closed",
                "missing: a tour says whether it is closed (true) or open (false)",
            )),
            (Some(_), None) => Ok(Form::Tour),
        }
    }

    /// Refuses a tourney or an uncrossed path on a board of three or more sides.
    pub(super) fn refuse_more_sides(self, file: &str) -> Result<(), Error> {
        match self {
            Form::Tourney => Err(parse_error(
                file,
                "field cycles",
                "tourneys are read on boards of two sides only",
            )),
            Form::Uncrossed => Err(parse_error(
                file,
                "field kind",
                "uncrossed paths are read on boards of two sides only",
            )),
            Form::Tour => Ok(()),
        }
    }
}
