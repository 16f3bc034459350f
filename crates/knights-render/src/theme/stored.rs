//! The built-in themes as the library reads them: each theme's complete table (its
//! file merged over `web`) stored in `themes/stored.txt`, one value a line, which the
//! tests make again from the TOML files and compare (`KNIGHTS_REGENERATE=1 cargo test
//! -p knights-render stored_themes` rewrites it). The TOML files stay the source; a
//! built-in theme is then read without parsing TOML, which the browser's module would
//! otherwise run (and compile) before its first drawing.
//!
//! A line is its fields joined by tabs: the number of keys, the kind of the value
//! (`s` text, `f` float, `i` integer, `b` true or false, `t` an empty table, `a` and a
//! kind: an array of values of that kind), the keys from the top table down, then the
//! value (an array's values, one field each). Lines starting with `#` are comments.

use toml::{Table, Value};

/// The stored tables.
const STORED: &str = include_str!("themes/stored.txt");

/// The complete table of built-in theme `name`, or `None` when the stored text has no
/// such theme (a line `0 theme NAME` opens each theme's lines).
pub(super) fn table(name: &str) -> Option<Table> {
    let mut lines = STORED.lines().filter(|l| !l.starts_with('#'));
    lines.find(|l| l.split('\t').collect::<Vec<_>>() == ["0", "theme", name])?;
    let mut table = Table::new();
    for line in lines.take_while(|l| !l.starts_with("0\t")) {
        let fields: Vec<&str> = line.split('\t').collect();
        let Some((keys, kind, rest)) = split(&fields) else {
            panic!("themes/stored.txt: a bad line (tested): {line}");
        };
        let value = value(kind, rest)
            .unwrap_or_else(|| panic!("themes/stored.txt: a bad value (tested): {line}"));
        insert(&mut table, keys, value);
    }
    Some(table)
}

/// A line's keys, its kind and the rest of its fields.
fn split<'a>(fields: &'a [&'a str]) -> Option<(&'a [&'a str], &'a str, &'a [&'a str])> {
    let n: usize = fields.first()?.parse().ok()?;
    let kind = fields.get(1)?;
    let keys = fields.get(2..2 + n)?;
    Some((keys, kind, &fields[2 + n..]))
}

/// The value of kind `kind` written as `rest`.
fn value(kind: &str, rest: &[&str]) -> Option<Value> {
    match (kind.strip_prefix('a'), rest) {
        (Some(each), _) => (rest.iter())
            .map(|v| value(each, &[v]))
            .collect::<Option<Vec<_>>>()
            .map(Value::Array),
        (None, []) if kind == "t" => Some(Value::Table(Table::new())),
        (None, [v]) => match kind {
            "s" => Some(Value::String(v.to_string())),
            "f" => v.parse().ok().map(Value::Float),
            "i" => v.parse().ok().map(Value::Integer),
            "b" => v.parse().ok().map(Value::Boolean),
            _ => None,
        },
        _ => None,
    }
}

/// Puts `value` at `keys` in `table`, making the tables on the way.
fn insert(table: &mut Table, keys: &[&str], value: Value) {
    match keys {
        [] => {}
        [last] => {
            table.insert(last.to_string(), value);
        }
        [first, rest @ ..] => {
            let inner = table
                .entry(first.to_string())
                .or_insert_with(|| Value::Table(Table::new()));
            if let Value::Table(t) = inner {
                insert(t, rest, value);
            }
        }
    }
}

/// The stored text of the built-in themes' complete tables.
#[cfg(test)]
fn store() -> String {
    let mut out = String::from(
        "# The built-in themes' complete tables (each file merged over web.toml), as the\n\
         # library reads them: made from themes/*.toml by\n\
         #   KNIGHTS_REGENERATE=1 cargo test -p knights-render stored_themes\n\
         # Fields joined by tabs: the number of keys, the value's kind (s text, f float,\n\
         # i integer, b true or false, t an empty table, a and a kind: an array), the\n\
         # keys, the value (an array's values, one field each).\n",
    );
    for name in super::BUILT_IN {
        out += &format!("0\ttheme\t{name}\n");
        lines(&super::file::builtin_table(name), &mut Vec::new(), &mut out);
    }
    out
}

/// The lines of `table`, whose keys start with `keys`.
#[cfg(test)]
fn lines(table: &Table, keys: &mut Vec<String>, out: &mut String) {
    for (k, v) in table {
        keys.push(k.clone());
        match v {
            Value::Table(t) if !t.is_empty() => lines(t, keys, out),
            _ => {
                let (kind, rest) = written(v);
                let mut fields = vec![keys.len().to_string(), kind];
                fields.extend(keys.iter().cloned());
                fields.extend(rest);
                assert!(
                    fields.iter().all(|f| !f.contains(['\t', '\n'])),
                    "a theme's key or text with a tab or a line break cannot be stored: {fields:?}"
                );
                *out += &(fields.join("\t") + "\n");
            }
        }
        keys.pop();
    }
}

/// The kind and the fields of a value.
#[cfg(test)]
fn written(v: &Value) -> (String, Vec<String>) {
    match v {
        Value::String(s) => ("s".into(), vec![s.clone()]),
        Value::Float(f) => ("f".into(), vec![format!("{f:?}")]),
        Value::Integer(i) => ("i".into(), vec![i.to_string()]),
        Value::Boolean(b) => ("b".into(), vec![b.to_string()]),
        Value::Table(_) => ("t".into(), vec![]),
        Value::Array(a) => {
            let each: Vec<(String, Vec<String>)> = a.iter().map(written).collect();
            let kind = each.first().map_or("s".to_string(), |(k, _)| k.clone());
            assert!(
                each.iter().all(|(k, f)| *k == kind && f.len() == 1),
                "a theme's array of mixed or nested values cannot be stored: {a:?}"
            );
            (
                format!("a{kind}"),
                each.into_iter().flat_map(|(_, f)| f).collect(),
            )
        }
        Value::Datetime(d) => panic!("a theme's date cannot be stored: {d}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the library reads is the TOML files' tables, made again here.
    #[test]
    fn the_stored_themes_are_the_tomls() {
        let made = store();
        if std::env::var("KNIGHTS_REGENERATE").as_deref() == Ok("1") {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/theme/themes/stored.txt");
            std::fs::write(path, &made).unwrap();
        }
        assert!(
            made == STORED,
            "src/theme/themes/stored.txt is not what the theme files say: \
             KNIGHTS_REGENERATE=1 cargo test -p knights-render stored_themes"
        );
        for name in super::super::BUILT_IN {
            assert_eq!(
                table(name),
                Some(super::super::file::builtin_table(name)),
                "{name}"
            );
        }
        assert_eq!(table("nosuch"), None);
    }

    #[test]
    fn values_read_back_as_written() {
        let cases = [
            Value::String("#ffffff".into()),
            Value::Float(0.55),
            Value::Float(f64::INFINITY),
            Value::Integer(1_000_000),
            Value::Boolean(false),
            Value::Array(vec![Value::String("a b".into()), Value::String("c".into())]),
            Value::Table(Table::new()),
        ];
        for v in cases {
            let (kind, rest) = written(&v);
            let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
            assert_eq!(value(&kind, &rest), Some(v));
        }
        assert_eq!(value("f", &["x"]), None);
        assert_eq!(value("q", &["1"]), None);
        assert_eq!(split(&["2", "s", "page"]), None);
    }
}
