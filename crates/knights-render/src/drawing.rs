//! [`Drawing`]: a verified tour drawn as [`Options`] say, its SVG document made once
//! and its PNG and PDF made from one parsed copy of it, as bytes in the [`Format`] a
//! caller asks for (writing them is the caller's business); and any other SVG
//! document (a plot) as PNG or PDF with the drawings' fonts.

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

use resvg::usvg;

use super::document::{self, Plan};
use super::figure::{self, Insets};
use super::layers::Layers;
use super::options::Options;
use super::overview::Style;
use super::raster::{self, Resolution};
use super::{budget, font, frame, paper, pdf, tiles};
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::{Error, Named, Region, Shape, Unknown};

/// Any SVG document (a plot) as PNG bytes at `res`, with the drawings' fonts.
pub fn svg_to_png(svg: &str, res: Resolution) -> Result<Vec<u8>, Error> {
    raster::png(&font::tree(svg)?, res)
}

/// Any SVG document (a plot) as vector PDF bytes, with the drawings' fonts.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, Error> {
    pdf::pdf(&font::tree(svg)?)
}
/// The formats a [`Drawing`] is made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The SVG document.
    Svg,
    /// A PNG picture at the options' resolution.
    Png,
    /// A vector PDF.
    Pdf,
}

impl Format {
    /// The format the extension of `path` names (`svg`, `png`, `pdf`, in any case).
    pub fn of(path: &Path) -> Result<Format, Error> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("pdf") => Ok(Format::Pdf),
            _ => Err(
                Unknown::extension(Named::DrawingFormat, path, &[".svg", ".png", ".pdf"]).into(),
            ),
        }
    }
}

/// A drawing of a verified tour: its SVG document, and PNG and PDF made from it.
pub struct Drawing {
    svg: String,
    layers: Layers,
    style: Style,
    resolution: Resolution,
    /// Points per square.
    cell_pt: f64,
    tree: OnceLock<usvg::Tree>,
}

impl Drawing {
    /// Draws `tour`, whose metrics are `metrics`, as `opts` says: a tourney each cycle
    /// in its own colour, an uncrossed path with a dot on every cell it visits, a tour
    /// of a board of three or more sides its levels side by side (their own branches,
    /// in the modules `tourney`, `uncrossed` and `levels`).
    ///
    /// A band or torus whose crossings would cost too many tests to place is refused
    /// here, for every caller (the command line, the gallery, the explorer), before
    /// anything is laid out (the render budget's `check_band_crossings`).
    pub fn new(tour: &Verified, metrics: &Metrics, opts: &Options) -> Result<Drawing, Error> {
        budget::check_band_crossings(tour.board())?;
        let other = if tour.board().dims() > 2 {
            super::levels::drawing(tour, metrics, opts)
        } else {
            match tour.shape() {
                Shape::Tour => return Drawing::of_tour(tour, metrics, opts),
                Shape::Tourney { .. } => super::tourney::drawing(tour, metrics, opts),
                Shape::Uncrossed { .. } => super::uncrossed::drawing(tour, opts),
            }
        };
        // These lay themselves out in the theme's points: at a size on paper, the
        // whole is scaled to it.
        other.map(|mut d| {
            if let Some(p) = opts.theme.page.width {
                d.svg = paper::resize(&d.svg, p);
            }
            d
        })
    }

    /// A tour of a 2-D board: at a size on paper, its theme fitted to that width
    /// (see [`paper::fitted`]), again when a legend takes room beside the board.
    fn of_tour(tour: &Verified, metrics: &Metrics, opts: &Options) -> Result<Drawing, Error> {
        let board = tour.board();
        // The region and whether coordinates are drawn, which the fitting needs, are
        // the same at any size: planned without one.
        let mut natural = opts.clone();
        natural.theme.page.width = None;
        let first = Plan::new(tour, &natural)?;
        let coords = first.layers.has(super::Layer::Coords);
        let mut fit = opts.clone();
        fit.theme = paper::fitted(&opts.theme, board, first.region, coords, 0.0)?;
        if opts.insets != Insets::None {
            let style = Plan::new(tour, &fit)?.style;
            let spots = figure::places_of(tour, opts, style)?;
            if !spots.is_empty() {
                return figure::drawing(tour, metrics, opts, &spots);
            }
        }
        let Some(size) = opts.theme.page.width else {
            return Drawing::planned(tour, metrics, opts);
        };
        let d = Drawing::planned(tour, metrics, &fit)?;
        let frame = frame::Frame::of_region(board, &fit.theme, coords, first.region);
        let extra = d.page_width()? - frame.page_pt().0;
        if extra.abs() < 1e-3 * size.points() {
            return Ok(d);
        }
        fit.theme = paper::fitted(&opts.theme, board, first.region, coords, extra)?;
        Drawing::planned(tour, metrics, &fit)
    }

    /// A tour of a 2-D board, drawn as `opts` say.
    fn planned(tour: &Verified, metrics: &Metrics, opts: &Options) -> Result<Drawing, Error> {
        let plan = Plan::new(tour, opts)?;
        let layers = plan.layers;
        if plan.style == Style::Detail && plan.region == Region::all(tour.board()) {
            budget::check_svg(tour.board(), metrics, layers)?; // an overview is small
        }
        Ok(Drawing {
            svg: document::document(tour, metrics, &opts.theme, plan)?,
            layers,
            style: plan.style,
            resolution: opts.resolution,
            cell_pt: frame::Frame::of_region(tour.board(), &opts.theme, false, plan.region).cell_pt,
            tree: OnceLock::new(),
        })
    }

    /// This drawing, said to be drawn in style `style` (a figure, whose overview is).
    pub(crate) fn with_style(mut self, style: Style) -> Drawing {
        self.style = style;
        self
    }

    /// Points per square.
    pub(crate) fn cell_pt(&self) -> f64 {
        self.cell_pt
    }

    /// The width of the page in points (margins, legend and notes included), read from
    /// the document's view box and scale.
    pub(crate) fn page_width(&self) -> Result<f64, Error> {
        let v = paper::view_box(&self.svg)
            .ok_or_else(|| Error::internal("a drawing without a view box"))?;
        Ok(v[2] * self.cell_pt)
    }

    /// A drawing whose SVG another module composed (the levels of a board of three or
    /// more sides), with the same PNG and PDF output; `cell_pt` points per square.
    pub(crate) fn from_svg(
        svg: String,
        layers: Layers,
        resolution: Resolution,
        cell_pt: f64,
    ) -> Drawing {
        Drawing {
            svg,
            layers,
            style: Style::Detail,
            resolution,
            cell_pt,
            tree: OnceLock::new(),
        }
    }

    /// The layers drawn (the options' [`crate::Show`] resolved for this board): what a
    /// legend of the drawing may speak of, and nothing else.
    pub fn layers(&self) -> Layers {
        self.layers
    }

    /// How the board is drawn: square by square ([`Style::Detail`]) or as an
    /// overview of blocks, whose turn and crossing layers are density markers.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The width in pixels of a raster of the drawing whose squares are `px` pixels
    /// wide (margins and legend included).
    pub fn width_at(&self, px: f64) -> Result<u32, Error> {
        let points = self.tree()?.size().width() as f64;
        Ok((points / self.cell_pt * px).round().max(1.0) as u32)
    }

    /// How many times as wide as it is tall the drawing is (margins and legend
    /// included).
    pub fn aspect(&self) -> Result<f64, Error> {
        let size = self.tree()?.size();
        Ok(size.width() as f64 / size.height() as f64)
    }

    /// The SVG document.
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// The drawing as PNG bytes at the options' resolution.
    pub fn png(&self) -> Result<Vec<u8>, Error> {
        self.png_at(self.resolution)
    }

    /// The drawing as PNG bytes at resolution `res` (e.g. a thumbnail's width).
    pub fn png_at(&self, res: Resolution) -> Result<Vec<u8>, Error> {
        raster::png(self.tree()?, res)
    }

    /// The drawing as PNG bytes at `res` with at most `colours` palette colours (a
    /// thumbnail: see [`raster::png_with`]).
    pub fn png_small(&self, res: Resolution, colours: usize) -> Result<Vec<u8>, Error> {
        raster::png_with(self.tree()?, res, colours)
    }

    /// The drawing as a tiled image pyramid: one level per width in `widths` (pixels
    /// across), each cut into [`tiles::TILE`]-pixel PNG tiles with at most `colours`
    /// palette colours (see [`tiles`]).
    pub fn pyramid(
        &self,
        widths: &[u32],
        colours: usize,
    ) -> Result<(Vec<tiles::Level>, Vec<tiles::Tile>), Error> {
        let tree = self.tree()?;
        let levels = widths
            .iter()
            .map(|&w| tiles::Level::of(tree, w))
            .collect::<Result<Vec<_>, Error>>()?;
        let tiles = tiles::tiles(tree, &levels, colours)?;
        Ok((levels, tiles))
    }

    /// The drawing as vector PDF bytes.
    pub fn pdf(&self) -> Result<Vec<u8>, Error> {
        pdf::pdf(self.tree()?)
    }

    /// The drawing's bytes in `format`: the SVG document's text, or PNG or PDF made
    /// from it. Writing them is the caller's business.
    pub fn bytes(&self, format: Format) -> Result<Cow<'_, [u8]>, Error> {
        Ok(match format {
            Format::Svg => self.svg.as_bytes().into(),
            Format::Png => self.png()?.into(),
            Format::Pdf => self.pdf()?.into(),
        })
    }

    /// The SVG document parsed once, with the bundled font, for PNG and PDF.
    fn tree(&self) -> Result<&usvg::Tree, Error> {
        if let Some(t) = self.tree.get() {
            return Ok(t);
        }
        budget::check_tree(&self.svg)?;
        let t = font::tree(&self.svg)?;
        Ok(self.tree.get_or_init(|| t))
    }
}
