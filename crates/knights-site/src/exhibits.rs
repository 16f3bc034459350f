//! The exhibits of the gallery, listed once, in the order the build writes them (see
//! [`super::exhibit`]). A new exhibit is a module implementing [`Exhibit`] and a line
//! here.

use std::path::Path;

use super::catalogue::PageSpec;
use super::classics::Classics;
use super::exhibit::{Context, Exhibit};
use super::formation::Formation;
use super::heels::Heels;
use super::optima::Optima;
use super::recipes::Recipes;
use super::teaching::Teaching;
use super::tourneys::Tourneys;
use knights_core::Error;

/// Every exhibit, in the order the build writes them.
pub fn all() -> &'static [&'static dyn Exhibit] {
    &[
        &Teaching, &Heels, &Formation, &Recipes, &Tourneys, &Optima, &Classics,
    ]
}

/// Writes every exhibit that a page of the catalogue links into (`../<folder>/`,
/// among `pages`' markdown) into its folder under `site` (the staging folder): a site
/// whose pages show none of them (the starter site) ships none of their files.
pub fn write_all(site: &Path, ctx: &Context<'_>, pages: &[PageSpec]) -> Result<(), Error> {
    for exhibit in all().iter().filter(|e| shown(e.folder(), pages)) {
        exhibit.write(&site.join(exhibit.folder()), ctx)?;
    }
    Ok(())
}

/// Whether a page links into the exhibit's `folder`.
fn shown(folder: &str, pages: &[PageSpec]) -> bool {
    let link = format!("../{folder}/");
    pages.iter().any(|p| p.body.contains(&link))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_exhibit_has_a_folder_of_its_own() {
        let mut folders: Vec<&str> = all().iter().map(|e| e.folder()).collect();
        assert_eq!(
            folders,
            [
                "teaching",
                "heels",
                "formation",
                "recipes",
                "tourneys",
                "optima",
                "classics"
            ]
        );
        folders.sort_unstable();
        folders.dedup();
        assert_eq!(folders.len(), all().len());
    }
}
