//! A fixed-size bitset of `64 * W` bits, copied by value: the search keeps its sets of
//! free cells and chosen edges in these, so a step is a few word operations and undoing
//! it is a copy.

/// A set of small integers below `64 * W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// The set of the given members.
    pub(crate) fn of(members: impl IntoIterator<Item = usize>) -> Self {
        let mut b = Self::default();
        for i in members {
            b.insert(i);
        }
        b
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The size of the intersection, without building it.
    pub(crate) fn common(&self, other: &Self) -> u32 {
        (0..W).map(|k| (self.0[k] & other.0[k]).count_ones()).sum()
    }

    pub(crate) fn meets(&self, other: &Self) -> bool {
        (0..W).any(|k| self.0[k] & other.0[k] != 0)
    }

    pub(crate) fn and(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] & other.0[k]))
    }

    pub(crate) fn or(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] | other.0[k]))
    }

    pub(crate) fn minus(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] & !other.0[k]))
    }

    /// The lowest member.
    pub(crate) fn first(&self) -> Option<usize> {
        (0..W)
            .find(|&k| self.0[k] != 0)
            .map(|k| 64 * k + self.0[k].trailing_zeros() as usize)
    }

    /// The members, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..W).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let i = w.trailing_zeros() as usize;
                    w &= w - 1;
                    64 * k + i
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_across_words() {
        let a = Bits::<2>::of([0, 63, 64, 127]);
        let b = Bits::<2>::of([63, 64, 100]);
        assert_eq!(a.len(), 4);
        assert_eq!(a.common(&b), 2);
        assert!(a.meets(&b));
        assert_eq!(a.and(&b).iter().collect::<Vec<_>>(), [63, 64]);
        assert_eq!(a.or(&b).len(), 5);
        assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), [0, 127]);
        assert_eq!(b.first(), Some(63));
        let mut c = a;
        c.remove(0);
        assert!(!c.contains(0) && c.contains(127));
        assert!(Bits::<2>::default().is_empty());
        assert_eq!(Bits::<2>::default().first(), None);
    }
}
