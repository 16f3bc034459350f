//! The index's thumbnails as a reader sees them (issue 37): every card of the shipped
//! catalogue at 1x (the PNG a 1x screen shows, on the card's ground) shows a route, not
//! a flat block, and no two cards of one board look alike. The five 64x64
//! hidden-Hilbert tours drew the same blocks: their motifs share most of their leaps,
//! and two of the cards differed in 1.5% of their pixels.
//!
//! What "looks different" means here: a pixel differs when its colour is
//! [`NOTICEABLE`] away from the other's, and two cards differ when at least
//! [`APART`] of their pixels do, unless their tours are twins ([`TWINS`]: the same
//! route but for a few places, as the catalogue's formation tours with other heels
//! are), which a card must not make look different. A card is no flat block when at
//! least [`EDGES`] of its neighbouring pixels (across and down, inside its drawing)
//! differ. A card is not too dark when its mean lightness and its share of dark pixels
//! stay near those of main's dense cards ([`DARKEST_MEAN_L`], [`DARKEST_SHARE`]): drawn
//! in shades along the walk, the dense boards' cards became brown and grey fills. A
//! card of a board of three or more sides, series members too, shows its levels'
//! route ([`LEVELS_EDGES`]): the cubes' cards were stacks of plates.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::Path;

use super::audit::shipped_gallery;

/// The colour behind a thumbnail on the index (the stylesheet's `.card img`), which
/// shows through its transparent pixels.
const CARD_GROUND: [f64; 3] = [244.0, 239.0, 230.0];

/// Two pixels' colours differ noticeably at this distance (Euclidean, in 8-bit sRGB):
/// about a sixth of the way from the card's ground to black, or two of the shades a
/// thumbnail's route is drawn in. A just-noticeable difference of two flat patches is
/// a few units; a pixel-wide line at a glance needs many times that.
const NOTICEABLE: f64 = 48.0;

/// Two cards of one board are told apart at a glance when at least this share of
/// their pixels differ noticeably: an eighth of the card, as much as two of a 64x64
/// board's 8x8 motif blocks in every row. The two hidden-Hilbert cards that looked
/// alike differed in 1.5% to 2.6%, two unrelated constructions on 30x30 in 54% to 77%.
const APART: f64 = 0.125;

/// Two tours are twins when at least this share of their leaps are the same leap
/// walked the same way: the formation tours of 30x30 with other heels (in the
/// corners) share 92% to 97%. The two alike hidden-Hilbert cards' tours share 61 of
/// their motif's 63 leaps but walk most of them the other way (44% shared): they are
/// not twins, and their cards must differ.
const TWINS: f64 = 0.9;

/// A card is no flat block when at least this share of its neighbouring pixel pairs
/// (inside the bounding box of its marks) differ noticeably: a route of 1.6-pixel
/// lines leaves an edge every few pixels (a fifth to a half of the pairs), a card of
/// flat blocks (the Fibonacci tour's six squares, before) 3% along their borders.
/// The densest cards come closest: the simplified routes of 200x200 and of the
/// giraffe's 116x38 (8% and 9%) and the 26x26x26 stack of levels (10%).
const EDGES: f64 = 0.06;

/// A card of a board of three or more sides shows its route when at least this share
/// of its neighbouring pixel pairs differ noticeably: its levels' leaps drawn on the
/// ground leave an edge every few pixels (the cards of 16x12x4 and 16x12x2x2, four
/// levels, 38% and 39%; one or two levels of the cubes 16x16x16 to 26x26x26, 50% to
/// 66%). The cubes' levels stacked in isometric projection, plates of colour whose
/// route did not show at 1x, had 10% (26x26x26) to 21% (16x16x16), which [`EDGES`],
/// made for the plane's flat blocks, let through.
const LEVELS_EDGES: f64 = 0.3;

/// The lightest a card's mean lightness (CIE L*, 0 black to 100 white, over its whole
/// picture on the card's ground) may fall to. The darkest cards on main before the
/// route was shaded were the dense boards' overviews in their sections' colours
/// (96x96 at 53.3, 100x100 54.4, 200x200 53.7); drawn in shades along the walk they
/// became brown and grey fills of 43 to 48 (46x46 47.8). The margin under main's
/// darkest, 3, is what the 16-colour palette and a board's other construction move a
/// card (the four 24x24 hidden-Hilbert cards span 1 unit, the 30x30 formation cards
/// 0.6), well short of the regression's 6 to 11.
const DARKEST_MEAN_L: f64 = 50.0;

/// The lightness (CIE L*) under which a pixel counts as dark.
const DARK_L: f64 = 30.0;

/// The largest share of a card's pixels that may be dark ([`DARK_L`]). On main the
/// most was 18% (a hidden-Hilbert overview's deep purple); the five 64x64
/// hidden-Hilbert cards in shades along the walk have 27% to 31% (dark figures on the
/// light ground, a mean lightness of 70 and more); the shaded dense cards were 36% to
/// 58% (the 72x8 Moebius strip's, the 30x30 Parberry tour's 46%, 32x32's 48%).
const DARKEST_SHARE: f64 = 0.35;

/// A card of the index: its slug, its board as the card names it, whether it is a
/// catalogue tour (not only a series member), and its 1x thumbnail.
struct Card {
    slug: String,
    board: String,
    listed: bool,
    thumb: String,
}

/// The value of attribute `name` in the tag text `tag` (the levels page's tests read
/// theirs with it too).
pub(super) fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

/// The cards of the index page of the site at `site`.
fn cards(site: &Path) -> Vec<Card> {
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    html.split("<li class=\"card\"")
        .skip(1)
        .map(|li| {
            let tag = &li[..li.find('>').unwrap()];
            let img = &li[li.find("<img").unwrap()..];
            Card {
                slug: attr(tag, "data-slug").to_string(),
                board: attr(tag, "data-board").to_string(),
                listed: attr(tag, "data-kind").contains("listed"),
                thumb: attr(img, "src").to_string(),
            }
        })
        .collect()
}

/// A picture: its width and its pixels' colours on the card's ground, row by row.
struct Picture {
    width: usize,
    pixels: Vec<[f64; 3]>,
}

impl Picture {
    /// The PNG at `path`, its transparent pixels over [`CARD_GROUND`].
    fn read(path: &Path) -> Picture {
        let mut decoder = png::Decoder::new(fs::File::open(path).unwrap());
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let pixels = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|p| {
                let (rgb, a) = match channels {
                    1 | 2 => ([p[0]; 3], p.get(1).copied().unwrap_or(255)),
                    _ => ([p[0], p[1], p[2]], p.get(3).copied().unwrap_or(255)),
                };
                let a = a as f64 / 255.0;
                [0, 1, 2].map(|i| rgb[i] as f64 * a + CARD_GROUND[i] * (1.0 - a))
            })
            .collect();
        Picture {
            width: info.width as usize,
            pixels,
        }
    }

    fn at(&self, x: usize, y: usize) -> [f64; 3] {
        self.pixels[y * self.width + x]
    }

    fn height(&self) -> usize {
        self.pixels.len() / self.width
    }

    /// The mean lightness (CIE L*) of the picture and the share of its pixels darker
    /// than [`DARK_L`].
    fn lightness(&self) -> (f64, f64) {
        let ls: Vec<f64> = self.pixels.iter().map(|&p| lightness(p)).collect();
        let n = ls.len().max(1) as f64;
        let dark = ls.iter().filter(|&&l| l < DARK_L).count() as f64;
        (ls.iter().sum::<f64>() / n, dark / n)
    }

    /// The share of pixels that differ noticeably from `other`'s (all of them when the
    /// two are not the same size).
    fn differs_from(&self, other: &Picture) -> f64 {
        if self.width != other.width || self.pixels.len() != other.pixels.len() {
            return 1.0;
        }
        let n = (self.pixels.iter().zip(&other.pixels))
            .filter(|(a, b)| apart(**a, **b))
            .count();
        n as f64 / self.pixels.len() as f64
    }

    /// The share of neighbouring pixel pairs (across and down) inside the bounding box
    /// of the pixels that differ from the ground that differ noticeably.
    fn edges(&self) -> f64 {
        let marked = |x: usize, y: usize| apart(self.at(x, y), CARD_GROUND);
        let (w, h) = (self.width, self.height());
        let xs = (0..w).filter(|&x| (0..h).any(|y| marked(x, y)));
        let ys = (0..h).filter(|&y| (0..w).any(|x| marked(x, y)));
        let (Some(x0), Some(x1)) = (xs.clone().min(), xs.max()) else {
            return 0.0;
        };
        let (y0, y1) = (ys.clone().min().unwrap(), ys.max().unwrap());
        let (mut pairs, mut edges) = (0usize, 0usize);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for (nx, ny) in [(x + 1, y), (x, y + 1)] {
                    if nx <= x1 && ny <= y1 {
                        pairs += 1;
                        edges += apart(self.at(x, y), self.at(nx, ny)) as usize;
                    }
                }
            }
        }
        edges as f64 / pairs.max(1) as f64
    }
}

/// The CIE L* of an 8-bit sRGB colour.
fn lightness(c: [f64; 3]) -> f64 {
    let lin = |v: f64| {
        let v = v / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let y = 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    if y > 216.0 / 24389.0 {
        116.0 * y.cbrt() - 16.0
    } else {
        y * 24389.0 / 27.0
    }
}

/// What is wrong with how dark a card is: its mean lightness under [`DARKEST_MEAN_L`]
/// or more than [`DARKEST_SHARE`] of it dark.
fn too_dark(p: &Picture) -> Option<String> {
    let (mean, dark) = p.lightness();
    (mean < DARKEST_MEAN_L || dark > DARKEST_SHARE).then(|| {
        format!(
            "too dark (mean lightness {mean:.1}, {:.1}% dark pixels)",
            dark * 100.0
        )
    })
}

/// Whether two colours differ by [`NOTICEABLE`] or more.
fn apart(a: [f64; 3], b: [f64; 3]) -> bool {
    let d2: f64 = (0..3).map(|i| (a[i] - b[i]).powi(2)).sum();
    d2 >= NOTICEABLE * NOTICEABLE
}

/// The leaps of the tour of the card `slug`, each from the cell it leaves to the one
/// it reaches (cells numbered row by row), made again by the command its page shows
/// (`knights tour ...`) as a numbered grid.
fn leaps(site: &Path, slug: &str) -> HashSet<(usize, usize)> {
    let page = fs::read_to_string(site.join(format!("tours/{slug}.html"))).unwrap();
    let at = page
        .find("knights tour ")
        .unwrap_or_else(|| panic!("{slug}: no command"));
    let command = &page[at + "knights ".len()..];
    let command = &command[..command.find('<').unwrap()];
    let mut args: Vec<&str> = command.split_whitespace().collect();
    args.extend(["--format", "grid"]);
    let o = super::run::knights(&args);
    assert!(o.status.success(), "{slug}: {}", super::run::stderr(&o));
    let steps: Vec<usize> = (super::run::stdout(&o).split_whitespace())
        .map(|n| n.parse().unwrap())
        .collect();
    let mut cell_of = vec![0; steps.len() + 1];
    for (cell, &step) in steps.iter().enumerate() {
        cell_of[step.min(steps.len())] = cell;
    }
    let first = steps.iter().copied().min().unwrap_or(0);
    (first..first + steps.len() - 1)
        .map(|k| (cell_of[k], cell_of[k + 1]))
        .collect()
}

/// Whether the tours of cards `a` and `b` are [`TWINS`].
fn twins(site: &Path, a: &str, b: &str) -> bool {
    let (la, lb) = (leaps(site, a), leaps(site, b));
    la.len() == lb.len() && la.intersection(&lb).count() as f64 >= TWINS * la.len() as f64
}

/// The catalogue's cards (not the series'), by board.
fn catalogue_by_board(site: &Path) -> BTreeMap<String, Vec<(String, Picture)>> {
    let mut by_board: BTreeMap<String, Vec<(String, Picture)>> = BTreeMap::new();
    let mut seen = HashSet::new();
    // A catalogue tour that is also a series member has a card in both lists.
    for card in cards(site).into_iter().filter(|c| c.listed) {
        if !seen.insert(card.slug.clone()) {
            continue;
        }
        let picture = Picture::read(&site.join(&card.thumb));
        by_board
            .entry(card.board)
            .or_default()
            .push((card.slug, picture));
    }
    by_board
}

#[test]
fn every_catalogue_card_shows_a_route_and_no_two_of_one_board_look_alike() {
    let site = shipped_gallery();
    let by_board = catalogue_by_board(site);
    let cards: usize = by_board.values().map(Vec::len).sum();
    assert!(cards >= 50, "{cards} catalogue cards");
    let hilbert = by_board.get("64x64").map_or(0, |c| {
        c.iter().filter(|(s, _)| s.contains("hilbert")).count()
    });
    assert_eq!(hilbert, 5, "the five 64x64 hidden-Hilbert cards");
    let mut wrong = Vec::new();
    for (board, cards) in &by_board {
        for (i, (a, pa)) in cards.iter().enumerate() {
            let e = pa.edges();
            if e < EDGES {
                wrong.push(format!("{a}: a flat block ({:.1}% edges)", e * 100.0));
            }
            if let Some(dark) = too_dark(pa) {
                wrong.push(format!("{a}: {dark}"));
            }
            for (b, pb) in &cards[i + 1..] {
                let d = pa.differs_from(pb);
                if d < APART && !twins(site, a, b) {
                    wrong.push(format!("{board}: {a} and {b} differ in {:.1}%", d * 100.0));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether a card's board (`26x26x26`, `8x8 torus`) has three or more sides.
fn more_sides(board: &str) -> bool {
    let sides = board.split_whitespace().next().unwrap_or("");
    sides.split('x').count() >= 3
}

/// Every card of a board of three or more sides, the catalogue's and the series', shows
/// its levels' route at 1x: as many levels as leave room for their leaps, not a stack
/// of plates.
#[test]
fn every_card_of_more_sides_shows_its_route() {
    let site = shipped_gallery();
    let mut seen = HashSet::new();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for card in cards(site).into_iter().filter(|c| more_sides(&c.board)) {
        if !seen.insert(card.slug.clone()) {
            continue;
        }
        let e = Picture::read(&site.join(&card.thumb)).edges();
        if e < LEVELS_EDGES {
            wrong.push(format!(
                "{} ({}): {:.1}% edges",
                card.slug,
                card.board,
                e * 100.0
            ));
        }
        checked += 1;
    }
    // 26x26x26, 16x12x4, 16x12x2x2 and the cubes 16 to 26.
    assert!(checked >= 8, "{checked} cards of three or more sides");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(more_sides("16x12x2x2") && !more_sides("8x8 torus") && !more_sides("64x64"));
}

/// The measures find what they must: a card against itself and a flat block.
#[test]
fn the_measures_tell_a_copy_and_a_flat_block() {
    let flat = Picture {
        width: 40,
        pixels: (0..1600)
            .map(|i| match (i % 40 < 20, i % 40 == 0 || i % 40 == 39) {
                (_, true) => CARD_GROUND,
                (true, _) => [0.0, 114.0, 178.0],
                (false, _) => [156.0, 108.0, 0.0],
            })
            .collect(),
    };
    assert!(flat.edges() < 0.05, "{}", flat.edges());
    assert_eq!(flat.differs_from(&flat), 0.0);
    let lines = Picture {
        width: 40,
        pixels: (0..1600)
            .map(|i| {
                if (i % 40 + i / 40) % 4 < 2 {
                    [30.0; 3]
                } else {
                    CARD_GROUND
                }
            })
            .collect(),
    };
    assert!(lines.edges() > 0.4, "{}", lines.edges());
    assert!(lines.differs_from(&flat) > 0.5);
    // Near-black lines on half the card: too dark, though their mean is 53.
    assert!(too_dark(&lines).is_some(), "{:?}", lines.lightness());
    // A card of a dense tour drawn in dark brown (L* 35 and 25) is too dark, in its
    // sections' colours (L* 55 and 60) it is not.
    let fill = |a: [f64; 3], b: [f64; 3]| Picture {
        width: 40,
        pixels: (0..1600).map(|i| if i % 3 == 0 { a } else { b }).collect(),
    };
    assert!(too_dark(&fill([96.0, 76.0, 50.0], [70.0, 55.0, 36.0])).is_some());
    assert_eq!(
        too_dark(&fill([204.0, 121.0, 167.0], [0.0, 158.0, 115.0])),
        None
    );
    assert!((lightness([255.0; 3]) - 100.0).abs() < 0.01 && lightness([0.0; 3]) == 0.0);
}
