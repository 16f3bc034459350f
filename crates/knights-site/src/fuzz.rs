//! Fuzzing the catalogue parser with proptest, in the normal test suite (and so in CI):
//! arbitrary text, and the test catalogue and a page with random bytes changed,
//! inserted or cut. Reading a catalogue file or a page, and planning what was read,
//! must answer with a result or an error naming the place, never panic.

use std::path::Path;

use proptest::prelude::*;

use super::catalogue::{read_page, read_toml, Catalogue};
use super::plan::plan;

/// The test catalogue's file `name` (`tests/fixtures/site/content/NAME`), read at run
/// time: the seeds the mutations start from.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/site/content")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads `bytes` as a catalogue file and as a page, and plans the catalogue.
fn read_and_plan(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut cat = Catalogue::default();
    if read_toml("fuzz.toml", &text, &mut cat).is_ok() {
        let _ = plan(cat);
    }
    let _ = read_page("fuzz.md", Path::new("fuzz.md"), &text);
}

/// `bytes` with `(position, byte, kind)` edits: 0 replaces, 1 inserts, 2 removes.
fn apply(mut bytes: Vec<u8>, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    for &(i, b, kind) in edits {
        match kind % 3 {
            0 if !bytes.is_empty() => {
                let n = bytes.len();
                bytes[i % n] = b;
            }
            1 => bytes.insert(i % (bytes.len() + 1), b),
            2 if !bytes.is_empty() => {
                bytes.remove(i % bytes.len());
            }
            _ => {}
        }
    }
    bytes
}

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789-[]{}=\"'\n x.+#".to_vec()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn arbitrary_text_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        read_and_plan(&bytes);
    }

    #[test]
    fn mutated_catalogues_and_pages_never_panic(
        page in any::<bool>(),
        edits in prop::collection::vec((any::<usize>(), byte(), any::<u8>()), 1..6),
    ) {
        let seed = fixture(if page { "pages/about.md" } else { "catalogue.toml" });
        read_and_plan(&apply(seed.as_bytes().to_vec(), &edits));
    }
}
