//! The JSON tour format (docs/tour-format.md): `[x, y]` pairs with `y` from the bottom, the
//! board, the leaper, closed or open, and optional sections as label runs. A board of
//! three or more sides (`depth`, and `sides` from four on) has cells of as many
//! coordinates (`sides`). Reading is two steps: [`visit`] streams the fields in (the path
//! pair by pair), [`check`] makes the walk they describe (a tour, a tourney, an
//! uncrossed path) or names the field that is wrong; [`write`] writes every shape.

mod check;
mod form;
mod sides;
mod visit;
mod write;

use crate::tour::Tour;
use crate::Error;

pub(super) use write::write_json;

/// Reads a JSON tour file from `de` (its text in memory, or a reader streamed).
pub(super) fn parse_json<'de, R: serde_json::de::Read<'de>>(
    de: serde_json::Deserializer<R>,
    file: &str,
) -> Result<Tour, Error> {
    check::document(visit::read_fields(de, file)?, file)
}
