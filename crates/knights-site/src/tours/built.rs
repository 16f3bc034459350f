//! What building one tour produced, whatever its board: the record the pages, the
//! progress lines, the timings and the build cache read ([`Built`]), and the two
//! pieces both pipelines use to make it: the sections' counts and colours, and the
//! blame that places a failure at the tour's catalogue entry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::pyramid::Pyramid;
use crate::plan::Job;
use knights_core::metrics::Metrics;
use knights_core::Error;
use knights_render::{self as render, Theme};

/// What building one tour produced (its files are in the output folder).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Built {
    /// The construction that actually made the tour (resolves `auto`).
    pub algorithm: String,
    /// Its measurements.
    pub metrics: Metrics,
    /// Seconds spent constructing it.
    pub construct_secs: f64,
    /// Seconds spent verifying it.
    pub verify_secs: f64,
    /// Seconds spent drawing and writing its files.
    pub draw_secs: f64,
    /// Section names, how many cells each has, and their colour in the drawing, when
    /// the construction labelled them.
    pub sections: Vec<(String, u64, String)>,
    /// The files written, by kind (`svg`, `thumb`, `thumb2x`, `png`, `pdf`, `json`),
    /// relative to the output folder.
    pub files: BTreeMap<String, String>,
    /// Detailed crops of an overview: (what it shows, its SVG file).
    pub crops: Vec<(String, String)>,
    /// The walk-through (an animated SVG, shown inline on the page so that its
    /// buttons can drive it) of a small board's tour.
    #[serde(default)]
    pub walk: Option<String>,
    /// The tiled image pyramid of its full detail, for a catalogue tour whose
    /// full-detail SVG would be too heavy (see [`super::pyramid`]).
    #[serde(default)]
    pub pyramid: Option<Pyramid>,
    /// What the page's drawing shows, as the renderer reported it: the legend on the
    /// page speaks of these and nothing else.
    #[serde(default)]
    pub drawn: Drawn,
    /// On a board of three or more sides, its levels as the page and the card show
    /// them (empty on the plane).
    #[serde(default)]
    pub levels: Levels,
    /// Taken from the build cache rather than built now.
    #[serde(skip)]
    pub cached: bool,
}

/// A board of three or more sides' levels as its page and its card show them: each
/// level a picture of its own on the page (a grid of pictures reflows with the window,
/// one drawing of every level does not), and the card's levels when it has room for
/// only some.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Levels {
    /// Each level's picture: its label (`z = 3`) and its SVG file, relative to the
    /// output folder.
    pub views: Vec<(String, String)>,
    /// The levels the card's thumbnail draws, in words (`z = 0 and z = 25`), when it
    /// draws fewer than all.
    pub card: Option<String>,
}

/// The layers a page's drawing shows, for its legend ([`Drawn::of`] a drawing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    /// Blocks of cells rather than every square: turns and crossings are densities.
    pub overview: bool,
    /// Turn dots (densities in an overview).
    pub turns: bool,
    /// Crossing disks (densities in an overview).
    pub crossings: bool,
    /// The start ring, the arrow of the first leap and an open tour's end.
    pub ends: bool,
    /// Colours by section, or a gradient along the tour.
    pub sections: bool,
    /// Column and row numbers (letters) along the edges.
    #[serde(default)]
    pub coords: bool,
    /// The overview's numbered frames drawn in full detail as insets below it, in
    /// the same figure.
    #[serde(default)]
    pub insets: bool,
}

impl Drawn {
    /// What `drawing` shows.
    pub fn of(drawing: &render::Drawing) -> Drawn {
        use render::Layer;
        let l = drawing.layers();
        Drawn {
            overview: drawing.style() == render::Style::Overview,
            turns: l.has(Layer::Turns),
            crossings: l.has(Layer::Crossings),
            ends: l.has(Layer::Ends),
            sections: l.has(Layer::Sections),
            coords: l.has(Layer::Coords),
            insets: false,
        }
    }
}

impl Built {
    /// Every file of the tour, relative to the output folder.
    pub fn all_files(&self) -> impl Iterator<Item = &String> {
        let tiles = self.pyramid.iter().flat_map(|p| &p.files);
        self.files
            .values()
            .chain(self.crops.iter().map(|c| &c.1))
            .chain(tiles)
            .chain(self.levels.views.iter().map(|v| &v.1))
    }
}

/// An error while building `job`, placed at its catalogue entry (a bug keeps its own
/// message and exit status: it is not the catalogue's fault).
pub fn blame(job: &Job) -> impl Fn(Error) -> Error + Copy + '_ {
    move |e: Error| {
        if e.is_internal() {
            return e;
        }
        job.place.error(
            "board",
            format!(
                "{} tour of {} ({}): {e}",
                job.target.kind(),
                job.target.board_name(),
                job.target.algorithm()
            ),
        )
    }
}

/// Each section's name, cell count and colour in the drawing.
pub fn section_counts(
    sections: Option<&knights_core::Sections>,
    theme: &Theme,
) -> Vec<(String, u64, String)> {
    let Some(s) = sections else {
        return Vec::new();
    };
    let mut counts = vec![0u64; s.names().len()];
    for &l in s.labels() {
        if let Some(c) = counts.get_mut(l as usize) {
            *c += 1;
        }
    }
    let total = s.names().len();
    s.names()
        .iter()
        .zip(counts)
        .enumerate()
        .map(|(i, (name, n))| {
            let colour = render::section_colour(theme, name, i, total);
            (name.clone(), n, colour)
        })
        .collect()
}
