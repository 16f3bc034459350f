//! A part of a picture drawn from only the elements that reach it. resvg draws every
//! element of a tree into any pixmap, even one that shows a sliver of the picture: a
//! band of a 200x200 tile tour's full detail would set up the pipeline of all its tens
//! of thousands of turn dots and crossing disks, most of them rows away. Here the tree
//! is walked as resvg walks it, and an element is drawn only when its bounds (stroke
//! and filters included, in pixels) come within [`MARGIN`] of the pixmap; the bounds
//! come with the parsed tree, so skipping an element costs a comparison. The picture
//! is what resvg draws of the whole tree but for the last bits of a coordinate (each
//! element is drawn through [`resvg::render_node`], which moves it to its bounds and
//! back), so every band of every picture is drawn this way, whole pictures and tiles
//! alike (see [`crate::raster::band`]).

use resvg::tiny_skia::{PixmapMut, Rect, Transform};
use resvg::usvg::{Group, Node, Tree};

/// Pixels around the pixmap within which an element is still drawn: anti-aliasing
/// reaches one pixel past an element's edge.
const MARGIN: f32 = 2.0;

/// Draws into `pixmap` the elements of `tree` that reach it through `at` (the root
/// transform, as [`resvg::render`] takes it). Returns `false`, having drawn nothing,
/// when an element that reaches it cannot be drawn alone (a horizontal or vertical
/// line without fill has no area to move it by); the caller then draws the tree
/// whole.
pub fn draw(tree: &Tree, at: Transform, pixmap: &mut PixmapMut) -> bool {
    let view = [
        -MARGIN,
        -MARGIN,
        pixmap.width() as f32 + MARGIN,
        pixmap.height() as f32 + MARGIN,
    ];
    let mut jobs = Vec::new();
    if !visible(tree.root(), at, at, view, &mut jobs) {
        return false;
    }
    for (node, t) in jobs {
        let b = node.abs_layer_bounding_box().expect("checked in visible");
        // render_node moves the node by minus its bounds' corner; move it back.
        resvg::render_node(node, t.pre_translate(b.x(), b.y()), pixmap);
    }
    true
}

/// Collects into `jobs` the elements under `group` that reach `view` (left, top,
/// right, bottom in pixels), each with the transform resvg draws it with (`parent`:
/// the root transform `at` and the groups' own above it). A group drawn as a layer of
/// its own (opacity, clip, mask, filter) is one element; any other group is walked,
/// as resvg walks it. `false` when an element that reaches `view` has no area.
fn visible<'a>(
    group: &'a Group,
    at: Transform,
    parent: Transform,
    view: [f32; 4],
    jobs: &mut Vec<(&'a Node, Transform)>,
) -> bool {
    for node in group.children() {
        if let Node::Group(g) = node {
            if !g.should_isolate() {
                if !visible(g, at, parent.pre_concat(g.transform()), view, jobs) {
                    return false;
                }
                continue;
            }
        }
        let bounds = match node {
            Node::Group(g) => g.abs_layer_bounding_box().to_rect(),
            _ => node.abs_stroke_bounding_box(),
        };
        let [left, top, right, bottom] = view;
        let outside = |px: Rect| {
            px.right() < left || px.left() > right || px.bottom() < top || px.top() > bottom
        };
        if bounds.transform(at).is_some_and(outside) {
            continue;
        }
        if node.abs_layer_bounding_box().is_none() {
            return false;
        }
        jobs.push((node, parent));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;
    use crate::{font, Drawing, Options};
    use knights_core::metrics::measure;
    use resvg::tiny_skia::Pixmap;

    /// `tree` through `at` into a `w x h` pixmap: culled, and whole by resvg.
    fn both(tree: &Tree, at: Transform, w: u32, h: u32) -> (Option<Pixmap>, Pixmap) {
        let mut culled = Pixmap::new(w, h).unwrap();
        let drawn = draw(tree, at, &mut culled.as_mut());
        let mut whole = Pixmap::new(w, h).unwrap();
        resvg::render(tree, at, &mut whole.as_mut());
        (drawn.then_some(culled), whole)
    }

    #[test]
    fn a_part_of_a_tour_is_what_resvg_draws_of_the_whole_tree() {
        let t = tour("40x40.json");
        let d = Drawing::new(&t, &measure(&t), &Options::default()).unwrap();
        let tree = font::tree(d.svg()).unwrap();
        // A strip across the middle, and one hanging past the picture's corner.
        for (dx, dy) in [(0.0, -300.0), (-500.0, -700.0)] {
            let at = Transform::from_scale(1.5, 1.5).post_translate(dx, dy);
            let (culled, whole) = both(&tree, at, 600, 200);
            let culled = culled.expect("a tour drawing has no line without area");
            let pairs = || culled.data().iter().zip(whole.data());
            let differ = pairs().filter(|(a, b)| a != b).count();
            let most = pairs().map(|(a, b)| a.abs_diff(*b)).max().unwrap();
            assert!(
                differ * 200 < whole.data().len() && most < 64,
                "{differ} bytes, {most}"
            );
            assert!(whole.data().iter().any(|&b| b != 0), "nothing drawn");
        }
    }

    #[test]
    fn groups_of_their_own_and_lines_without_area() {
        // A half-transparent group is drawn as one element; out of view, nothing.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
<g opacity="0.5"><rect x="10" y="10" width="30" height="30" fill="#f00"/></g>
<g transform="translate(50 0)"><circle cx="20" cy="80" r="10" fill="#00f"/></g>
</svg>"##;
        let tree = font::tree(svg).unwrap();
        let (culled, whole) = both(&tree, Transform::identity(), 100, 100);
        let culled = culled.unwrap();
        assert_eq!(culled.pixel(25, 25), whole.pixel(25, 25));
        assert_eq!(culled.pixel(70, 80), whole.pixel(70, 80));
        assert!(whole.pixel(25, 25).unwrap().alpha() > 100);
        let below = Transform::from_translate(0.0, -60.0);
        let (culled, whole) = both(&tree, below, 100, 40);
        assert_eq!(culled.unwrap().data(), whole.data());
        // A horizontal line has no area to move it by: the caller draws the tree whole.
        let line = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
<path d="M0 50H100" stroke="#000" stroke-width="4"/></svg>"##;
        let tree = font::tree(line).unwrap();
        assert!(both(&tree, Transform::identity(), 100, 100).0.is_none());
        // Out of view it is not drawn, so it does not matter.
        let (culled, whole) = both(&tree, Transform::from_translate(0.0, -80.0), 100, 20);
        assert_eq!(culled.unwrap().data(), whole.data());
    }
}
