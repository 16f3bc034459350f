//! Layers: the optional parts of a drawing, each one type implementing [`Kind`] in a
//! file of its own (what it draws, its legend entries, its theme fields, its share of
//! the size budget, its `--show` name and when it is shown by default), listed once
//! below. The list makes [`Layer`], the small value that names a layer, and everything
//! else (the document, the legend, the budget, the theme's `[layers]` table, `--show`)
//! goes through it. A new layer is its file and a line in the list.

mod defaults;
mod kind;
mod show;

mod coords;
mod crossings;
mod degrees;
mod ends;
mod numbers;
mod route;
mod run;
mod sections;
mod sharp;
mod squares;
mod turns;

pub use defaults::LayerDefaults;
pub use kind::{Canvas, Depth, Kind};
pub use show::Show;

use super::legend::Entry;
use knights_core::metrics::Metrics;
use knights_core::{Board, Error, Named, Unknown};
use svg::node::element::Group;

/// The list: each layer's name as a value, and its type. Its order is the order of
/// `--show`'s names in messages and of the theme's `[layers]` table; where a layer
/// is drawn and listed in the legend is its own ([`Kind::depth`], [`Kind::legend_rank`]).
macro_rules! list {
    ($($(#[$doc:meta])* $id:ident: $kind:expr,)*) => {
        /// One optional part of a drawing (the board's outline and the tour are always
        /// drawn): a small value that names a layer.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Layer {
            $($(#[$doc])* $id,)*
        }

        impl Layer {
            /// Every layer, in the list's order.
            pub const ALL: &'static [Layer] = &[$(Layer::$id),*];

            /// The type that draws this layer.
            pub(crate) fn kind(self) -> &'static dyn Kind {
                match self {
                    $(Layer::$id => &$kind,)*
                }
            }
        }
    };
}

list! {
    /// Checkered squares or grid lines.
    Squares: squares::Squares,
    /// Colours by section, or a gradient along tours without sections.
    Sections: sections::Sections,
    /// A dot at each turn.
    Turns: turns::Turns,
    /// A white disk at each crossing.
    Crossings: crossings::Crossings,
    /// The start, the direction of travel and an open tour's end.
    Ends: ends::Ends,
    /// Coordinates along the edges.
    Coords: coords::Coords,
    /// The step number in each square.
    Numbers: numbers::Numbers,
    /// In each square, how many onward leaps it had when the knight reached it: the
    /// count Warnsdorff's rule chooses by.
    Degrees: degrees::Degrees,
    /// A thin line through the centres of the sections, in the order the tour visits
    /// them: the curve a hidden-Hilbert tour hides, the spiral of the Fibonacci tour.
    Route: route::Route,
    /// A disk at each sharp turn (by more than a right angle, 127 or 143 degrees for
    /// a knight), over the turn dot: the turns `knights optimum --minimize sharp`
    /// counts.
    Sharp: sharp::Sharp,
    /// A band under each longest straight run: the leaps `longest run` counts.
    Run: run::Run,
}

impl Layer {
    /// The name used in `--show`.
    pub fn name(self) -> &'static str {
        self.kind().name()
    }

    fn by_name(s: &str) -> Result<Layer, Error> {
        Layer::ALL
            .iter()
            .copied()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Layer::ALL.iter().map(|l| l.name()).collect();
                Unknown::new(Named::Layer, s, &names).into()
            })
    }
}

impl std::str::FromStr for Layer {
    type Err = Error;
    /// A layer by its `--show` name.
    fn from_str(s: &str) -> Result<Layer, Error> {
        Layer::by_name(s)
    }
}

/// A set of layers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layers(u16);

impl Layers {
    /// Every layer.
    pub const ALL: Layers = Layers((1 << Layer::ALL.len()) - 1);

    /// Whether `l` is shown.
    pub fn has(self, l: Layer) -> bool {
        self.0 & (1 << l as u16) != 0
    }

    /// This set with `l` shown or hidden.
    pub const fn with(self, l: Layer, on: bool) -> Layers {
        if on {
            Layers(self.0 | 1 << l as u16)
        } else {
            Layers(self.0 & !(1 << l as u16))
        }
    }

    /// The theme's defaults for a board whose longer side is `side` squares.
    pub fn defaults(d: &LayerDefaults, side: u32) -> Layers {
        (Layer::ALL.iter()).fold(Layers(0), |s, &l| s.with(l, side <= d.side(l)))
    }

    /// The layers of this set, in the list's order.
    fn shown(self) -> impl Iterator<Item = &'static dyn Kind> {
        (Layer::ALL.iter())
            .filter(move |&&l| self.has(l))
            .map(|l| l.kind())
    }
}

/// The marks of the layers shown on `c`, each with its depth in the document.
pub fn draw(c: &Canvas) -> Result<Vec<(Depth, Group)>, Error> {
    let mut out = Vec::new();
    for kind in c.layers.shown() {
        if let Some(g) = kind.draw(c)? {
            out.push((kind.depth(), g.set("data-mark", kind.name())));
        }
    }
    Ok(out)
}

/// The legend's entries of the layers shown on `c`, in the legend's order.
pub fn legend(c: &Canvas) -> Vec<Entry> {
    let mut kinds: Vec<&dyn Kind> = c.layers.shown().collect();
    kinds.sort_by_key(|k| k.legend_rank());
    (kinds.into_iter())
        .flat_map(|k| k.legend(c).into_iter().map(|e| e.or_mark(k.name())))
        .collect()
}

/// The SVG bytes the marks of `layers` add to a drawing of `board` with `metrics`.
pub fn bytes(layers: Layers, board: &Board, metrics: &Metrics) -> u64 {
    layers.shown().map(|k| k.bytes(board, metrics)).sum()
}

/// The theme fields every layer owns, in the list's order.
pub fn fields() -> impl Iterator<Item = &'static crate::theme::Field> {
    (Layer::ALL.iter()).flat_map(|l| l.kind().fields())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;

    #[test]
    fn defaults_depend_on_the_board_size() {
        let t = Theme::load("web").unwrap();
        let small = Layers::defaults(&t.layers, 8);
        assert!(small.has(Layer::Turns) && small.has(Layer::Coords));
        let big = Layers::defaults(&t.layers, 200);
        assert!(!big.has(Layer::Turns) && !big.has(Layer::Crossings) && big.has(Layer::Sections));
        let teach = Layers::defaults(&Theme::load("teaching").unwrap().layers, 8);
        assert!(teach.has(Layer::Numbers));
    }

    /// Names, depths and legend places are each a layer's own: no two alike, and no
    /// layer at the depth of a part every drawing has (but those that draw nothing of
    /// their own, left at the board's, or list nothing, left last).
    #[test]
    fn layers_are_told_apart() {
        let kinds: Vec<&dyn Kind> = Layer::ALL.iter().map(|l| l.kind()).collect();
        let fixed = [Depth::LINE, Depth::FRAMES, Depth::SEAM];
        for (i, a) in kinds.iter().enumerate() {
            assert!(!fixed.contains(&a.depth()), "{}", a.name());
            for b in &kinds[i + 1..] {
                assert_ne!(a.name(), b.name());
                let rank = a.legend_rank();
                assert!(rank != b.legend_rank() || rank == u8::MAX, "{}", a.name());
                assert!(a.depth() != b.depth() || a.depth() == Depth::BOARD);
            }
        }
    }
}
