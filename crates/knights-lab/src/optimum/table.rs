//! The results table of the stored optima (`content/optima/README.md`), made from the
//! files themselves so that it is never written by hand: each file's tour (or uncrossed
//! path) is proved and measured again, its `optimum` record read and checked (the value
//! is the tour's, optimal exactly when the value meets the bound), and one row written
//! per file. `knights optimum --table DIR` prints it; a test compares it with the
//! stored README. Needs no solver.

use std::path::Path;

use serde_json::Value;

use knights_core::format;
use knights_core::{metrics, verify, Error, PathProblem};

use super::{Given, Improved, Measure, OptimumError, Spec};

/// One stored optimum: what its file holds and what its record says.
#[derive(Clone, Debug)]
pub struct Stored {
    /// The file's stem (`6x6-closed-turns`), the spec's.
    pub stem: String,
    /// The model.
    pub spec: Spec,
    /// The tour's (path's) measure, counted again.
    pub value: u64,
    /// The proved bound.
    pub bound: u64,
    /// Whether value and bound meet.
    pub optimal: bool,
    /// Seconds the run took.
    pub seconds: f64,
    /// The model's size (`264 x 288`) or the search's (`search, 75 nodes`).
    pub work: String,
    /// The command of the run that proved the bound (and, unless `improved`, found
    /// the tour).
    pub command: String,
    /// Where the tour came from (`solver`, `search`, `local search`...).
    pub source: String,
    /// The local search that found the tour after that run, if one did.
    pub improved: Option<Improved>,
    /// An uncrossed search's start cells searched in full, and all its start cells.
    pub starts: Option<(u64, u64)>,
    /// The tour's (path's) cells in order.
    pub path: Vec<u32>,
    /// The literature's value and who gives it (`known`, `known_by`; uncrossed paths).
    pub known: Option<(u64, String)>,
    /// A weighted sum's terms: each measure, its weight and the tour's count (the
    /// record's `counts`, checked); empty for any other measure.
    pub counts: Terms,
    /// The cell sets of the solver's subtour cuts (the record's `subtours`; none in
    /// a record written before issue 40 stored them).
    pub subtours: Vec<Vec<u32>>,
}

/// A weighted sum's terms as a record holds them: measure, weight, the tour's count.
pub type Terms = Vec<(Measure, u32, u64)>;

impl Stored {
    /// `optimal` or `gap N`.
    pub fn verdict(&self) -> String {
        if self.optimal {
            "optimal".into()
        } else {
            format!("gap {}", self.value.abs_diff(self.bound))
        }
    }

    /// What is optimized, in words.
    pub fn goal(&self) -> String {
        self.spec.measure.goal()
    }

    /// The local search that found the tour after the run that proved the bound: its
    /// command, and what it took in words (`3.1 s, from 97 crossings`; `run twice,
    /// 5.6 s, from 180 crossings`).
    pub fn improvement(&self) -> Option<(&str, String)> {
        let i = self.improved.as_ref()?;
        let runs = match i.runs {
            1 => String::new(),
            2 => "run twice, ".into(),
            n => format!("run {n} times, "),
        };
        let how = format!(
            "{runs}{:.1} s, from {} {}",
            i.seconds, i.from, self.spec.measure
        );
        Some((&i.command, how))
    }

    /// What the literature knows of a board whose optimum we did not prove (`9x9
    /// path: known 47 leaps (Knuth 2010), found; our best 47, our bound 80.`).
    pub fn literature(&self) -> Option<String> {
        let (k, by) = self.known.as_ref().filter(|_| !self.optimal)?;
        let found = if *k == self.value {
            "found"
        } else {
            "not found"
        };
        Some(format!(
            "{} {}: known {k} leaps ({by}), {found}; our best {}, our bound {}.",
            self.spec.board,
            self.kind(),
            self.value,
            self.bound
        ))
    }

    /// What the bound of a search stopped by its time limit is (None when it
    /// finished).
    pub fn unfinished(&self) -> Option<String> {
        let (searched, starts) = self.starts.filter(|(s, n)| s < n && !self.optimal)?;
        let (done, rest) = match searched {
            0 => ("none".to_string(), "each".to_string()),
            n => (n.to_string(), format!("the other {}", starts - n)),
        };
        Some(format!(
            "the search finished from {done} of its {starts} start cells in the time; the bound {} is what the cells reachable from {rest} allow, counted by colour, and at most what the whole board's colours allow",
            self.bound
        ))
    }

    /// `closed`, `open`, `cycle` or `path`.
    pub fn kind(&self) -> &'static str {
        self.spec.kind()
    }

    /// The table's order: by measure ([`Measure::rank`]: turns, crossings, uncrossed,
    /// sharp turns, sums by their names, runs); closed before open; then by size.
    pub fn order(&self) -> ((usize, bool), String, bool, u64, u32, u32) {
        let b = &self.spec.board;
        let m = self.spec.measure.rank();
        let name = self.spec.measure.to_string();
        (m, name, !self.spec.closed, b.cells(), b.width(), b.height())
    }
}

/// Reads one stored file (`name` for the messages, `stem` its name without `.json`),
/// proves its tour and checks its record, or says in one line which field is wrong.
pub fn read_one(name: &str, stem: &str, text: &str) -> Result<Stored, Error> {
    let bad = |problem: String| -> Error {
        OptimumError::Record {
            file: name.to_string(),
            problem,
        }
        .into()
    };
    let json: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON ({e})")))?;
    let r = &json["optimum"];
    if !r.is_object() {
        return Err(bad("no optimum record (field optimum)".into()));
    }
    let field = |key: &str| &r[key];
    let num = |key: &str| {
        field(key)
            .as_u64()
            .ok_or_else(|| bad(format!("field optimum.{key} is not a whole number")))
    };
    let text_of = |key: &str| {
        field(key)
            .as_str()
            .ok_or_else(|| bad(format!("field optimum.{key} is not a string")))
    };
    let measure: Measure = text_of("measure")?
        .parse()
        .map_err(|e: Error| bad(format!("field optimum.measure: {e}")))?;
    let sense = if measure.maximized() {
        "maximize"
    } else {
        "minimize"
    };
    if text_of("sense")? != sense {
        return Err(bad(format!("field optimum.sense: {measure} is to {sense}")));
    }
    let counts = field("counts");
    if !measure.terms().is_empty() && !counts.is_object() {
        return Err(bad(
            "field optimum.counts: a sum's record holds the count of each measure in it".into(),
        ));
    }
    let (board, closed, measured, path, counts) = proved(name, text, measure, Some(counts))?;
    let spec = Spec {
        board,
        closed,
        measure,
    };
    if spec.stem() != stem {
        return Err(bad(format!(
            "holds the {}, so is named {}.json",
            spec.name(),
            spec.stem()
        )));
    }
    let (value, bound) = (num("value")?, num("bound")?);
    if value != measured {
        return Err(bad(format!(
            "field optimum.value is {value} but the tour has {measured} {measure}"
        )));
    }
    let optimal = if measure.maximized() {
        value >= bound
    } else {
        value <= bound
    };
    if field("optimal").as_bool() != Some(optimal) {
        return Err(bad(format!(
            "field optimum.optimal is not {optimal} (value {value}, bound {bound})"
        )));
    }
    let gap = if optimal { 0 } else { value.abs_diff(bound) };
    if num("gap")? != gap {
        return Err(bad(format!("field optimum.gap is not {gap}")));
    }
    let seconds = field("seconds")
        .as_f64()
        .filter(|s| *s >= 0.0)
        .ok_or_else(|| bad("field optimum.seconds is not a number of seconds".into()))?;
    let (work, starts) = if !measure.tours() {
        let (searched, starts) = (num("searched")?, num("starts")?);
        if searched > starts || (searched == starts && !optimal) {
            return Err(bad(format!(
                "field optimum.searched: {searched} of {starts} start cells searched in full, but optimal is false"
            )));
        }
        let work = format!("search, {} nodes", num("nodes")?);
        (work, Some((searched, starts)))
    } else if measure.trivial_bound() == Some(value) && num("solves")? == 0 {
        // A starting tour at the bound every tour has (runs of single leaps):
        // nothing to prove.
        ("none: a run of one leap needs no proof".to_string(), None)
    } else {
        (format!("{} x {}", num("columns")?, num("rows")?), None)
    };
    let command = text_of("command")?.to_string();
    if !command.starts_with(&format!("knights optimum {} ", spec.board)) {
        return Err(bad(format!(
            "field optimum.command is not a knights optimum command for {}",
            spec.board
        )));
    }
    let subtours = subtours(field("subtours"), spec.board.area()).map_err(bad)?;
    let source = text_of("source")?.to_string();
    let improved = improved(r, stem, &source, measure, value).map_err(bad)?;
    let known = match (field("known").as_u64(), field("known_by").as_str()) {
        (Some(k), Some(by)) => Some((k, by.to_string())),
        (None, None) => None,
        _ => {
            return Err(bad(
                "fields optimum.known and optimum.known_by go together".into()
            ))
        }
    };
    // The literature's value, where it gives one, is in the record, as the command
    // writes it.
    let literature = (!measure.tours())
        .then(|| super::uncrossed::known(&spec.board, spec.closed))
        .flatten();
    if known.as_ref().map(|(k, by)| (*k, by.as_str())) != literature {
        return Err(bad(match literature {
            Some((k, by)) => format!(
                "fields optimum.known and optimum.known_by are not the literature's {k} leaps ({by})"
            ),
            None => "fields optimum.known and optimum.known_by: the literature knows no value for this board".into(),
        }));
    }
    if let Some((k, _)) = &known {
        let (lo, hi) = if measure.maximized() {
            (value, bound)
        } else {
            (bound, value)
        };
        if !(lo..=hi).contains(k) {
            return Err(bad(format!(
                "field optimum.known is {k}, outside the value and bound ({value}, {bound})"
            )));
        }
    }
    Ok(Stored {
        known,
        stem: stem.to_string(),
        spec,
        value,
        bound,
        optimal,
        seconds,
        work,
        command,
        source,
        improved,
        starts,
        path,
        counts,
        subtours,
    })
}

/// The record's `subtours`, checked: a list of cell sets, each a list of cell numbers
/// (`y * width + x`) of the board's `cells`, neither empty nor the whole board. Any
/// such set's cut holds for every tour, so no more is checked. Missing: none.
fn subtours(v: &Value, cells: u64) -> Result<Vec<Vec<u32>>, String> {
    let bad = || {
        format!("field optimum.subtours is not a list of cell sets, each some of the {cells} cell numbers")
    };
    if v.is_null() {
        return Ok(Vec::new());
    }
    let sets = v.as_array().ok_or_else(bad)?;
    sets.iter()
        .map(|set| {
            let cells_of: Option<Vec<u32>> = set
                .as_array()?
                .iter()
                .map(|c| c.as_u64().filter(|&c| c < cells).map(|c| c as u32))
                .collect();
            cells_of.filter(|s| !s.is_empty() && (s.len() as u64) < cells)
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(bad)
}

/// The record's `improved` field, checked: present exactly when `source` says the
/// local search found the tour, its command `--improve` of this file, its tour better
/// than the one it started from.
fn improved(
    r: &Value,
    stem: &str,
    source: &str,
    measure: Measure,
    value: u64,
) -> Result<Option<Improved>, String> {
    let i = &r["improved"];
    let local = source.starts_with("local search");
    if i.is_null() {
        return if local {
            Err("field optimum.improved is missing, but optimum.source says the local search found the tour".into())
        } else {
            Ok(None)
        };
    }
    if source != "local search" || !measure.tours() {
        return Err(format!(
            "field optimum.improved is given, but optimum.source is {source:?}, not \"local search\""
        ));
    }
    let num = |key: &str| {
        i[key]
            .as_u64()
            .ok_or_else(|| format!("field optimum.improved.{key} is not a whole number"))
    };
    let command = i["command"].as_str().unwrap_or_default();
    let prefix = format!("knights optimum --improve {stem}.json ");
    if !command.starts_with(&prefix) {
        return Err(format!(
            "field optimum.improved.command does not start with \"{}\"",
            prefix.trim_end()
        ));
    }
    let seconds = i["seconds"]
        .as_f64()
        .filter(|s| *s >= 0.0)
        .ok_or("field optimum.improved.seconds is not a number of seconds")?;
    let (runs, from) = (num("runs")?, num("from")?);
    if runs == 0 || from <= value {
        return Err(format!(
            "field optimum.improved: {runs} runs from {from} {measure} to {value} is no improvement"
        ));
    }
    Ok(Some(Improved {
        command: command.to_string(),
        runs,
        seconds,
        from,
    }))
}

/// The board, closedness, measure and cells of a file's tour or uncrossed path,
/// proved; a weighted sum's `counts` (its record's), each checked against the tour,
/// and returned as its terms: measure, weight, count.
fn proved(
    name: &str,
    text: &str,
    measure: Measure,
    counts: Option<&Value>,
) -> Result<(knights_core::Board, bool, u64, Vec<u32>, Terms), Error> {
    // A stored tour that fails its proof is a bad file, not a bug of the tool: the
    // one line names the file and the failure.
    let bad = |f: knights_core::Failure| Error::not_a_tour(name, f);
    let record = |problem: String| -> Error {
        OptimumError::Record {
            file: name.to_string(),
            problem,
        }
        .into()
    };
    if !measure.tours() {
        let p = format::parse_document(text, name)?;
        if !p.is_uncrossed() {
            return Err(record(
                "field kind: an uncrossed optimum is an uncrossed path file".into(),
            ));
        }
        let v = verify::verify(p).map_err(bad)?;
        return Ok((
            v.board().clone(),
            v.is_closed(),
            v.leaps(),
            v.path().to_vec(),
            vec![],
        ));
    }
    let v = verify::verify(format::parse(text, name)?).map_err(bad)?;
    let m = metrics::measure(&v);
    let mut terms = Vec::new();
    if let Some(counts) = counts {
        for (t, k) in measure.terms() {
            let want = t.of_metrics(&m);
            if counts[t.to_string()].as_u64() != Some(want) {
                return Err(record(format!(
                    "field optimum.counts.{t} is not {want}, the tour's {t}"
                )));
            }
            terms.push((t, k, want));
        }
    }
    let value = measure.of_metrics(&m);
    Ok((
        v.board().clone(),
        v.is_closed(),
        value,
        v.path().to_vec(),
        terms,
    ))
}

/// A stored tour improved by the local search (`improve.rs`, from `seed`) within `budget`: the
/// file's new text (its record's bound and run kept, the value, gap and source new,
/// and `improved` saying what the search took), the value before and after, and the
/// seconds the search took. The stored bound still holds: it was proved for every
/// tour of the board.
pub fn improve_stored(
    name: &str,
    stem: &str,
    text: &str,
    budget: std::time::Duration,
    seed: u64,
) -> Result<(String, u64, u64, f64), Error> {
    let record = |problem: String| -> Error {
        OptimumError::Record {
            file: name.to_string(),
            problem,
        }
        .into()
    };
    let s = read_one(name, stem, text)?;
    if !s.spec.measure.tours() {
        return Err(record(
            "the local search improves tours; an uncrossed path is searched in full by knights optimum --maximize uncrossed".into(),
        ));
    }
    let json: Value = serde_json::from_str(text).expect("read_one parsed it");
    let r = &json["optimum"];
    let num = |key: &str| {
        r[key]
            .as_u64()
            .ok_or_else(|| record(format!("field optimum.{key} is not a whole number")))
    };
    let how = super::How::Solver {
        solves: num("solves")? as usize,
        columns: num("columns")? as usize,
        rows: num("rows")? as usize,
        cuts: num("cuts")? as usize,
        subtours: s.subtours.clone(),
    };
    let limit = std::time::Duration::from_secs(num("time_limit")?);
    let clock = std::time::Instant::now();
    let (path, value) = super::improve::improve_seeded(&s.spec, &s.path, s.value, budget, seed);
    let seconds = clock.elapsed().as_secs_f64();
    // A better tour says how it was found; a second run adds to the first.
    let (source, improved) = if value < s.value {
        let improved = match s.improved {
            Some(was) => Improved {
                runs: was.runs + 1,
                seconds: was.seconds + seconds,
                ..was
            },
            None => Improved {
                command: format!(
                    "knights optimum --improve {stem}.json --time-limit {}{}",
                    budget.as_secs(),
                    seeded(seed)
                ),
                runs: 1,
                seconds,
                from: s.value,
            },
        };
        ("local search".to_string(), Some(improved))
    } else {
        (s.source, s.improved)
    };
    let found = super::Optimum {
        spec: s.spec.clone(),
        path,
        value,
        bound: s.bound,
        seconds: s.seconds,
        how,
        source,
        improved,
        limit,
        given: Given::of_command(&s.command),
    };
    Ok((super::file_text(&found)?, s.value, value, seconds))
}

/// `--seed N` in a command, unless `seed` is the default.
fn seeded(seed: u64) -> String {
    if seed == super::improve::SEED {
        String::new()
    } else {
        format!(" --seed {seed}")
    }
}

/// Every `*.json` of `dir`, read and checked, in the table's order.
pub fn read(dir: &Path) -> Result<Vec<Stored>, Error> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| Error::io(dir, e))?.path();
        let Some(stem) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".json"))
        else {
            continue;
        };
        let text = knights_core::files::read_to_string(&path, knights_core::files::TEXT_LIMIT)?;
        out.push(read_one(&path.display().to_string(), stem, &text)?);
    }
    if out.is_empty() {
        let message = format!(
            "{}: no stored optima (*.json written by knights optimum)",
            dir.display()
        );
        return Err(Error::path(dir, PathProblem::Missing, message));
    }
    out.sort_by_key(Stored::order);
    Ok(out)
}

/// What the README says above its table.
const HEAD: &str = "# Stored optima

Each file is written by the command in its `optimum.command` field (`knights optimum`;
turns and crossings need a build with the `motif` feature; see docs/optimum.md), and
holds the tour (or uncrossed path, `\"kind\": \"uncrossed\"`), its value, the proved bound
and the run. This file is made from them, never by hand: `knights optimum --table
content/optima -o content/optima/README.md` proves every tour again and writes it, and
`tests/integration/optima.rs` fails when it differs. The gallery's page \"What is
optimal\" shows them. All of them again: `KNIGHTS_REGENERATE=1 cargo test -p knights-lab
--features motif regenerate -- --ignored` (one entry: add `KNIGHTS_OPTIMA=STEM`).

Each row says which run proved the bound (its command, seconds, and the model's size or
the search's nodes) and which found the tour: the same run, or the local search of
`knights optimum --improve` (no solver), started from that run's tour, with its seconds
and the value it started from.

| file | board | kind | measure | value | bound | result | bound proved by | seconds | model (columns x rows) or search | tour found by |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
";

/// The README: its head and one row per stored optimum.
pub fn markdown(all: &[Stored]) -> String {
    let mut out = HEAD.to_string();
    for s in all {
        let tour_by = match s.improvement() {
            Some((command, how)) => format!("local search: `{command}`, {how}"),
            None => "the same run".into(),
        };
        out.push_str(&format!(
            "| [{stem}]({stem}.json) | {} | {} | {} | {} | {} | {} | `{}` | {:.1} | {} | {tour_by} |\n",
            s.spec.board,
            s.kind(),
            s.goal(),
            s.value,
            s.bound,
            s.verdict(),
            s.command,
            s.seconds,
            s.work,
            stem = s.stem,
        ));
    }
    let open: Vec<String> = all.iter().filter_map(Stored::literature).collect();
    if !open.is_empty() {
        out.push_str(
            "\nThe literature's longest uncrossed paths and cycles (`known`, `known_by`) where \
             our search did not finish, so that it proves only the bound:\n\n",
        );
        open.iter()
            .for_each(|line| out.push_str(&format!("- {line}\n")));
    }
    let stopped: Vec<String> = all
        .iter()
        .filter_map(|s| Some(format!("- {}: {}.\n", s.stem, s.unfinished()?)))
        .collect();
    if !stopped.is_empty() {
        out.push_str("\nThe uncrossed searches stopped by their time limit:\n\n");
        stopped.iter().for_each(|line| out.push_str(line));
    }
    out.push_str("\n## Closed n x m tours: the fewest turns\n");
    out.push_str(&super::grid_markdown(&super::grid(all, RECTANGLES)));
    out.push_str("\n## Closed n x n tours: the sequence of the fewest turns\n");
    out.push_str(&super::sequence_markdown(&super::sequence(all)));
    out
}

/// The rectangle grid's least side: the narrow boards (3 x m) are another family.
pub const RECTANGLES: u32 = 5;
