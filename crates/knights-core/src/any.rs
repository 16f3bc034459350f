//! One seam for boards of any number of sides. A board of two sides keeps its own fast
//! types ([`Tour`], [`Verified`], the move grid); one of three or more has
//! [`SpaceTour`]. [`AnyTour`] and [`AnyVerified`] hold either, so that a reader of tour
//! files and the command line dispatch once: the proof and the facts every tour has
//! are written here once for both.

use std::fmt;

use crate::error::AnyFailure;
use crate::space::{self, SpaceTour, VerifiedSpaceTour};
use crate::verify::{self, Verified};
use crate::{Error, Tour, TourKind};

/// A tour of a board of any number of sides, not yet proved.
#[derive(Clone, Debug)]
pub enum AnyTour {
    /// Two sides.
    Flat(Tour),
    /// Three or more sides.
    Space(SpaceTour),
}

/// A proved tour of a board of any number of sides.
#[derive(Clone, Debug)]
pub enum AnyVerified {
    /// Two sides (boxed: a verified 2-D tour carries its move grid).
    Flat(Box<Verified>),
    /// Three or more sides.
    Space(VerifiedSpaceTour),
}

impl AnyTour {
    /// Proves the tour valid, or says where it is not.
    pub fn verify(self) -> Result<AnyVerified, AnyFailure> {
        match self {
            AnyTour::Flat(t) => Ok(AnyVerified::Flat(Box::new(verify::verify(t)?))),
            AnyTour::Space(t) => Ok(AnyVerified::Space(space::verify::verify(t)?)),
        }
    }

    /// Proves a tour read from `file`: its failure is [`Error::NotATour`], naming the file.
    pub fn verify_file(self, file: &str) -> Result<AnyVerified, Error> {
        self.verify().map_err(|f| Error::not_a_tour(file, f))
    }

    /// The board as its `Display` writes it (`8x8`, `20x16x6`).
    pub fn board_name(&self) -> String {
        match self {
            AnyTour::Flat(t) => t.board().to_string(),
            AnyTour::Space(t) => t.space().to_string(),
        }
    }

    /// How many sides the board has.
    pub fn sides(&self) -> usize {
        match self {
            AnyTour::Flat(_) => 2,
            AnyTour::Space(t) => t.space().dims(),
        }
    }
}

impl AnyVerified {
    /// The cells the tour visits, in order.
    pub fn path(&self) -> &[u32] {
        match self {
            AnyVerified::Flat(t) => t.path(),
            AnyVerified::Space(t) => t.path(),
        }
    }

    /// Open or closed.
    pub fn kind(&self) -> TourKind {
        match self {
            AnyVerified::Flat(t) => t.kind(),
            AnyVerified::Space(t) => t.kind(),
        }
    }
}

impl fmt::Display for AnyVerified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyVerified::Flat(t) => t.fmt(f),
            AnyVerified::Space(t) => t.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Space;

    /// The ring (2-D) and a path of a 3-D board that is no tour: both verify through
    /// the seam and fail with the one failure type.
    #[test]
    fn both_kinds_of_board_go_through_one_proof() {
        let ring = AnyTour::Flat(crate::examples::ring());
        assert_eq!(ring.sides(), 2);
        let v = ring.verify().unwrap();
        assert_eq!(v.path().len(), 8);
        assert_eq!(v.kind(), TourKind::Closed);
        assert_eq!(
            v.to_string(),
            "a closed tour of the 3x3 (missing 1 cell) board"
        );
        let s = Space::new(&[2, 2, 2]).unwrap();
        let bad = AnyTour::Space(SpaceTour::new(s, (0..8).collect(), false));
        assert_eq!(bad.sides(), 3);
        assert_eq!(bad.board_name(), "2x2x2");
        let e = bad.verify_file("c.json").unwrap_err();
        assert!(
            matches!(
                &e,
                Error::NotATour {
                    failure: AnyFailure::Space(_),
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("c.json: not a tour: "), "{e}");
    }
}
