//! An optimum as a file: the tour file of `docs/tour-format.md` (for an uncrossed path,
//! which visits only some cells, its `"kind": "uncrossed"` form) with one more field,
//! `optimum`, that records the value, the bound and the run. The tour or path is
//! proved and its value measured again before anything is written.

use knights_core::format::{self, Format};
use knights_core::{metrics, verify, Error, Tour};

use super::{How, Measure, Optimum};

/// How the integer programs were solved, as the record says.
const SOLVER: &str = "HiGHS (highs crate 2), mip_rel_gap 0, subtour cuts after each solve";

/// How the uncrossed paths were searched, as the record says.
const SEARCH: &str = "beam sweep over frontier states (100000 kept per cell) for a first path, then exhaustive depth-first search from one end in each orbit of start cells, cut by the reachable cells of each colour";

/// The file's text.
pub fn file_text(found: &Optimum) -> Result<String, Error> {
    let spec = &found.spec;
    let mut counts = String::new();
    let (measured, mut text) = match spec.measure.tours() {
        false => {
            let p = Tour::uncrossed(spec.board.clone(), found.path.clone(), spec.closed)
                .with_algorithm("optimum");
            let v = verify::constructed(p)?;
            (v.leaps(), format::to_json(&v))
        }
        true => {
            let tour = Tour::new(spec.board.clone(), found.path.clone(), spec.closed)
                .with_algorithm("optimum");
            let v = verify::constructed(tour)?;
            let m = metrics::measure(&v);
            let mut out = Vec::new();
            format::write(&v, Format::Json, &mut out)
                .map_err(|e| Error::internal(e.to_string()))?;
            let text = String::from_utf8(out).map_err(|e| Error::internal(e.to_string()))?;
            counts = sum_counts(spec.measure, &m);
            (spec.measure.of_metrics(&m), text)
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
    let how = match &found.how {
        How::Solver {
            solves,
            columns,
            rows,
            cuts,
            ..
        } => format!(
            "\"solves\": {solves}, \"cuts\": {cuts}, \"columns\": {columns}, \"rows\": {rows}, \"solver\": \"{SOLVER}\""
        ),
        How::Search {
            nodes,
            searched,
            starts,
        } => format!(
            "\"nodes\": {nodes}, \"starts\": {starts}, \"searched\": {searched}, \"solver\": \"{SEARCH}\""
        ),
    };
    // The literature's value, where there is one (uncrossed paths of square boards).
    let known = match uncrossed_known(spec) {
        Some((leaps, by)) => format!("\"known\": {leaps}, \"known_by\": \"{by}\", "),
        None => String::new(),
    };
    // The local search that found the tour after the run (`knights optimum --improve`).
    let improved = match &found.improved {
        Some(i) => format!(
            "\"improved\": {{ \"command\": {}, \"runs\": {}, \"seconds\": {:.1}, \"from\": {} }}, ",
            serde_json::Value::from(i.command.as_str()),
            i.runs,
            i.seconds,
            i.from
        ),
        None => String::new(),
    };
    let record = format!(
        "{{ \"measure\": \"{}\", \"sense\": \"{sense}\", \"value\": {}, {counts}\"bound\": {}, \"gap\": {}, \"optimal\": {}, {known}\"seconds\": {:.1}, {how}, \"source\": \"{}\", {improved}\"time_limit\": {}, \"command\": \"{}\" }}",
        spec.measure,
        found.value,
        found.bound,
        found.gap(),
        found.optimal(),
        found.seconds,
        found.source,
        found.limit.as_secs(),
        command(found)
    );
    // The subtour cuts' cell sets, last and one a line: what a continued run adds.
    let record = match &found.how {
        How::Solver { subtours, .. } if !subtours.is_empty() => {
            let sets: Vec<String> = subtours.iter().map(|s| format!("    {s:?}")).collect();
            let open = record
                .strip_suffix(" }")
                .expect("the record ends with a brace");
            format!("{open},\n  \"subtours\": [\n{}\n  ] }}", sets.join(",\n"))
        }
        _ => record,
    };
    // The record goes first: a field the tour readers skip.
    let at = text.find('\n').map_or(0, |i| i + 1);
    text.insert_str(at, &format!("  \"optimum\": {record},\n"));
    Ok(text)
}

/// A weighted sum's own counts of each measure in it, as the record holds them
/// (`"counts": { "turns": 20, "crossings": 5 }, `); nothing for another measure.
fn sum_counts(measure: Measure, m: &metrics::Metrics) -> String {
    let terms = measure.terms();
    if terms.is_empty() {
        return String::new();
    }
    let each: Vec<String> = terms
        .into_iter()
        .map(|(t, _)| format!("\"{t}\": {}", t.of_metrics(m)))
        .collect();
    format!("\"counts\": {{ {} }}, ", each.join(", "))
}

/// The literature's longest uncrossed path or cycle of the model's board.
fn uncrossed_known(spec: &super::Spec) -> Option<(u64, &'static str)> {
    (!spec.measure.tours())
        .then(|| super::uncrossed::known(&spec.board, spec.closed))
        .flatten()
}

/// The command that makes this answer again: the model, the time limit, and what the
/// run was given beyond them (`--strengthen`, `--resume FILE`; not where it wrote its
/// record or log, which change nothing in it).
pub fn command(found: &Optimum) -> String {
    let s = &found.spec;
    let sense = if s.measure.maximized() {
        "--maximize"
    } else {
        "--minimize"
    };
    // Tours are closed unless `--open`; uncrossed paths open unless `--closed`.
    let kind = match (s.measure.tours(), s.closed) {
        (true, false) => " --open",
        (false, true) => " --closed",
        _ => "",
    };
    format!(
        "knights optimum {} {sense} {}{kind} --time-limit {}{}",
        s.board,
        shell_word(&s.measure.to_string()),
        found.limit.as_secs(),
        found.given.words()
    )
}

/// What a run was given beyond its model and time limit that its command must say to
/// make the run again: the stronger model (its rows change the solver's search, not
/// the optimum) and the stored run it continued (its tour and bound are where this
/// run started from).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// `--strengthen`: the valid cuts and symmetry rows were added.
    pub strengthen: bool,
    /// `--resume FILE`: the stored run continued, as the command line named it.
    pub resume: Option<String>,
}

impl Given {
    /// The options in the command's words, each after a space (` --strengthen
    /// --resume FILE`), a file name quoted for a shell where it needs it.
    fn words(&self) -> String {
        let mut out = String::new();
        if self.strengthen {
            out.push_str(" --strengthen");
        }
        if let Some(file) = &self.resume {
            out.push_str(" --resume ");
            out.push_str(&shell_word(file));
        }
        out
    }

    /// The options a stored record's command says it was given (what an
    /// `--improve` rewriting the record keeps).
    pub fn of_command(command: &str) -> Given {
        let words = shell_words(command);
        let at = |flag: &str| words.iter().position(|w| w == flag);
        Given {
            strengthen: at("--strengthen").is_some(),
            resume: at("--resume").and_then(|i| words.get(i + 1).cloned()),
        }
    }
}

/// `word` as a shell reads it back: as it is when it holds nothing a shell treats
/// apart (a sum's `*` is a file pattern), else in single quotes.
pub(crate) fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "+-_./:=,@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// A command line split into its words as a shell splits what [`shell_word`] writes:
/// at spaces, but not inside single quotes, and a backslash outside them taking the
/// next character as it is.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    // The word being read, if one has begun (a quoted empty word is a word).
    let mut word: Option<String> = None;
    let (mut quoted, mut escaped) = (false, false);
    for c in line.chars() {
        if c == ' ' && !quoted && !escaped {
            words.extend(word.take());
            continue;
        }
        let w = word.get_or_insert_with(String::new);
        if escaped {
            w.push(c);
            escaped = false;
        } else if c == '\'' {
            quoted = !quoted;
        } else if c == '\\' && !quoted {
            escaped = true;
        } else {
            w.push(c);
        }
    }
    words.extend(word);
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_a_shell_would_split_is_quoted_and_read_back() {
        for name in ["runs/14x14-closed-turns.json", "my runs/it's.json", "a*b"] {
            let given = Given {
                strengthen: true,
                resume: Some(name.to_string()),
            };
            let line = format!("knights optimum 6x6 --minimize turns{}", given.words());
            assert_eq!(Given::of_command(&line), given, "{line}");
        }
        assert_eq!(shell_word("2*turns+crossings"), "'2*turns+crossings'");
        assert_eq!(shell_word("turns+crossings"), "turns+crossings");
        let none = "knights optimum 6x6 --minimize turns --time-limit 60";
        assert_eq!(Given::of_command(none), Given::default());
    }
}
