//! A PNG's image data compressed on every core: the zlib stream is cut into pieces
//! of [`PIECE`] bytes, each deflated on its own and ended on a byte boundary (a sync
//! flush), so that the pieces laid end to end are one valid stream, as `pigz` does.
//! A piece starts without the window of the one before, which costs a few bytes in a
//! megabyte. The pieces depend on the data alone, never on the number of threads, so
//! the same picture gives the same bytes.

use flate2::{Compress, Compression, FlushCompress, Status};
use rayon::prelude::*;

/// Bytes of input a piece compresses: a few hundred rows of a large picture; a
/// thumbnail or a tile is one piece.
const PIECE: usize = 1 << 20;

/// `data` as a zlib stream (RFC 1950) at `level` (0 to 9).
pub fn compress(data: &[u8], level: u32) -> Vec<u8> {
    let count = data.len().div_ceil(PIECE).max(1);
    let pieces: Vec<Vec<u8>> = (0..count)
        .into_par_iter()
        .map(|i| {
            let end = ((i + 1) * PIECE).min(data.len());
            deflate(&data[i * PIECE..end], level, i + 1 == count)
        })
        .collect();
    // The header: 32 KB window, deflate, no dictionary, its check bits.
    let mut out = vec![0x78, 0xda];
    for p in &pieces {
        out.extend_from_slice(p);
    }
    out.extend_from_slice(&adler2::adler32_slice(data).to_be_bytes());
    out
}

/// One piece as raw deflate blocks, ended by a sync flush or, for the `last`, by the
/// final block.
fn deflate(data: &[u8], level: u32, last: bool) -> Vec<u8> {
    let mut c = Compress::new(Compression::new(level), false);
    let flush = if last {
        FlushCompress::Finish
    } else {
        FlushCompress::Sync
    };
    let mut out = Vec::with_capacity(data.len() / 8 + 1024);
    loop {
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity());
        }
        let from = c.total_in() as usize;
        let status = c
            .compress_vec(&data[from..], &mut out, flush)
            .expect("deflate of a complete buffer");
        let all_in = c.total_in() as usize == data.len();
        // Done when the input is in and the compressor stopped with room to spare.
        let done = if last {
            status == Status::StreamEnd
        } else {
            all_in && out.len() < out.capacity()
        };
        if done {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// Decompresses a zlib stream with flate2's own reader (which checks the adler32).
    fn inflate(z: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(z)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn pieces_make_one_stream_that_inflates_to_the_data() {
        // Empty, one piece, exactly two, and three pieces, the last short; runs and
        // noise like a drawing's rows.
        let noise = |n: usize| -> Vec<u8> {
            (0..n)
                .map(|i| if i % 97 < 60 { 7 } else { (i * 31 % 251) as u8 })
                .collect()
        };
        for n in [0, 1000, 2 * PIECE, 2 * PIECE + 12_345] {
            let data = noise(n);
            for level in [1, 6, 9] {
                let z = compress(&data, level);
                assert_eq!(inflate(&z), data, "{n} bytes at level {level}");
                assert_eq!(compress(&data, level), z, "the same bytes again");
            }
        }
    }
}
