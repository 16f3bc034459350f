//! PNG files as 8-bit palette images: a drawing is a few flat colours plus their
//! anti-aliased edges, so 256 colours hold it at a third to a tenth of the size of RGB.
//! The palette is the image's most frequent colours (all of them when there are at most
//! 256, and the image is then unchanged); any other colour, an edge pixel, takes the
//! nearest palette colour. Every PNG this tool writes has this one colour type.
//!
//! The colours are counted and looked up in `FxHashMap`s: a colour is one `u32`, and
//! with std's SipHash the counting and mapping took 40% longer (sampled over the
//! shipped gallery's cold build, which quantizes every thumbnail, tile and download).

use rayon::prelude::*;
use rustc_hash::FxHashMap as HashMap;

/// Palette entries (RGBA, alpha demultiplied) and one index per pixel.
pub struct Indexed {
    /// At most 256 colours, most frequent first.
    pub palette: Vec<[u8; 4]>,
    /// Palette indices, row by row.
    pub indices: Vec<u8>,
}

impl Indexed {
    /// The palette's RGB bytes (the PNG `PLTE` chunk).
    pub fn rgb(&self) -> Vec<u8> {
        self.palette
            .iter()
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect()
    }

    /// The palette's alpha bytes (the PNG `tRNS` chunk), or `None` when opaque.
    pub fn alpha(&self) -> Option<Vec<u8>> {
        let a: Vec<u8> = self.palette.iter().map(|c| c[3]).collect();
        a.iter().any(|&v| v < 255).then_some(a)
    }
}

fn pack(c: [u8; 4]) -> u32 {
    u32::from_be_bytes(c)
}

/// Pixels a thread counts or maps at a time: a few hundred rows of a large picture,
/// the whole of a thumbnail.
const CHUNK: usize = 1 << 18;

/// Reduces `pixels` to at most `most` colours (2 to 256; see the module
/// documentation). The result depends only on the pixels: ties in frequency are broken
/// by the colour's value. The counting and the mapping run in parallel over chunks of
/// the pixels; the counts, and so the palette, do not depend on the chunks.
pub fn quantize(pixels: &[[u8; 4]], most: usize) -> Indexed {
    let counts = pixels
        .par_chunks(CHUNK)
        .map(count)
        .reduce(HashMap::default, |mut a, b| {
            for (c, n) in b {
                *a.entry(c).or_default() += n;
            }
            a
        });
    let mut by_count: Vec<(u64, u32)> = counts.into_iter().map(|(c, n)| (n, c)).collect();
    by_count.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let palette: Vec<[u8; 4]> = by_count
        .iter()
        .take(most.clamp(2, 256))
        .map(|&(_, c)| c.to_be_bytes())
        .collect();
    let indices = indices_in(&palette, pixels);
    Indexed { palette, indices }
}

/// How many pixels of `pixels` have each colour, counted by runs of one colour (a
/// drawing is mostly such runs).
fn count(pixels: &[[u8; 4]]) -> HashMap<u32, u64> {
    let mut counts: HashMap<u32, u64> = HashMap::default();
    for run in pixels.chunk_by(|a, b| a == b) {
        *counts.entry(pack(run[0])).or_default() += run.len() as u64;
    }
    counts
}

/// The index in `palette` (at most 256 colours) of each pixel: its own colour's, or
/// the nearest one's; in parallel over chunks of the pixels.
pub fn indices_in(palette: &[[u8; 4]], pixels: &[[u8; 4]]) -> Vec<u8> {
    let mut out = vec![0; pixels.len()];
    out.par_chunks_mut(CHUNK)
        .zip(pixels.par_chunks(CHUNK))
        .for_each(|(out, pixels)| map_chunk(palette, pixels, out));
    out
}

/// [`indices_in`] of one chunk, into `out`.
fn map_chunk(palette: &[[u8; 4]], pixels: &[[u8; 4]], out: &mut [u8]) {
    let mut index: HashMap<u32, u8> = palette
        .iter()
        .enumerate()
        .map(|(i, &c)| (pack(c), i as u8))
        .collect();
    // A drawing is mostly runs of one colour: one lookup a run.
    let mut at = 0;
    for run in pixels.chunk_by(|a, b| a == b) {
        let c = run[0];
        let i = *index.entry(pack(c)).or_insert_with(|| nearest(palette, c));
        out[at..at + run.len()].fill(i);
        at += run.len();
    }
}

/// The palette colour closest to `c` (squared distance over the four channels).
fn nearest(palette: &[[u8; 4]], c: [u8; 4]) -> u8 {
    let d = |p: &[u8; 4]| -> u32 {
        (0..4)
            .map(|i| (p[i] as i32 - c[i] as i32).pow(2) as u32)
            .sum()
    };
    (0..palette.len())
        .min_by_key(|&i| (d(&palette[i]), i))
        .unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_are_kept_exactly_and_many_are_mapped_to_the_nearest() {
        let px = [[1, 2, 3, 255], [9, 9, 9, 255], [1, 2, 3, 255]];
        let q = quantize(&px, 256);
        assert_eq!(q.palette, vec![[1, 2, 3, 255], [9, 9, 9, 255]]);
        assert_eq!(q.indices, vec![0, 1, 0]);
        assert_eq!(q.alpha(), None);
        // 300 greys, the even ones twice: the 256 palette colours are the 150 even
        // greys and the 106 smallest odd ones; the others map to a neighbour.
        let mut px = Vec::new();
        for v in 0..300u32 {
            let g = (v % 256) as u8;
            let c = [g, g, (v / 256) as u8, 255];
            px.push(c);
            if v % 2 == 0 {
                px.push(c);
            }
        }
        let q = quantize(&px, 256);
        assert_eq!(q.palette.len(), 256);
        for (p, &i) in px.iter().zip(&q.indices) {
            let got = q.palette[i as usize];
            let err: i32 = (0..4).map(|k| (got[k] as i32 - p[k] as i32).abs()).sum();
            assert!(err <= 2, "{p:?} -> {got:?}");
        }
        // A smaller palette keeps the most frequent colours.
        let q = quantize(&px, 16);
        assert_eq!(q.palette.len(), 16);
        assert!(q.indices.iter().all(|&i| i < 16));
    }
}
