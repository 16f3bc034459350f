//! What the formation tests share: building a tour of a variant the way a user asks
//! for one, the variants, and the turns and crossings each variant's heel adds.

use crate::besa::Variant;
use crate::Request;
use knights_core::{Board, Tour};

/// The plain formation tour of the `w x h` board.
pub(super) fn tour(w: u32, h: u32) -> Tour {
    variant_tour(w, h, Variant::Plain)
}

/// The formation tour of the `w x h` board in variant `v`, asked for by the variant's
/// name as a user would.
pub(super) fn variant_tour(w: u32, h: u32, v: Variant) -> Tour {
    let mut req = Request::closed(Board::new(w, h).unwrap());
    req.variant = Variant::NAMES
        .iter()
        .find(|n| Variant::named(Some(n)) == Some(v))
        .map(|n| n.to_string());
    crate::build(&req, "besa").unwrap()
}

/// Turns and crossings each variant's heel adds, as its gadget search scored them.
pub(super) fn heel_counts(v: Variant) -> (u64, u64) {
    match v {
        Variant::Plain => (22, 32),
        Variant::Turns => (21, 31),
        Variant::Crossings => (22, 28),
        Variant::Best => (21, 27),
        // The band's period, on edges long enough for it (see `band_edge`).
        Variant::Band => (20, 30),
    }
}

/// Every variant of the construction.
pub(super) const ALL_VARIANTS: [Variant; 5] = [
    Variant::Plain,
    Variant::Turns,
    Variant::Crossings,
    Variant::Best,
    Variant::Band,
];
