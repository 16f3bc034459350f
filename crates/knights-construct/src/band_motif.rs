//! Closed tours of bands (cylinders and Moebius strips) made of one motif repeated all
//! the way round (Bosch and Huang, "Structured Knight's Tours", 2021: their 64x8
//! cylinder and 40x8 and 72x8 Moebius strips).
//!
//! A band `m q` columns round is an `m`-fold cover of the band `q` columns round: the
//! shift by `q` columns (on a Moebius strip, the shift with the row mirrored, which
//! comes back to itself after `m` steps when `m` is odd) maps leaps to leaps. A tour of
//! the wide band that this shift leaves alone is therefore the lift of a closed tour
//! of the narrow one, the motif: walk the motif, and each time it crosses the narrow
//! band's seam move on to the next copy (rightwards) or back to the previous one
//! (leftwards). Once round the motif moves on `k` copies, its winding (see
//! [`motif::winding`]), so the lift closes after `m / gcd(k, m)` rounds: it is one tour
//! exactly when `k` is prime to `m`.
//!
//! The motif is a closed tour of the band 8 columns round: by default one designed by
//! the integer program (`knights motif --copies`, which states the winding condition
//! in the model and maximizes mirror symmetry) and stored with the other motifs, when
//! one of this band's height and topology winds right; otherwise (or with `--variant
//! search`) one found by the band's own search, seeds 0, 1, 2, ... until its winding
//! is prime to `m`. The lift is linear in the board.

use super::motif;
use super::{search, Construction, Request};
use knights_core::article::an;
use knights_core::Topology;
use knights_core::{Board, Error, Sections, Tour, Unsupported};

/// Band tours from a motif repeated round the band.
pub struct BandMotif;

/// The motif's width: the band is `8m` columns round.
pub const MOTIF_WIDTH: u32 = 8;
/// The band heights offered (a closed tour of the 8-wide band exists and the search
/// finds one quickly for each; tested).
pub const HEIGHTS: std::ops::RangeInclusive<u32> = 5..=12;
/// The seeds tried for a motif of a suitable winding.
pub const SEEDS: u64 = 32;
/// `ip`: a stored motif designed by the integer program; `search`: a searched one.
/// Without a variant, the first that fits.
pub const VARIANTS: &[&str] = &["ip", "search"];

impl Construction for BandMotif {
    /// Closed tours only (the copies join round the band).
    fn opens(&self) -> bool {
        false
    }
    fn name(&self) -> &'static str {
        "bands"
    }
    fn summary(&self) -> &'static str {
        "closed tours of cylinders and Moebius strips: one 8-column motif repeated round the band (Bosch-Huang)"
    }
    fn boards(&self) -> &'static str {
        "knight, closed, 8m x h bands, h = 5..=12: cylinders, and Moebius strips with m odd"
    }
    fn variants(&self) -> &'static [&'static str] {
        VARIANTS
    }
    fn bands(&self) -> bool {
        true
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        check(req).map(|_| ())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let motif = check(req)?;
        Ok(lift(&motif, &req.board))
    }
}

/// The motif for `req` when bands can build it, else the reason it cannot.
fn check(req: &Request) -> Result<Tour, Error> {
    let b = &req.board;
    let name = BandMotif.name();
    let refuse = |why: String| Err(Unsupported::new(name, b, format!("{name}: {why}")).into());
    let topology = b.topology();
    if !topology.wraps() || topology.wraps_rows() {
        return refuse(
            "it tours bands: add --topology cylinder or --topology moebius (the width wraps)"
                .into(),
        );
    }
    if b.leaper() != knights_core::Leaper::KNIGHT || !b.holes().is_empty() {
        return refuse(format!("its motifs tour full knight's bands, not {b}"));
    }
    if req.open {
        return refuse("its tours are closed (the copies join round the band); drop --open".into());
    }
    let (w, h) = (b.width(), b.height());
    let q = MOTIF_WIDTH;
    let m = w / q;
    let moebius = topology == Topology::Moebius;
    if w % q != 0 || !HEIGHTS.contains(&h) || (moebius && m.is_multiple_of(2)) {
        let odd = if moebius {
            " with m odd (an even number of mirrored copies makes a cylinder)"
        } else {
            ""
        };
        let bands = if moebius {
            "Moebius strips"
        } else {
            "cylinders"
        };
        return refuse(format!(
            "it repeats {}-column motif round {q}m x h {bands}{odd}, h from {} to {}, not {b}",
            an(q),
            HEIGHTS.start(),
            HEIGHTS.end()
        ));
    }
    let small = Board::new(q, h)?.with_topology(topology);
    let variant = req.variant.as_deref();
    if variant != Some("search") {
        if let Some(t) = designed(&small, m) {
            return Ok(t);
        }
        if variant == Some("ip") {
            return refuse(format!(
                "no stored motif of the {small} designed by the integer program winds round it a number of times prime to {m}, the number of copies: try --variant search"
            ));
        }
    }
    for seed in 0..SEEDS {
        let mut r = Request::closed(small.clone());
        r.seed = seed;
        let Ok(t) = search::Search.build(&r) else {
            continue;
        };
        if t.is_closed() && motif::coprime(motif::winding(&t).unsigned_abs(), m as u64) {
            return Ok(t);
        }
    }
    refuse(format!(
        "none of the closed tours of the {small} board found with seeds 0 to {} winds round it a number of times prime to {m}, the number of copies",
        SEEDS - 1
    ))
}

/// A stored motif of the band `small` designed by the integer program whose winding
/// is prime to `m`, the number of copies, if there is one: one designed for `m`
/// copies first.
fn designed(small: &Board, m: u32) -> Option<Tour> {
    let mut fitting: Vec<_> = motif::stored::all()
        .iter()
        .filter(|s| s.copies.is_some() && s.closed && s.topology() == small.topology())
        .collect();
    fitting.sort_by_key(|s| s.copies != Some(m));
    fitting.into_iter().map(|s| s.tour()).find(|t| {
        let b = t.board();
        b.width() == small.width()
            && b.height() == small.height()
            && motif::coprime(motif::winding(t).unsigned_abs(), m as u64)
    })
}

/// The lift of the closed tour `motif` of a narrow band round `board`, a band of the
/// same topology and height whose width is a multiple `m` of the motif's (checked: its
/// winding prime to `m`, and `m` odd on a Moebius strip).
pub fn lift(motif: &Tour, board: &Board) -> Tour {
    let small = motif.board();
    let (q, h) = (small.width(), small.height());
    let m = (board.width() / q) as i64;
    let moebius = board.topology() == Topology::Moebius;
    let dirs = small.leaper().dirs();
    let path = motif.path();
    let n = path.len();
    let place = |c: u32, copy: i64| {
        let (x, y) = small.xy(c);
        let i = copy.rem_euclid(m);
        let y = if moebius && i % 2 == 1 { h - 1 - y } else { y };
        board.index(q * i as u32 + x, y)
    };
    let mut cells = Vec::with_capacity(n * m as usize);
    let mut labels = Vec::with_capacity(n * m as usize);
    let mut copy = 0i64;
    for step in 0..n * m as usize {
        let (a, c) = (path[step % n], path[(step + 1) % n]);
        cells.push(place(a, copy));
        labels.push(copy.rem_euclid(m) as usize);
        if let Some(d) = small.dir_between(a, c).filter(|&d| small.wraps(a, d)) {
            copy += dirs[d].0.signum() as i64;
        }
    }
    let tour = Tour::new(board.clone(), cells, true);
    match copy_sections(&labels, m as usize, q) {
        Some(s) => tour.with_sections(s),
        None => tour,
    }
}

/// The copies of the motif as sections: a step belongs to the copy its cell lies in
/// (copy `i` covers columns `q i` to `q i + q - 1`), so that a drawing coloured by
/// section shows the motif repeated round the band (a gradient along the tour hid it).
/// `None` past 256 copies (a label is a byte).
fn copy_sections(copies: &[usize], m: usize, q: u32) -> Option<Sections> {
    if m > 256 {
        return None;
    }
    let names = (0..m as u32)
        .map(|i| {
            let (a, b) = (q * i + 1, q * i + q);
            format!("copy {} of the motif (columns {a} to {b})", i + 1)
        })
        .collect();
    Some(Sections::new(
        names,
        copies.iter().map(|&i| i as u8).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build;
    use knights_core::verify::verify;

    fn request(w: u32, t: Topology) -> Request {
        Request::closed(Board::new(w, 8).unwrap().with_topology(t))
    }

    /// Every band 8m x h, m = 1..=9, h = 5..=12, both topologies: built and proved a
    /// tour wherever the rule admits it (the paper's three among them), refused with
    /// the rule elsewhere.
    #[test]
    fn bands_are_toured_wherever_the_rule_admits() {
        let mut built = 0;
        let mut refused_even = Vec::new();
        for t in [Topology::Cylinder, Topology::Moebius] {
            for h in HEIGHTS {
                for m in 1..=9u32 {
                    let mut req = Request::closed(Board::new(8 * m, h).unwrap().with_topology(t));
                    req.seed = 0;
                    let admitted = t == Topology::Cylinder || m % 2 == 1;
                    match build(&req, "bands") {
                        Ok(tour) => {
                            assert!(admitted, "{t} {m} {h}");
                            let tour =
                                verify(tour).unwrap_or_else(|e| panic!("8*{m}x{h} {t}: {e}"));
                            assert!(tour.is_closed());
                            assert_eq!(tour.board().topology(), t);
                            // Each step is labelled with the copy its cell lies in.
                            let s = tour.sections().unwrap();
                            assert_eq!(s.names().len(), m as usize);
                            for (k, &c) in tour.path().iter().enumerate() {
                                let x = tour.board().xy(c).0;
                                assert_eq!(s.labels()[k] as u32, x / 8, "8*{m}x{h} {t}");
                            }
                            built += 1;
                        }
                        Err(e) if admitted => {
                            // An even number of copies needs an odd winding, which the
                            // searched motif may not have: a refusal saying so.
                            assert!(m % 2 == 0, "8*{m}x{h} {t}: {e}");
                            assert!(e.to_string().contains("prime to"), "{e}");
                            refused_even.push(h);
                        }
                        Err(e) => assert!(e.to_string().contains("odd"), "{e}"),
                    }
                }
            }
        }
        assert!(built > 100, "{built} {refused_even:?}");
        for (w, t) in [
            (64, Topology::Cylinder),
            (40, Topology::Moebius),
            (72, Topology::Moebius),
        ] {
            let req = request(w, t);
            let tour = verify(build(&req, "bands").unwrap()).unwrap();
            // The shift by one copy maps the tour to itself.
            let b = tour.board();
            let next: std::collections::HashMap<u32, u32> = (0..tour.path().len())
                .map(|i| (tour.path()[i], tour.path()[(i + 1) % tour.path().len()]))
                .collect();
            // (x, y) -> (x + 8, y), the row mirrored on a Moebius strip; past the
            // seam the board's own gluing applies.
            let shift = |c: u32| {
                let (x, y) = b.xy(c);
                let y = if t == Topology::Moebius { 7 - y } else { y };
                let (x, y) = b.land(x as i64 + 8, y as i64).unwrap();
                b.index(x, y)
            };
            for (&a, &c) in &next {
                let (sa, sc) = (shift(a), shift(c));
                assert!(next[&sa] == sc || next[&sc] == sa, "{w} {t}");
            }
        }
    }

    /// The lift is one tour exactly when the winding is prime to the number of
    /// copies (the rule is needed, not only sufficient): closed tours of small bands
    /// found by search, of several windings, lifted 1 to 6 times.
    #[test]
    fn a_lift_is_one_tour_exactly_when_the_winding_is_prime_to_the_copies() {
        let mut windings = Vec::new();
        for (w, h, t) in [
            (8, 8, Topology::Cylinder),
            (6, 6, Topology::Cylinder),
            (9, 7, Topology::Cylinder),
            (7, 5, Topology::Cylinder),
            (8, 8, Topology::Moebius),
            (9, 7, Topology::Moebius),
            (6, 5, Topology::Moebius),
        ] {
            let small = Board::new(w, h).unwrap().with_topology(t);
            let motif = build(&Request::closed(small), "search").unwrap();
            let k = motif::winding(&motif).unsigned_abs();
            windings.push(k);
            for m in 1..=6u32 {
                if t == Topology::Moebius && m % 2 == 0 {
                    continue;
                }
                let wide = Board::new(w * m, h).unwrap().with_topology(t);
                let lifted = lift(&motif, &wide);
                assert_eq!(lifted.path().len() as u64, wide.area());
                let one = verify(lifted).is_ok();
                assert_eq!(one, motif::coprime(k, m as u64), "{w}x{h} {t} k={k} m={m}");
            }
        }
        // The check is not vacuous: some windings share a factor with some m <= 6.
        assert!(windings.iter().any(|&k| k != 1), "{windings:?}");
    }

    /// The paper's bands take the motifs designed by the integer program where one
    /// is stored for their band; `--variant search` takes the searched one, and
    /// `--variant ip` refuses a band no stored motif fits.
    #[test]
    fn designed_motifs_come_first_and_variants_choose() {
        let designed: Vec<_> = motif::stored::all()
            .iter()
            .filter(|s| s.copies.is_some())
            .collect();
        assert!(!designed.is_empty());
        for s in designed {
            let small = s.tour();
            let (t, n) = (small.board().topology(), s.copies.unwrap());
            let mut req = Request::closed(
                Board::new(8 * n, small.board().height())
                    .unwrap()
                    .with_topology(t),
            );
            let tour = verify(build(&req, "bands").unwrap()).unwrap();
            assert_eq!(tour.path(), lift(&small, &req.board).path(), "{}", s.name);
            req.variant = Some("search".into());
            let searched = verify(build(&req, "bands").unwrap()).unwrap();
            assert_ne!(searched.path(), tour.path(), "{}", s.name);
        }
        let mut short =
            Request::closed(Board::new(16, 6).unwrap().with_topology(Topology::Cylinder));
        short.variant = Some("ip".into());
        let e = build(&short, "bands").unwrap_err().to_string();
        assert!(
            e.contains("integer program") && e.contains("--variant search"),
            "{e}"
        );
    }

    #[test]
    fn bands_refuses_what_it_cannot_build() {
        let refused = |r: &Request| build(r, "bands").unwrap_err().to_string();
        let plane = Request::closed(Board::new(64, 8).unwrap());
        assert!(refused(&plane).contains("--topology"));
        let mut open = request(64, Topology::Cylinder);
        open.open = true;
        assert!(refused(&open).contains("closed"));
        assert!(refused(&request(60, Topology::Cylinder)).contains("not 60x8"));
        assert!(refused(&request(16, Topology::Moebius)).contains("odd"));
        let tall = Request::closed(
            Board::new(64, 13)
                .unwrap()
                .with_topology(Topology::Cylinder),
        );
        assert!(refused(&tall).contains("h from 5 to 12"));
    }
}
