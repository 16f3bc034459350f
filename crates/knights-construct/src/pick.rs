//! A uniform index drawn from a seeded generator, the same on every target. rand 0.8
//! draws a `usize` range through a `usize`: 64 bits on this machine, 32 in the
//! WebAssembly module (knights-web), where `gen_range(0..n)` of a `usize` would give
//! another stream and so another tour than the command line's. Drawn through `u64`, the
//! stream is the 64-bit one everywhere: on 64-bit targets rand samples `usize` and `u64`
//! ranges by the same code, so every tour built before stays the same.

use rand::Rng;

/// An index below `n` (`n > 0`).
pub(crate) fn index(rng: &mut impl Rng, n: usize) -> usize {
    rng.gen_range(0..n as u64) as usize
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_index_is_the_64_bit_usize_stream() {
        let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(7), ChaCha8Rng::seed_from_u64(7));
        for n in [1usize, 2, 3, 8, 1000, 1 << 40] {
            for _ in 0..50 {
                assert_eq!(super::index(&mut a, n), b.gen_range(0..n));
            }
        }
    }
}
