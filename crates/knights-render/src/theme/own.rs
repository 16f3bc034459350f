//! Theme fields a layer owns: declared with their defaults in the layer's own file
//! ([`crate::layers::Kind::fields`]), written in a theme file in the tables the others
//! are (`markers.run`, `markers.run_colour`), so a new layer changes neither the
//! theme's types nor its files. Read apart from the theme's own fields: taken out of
//! their tables before those are deserialized, each checked as its kind says; a key
//! that is neither the table's nor a layer's is refused with the names of both, as
//! serde's derive would refuse it.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::check::Fault;
use super::fields::{BoardStyle, Markers, OverviewStyle, Page, Size, TextStyle, TourStyle};
use super::Theme;

/// A field a layer owns: where a theme file writes it, and its value when none does.
#[derive(Debug)]
pub struct Field {
    /// The table it is written in (`markers`).
    pub table: &'static str,
    /// Its key in that table (`run_colour`).
    pub key: &'static str,
    /// What it holds, and its default.
    pub default: Value,
}

/// A field's kind with its default value.
#[derive(Debug)]
pub enum Value {
    /// A [`Size`], checked as the theme's own sizes are.
    Size(Size),
    /// A colour, which must parse.
    Colour(&'static str),
}

/// The values a theme gives the fields the layers own, by table and key.
#[derive(Clone, Debug, Default)]
pub struct Owned(BTreeMap<(&'static str, &'static str), Stored>);

/// One value of [`Owned`].
#[derive(Clone, Debug)]
enum Stored {
    Size(Size),
    Colour(String),
}

impl Theme {
    /// The size the theme gives `field` (its default when the field is no size).
    pub(crate) fn size(&self, field: &Field) -> Size {
        match (self.owned.0.get(&(field.table, field.key)), &field.default) {
            (Some(Stored::Size(s)), _) | (None, Value::Size(s)) => *s,
            _ => Size {
                cells: 0.0,
                min: 0.0,
                max: 0.0,
                limit: 0.0,
            },
        }
    }

    /// The colour the theme gives `field` (its default when the field is no colour).
    pub(crate) fn colour(&self, field: &Field) -> &str {
        match (self.owned.0.get(&(field.table, field.key)), &field.default) {
            (Some(Stored::Colour(c)), _) => c,
            (None, Value::Colour(c)) => c,
            _ => "none",
        }
    }

    /// The owned sizes, with their dotted names, for checking.
    pub(super) fn owned_sizes(&self) -> Vec<(String, Size)> {
        (crate::layers::fields())
            .filter(|f| matches!(f.default, Value::Size(_)))
            .map(|f| (format!("{}.{}", f.table, f.key), self.size(f)))
            .collect()
    }

    /// The owned colours, with their dotted names, for checking.
    pub(super) fn owned_colours(&self) -> Vec<(String, &str)> {
        (crate::layers::fields())
            .filter(|f| matches!(f.default, Value::Colour(_)))
            .map(|f| (format!("{}.{}", f.table, f.key), self.colour(f)))
            .collect()
    }
}

/// Takes the fields the layers own out of a theme's merged `table`, refusing a key
/// of their tables that neither the table nor a layer knows.
pub(super) fn take(table: &mut toml::Table) -> Result<Owned, Fault> {
    let mut owned = Owned::default();
    for (name, known) in KNOWN.iter() {
        let Some(toml::Value::Table(t)) = table.get_mut(*name) else {
            continue;
        };
        if let Some(key) = t.keys().find(|k| !known.contains(&k.as_str())) {
            let e = <de::value::Error as de::Error>::unknown_field(key, known);
            return Err(Fault {
                field: format!("{name}.{key}"),
                message: e.to_string(),
            });
        }
    }
    for f in crate::layers::fields() {
        let value = match table.get_mut(f.table) {
            Some(toml::Value::Table(t)) => t.remove(f.key),
            _ => None,
        };
        if let Some(v) = value {
            owned.0.insert((f.table, f.key), read(f, v)?);
        }
    }
    Ok(owned)
}

/// The value `v` a theme gives `f`, or the fault naming the field.
fn read(f: &Field, v: toml::Value) -> Result<Stored, Fault> {
    let fault = |e: serde_path_to_error::Error<toml::de::Error>| {
        let inner = e.path().to_string();
        let field = if inner == "." {
            format!("{}.{}", f.table, f.key)
        } else {
            format!("{}.{}.{inner}", f.table, f.key)
        };
        Fault {
            field,
            message: e.into_inner().message().to_string(),
        }
    };
    Ok(match f.default {
        Value::Size(_) => Stored::Size(serde_path_to_error::deserialize(v).map_err(fault)?),
        Value::Colour(_) => Stored::Colour(serde_path_to_error::deserialize(v).map_err(fault)?),
    })
}

/// For each table a layer writes a field in, every key it may hold: the theme's own
/// fields of that table, then the layers', in the list's order.
static KNOWN: LazyLock<Vec<(&'static str, &'static [&'static str])>> = LazyLock::new(|| {
    let mut tables: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for f in crate::layers::fields() {
        match tables.iter_mut().find(|(t, _)| *t == f.table) {
            Some((_, keys)) => keys.push(f.key),
            None => {
                let mut keys = own_fields(f.table).to_vec();
                keys.push(f.key);
                tables.push((f.table, keys));
            }
        }
    }
    let leak = |keys: Vec<&'static str>| -> &'static [&'static str] { keys.leak() };
    tables.into_iter().map(|(t, k)| (t, leak(k))).collect()
});

/// The fields serde's derive gives the theme's table `table`.
fn own_fields(table: &str) -> &'static [&'static str] {
    match table {
        "page" => fields_of::<Page>(),
        "board" => fields_of::<BoardStyle>(),
        "tour" => fields_of::<TourStyle>(),
        "markers" => fields_of::<Markers>(),
        "text" => fields_of::<TextStyle>(),
        "overview" => fields_of::<OverviewStyle>(),
        _ => &[],
    }
}

/// The field names serde's derive gives the struct `T`: asked of it with a
/// deserializer that holds no data and only listens.
fn fields_of<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    struct Ask<'a>(&'a Cell<&'static [&'static str]>);
    impl<'de> Deserializer<'de> for Ask<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("no data"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.set(fields);
            Err(de::Error::custom("no data"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
            enum identifier ignored_any
        }
    }
    let fields = Cell::new(&[][..]);
    let _ = T::deserialize(Ask(&fields));
    fields.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_of_a_table_are_asked_of_its_type() {
        assert_eq!(
            fields_of::<TourStyle>(),
            [
                "colour",
                "width",
                "opacity",
                "gradient",
                "gradient_pieces",
                "palette"
            ]
        );
    }

    /// An owned field is read, checked and refused as the theme's own are.
    #[test]
    fn owned_fields_read_like_the_themes_own() {
        let e = |text: &str| Theme::from_toml("t.toml", text).unwrap_err().to_string();
        // The message serde's derive gave when these fields were the struct's own.
        assert_eq!(
            e("[markers]\nrun_color = \"red\"\n"),
            "t.toml: line 2, field markers.run_color: unknown field `run_color`, expected one \
             of `turn`, `turn_colour`, `crossing`, `crossing_fill`, `crossing_stroke`, \
             `crossing_stroke_width`, `start`, `start_colour`, `end_colour`, `route`, \
             `route_colour`, `sharp`, `sharp_colour`, `run`, `run_colour`"
        );
        assert!(e("[markers]\nrun_colour = \"#ggg\"\n")
            .starts_with("t.toml: line 2, field markers.run_colour: "));
        assert!(e("[markers.run]\ncells = -1.0\n")
            .contains("field markers.run.cells: -1 is out of range"));
        assert!(e("[markers.run]\ncells = \"x\"\n")
            .starts_with("t.toml: line 2, field markers.run.cells: invalid type"));
        let t = Theme::from_toml("t.toml", "[markers]\nrun_colour = \"#123456\"\n").unwrap();
        let run = crate::layers::fields()
            .find(|f| f.key == "run_colour")
            .unwrap();
        assert_eq!(t.colour(run), "#123456");
        assert_eq!(Theme::default().colour(run), "#f6b93b");
    }
}
