//! Reading themes: the built-in theme files, and a user's theme file merged over the
//! `base` theme it names, as TOML tables, then deserialized and checked. Every fault
//! names the file, the line where it can be found, and the field.

use knights_core::{BadField, Error};

use super::check::{finite, Fault};
use super::fields::Theme;

/// The names of the built-in themes.
pub const BUILT_IN: [&str; 3] = ["web", "print", "teaching"];

impl Theme {
    /// A theme from the text of a theme file called `file` (for messages).
    pub fn from_toml(file: &str, text: &str) -> Result<Theme, Error> {
        let mut user = table(file, text)?;
        let base = base(file, user.remove("base"))?;
        let mut table = builtin_table(&base);
        let checked = finite(&user, "");
        merge(&mut table, user);
        checked
            .and_then(|()| read(table))
            .map_err(|Fault { field, message }| {
                let line = line_of_key(text, &field);
                BadField {
                    file: file.into(),
                    line,
                    field,
                    message,
                }
                .into()
            })
    }
}

/// The TOML table of the theme file `file` whose text is `text`.
fn table(file: &str, text: &str) -> Result<toml::Table, Error> {
    toml::from_str(text).map_err(|e| Error::Parse {
        file: file.into(),
        place: e
            .span()
            .map(|s| format!("line {}", line_at(text, s.start)))
            .unwrap_or_else(|| "top".into()),
        message: e.message().to_string(),
    })
}

/// The built-in theme that a theme file's `base` field names (`web` without one).
fn base(file: &str, base: Option<toml::Value>) -> Result<String, BadField> {
    match base {
        None => Ok("web".to_string()),
        Some(toml::Value::String(b)) if BUILT_IN.contains(&b.as_str()) => Ok(b),
        Some(other) => Err(BadField {
            file: file.into(),
            line: None,
            field: "base".into(),
            message: format!(
                "{other} is not a built-in theme: choose one of {}",
                BUILT_IN.join(", ")
            ),
        }),
    }
}

/// Deserializes a merged table, naming the field at fault.
pub(super) fn read(mut table: toml::Table) -> Result<Theme, Fault> {
    let owned = super::own::take(&mut table)?;
    let mut theme: Theme =
        serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
            let path = e.path().to_string();
            let message = e.into_inner().message().to_string();
            // serde_path_to_error ends the path with an unknown field's own name.
            let field = if path == "." {
                "(top level)".to_string()
            } else {
                path
            };
            Fault { field, message }
        })?;
    theme.owned = owned;
    theme.check()?;
    Ok(theme)
}

/// The complete table of a built-in theme (its file merged over `web`).
pub(super) fn builtin_table(name: &str) -> toml::Table {
    let parse = |s: &str| s.parse::<toml::Table>().expect("built-in theme parses");
    let mut web = parse(include_str!("themes/web.toml"));
    let extra = match name {
        "print" => include_str!("themes/print.toml"),
        "teaching" => include_str!("themes/teaching.toml"),
        _ => return web,
    };
    let mut over = parse(extra);
    over.remove("base");
    merge(&mut web, over);
    web
}

/// Merges `over` into `base`: tables merge key by key, any other value replaces.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The 1-based line of byte offset `at`.
fn line_at(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The line where the last key of a dotted field path is written, if it can be found.
fn line_of_key(text: &str, field: &str) -> Option<usize> {
    let key = field.rsplit('.').next()?.trim_matches('"');
    let key = key.split('[').next()?;
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            let header = l.strip_prefix('[').map(|h| h.trim_end_matches(']').trim());
            header.is_some_and(|h| h.rsplit('.').next() == Some(key))
                || l.strip_prefix(key)
                    .is_some_and(|r| r.trim_start().starts_with('=') || r.starts_with('.'))
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_overrides_fields_of_its_base() {
        let t = Theme::from_toml(
            "t.toml",
            "base = \"print\"\n[tour]\nwidth = { max = 9.0 }\n",
        )
        .unwrap();
        assert_eq!(t.tour.width.max, 9.0);
        assert_eq!(t.tour.width.cells, 0.05); // from print
        assert_eq!(t.page.max_size, 432.0);
    }

    #[test]
    fn unknown_and_malformed_fields_are_named() {
        let e = Theme::from_toml("t.toml", "[tour]\n\ncolr = \"red\"\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.toml: line 3, field tour.colr: unknown field `colr`, expected one of `colour`, \
             `width`, `opacity`, `gradient`, `gradient_pieces`, `palette`"
        );
        let e = Theme::from_toml("t.toml", "[tour]\nwidth = \"thick\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.toml: line 2, field tour.width: invalid type"),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "[board]\nlight = \"#ggg\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.toml: line 2, field board.light: "),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "[tuor]\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 1, field tuor: unknown field `tuor`"),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "base = \"nope\"").unwrap_err();
        assert!(e.to_string().starts_with("t.toml: field base: "), "{e}");
        let e = Theme::from_toml("t.toml", "[page\n").unwrap_err();
        assert!(e.to_string().starts_with("t.toml: line 1: "), "{e}");
        assert!(Theme::load("nosuch")
            .unwrap_err()
            .to_string()
            .contains("unknown theme 'nosuch'"));
    }
}
