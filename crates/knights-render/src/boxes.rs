//! Where a page's words and figures ended up, read back from its SVG as usvg lays it
//! out with the bundled font: the boxes a layout is checked against (no two words on
//! top of each other, no words over a figure), measured on the output itself rather
//! than trusted from the code that placed them.

use resvg::usvg::{Group, Node};

use super::font;
use knights_core::Error;

/// A box in the page's units: left, top, right, bottom.
pub type Rect = [f64; 4];

/// The laid-out boxes of a page.
#[derive(Clone, Debug, Default)]
pub struct Laid {
    /// Each line of text outside the figures, with its words.
    pub text: Vec<(String, Rect)>,
    /// Each figure: a group drawn at a scale or offset of its own (a board and what is
    /// drawn on it, its coordinates included), with all it holds.
    pub figures: Vec<Rect>,
}

/// Reads the boxes of `svg`: its text elements outside any transformed group, and
/// the transformed groups (the figures placed on the page).
pub fn laid_out(svg: &str) -> Result<Laid, Error> {
    let tree = font::tree(svg)?;
    let mut laid = Laid::default();
    walk(tree.root(), &mut laid);
    Ok(laid)
}

/// How far text may reach into another box, as a share of its font size, before it
/// is over it: the audit's tolerance (the edges of a glyph's box are mostly empty),
/// which a layout that places text clear of marks keeps too.
pub const TEXT_SLACK: f64 = 0.1;

/// Whether boxes `a` and `b` share more than `slack` in both directions.
pub fn overlap(a: &Rect, b: &Rect, slack: f64) -> bool {
    a[0] + slack < b[2] && b[0] + slack < a[2] && a[1] + slack < b[3] && b[1] + slack < a[3]
}

fn walk(g: &Group, laid: &mut Laid) {
    for node in g.children() {
        match node {
            Node::Group(child) if !child.transform().is_identity() => {
                laid.figures.push(rect(child.abs_bounding_box()));
            }
            Node::Group(child) => walk(child, laid),
            Node::Text(t) => {
                let words: String = t.chunks().iter().map(|c| c.text()).collect();
                laid.text.push((words, rect(t.abs_bounding_box())));
            }
            _ => {}
        }
    }
}

fn rect(r: resvg::usvg::Rect) -> Rect {
    [r.left(), r.top(), r.right(), r.bottom()].map(f64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two lines placed on each other overlap; a scaled group is a figure.
    #[test]
    fn reads_text_and_figure_boxes() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
            <text x="10" y="20" font-size="10">one line</text>
            <text x="30" y="22" font-size="10">another</text>
            <text x="10" y="60" font-size="10">apart</text>
            <g transform="translate(100 10) scale(2)"><rect width="20" height="20"/></g>
            </svg>"#;
        let l = laid_out(svg).unwrap();
        assert_eq!(l.text.len(), 3);
        assert_eq!(l.text[0].0, "one line");
        assert!(overlap(&l.text[0].1, &l.text[1].1, 0.0));
        assert!(!overlap(&l.text[0].1, &l.text[2].1, 0.0));
        assert_eq!(l.figures, vec![[100.0, 10.0, 140.0, 50.0]]);
    }
}
