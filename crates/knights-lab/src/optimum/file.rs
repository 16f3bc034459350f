//! An optimum as a file: the tour file of `docs/tour-format.md` (or, for an uncrossed
//! path, which visits only some cells, a file of the same layout) with one more field,
//! `optimum`, that records the value, the solver's bound and the run. The value is
//! measured again from the written tour before anything is written.

use knights_core::format::{self, Format};
use knights_core::{metrics, verify, Error, Tour};

use super::{uncrossed_leaps, Measure, Optimum};

/// The file's text.
pub fn file_text(found: &Optimum) -> Result<String, Error> {
    let spec = &found.spec;
    let (measured, mut text) = match spec.measure {
        Measure::Uncrossed => (
            uncrossed_leaps(&spec.board, &found.path, spec.closed)?,
            path_json(found),
        ),
        _ => {
            let tour = Tour::new(spec.board.clone(), found.path.clone(), spec.closed)
                .with_algorithm("optimum");
            let v = verify::constructed(tour)?;
            let m = metrics::measure(&v);
            let mut out = Vec::new();
            format::write(&v, Format::Json, &mut out)
                .map_err(|e| Error::internal(e.to_string()))?;
            let text = String::from_utf8(out).map_err(|e| Error::internal(e.to_string()))?;
            let value = if spec.measure == Measure::Turns {
                m.turns
            } else {
                m.crossings
            };
            (value, text)
        }
    };
    if measured != found.value {
        return Err(Error::internal(format!(
            "the solver's {} answer measures {measured}, not the {} it claims",
            spec.name(),
            found.value
        )));
    }
    let sense = if spec.measure.maximized() {
        "maximize"
    } else {
        "minimize"
    };
    let record = format!(
        "{{ \"measure\": \"{}\", \"sense\": \"{sense}\", \"value\": {}, \"bound\": {}, \"gap\": {}, \"optimal\": {}, \"seconds\": {:.1}, \"solves\": {}, \"cuts\": {}, \"columns\": {}, \"rows\": {}, \"source\": \"{}\", \"solver\": \"HiGHS (highs crate 2), mip_rel_gap 0, subtour cuts after each solve\", \"time_limit\": {}, \"command\": \"{}\" }}",
        spec.measure,
        found.value,
        found.bound,
        found.gap(),
        found.optimal(),
        found.seconds,
        found.solves,
        found.cuts,
        found.columns,
        found.rows,
        found.source,
        found.limit.as_secs(),
        command(found)
    );
    // The record goes first: a field the tour readers skip.
    let at = text.find('\n').map_or(0, |i| i + 1);
    text.insert_str(at, &format!("  \"optimum\": {record},\n"));
    Ok(text)
}

/// The command that makes this answer again.
pub fn command(found: &Optimum) -> String {
    let s = &found.spec;
    let (sense, kind) = match (s.measure, s.closed) {
        (Measure::Uncrossed, true) => ("--maximize", " --closed"),
        (Measure::Uncrossed, false) => ("--maximize", ""),
        (_, true) => ("--minimize", ""),
        (_, false) => ("--minimize", " --open"),
    };
    format!(
        "knights optimum {} {sense} {}{kind} --time-limit {}",
        s.board,
        s.measure,
        found.limit.as_secs()
    )
}

/// An uncrossed path in the layout of a tour file (`knights verify` does not take it:
/// it visits only some cells; [`uncrossed_leaps`] checks it).
fn path_json(found: &Optimum) -> String {
    let b = &found.spec.board;
    let cells: Vec<String> = found
        .path
        .iter()
        .map(|&c| {
            let (x, y) = b.xy(c);
            format!("[{x}, {y}]")
        })
        .collect();
    format!(
        "{{\n  \"board\": {{ \"width\": {}, \"height\": {} }},\n  \"leaper\": [1, 2],\n  \"closed\": {},\n  \"algorithm\": \"optimum\",\n  \"path\": [{}]\n}}\n",
        b.width(),
        b.height(),
        found.spec.closed,
        cells.join(", ")
    )
}
