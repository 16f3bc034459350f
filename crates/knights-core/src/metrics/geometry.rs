//! Exact geometry of two leaps: whether their open segments meet, and where.
//!
//! Only used to build the small table of crossing patterns and to place crossing points;
//! the counts themselves never run a geometric test.

/// A segment between two lattice points.
pub(crate) type Segment = [(i32, i32); 2];

/// The sign of the turn `a -> b -> c`: 1 left, -1 right, 0 collinear.
fn orient(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i64 {
    let v = (b.0 - a.0) as i64 * (c.1 - a.1) as i64 - (b.1 - a.1) as i64 * (c.0 - a.0) as i64;
    v.signum()
}

/// The coordinate along which a non-degenerate segment `p` is not constant.
fn axis(p: Segment) -> impl Fn((i32, i32)) -> i32 {
    let vertical = p[0].0 == p[1].0;
    move |v| if vertical { v.1 } else { v.0 }
}

/// Whether the open segments `p` and `q` (each of positive length) share a point.
pub fn open_segments_cross(p: Segment, q: Segment) -> bool {
    let (o1, o2) = (orient(p[0], p[1], q[0]), orient(p[0], p[1], q[1]));
    let (o3, o4) = (orient(q[0], q[1], p[0]), orient(q[0], q[1], p[1]));
    if o1 == 0 && o2 == 0 {
        // Collinear: the open segments meet when their projections overlap in more than
        // a point.
        let t = axis(p);
        let (a0, a1) = (t(p[0]).min(t(p[1])), t(p[0]).max(t(p[1])));
        let (b0, b1) = (t(q[0]).min(t(q[1])), t(q[0]).max(t(q[1])));
        return a0.max(b0) < a1.min(b1);
    }
    o1 * o2 < 0 && o3 * o4 < 0
}

/// Where two crossing segments meet: their intersection point, or the middle of the part
/// they share when they overlap on one line.
pub(crate) fn crossing_point(p: Segment, q: Segment) -> (f64, f64) {
    let f = |v: (i32, i32)| (v.0 as f64, v.1 as f64);
    let (p0, p1, q0, q1) = (f(p[0]), f(p[1]), f(q[0]), f(q[1]));
    let u = (p1.0 - p0.0, p1.1 - p0.1);
    let v = (q1.0 - q0.0, q1.1 - q0.1);
    let w = (q0.0 - p0.0, q0.1 - p0.1);
    let den = u.0 * v.1 - u.1 * v.0;
    let t = if den != 0.0 {
        (w.0 * v.1 - w.1 * v.0) / den
    } else {
        // Along p, q runs from t0 to t1; the shared part is their overlap with [0, 1].
        let uu = u.0 * u.0 + u.1 * u.1;
        let t0 = (w.0 * u.0 + w.1 * u.1) / uu;
        let t1 = t0 + (v.0 * u.0 + v.1 * u.1) / uu;
        (t0.min(t1).max(0.0) + t0.max(t1).min(1.0)) / 2.0
    };
    (p0.0 + t * u.0, p0.1 + t * u.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_crossing_cases() {
        assert!(open_segments_cross([(0, 0), (2, 1)], [(0, 1), (2, 0)]));
        // Touching at an endpoint is not a crossing.
        assert!(!open_segments_cross([(0, 0), (1, 2)], [(1, 2), (3, 1)]));
        // An endpoint in the other's interior is not a crossing of open segments.
        assert!(!open_segments_cross([(0, 0), (4, 2)], [(2, 1), (3, 3)]));
        // Collinear, overlapping.
        assert!(open_segments_cross([(0, 0), (4, 2)], [(2, 1), (6, 3)]));
        // Collinear, meeting end to end only.
        assert!(!open_segments_cross([(0, 0), (2, 1)], [(2, 1), (4, 2)]));
        // Collinear on a vertical line (not a leap, but the test must still be exact).
        assert!(open_segments_cross([(0, 0), (0, 3)], [(0, 2), (0, 5)]));
    }

    #[test]
    fn crossing_points_are_where_the_segments_meet() {
        // The diagonals of the 2x1 rectangle meet at its centre.
        assert_eq!(
            crossing_point([(0, 0), (2, 1)], [(0, 1), (2, 0)]),
            (1.0, 0.5)
        );
        // Overlapping (0,0)-(4,2) and (2,1)-(6,3) share (2,1)-(4,2): middle (3, 1.5).
        assert_eq!(
            crossing_point([(0, 0), (4, 2)], [(6, 3), (2, 1)]),
            (3.0, 1.5)
        );
    }
}
