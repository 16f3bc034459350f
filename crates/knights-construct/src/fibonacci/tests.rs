//! Tests of the Fibonacci tours: every board of the family verified with every motif
//! for small k, the squares of the spiral tile the board, each square is one section
//! walked whole before the next, refusals.

use super::*;
use knights_core::verify::verify;

fn request(w: u32, h: u32, open: bool, variant: Option<&str>) -> Request {
    Request {
        open,
        variant: variant.map(String::from),
        ..Request::closed(Board::new(w, h).unwrap())
    }
}

fn built(w: u32, h: u32, variant: &str) -> knights_core::Verified {
    let req = request(w, h, true, Some(variant));
    Fibonacci.check(&req).unwrap();
    let t = Fibonacci.build(&req).unwrap();
    verify(t).unwrap_or_else(|e| panic!("{variant} {w}x{h}: {e}"))
}

#[test]
fn the_spiral_squares_tile_the_rectangle() {
    for k in 2..=MAX_K {
        let squares = spiral(k);
        let sides: Vec<u32> = squares.iter().map(|s| s.side).collect();
        assert_eq!(sides, (1..=k).map(fib).collect::<Vec<_>>());
        let (w, h) = (fib(k), fib(k + 1));
        let mut covered = vec![0; (w * h) as usize];
        for s in &squares {
            for y in s.y..s.y + s.side {
                for x in s.x..s.x + s.side {
                    covered[(y * w + x) as usize] += 1;
                }
            }
        }
        assert!(covered.iter().all(|&c| c == 1), "k = {k}");
    }
}

#[test]
fn the_64x104_tour_is_verified_and_its_sections_are_the_squares() {
    let t = built(64, 104, "o8");
    let s = t.sections().unwrap();
    let names: Vec<&str> = s.names().iter().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "square 1: 8x8",
            "square 2: 8x8",
            "square 3: 16x16",
            "square 4: 24x24",
            "square 5: 40x40",
            "square 6: 64x64"
        ]
    );
    // Each square is walked whole, in order, and its steps stay inside it.
    let squares = spiral(6);
    let b = t.board();
    let mut first = 0;
    for (i, q) in squares.iter().enumerate() {
        let area = (q.side * 8 * q.side * 8) as usize;
        for k in first..first + area {
            assert_eq!(s.labels()[k] as usize, i);
            let (x, y) = b.xy(t.path()[k]);
            assert!(
                inside(q, (x / 8, y / 8)),
                "step {k} at ({x}, {y}) outside square {i}"
            );
        }
        first += area;
    }
    assert_eq!(first, 64 * 104);
    // The paper's proportions: 64 wide, 104 high, the 64x64 square at the bottom.
    assert_eq!((squares[5].x, squares[5].y, squares[5].side), (0, 0, 8));
}

#[test]
fn every_board_of_the_family_is_verified() {
    for k in 2..=MAX_K {
        let (w, h) = (8 * fib(k), 8 * fib(k + 1));
        for v in stored::BLOCK_VARIANTS {
            let t = built(w, h, v);
            assert_eq!(t.sections().unwrap().names().len(), k);
        }
    }
}

#[test]
fn refuses_closed_tours_and_other_boards() {
    let msg = |r: Request| Fibonacci.check(&r).unwrap_err().to_string();
    assert!(msg(request(64, 104, false, None)).contains("--open"));
    let wrong = msg(request(104, 64, true, None));
    assert!(
        wrong.contains("8F(k) wide") && wrong.contains("64x104"),
        "{wrong}"
    );
    assert!(msg(request(64, 64, true, None)).contains("not 64x64"));
    assert!(Fibonacci
        .check(&request(64, 104, true, Some("nonesuch")))
        .is_err());
}
