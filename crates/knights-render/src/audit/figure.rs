//! A finished SVG figure read back for the audit: what it paints, in paint order, with
//! the boxes usvg lays it out in (text set in the bundled font, as [`crate::boxes`]
//! reads a page), and what the drawing code said each part is: the mark a layer's
//! group names (`data-mark`), the legend entry an element belongs to (`data-legend`),
//! the animation frame it shows in (a group or text hidden until its step). usvg keeps
//! an element's `id` but drops its other attributes, so the reader gives every element
//! an id of its own first and looks its attributes up by it.

use std::collections::HashMap;

use resvg::usvg::roxmltree;
use resvg::usvg::tiny_skia_path::{PathSegment, Point};
use resvg::usvg::{self, Group, Node, Paint, Transform};

use crate::boxes::Rect;
use crate::font;
use knights_core::Error;

/// A solid colour, red, green and blue.
pub type Rgb = [u8; 3];

/// One painted element of the figure.
#[derive(Clone, Debug)]
pub struct Item {
    /// How it names itself in a finding: its class or tag, and a text's words.
    pub name: String,
    /// The mark (a layer, a plotted series) whose group holds it.
    pub mark: Option<String>,
    /// The legend entry it draws.
    pub legend: Option<String>,
    /// The animation frame it shows in (`None`: always shown).
    pub frame: Option<usize>,
    /// Its box with its stroke, in the figure's px.
    pub bbox: Rect,
    /// The box its clip paths leave (`None`: not clipped).
    pub clip: Option<Rect>,
    /// The px of one unit of its own lengths (its transform's scale): a length
    /// written to a thousandth of a unit reads back up to half of one under.
    pub unit: f64,
    /// Text or shape.
    pub what: What,
}

/// What an item is.
#[derive(Clone, Debug)]
pub enum What {
    /// A line of text, its font size in px.
    Text {
        /// The words.
        words: String,
        /// The font size, in px.
        size: f64,
    },
    /// A path (every shape is one to usvg).
    Shape(Shape),
}

/// A path's paint and parts.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The box of each of its subpaths (with the stroke), in px, and whether it is
    /// closed.
    pub parts: Vec<(Rect, bool)>,
    /// Its points, in px rounded to a hundredth: two series drawn through the same
    /// points are the same line.
    pub points: Vec<(i64, i64)>,
    /// Its stroke: colour, width in px, whether dashed (`None`: not stroked).
    pub stroke: Option<(Rgb, f64, bool)>,
    /// Its fill colour when solid and opaque, and whether its rule is even-odd.
    pub fill: Option<(Rgb, bool)>,
}

/// A figure read for the audit.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The figure's box: its width and height, in px.
    pub view: Rect,
    /// Points per px at the print size the figure declares (a width in mm, cm, in,
    /// pt or pc), if it declares one.
    pub pt_per_px: Option<f64>,
    /// What it paints, bottom to top.
    pub items: Vec<Item>,
}

/// What the drawing code wrote on an element, by its id.
#[derive(Clone, Debug, Default)]
struct Said {
    name: String,
    class: bool,
    mark: Option<String>,
    legend: Option<String>,
    hidden: bool,
}

/// Reads `svg` for the audit.
pub fn read(svg: &str) -> Result<Figure, Error> {
    let (marked, said) = mark_elements(svg)?;
    let pt_per_in = declared_width_pt(svg)?;
    let tree = font::tree(&marked)?;
    let size = tree.size();
    let (w, h) = (size.width() as f64, size.height() as f64);
    let mut items = Vec::new();
    let ctx = Context::default();
    walk(tree.root(), &said, &ctx, &mut items);
    Ok(Figure {
        view: [0.0, 0.0, w, h],
        pt_per_px: pt_per_in.map(|pt| pt / w),
        items,
    })
}

/// The SVG with an id on every element that had none and every hidden frame shown
/// (the audit looks at each frame), and what each id's element said.
fn mark_elements(svg: &str) -> Result<(String, HashMap<String, Said>), Error> {
    let doc = roxmltree::Document::parse(svg)
        .map_err(|e| Error::internal(format!("the drawing is not valid SVG: {e}")))?;
    let mut said = HashMap::new();
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (k, node) in doc.descendants().filter(|n| n.is_element()).enumerate() {
        let id = match node.attribute("id") {
            Some(id) => id.to_string(),
            None => {
                let at = node.range().start + 1 + node.tag_name().name().len();
                edits.push((at..at, format!(" id=\"audit-{k}\"")));
                format!("audit-{k}")
            }
        };
        // An element whose visibility is set, or a group hidden until its step, is
        // a frame of an animation: shown, and compared only with what is always shown.
        let mut hidden = false;
        for a in node.attributes() {
            let shown = match (a.name(), a.value()) {
                ("visibility", _) => Some("visible"),
                ("opacity", "0") => Some("1"),
                _ => None,
            };
            if let Some(v) = shown {
                hidden = true;
                edits.push((a.range_value(), v.to_string()));
            }
        }
        said.insert(id, said_by(node, hidden));
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = svg.to_string();
    for (r, text) in edits {
        out.replace_range(r, &text);
    }
    Ok((out, said))
}

/// What `node` says of itself.
fn said_by(node: roxmltree::Node, hidden: bool) -> Said {
    let class = node.attribute("class");
    Said {
        name: class.unwrap_or(node.tag_name().name()).to_string(),
        class: class.is_some(),
        mark: node.attribute("data-mark").map(str::to_string),
        legend: node.attribute("data-legend").map(str::to_string),
        hidden,
    }
}

/// The width the root element declares in points, when it is a length on paper.
fn declared_width_pt(svg: &str) -> Result<Option<f64>, Error> {
    let doc = roxmltree::Document::parse(svg)
        .map_err(|e| Error::internal(format!("the drawing is not valid SVG: {e}")))?;
    let Some(width) = doc.root_element().attribute("width") else {
        return Ok(None);
    };
    let units = [
        ("mm", 72.0 / 25.4),
        ("cm", 72.0 / 2.54),
        ("in", 72.0),
        ("pt", 1.0),
        ("pc", 12.0),
    ];
    Ok(units.iter().find_map(|(unit, pt)| {
        let n = width
            .trim()
            .strip_suffix(unit)?
            .trim()
            .parse::<f64>()
            .ok()?;
        Some(n * pt)
    }))
}

/// What the groups around an element say.
#[derive(Clone, Debug, Default)]
struct Context {
    class: Option<String>,
    mark: Option<String>,
    legend: Option<String>,
    frame: Option<usize>,
    clip: Option<Rect>,
}

impl Context {
    /// The context inside `g`.
    fn within(&self, g: &Group, said: &HashMap<String, Said>) -> Context {
        let mut c = self.clone();
        if let Some(s) = said.get(g.id()) {
            c.take(s, g.id());
        }
        if let Some(clip) = g.clip_path().and_then(|cp| clip_box(cp, g.abs_transform())) {
            c.clip = Some(match c.clip {
                Some(outer) => intersect(&outer, &clip),
                None => clip,
            });
        }
        c
    }

    /// `s`'s own words over the groups'.
    fn take(&mut self, s: &Said, id: &str) {
        if s.class {
            self.class = Some(s.name.clone());
        }
        if s.mark.is_some() {
            self.mark.clone_from(&s.mark);
        }
        if s.legend.is_some() {
            self.legend.clone_from(&s.legend);
        }
        if s.hidden {
            self.frame = Some(frame_number(id));
        }
    }
}

/// A number for the frame an element of id `id` starts.
fn frame_number(id: &str) -> usize {
    id.bytes()
        .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize))
}

fn walk(g: &Group, said: &HashMap<String, Said>, ctx: &Context, out: &mut Vec<Item>) {
    for node in g.children() {
        match node {
            Node::Group(child) => walk(child, said, &ctx.within(child, said), out),
            Node::Path(p) => {
                let (c, name) = own(ctx, said, p.id());
                if let Some(shape) = shape(p) {
                    let b = rect(p.abs_stroke_bounding_box());
                    let unit = scale(p.abs_transform());
                    out.push(item(&c, name, b, unit, What::Shape(shape)));
                }
            }
            Node::Text(t) => {
                let (c, class) = own(ctx, said, t.id());
                let words: String = t.chunks().iter().map(|c| c.text()).collect();
                let size = t
                    .chunks()
                    .iter()
                    .flat_map(|c| c.spans())
                    .map(|s| s.font_size().get());
                let size = size.fold(0.0f32, f32::max) as f64 * scale(t.abs_transform());
                let what = What::Text {
                    words: words.trim().to_string(),
                    size,
                };
                let name = format!("{class} \"{}\"", words.trim());
                let unit = scale(t.abs_transform());
                out.push(item(&c, name, rect(t.abs_bounding_box()), unit, what));
            }
            Node::Image(_) => {}
        }
    }
}

/// The context of the element of id `id` within `ctx`, and its name.
fn own(ctx: &Context, said: &HashMap<String, Said>, id: &str) -> (Context, String) {
    let mut c = ctx.clone();
    match said.get(id) {
        Some(s) => {
            c.take(s, id);
            let name = match (&c.class, s.class) {
                (Some(group), false) => group.clone(),
                _ => s.name.clone(),
            };
            (c, name)
        }
        None => (c.clone(), c.class.unwrap_or_else(|| "path".to_string())),
    }
}

fn item(c: &Context, name: String, bbox: Rect, unit: f64, what: What) -> Item {
    Item {
        unit,
        name,
        mark: c.mark.clone(),
        legend: c.legend.clone(),
        frame: c.frame,
        bbox,
        clip: c.clip,
        what,
    }
}

/// A path's parts and paint, in px.
fn shape(p: &usvg::Path) -> Option<Shape> {
    if !p.is_visible() {
        return None;
    }
    let ts = p.abs_transform();
    let stroke = p.stroke().and_then(|s| {
        let colour = solid(s.paint(), s.opacity().get())?;
        let width = s.width().get() as f64 * scale(ts);
        Some((colour, width, s.dasharray().is_some()))
    });
    // A fill of a path with no area (a straight line left with the default fill)
    // paints nothing.
    let b = p.data().bounds();
    let flat = b.width() <= f32::EPSILON || b.height() <= f32::EPSILON;
    let fill = p.fill().filter(|_| !flat).and_then(|f| {
        let colour = solid(f.paint(), f.opacity().get())?;
        Some((colour, f.rule() == usvg::FillRule::EvenOdd))
    });
    let pad = stroke.map_or(0.0, |s| s.1 / 2.0);
    // A stroke painted under its fill is a halo that parts the mark from what lies
    // under it, not a line of its own.
    let halo = fill.is_some() && p.paint_order() == usvg::PaintOrder::StrokeAndFill;
    let stroke = stroke.filter(|_| !halo);
    let (parts, points) = subpaths(p.data(), ts, pad);
    Some(Shape {
        parts,
        points,
        stroke,
        fill,
    })
}

/// The boxes of the subpaths of `data` under `ts`, grown by `pad`, with whether each
/// is closed; and all its points, rounded.
#[allow(clippy::type_complexity)]
fn subpaths(
    data: &usvg::tiny_skia_path::Path,
    ts: Transform,
    pad: f64,
) -> (Vec<(Rect, bool)>, Vec<(i64, i64)>) {
    let mut parts: Vec<(Rect, bool)> = Vec::new();
    let mut points = Vec::new();
    let mut current: Option<(Rect, bool)> = None;
    let mut add = |pt: Point, current: &mut Option<(Rect, bool)>, start: bool| {
        let mut q = pt;
        ts.map_point(&mut q);
        let (x, y) = (q.x as f64, q.y as f64);
        points.push(((x * 100.0).round() as i64, (y * 100.0).round() as i64));
        let r = [x - pad, y - pad, x + pad, y + pad];
        match current {
            Some((b, _)) if !start => *b = union(b, &r),
            _ => *current = Some((r, false)),
        }
    };
    for seg in data.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                parts.extend(current.take());
                add(p, &mut current, true);
            }
            PathSegment::LineTo(p) => add(p, &mut current, false),
            PathSegment::QuadTo(a, p) => {
                add(a, &mut current, false);
                add(p, &mut current, false);
            }
            PathSegment::CubicTo(a, b, p) => {
                add(a, &mut current, false);
                add(b, &mut current, false);
                add(p, &mut current, false);
            }
            PathSegment::Close => {
                if let Some(c) = current.as_mut() {
                    c.1 = true;
                }
            }
        }
    }
    parts.extend(current);
    (parts, points)
}

/// A solid, opaque paint's colour.
fn solid(paint: &Paint, opacity: f32) -> Option<Rgb> {
    match paint {
        Paint::Color(c) if opacity >= 0.999 => Some([c.red, c.green, c.blue]),
        _ => None,
    }
}

/// The box a clip path leaves, in px, for a group whose transform is `ts`.
fn clip_box(cp: &usvg::ClipPath, ts: Transform) -> Option<Rect> {
    let ts = ts.pre_concat(cp.transform());
    let mut out: Option<Rect> = None;
    for node in cp.root().children() {
        if let Node::Path(p) = node {
            let b = p.data().bounds().transform(ts)?;
            let r = [b.left(), b.top(), b.right(), b.bottom()].map(f64::from);
            out = Some(out.map_or(r, |o| union(&o, &r)));
        }
    }
    out
}

/// How much `ts` scales lengths (the square root of its area's scale).
pub fn scale(ts: Transform) -> f64 {
    ((ts.sx * ts.sy - ts.kx * ts.ky).abs() as f64).sqrt()
}

fn rect(r: usvg::Rect) -> Rect {
    [r.left(), r.top(), r.right(), r.bottom()].map(f64::from)
}

/// The smallest box holding `a` and `b`.
pub fn union(a: &Rect, b: &Rect) -> Rect {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

/// Where `a` and `b` meet (empty boxes come out reversed).
pub fn intersect(a: &Rect, b: &Rect) -> Rect {
    [
        a[0].max(b[0]),
        a[1].max(b[1]),
        a[2].min(b[2]),
        a[3].min(b[3]),
    ]
}
