//! `init`: a new site's folder, ready for `knights build` and `knights serve`.

use std::path::Path;

use knights_site as site;

use super::Failure;

pub(super) fn init_site(dir: &Path, templates: bool) -> Result<(), Failure> {
    let written = site::init(dir, templates)?;
    for path in &written {
        eprintln!("wrote {}", path.display());
    }
    eprintln!(
        "a new site in {}: edit content/catalogue.toml, then run `knights build` there \
         (or `knights serve` to watch the pages change as you edit)",
        dir.display()
    );
    Ok(())
}
