//! A theme's `[layers]` table: for each layer, the longest board side on which it is
//! shown by default. Its keys are the layers' names, so a new layer needs no change
//! here; a layer the table leaves out takes its own default ([`Kind::shown_up_to`]),
//! and a name no layer has is refused as an unknown field, as serde's derive would.

use std::fmt;
use std::sync::LazyLock;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

use super::Layer;

/// For each layer, the longest board side on which it is shown by default (0: never).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerDefaults(Vec<u32>);

impl LayerDefaults {
    /// The longest board side on which `l` is shown by default.
    pub fn side(&self, l: Layer) -> u32 {
        self.0[l as usize]
    }
}

impl Default for LayerDefaults {
    /// Each layer's own default.
    fn default() -> LayerDefaults {
        LayerDefaults(Layer::ALL.iter().map(|l| l.kind().shown_up_to()).collect())
    }
}

/// The layers' names, in the list's order, for serde's messages.
static NAMES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| Layer::ALL.iter().map(|l| l.kind().name()).collect());

/// A key of the table: a layer's name.
struct Name(Layer);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a layer's name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Name, E> {
                (Layer::ALL.iter())
                    .find(|l| l.kind().name() == v)
                    .map(|&l| Name(l))
                    .ok_or_else(|| E::unknown_field(v, NAMES.as_slice()))
            }
        }
        d.deserialize_identifier(V)
    }
}

impl<'de> Deserialize<'de> for LayerDefaults {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<LayerDefaults, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = LayerDefaults;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct LayerDefaults")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<LayerDefaults, A::Error> {
                let mut out = LayerDefaults::default();
                while let Some(Name(l)) = map.next_key()? {
                    out.0[l as usize] = map.next_value()?;
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

#[cfg(test)]
mod tests {
    use crate::theme::Theme;

    /// A misspelt layer is refused with the names of them all, in the list's order;
    /// a layer left out takes its own default.
    #[test]
    fn the_table_is_read_by_the_layers_names() {
        let e = Theme::from_toml("t.toml", "[layers]\nturn = 3\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.toml: line 2, field layers.turn: unknown field `turn`, expected one of \
             `squares`, `sections`, `turns`, `crossings`, `ends`, `coords`, `numbers`, \
             `degrees`, `route`, `sharp`, `run`"
        );
        let e = Theme::from_toml("t.toml", "[layers]\nturns = \"x\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.toml: line 2, field layers.turns: invalid type"),
            "{e}"
        );
        let t = Theme::from_toml("t.toml", "[layers]\nturns = 3\n").unwrap();
        assert_eq!(t.layers.side(super::Layer::Turns), 3);
        assert_eq!(t.layers.side(super::Layer::Degrees), 0);
        assert_eq!(t.layers.side(super::Layer::Crossings), 32);
    }
}
