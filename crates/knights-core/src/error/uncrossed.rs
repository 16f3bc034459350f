//! Why a path is not an uncrossed path of its board ([`NotUncrossed`]): a type of its
//! own, apart from [`super::Failure`], because an uncrossed path need not visit every
//! cell and is refused for reasons a tour never is (two leaps that cross).

/// A path that is not an uncrossed path of its board, and the first fault found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an uncrossed path of {board}: {why}")]
pub struct NotUncrossed {
    /// The board, as its `Display` writes it.
    pub board: String,
    /// The first fault, in words naming the steps or leaps concerned.
    pub why: String,
}
