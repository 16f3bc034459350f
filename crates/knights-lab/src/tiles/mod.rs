//! The tile searches: the base tiles of Parberry's divide and conquer ([`parberry`]) and
//! the special tiles of the stitched tours ([`stitch`]), both walks of
//! knights-construct's engine by its tile rule, seeded so that the same code always
//! finds the same tiles. The constructions read the tiles from their `tiles.txt` files;
//! a test here searches them again and compares the files byte for byte.

mod parberry;
mod stitch;
