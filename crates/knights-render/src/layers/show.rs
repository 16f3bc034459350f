//! [`Show`]: which layers a drawing shows, as `--show` reads it from the command line
//! or a caller names it by value.

use super::{Layer, Layers};
use knights_core::Error;

/// Which layers to draw: the theme's defaults for the board's size, exactly a given
/// set, or the defaults with some layers added or removed. Parsed from `--show` by the
/// command line; resolved against the board when the drawing is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// The theme's defaults for the board's size.
    #[default]
    Defaults,
    /// Exactly these layers.
    Only(Layers),
    /// The defaults, with `add` shown and `remove` hidden (disjoint sets).
    Change {
        /// Layers shown whatever the defaults say.
        add: Layers,
        /// Layers hidden whatever the defaults say.
        remove: Layers,
    },
}

/// Naming layers by value: `Show::defaults().with(Layer::Coords).without(Layer::Turns)`
/// is what `--show +coords,-turns` reads as, and `Show::only(&[Layer::Turns])` what
/// `--show turns` does. The last mention of a layer wins, as on the command line.
impl Show {
    /// The theme's defaults for the board's size, to change with [`Show::with`] and
    /// [`Show::without`].
    pub const fn defaults() -> Show {
        Show::Defaults
    }

    /// Exactly `layers` (none when empty).
    pub const fn only(layers: &[Layer]) -> Show {
        let mut set = Layers(0);
        let mut i = 0;
        while i < layers.len() {
            set = set.with(layers[i], true);
            i += 1;
        }
        Show::Only(set)
    }

    /// These layers with `l` shown.
    pub const fn with(self, l: Layer) -> Show {
        self.set(l, true)
    }

    /// These layers with `l` hidden.
    pub const fn without(self, l: Layer) -> Show {
        self.set(l, false)
    }

    /// These layers with `l` shown (`on`) or hidden: an exact set changes, the defaults
    /// (or a change of them) remember `l` as added or removed.
    pub const fn set(self, l: Layer, on: bool) -> Show {
        match self {
            Show::Defaults => Show::Change {
                add: Layers(0),
                remove: Layers(0),
            }
            .set(l, on),
            Show::Only(set) => Show::Only(set.with(l, on)),
            Show::Change { add, remove } => Show::Change {
                add: add.with(l, on),
                remove: remove.with(l, !on),
            },
        }
    }

    /// Reads `--show`: a comma list of layer names (exactly those layers), `all` (every
    /// layer but the route, sharp and run highlights), `none`,
    /// or `+NAME` / `-NAME` items that add to or remove from the defaults.
    pub fn parse(show: &str) -> Result<Show, Error> {
        let items: Vec<&str> = show
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let relative = !items.is_empty() && items.iter().all(|s| s.starts_with(['+', '-']));
        let (mut add, mut remove) = (Layers(0), Layers(0));
        for item in items {
            match item {
                // The route is an overlay for tours whose sections follow a curve;
                // on others it is a scribble, so `all` leaves it to `+route`. The
                // sharp turns and longest runs single out what one measure counts,
                // over the marks `all` shows already: `+sharp`, `+run`.
                "all" => {
                    add = (Layer::ALL.iter())
                        .filter(|l| !l.kind().in_all())
                        .fold(Layers::ALL, |s, &l| s.with(l, false))
                }
                "none" => add = Layers(0),
                _ => {
                    let (on, name) = match item.strip_prefix('-') {
                        Some(n) => (false, n),
                        None => (true, item.trim_start_matches('+')),
                    };
                    let l: Layer = name.parse()?;
                    add = add.with(l, on);
                    remove = remove.with(l, !on);
                }
            }
        }
        Ok(if relative {
            Show::Change { add, remove }
        } else {
            Show::Only(add)
        })
    }

    /// The layers shown when the theme's defaults for the board are `defaults`.
    pub fn resolve(self, defaults: Layers) -> Layers {
        match self {
            Show::Defaults => defaults,
            Show::Only(set) => set,
            Show::Change { add, remove } => Layers((defaults.0 & !remove.0) | add.0),
        }
    }
}

impl std::str::FromStr for Show {
    type Err = Error;
    fn from_str(s: &str) -> Result<Show, Error> {
        Show::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_lists_adds_and_removes() {
        let d = Layers(0).with(Layer::Turns, true);
        let parse = |s: &str| Show::parse(s).unwrap().resolve(d);
        let s = parse("crossings, numbers");
        assert!(s.has(Layer::Crossings) && s.has(Layer::Numbers) && !s.has(Layer::Turns));
        let s = parse("+coords,-turns");
        assert!(s.has(Layer::Coords) && !s.has(Layer::Turns));
        assert_eq!(parse("-turns,+turns"), d, "the last mention wins");
        assert_eq!(parse("+turns,-turns"), Layers(0));
        assert_eq!(parse("none"), Layers(0));
        assert_eq!(parse(""), Layers(0));
        let highlights = [Layer::Route, Layer::Sharp, Layer::Run];
        assert!(Layer::ALL
            .iter()
            .all(|&l| parse("all").has(l) != highlights.contains(&l)));
        assert!(parse("all,route").has(Layer::Route));
        assert!(parse("all,sharp,run").has(Layer::Sharp) && parse("all,run").has(Layer::Run));
        assert!(!parse("all,-numbers").has(Layer::Numbers));
        assert_eq!(Show::default().resolve(d), d);
        let e = Show::parse("turns,sparkles").unwrap_err().to_string();
        assert!(e.starts_with("unknown layer 'sparkles' in --show"), "{e}");
    }

    /// The builder names the same values `--show` reads.
    #[test]
    fn the_builder_names_what_show_parses() {
        let p = |s: &str| Show::parse(s).unwrap();
        let d = Show::defaults();
        assert_eq!(d.with(Layer::Coords), p("+coords"));
        assert_eq!(
            d.with(Layer::Route)
                .without(Layer::Turns)
                .without(Layer::Crossings),
            p("+route,-turns,-crossings")
        );
        assert_eq!(
            d.without(Layer::Turns).with(Layer::Turns),
            p("-turns,+turns")
        );
        assert_eq!(
            d.with(Layer::Turns).without(Layer::Turns),
            p("+turns,-turns")
        );
        assert_eq!(
            Show::only(&[Layer::Turns, Layer::Crossings]),
            p("turns,crossings")
        );
        assert_eq!(Show::only(&[]), p("none"));
        assert_eq!(Show::only(&[Layer::Turns]).with(Layer::Run), p("turns,run"));
        assert_eq!(Show::only(&[Layer::Turns]).without(Layer::Turns), p("none"));
        assert_ne!(d.with(Layer::Sharp), p("sharp"));
    }
}
