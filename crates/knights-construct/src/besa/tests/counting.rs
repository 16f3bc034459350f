//! Turns and crossings counted from a tour's path alone, by plane geometry: the
//! independent count the metrics of the built tours are checked against.

/// Cell `c` of a board `w` wide as a point `(x, y)`.
fn point(w: u32, c: u32) -> (i64, i64) {
    ((c % w) as i64, (c / w) as i64)
}

/// The cross product of `a - o` and `b - o`: its sign says on which side of `oa` is `b`.
fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Turns counted from the path alone: consecutive triples that are not collinear.
pub(super) fn count_turns(w: u32, path: &[u32]) -> u64 {
    let n = path.len();
    (0..n)
        .filter(|&k| {
            let p = |i: usize| point(w, path[i % n]);
            cross(p(k + n - 1), p(k), p(k + 1)) != 0
        })
        .count() as u64
}

/// Whether the open segments `ab` and `cd` share a point.
fn segments_meet(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if d1 == 0 && d2 == 0 {
        // On one line: compare positions along ab.
        let u = (b.0 - a.0, b.1 - a.1);
        let t = |p: (i64, i64)| (p.0 - a.0) * u.0 + (p.1 - a.1) * u.1;
        let (lo, hi) = (t(c).min(t(d)), t(c).max(t(d)));
        return lo.max(0) < hi.min(u.0 * u.0 + u.1 * u.1);
    }
    d1.signum() * d2.signum() < 0 && d3.signum() * d4.signum() < 0
}

/// Crossings counted from the path alone: each edge against the edges starting within
/// 3 cells of its start (two crossing knight leaps start less than 4 apart on each
/// axis), each pair once.
pub(super) fn count_crossings(w: u32, h: u32, path: &[u32]) -> u64 {
    let n = path.len();
    let mut step = vec![0usize; n];
    for (k, &c) in path.iter().enumerate() {
        step[c as usize] = k;
    }
    let p = |k: usize| point(w, path[k % n]);
    let mut count = 0;
    for k in 0..n {
        let (a, b) = (p(k), p(k + 1));
        for dy in -3..=3 {
            for dx in -3..=3 {
                let (x, y) = (a.0 + dx, a.1 + dy);
                if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                    continue;
                }
                let m = step[(y * w as i64 + x) as usize];
                if m > k && segments_meet(a, b, p(m), p(m + 1)) {
                    count += 1;
                }
            }
        }
    }
    count
}
