//! `knights stats`: a construction studied over many seeded tours, as Parberry's
//! Tourney program studies its generators: how often each of the eight move directions
//! and each pair of consecutive directions occur, how turns and crossings are spread,
//! and how long a tour takes to build. Every sampled tour is verified before it counts.

use std::time::Instant;

use knights_construct::tourney::MAX_BLUR_WORK;
use knights_construct::{resolve, tourney, Algo, Request};
use knights_core::{metrics, verify, BadOption, Error, TooLarge};

/// Most samples one run takes.
pub const MAX_SAMPLES: u64 = 10_000;
/// Most cells all samples together may have (samples times the board's cells).
pub const MAX_SAMPLED_CELLS: u64 = 20_000_000;

/// What the samples measured.
#[derive(Clone, Debug)]
pub struct Stats {
    /// The board, as written.
    pub board: String,
    /// The construction that built the tours.
    pub algorithm: String,
    /// The first seed; sample `i` is built from seed `first_seed + i`.
    pub first_seed: u64,
    /// Moves in each direction (the leaper's eight, in their order), along each tour
    /// as written, its closing move included.
    pub directions: [u64; 8],
    /// `pairs[a][b]`: a move in direction `a` followed by one in direction `b`.
    pub pairs: [[u64; 8]; 8],
    /// Each sample's turns.
    pub turns: Vec<u64>,
    /// Each sample's crossings.
    pub crossings: Vec<u64>,
    /// Each sample's building time, in seconds (verification and measuring excluded).
    pub seconds: Vec<f64>,
    /// Distinct tours among the samples (by their set of moves).
    pub distinct: usize,
}

/// Builds `samples` tours of `req` (seeds `req.seed`, `req.seed + 1`, ...), each
/// blurred by `blur` exchanges when asked, verified and measured.
pub fn sample(req: &Request, algo: Algo, samples: u64, blur: Option<u64>) -> Result<Stats, Error> {
    sample_reporting(req, algo, samples, blur, &mut |_, _| {})
}

/// [`sample`], calling `report(done, samples)` after each sample; everything it
/// refuses (samples, cells, the blur's work over all samples) is refused before the
/// first tour is built.
pub fn sample_reporting(
    req: &Request,
    algo: Algo,
    samples: u64,
    blur: Option<u64>,
    report: &mut dyn FnMut(u64, u64),
) -> Result<Stats, Error> {
    check(req, samples, blur)?;
    let mut s = Stats {
        board: req.board.to_string(),
        algorithm: String::new(),
        first_seed: req.seed,
        directions: [0; 8],
        pairs: [[0; 8]; 8],
        turns: Vec::new(),
        crossings: Vec::new(),
        seconds: Vec::new(),
        distinct: 0,
    };
    let mut seen = std::collections::HashSet::new();
    for i in 0..samples {
        let mut r = req.clone();
        r.seed = req.seed.wrapping_add(i);
        let resolved = resolve(&r, algo)?;
        let t0 = Instant::now();
        let mut tour = resolved.build()?;
        if let Some(k) = blur {
            tour = tourney::blur(&*verify::constructed(tour)?, k, r.seed)?;
        }
        s.seconds.push(t0.elapsed().as_secs_f64());
        let v = verify::constructed(tour)?;
        s.algorithm = v.algorithm().to_string();
        let m = metrics::measure(&v);
        s.turns.push(m.turns);
        s.crossings.push(m.crossings);
        count_directions(&mut s, &v);
        seen.insert(moves(&v));
        report(i + 1, samples);
    }
    s.distinct = seen.len();
    Ok(s)
}

/// Refuses, from the options alone, what [`sample`] would refuse on the way: too many
/// samples, too many cells over all samples, a tour that is not closed, and a blur
/// whose exchanges times cells over all samples pass [`MAX_BLUR_WORK`] (each sample is
/// blurred by `blur` exchanges: the one tour's bound of `tour --blur`, times samples).
pub fn check(req: &Request, samples: u64, blur: Option<u64>) -> Result<(), Error> {
    if samples == 0 || samples > MAX_SAMPLES {
        return Err(BadOption::Samples {
            samples,
            most: MAX_SAMPLES,
        }
        .into());
    }
    let cells = req.board.cells();
    if samples.saturating_mul(cells) > MAX_SAMPLED_CELLS {
        return Err(BadOption::SampledCells {
            samples,
            board: req.board.to_string(),
            cells: samples.saturating_mul(cells),
            most: MAX_SAMPLED_CELLS,
            fit: MAX_SAMPLED_CELLS / cells.max(1),
        }
        .into());
    }
    if req.open {
        return Err(BadOption::ClosedOnly {
            what: "stats measures closed tours",
        }
        .into());
    }
    let Some(k) = blur else {
        return Ok(());
    };
    tourney::check_blur(k, cells, &req.board)?;
    let work = k.saturating_mul(cells).saturating_mul(samples);
    if work > MAX_BLUR_WORK {
        return Err(TooLarge::Work {
            what: format!(
                "--blur {k} on {samples} tours of the {} board ({cells} cells each)",
                req.board
            ),
            work,
            unit: "exchanges times cells",
            limit: MAX_BLUR_WORK,
            instead: format!(
                "take at most {} samples, or blur each at most {} times",
                MAX_BLUR_WORK / k.saturating_mul(cells).max(1),
                MAX_BLUR_WORK / cells.saturating_mul(samples).max(1)
            ),
        }
        .into());
    }
    Ok(())
}

/// Adds the moves of tour `v` by direction, and its pairs of consecutive directions.
fn count_directions(s: &mut Stats, v: &knights_core::Verified) {
    let b = v.board();
    let p = v.path();
    let dirs: Vec<usize> = (0..p.len())
        .map(|k| {
            b.dir_between(p[k], p[(k + 1) % p.len()])
                .expect("a verified tour")
        })
        .collect();
    for k in 0..dirs.len() {
        s.directions[dirs[k]] += 1;
        s.pairs[dirs[k]][dirs[(k + 1) % dirs.len()]] += 1;
    }
}

/// The set of moves of tour `v`, each as its two cells in order, sorted: what tells
/// two tours apart.
fn moves(v: &knights_core::Verified) -> Vec<(u32, u32)> {
    let p = v.path();
    let mut moves: Vec<(u32, u32)> = (0..p.len())
        .map(|k| {
            let (a, c) = (p[k], p[(k + 1) % p.len()]);
            (a.min(c), a.max(c))
        })
        .collect();
    moves.sort_unstable();
    moves
}

/// Up to `bins` equal ranges covering `values`: `(low, high, count)`, `high`
/// included.
pub fn histogram(values: &[u64], bins: u64) -> Vec<(u64, u64, u64)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return Vec::new();
    };
    let width = (hi - lo) / bins + 1;
    let mut out: Vec<(u64, u64, u64)> = (0..bins)
        .map(|i| (lo + i * width, lo + (i + 1) * width - 1, 0))
        .take_while(|&(l, _, _)| l <= hi)
        .collect();
    for &v in values {
        out[((v - lo) / width) as usize].2 += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::Board;

    #[test]
    fn counts_every_move_of_every_sample() {
        let req = Request::closed(Board::new(8, 8).unwrap());
        let s = sample(&req, "neural".parse().unwrap(), 5, None).unwrap();
        assert_eq!(s.directions.iter().sum::<u64>(), 5 * 64);
        assert_eq!(s.pairs.iter().flatten().sum::<u64>(), 5 * 64);
        assert_eq!((s.turns.len(), s.seconds.len()), (5, 5));
        // A move is never followed by its own reverse.
        assert!((0..8).all(|d| s.pairs[d][(d + 4) % 8] == 0));
        assert!(s.distinct > 1);
        let one = sample(&req, "besa".parse().unwrap(), 3, None);
        assert!(one.is_err() || one.unwrap().distinct == 1);
        assert!(sample(&req, Algo::Auto, MAX_SAMPLES + 1, None).is_err());
        let big = Request::closed(Board::new(1000, 1000).unwrap());
        assert!(sample(&big, Algo::Auto, 100, None)
            .unwrap_err()
            .to_string()
            .contains("take at most 20 samples"));
    }

    /// Issue 39, case 9: the blur's exchanges times cells over all samples are bounded
    /// from the options, at the limit exactly, before any tour is built.
    #[test]
    fn the_blur_of_every_sample_is_bounded_before_the_first() {
        let req = Request::closed(Board::new(100, 100).unwrap());
        // 100 samples of 50000 exchanges of 10000 cells: the limit itself.
        assert_eq!(100 * 50_000 * 10_000, MAX_BLUR_WORK);
        assert!(check(&req, 100, Some(50_000)).is_ok());
        let e = check(&req, 101, Some(50_000)).unwrap_err().to_string();
        assert!(
            e.contains("--blur 50000 on 101 tours of the 100x100 board (10000 cells each) is about 50500000000 exchanges times cells")
                && e.contains("take at most 100 samples, or blur each at most 49504 times"),
            "{e}"
        );
        // One tour past the limit is refused as `tour --blur` refuses it.
        let big = Request::closed(Board::new(1000, 1000).unwrap());
        let e = check(&big, 1, Some(100_000)).unwrap_err().to_string();
        assert!(e.contains("blur it at most 50000 times"), "{e}");
        // Refused by sample itself, before building (a board of 10^6 cells each).
        let e = sample(&big, Algo::Auto, 2, Some(50_000)).unwrap_err();
        assert!(
            e.to_string().contains("on 2 tours of the 1000x1000 board"),
            "{e}"
        );
    }

    #[test]
    fn histograms_cover_every_value() {
        let h = histogram(&[3, 5, 5, 9, 12], 4);
        assert_eq!(h.iter().map(|b| b.2).sum::<u64>(), 5);
        assert_eq!(h[0].0, 3);
        assert!(h.last().unwrap().1 >= 12);
        assert_eq!(histogram(&[7, 7], 10), vec![(7, 7, 2)]);
    }
}
