//! The teaching worksheets as printed: `knights worksheet 8x8 --cipher "Meet me at
//! noon"` at two exercises and at its default count, read back from the PDF it
//! writes (the words' boxes on each page, [`crate::pdf_text`]): no two words overlap
//! (the instructions and the ciphertext once ran under and across the board and into
//! the next exercise). The library's own test checks the SVG pages before they are
//! printed; this one checks what a teacher prints.

use crate::pdf_text::{overlap, words, Word};
use crate::run::knights;

/// Points two words may share (kerning, rounding) before they overlap.
const SLACK: f64 = 0.5;

/// Each pair of overlapping words on `page`, said.
fn crowded(page: &[Word]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in page.iter().enumerate() {
        for b in &page[i + 1..] {
            if overlap(&a.rect, &b.rect, SLACK) {
                out.push(format!(
                    "a word of {} glyphs at {:?} over one of {} at {:?}",
                    a.glyphs, a.rect, b.glyphs, b.rect
                ));
            }
        }
    }
    out
}

/// The words of each page of the cipher worksheet made with `extra` arguments.
fn cipher_pages(extra: &[&str]) -> Vec<Vec<Word>> {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("cipher.pdf");
    let mut args = vec!["worksheet", "8x8", "--cipher", "Meet me at noon"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-o", pdf.to_str().unwrap()]);
    let out = knights(&args);
    assert!(
        out.status.success(),
        "knights {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    words(&std::fs::read(&pdf).unwrap())
}

#[test]
fn no_two_words_of_a_printed_cipher_worksheet_overlap() {
    for extra in [&["--count", "2"][..], &[]] {
        let pages = cipher_pages(extra);
        assert!(pages.len() >= 2, "{extra:?}: ciphers and answers");
        for (p, page) in pages.iter().enumerate() {
            // The title, the instructions, the ciphertext and the letters on the board.
            assert!(
                page.len() > 20,
                "{extra:?}, page {}: {} words",
                p + 1,
                page.len()
            );
            let found = crowded(page);
            assert!(
                found.is_empty(),
                "{extra:?}, page {}:\n{}",
                p + 1,
                found.join("\n")
            );
        }
    }
}

/// The reader finds overlapping words where there are some: a page with two lines
/// drawn over each other, made into a PDF by the same library as the worksheets.
#[test]
fn the_reader_finds_words_drawn_over_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("two.svg");
    std::fs::write(
        &svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" viewBox=\"0 0 200 100\">\
         <text x=\"10\" y=\"50\" font-family=\"DejaVu Sans\" font-size=\"12\">Meet me</text>\
         <text x=\"30\" y=\"52\" font-family=\"DejaVu Sans\" font-size=\"12\">at noon</text>\
         <text x=\"10\" y=\"90\" font-family=\"DejaVu Sans\" font-size=\"12\">apart</text></svg>",
    )
    .unwrap();
    let bytes = knights_render::svg_to_pdf(&std::fs::read_to_string(&svg).unwrap()).unwrap();
    let pages = words(&bytes);
    assert_eq!(pages.len(), 1);
    let page = &pages[0];
    assert!(!crowded(page).is_empty(), "{page:?}");
    // The line set apart overlaps nothing.
    let apart = page.iter().find(|w| w.glyphs == 5).expect("the word apart");
    assert!(page
        .iter()
        .all(|w| std::ptr::eq(w, apart) || !overlap(&w.rect, &apart.rect, SLACK)));
}
