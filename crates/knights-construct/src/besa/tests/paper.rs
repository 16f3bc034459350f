//! The paper's own numbers on the built tours: the constant terms of the square
//! boards' counts, Lemma 3's cells on the 30x30 board of Figure 3, and the lengths of
//! the junctions' runs.

use super::support::tour;
use knights_core::metrics;
use knights_core::verify::verify;

#[test]
fn square_board_counts() {
    // The constant terms, printed for the report: turns - 9.5n and crossings - 13n.
    for n in (16..=30).step_by(2) {
        let v = verify(tour(n, n)).unwrap();
        let m = metrics::measure(&v);
        println!(
            "{n}x{n}: {} turns ({:+}), {} crossings ({:+})",
            m.turns,
            m.turns as f64 - 9.5 * n as f64,
            m.crossings,
            m.crossings as i64 - 13 * n as i64
        );
    }
}

#[test]
fn lemma_3_numbers_on_the_30x30_board_of_figure_3() {
    // Lemma 3 numbers the tour from the bottom-left cell (1-based) in the direction of
    // Figure 10, the reverse of our Figure 3 order: its cell i is our step n - (i - 1).
    let t = tour(30, 30);
    let (b, n) = (t.board(), t.path().len());
    let lemma = |i: usize| b.xy(t.path()[(n + 1 - i) % n]);
    assert_eq!(lemma(1), (0, 0));
    // The waymarks: cells 7, 23, 47 and 79 in the left column, 4 rows apart.
    for (i, y) in [(7, 6), (23, 10), (47, 14), (79, 18)] {
        assert_eq!(lemma(i), (0, y), "cell {i}");
    }
    // "the cell at index 85 is (13, 13)" (row and column from 1).
    assert_eq!(lemma(85), (12, 12));
    // Cells 1 to 6 are the red junction run, cell 7 begins the black knight.
    let l = t.sections().unwrap().labels();
    assert!((1..=6).all(|i| l[(n + 1 - i) % n] == 0));
    assert_eq!(l[n - 6], 7);
    // The first move is "two up, one right", into the long half of the red run, which
    // joins the top pair of the quartet's starting square; blue joins the bottom pair.
    assert_eq!(b.xy(t.path()[1]), (1, 2));
    let ends = |s: u8| {
        let first = l.iter().position(|&x| x == s).unwrap();
        let last = l.iter().rposition(|&x| x == s).unwrap();
        [b.xy(t.path()[first]), b.xy(t.path()[last])]
    };
    assert_eq!(b.xy(t.path()[6]), (0, 4));
    assert_eq!(l[6..8], [0, 1]);
    assert_eq!(ends(4), [(0, 3), (1, 3)]);
}

#[test]
fn each_junction_is_two_runs_of_the_expected_lengths() {
    // The bottom-left junction's runs are 12 cells each; the top-right one's depend on
    // its height 5..8, chosen by (w/2 + h - 1) mod 4.
    let expect = [[12, 12], [10, 26], [20, 30], [20, 46]];
    for (w, h) in [(30, 30), (30, 31), (30, 32), (30, 33), (31, 30), (33, 30)] {
        let t = tour(w, h);
        let l = t.sections().unwrap().labels();
        let len = |s: u8| l.iter().filter(|&&x| x == s).count();
        let (bw, bh) = if w.is_multiple_of(2) { (w, h) } else { (h, w) };
        let mut tr = [len(2), len(6)];
        tr.sort_unstable();
        assert_eq!([len(0), len(4)], [12, 12], "{w}x{h}");
        assert_eq!(tr, expect[((bw / 2 + bh - 1) % 4) as usize], "{w}x{h}");
    }
}
