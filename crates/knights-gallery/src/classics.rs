//! The classic tours' pages' figures, made at every build: magic tours printed as
//! numbered boards with their sums (Beverley's of 1848 and the one the search finds,
//! both stored in knights-core's examples),
//! the half-turn and quarter-turn symmetric tours numbered (so the reader sees step k
//! and step k + N/2, or k + N/4, sit where the rotation puts them), and the cipher
//! exhibit (the key and the message written along it). Every tour is verified first.

use std::path::Path;

use knights_construct::{self as construct, Request};
use knights_core::atomic::write_bytes;
use knights_core::magic::{constants, of_path};
use knights_core::{examples, verify, Board, Error, Verified};
use knights_render::Theme;
use knights_render::{lettered, numbered, Sums};
use knights_site::{Context, Exhibit};
use knights_teach::cipher;

/// The classic tours' figures, in `classics/`.
pub struct Classics;

/// The message of the cipher page, written along [`cipher_key`].
pub const MESSAGE: &str = "The knight keeps a secret: meet me at the old oak tree at noon";

impl Exhibit for Classics {
    fn folder(&self) -> &'static str {
        "classics"
    }

    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        let theme = ctx.theme;
        let beverley = verify::constructed(examples::beverley())?;
        // The tour the search finds, stored (knights-construct's magic tests search
        // again and compare): searching at every build took a second or two.
        let searched = verify::constructed(examples::magic_8x8())?;
        for (name, t, who) in [
            ("beverley-1848", &beverley, "Beverley's open tour of 1848"),
            ("magic-8x8", &searched, "The closed tour the search finds"),
        ] {
            write(dir, name, &magic_board(t, theme, who))?;
        }
        for (name, n, variant, turn) in [
            ("half-turn-8x8", 8, "half", "half"),
            ("quarter-turn-6x6", 6, "quarter", "quarter"),
        ] {
            let t = built(n, "symmetric", variant, false)?;
            let title = format!(
                "A {turn}-turn symmetric closed tour of {n}x{n}, each square numbered with its step"
            );
            write(
                dir,
                name,
                &numbered(t.board(), t.path(), None, theme, &title),
            )?;
        }
        let key = cipher_key()?;
        let title = "The key: an 8x8 tour, each square numbered with its step";
        write(
            dir,
            "cipher-key",
            &numbered(key.board(), key.path(), None, theme, title),
        )?;
        let letters = written(&key, MESSAGE)?;
        let title = "The message written along the tour, one letter a square";
        write(
            dir,
            "cipher-letters",
            &lettered(key.board(), &letters, theme, title),
        )
    }
}

/// The closed tour of `n x n` that `algorithm` builds with `variant`, verified.
fn built(n: u32, algorithm: &str, variant: &str, open: bool) -> Result<Verified, Error> {
    let mut req = Request::closed(Board::new(n, n)?);
    req.open = open;
    req.variant = Some(variant.to_string());
    verify::constructed(construct::build(&req, algorithm)?)
}

/// The cipher page's key: the closed 8x8 tour `auto` builds.
pub fn cipher_key() -> Result<Verified, Error> {
    verify::constructed(construct::build(
        &Request::closed(Board::new(8, 8)?),
        "auto",
    )?)
}

/// Each square's letter when `message` (one board of it) is written along `tour`.
fn written(tour: &Verified, message: &str) -> Result<Vec<String>, Error> {
    let text = cipher::encode(tour, message)?;
    let mut out = vec![String::new(); tour.board().area() as usize];
    for (c, l) in cipher::reading_order(tour).into_iter().zip(text.chars()) {
        out[c as usize] = l.to_string();
    }
    Ok(out)
}

/// `t` numbered, with its sums.
fn magic_board(t: &Verified, theme: &Theme, who: &str) -> String {
    let (b, p) = (t.board(), t.path());
    let m = of_path(b, p);
    let title = format!(
        "{who}, each square numbered with its step: every row and every column sums to {}, the diagonals to {:?}",
        m.rows[0],
        m.diagonals.unwrap_or_default()
    );
    let sums = Sums {
        magic: &m,
        targets: constants(b),
    };
    numbered(b, p, Some(sums), theme, &title)
}

fn write(dir: &Path, name: &str, svg: &str) -> Result<(), Error> {
    write_bytes(&dir.join(format!("{name}.svg")), svg.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIGURES: [&str; 6] = [
        "beverley-1848",
        "magic-8x8",
        "half-turn-8x8",
        "quarter-turn-6x6",
        "cipher-key",
        "cipher-letters",
    ];

    fn pages() -> String {
        [
            crate::page("magic.md"),
            crate::page("symmetric.md"),
            crate::page("cipher.md"),
        ]
        .join("")
    }

    #[test]
    fn the_pages_show_every_figure_made() {
        let pages = pages();
        for name in FIGURES {
            assert!(
                pages.contains(&format!("](../classics/{name}.svg)")),
                "{name}"
            );
        }
    }

    #[test]
    fn the_cipher_page_prints_the_cipher_of_its_message_and_its_fill() {
        let key = cipher_key().unwrap();
        let text = cipher::encode(&key, MESSAGE).unwrap();
        let page = crate::page("cipher.md");
        let rows = cipher::rows(&text, 8).replace(' ', "\n");
        assert!(page.contains(&rows), "the page should print\n{rows}");
        let plain: String = cipher::letters(MESSAGE).into_iter().collect();
        assert!(page.contains(&format!("its {} letters", plain.len())));
        assert_eq!(
            cipher::decode(&key, &text).unwrap().trim_end_matches('X'),
            plain
        );
    }

    #[test]
    fn the_symmetric_figures_number_rotated_squares_a_rotation_apart() {
        for (n, variant, parts) in [(8, "half", 2), (6, "quarter", 4)] {
            let t = built(n, "symmetric", variant, false).unwrap();
            let (b, p) = (t.board(), t.path());
            let turn = |c: u32| {
                let (x, y) = b.xy(c);
                match parts {
                    2 => b.index(n - 1 - x, n - 1 - y),
                    _ => b.index(y, n - 1 - x),
                }
            };
            let step = p.len() / parts;
            let rotated = (0..p.len()).all(|k| p[(k + step) % p.len()] == turn(p[k]));
            let back = (0..p.len()).all(|k| p[k] == turn(p[(k + step) % p.len()]));
            assert!(rotated || back, "{n}x{n} {variant}");
        }
    }
}
