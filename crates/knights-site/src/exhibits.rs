//! The exhibits of the gallery, listed once, in the order the build writes them (see
//! [`super::exhibit`]). A new exhibit is a module implementing [`Exhibit`] and a line
//! here.

use std::path::Path;

use super::exhibit::{Context, Exhibit};
use super::formation::Formation;
use super::heels::Heels;
use super::teaching::Teaching;
use super::recipes::Recipes;
use knights_core::Error;

/// Every exhibit, in the order the build writes them.
pub fn all() -> &'static [&'static dyn Exhibit] {
    &[&Teaching, &Heels, &Formation, &Recipes]
}

/// Writes every exhibit into its folder under `site` (the staging folder).
pub fn write_all(site: &Path, ctx: &Context<'_>) -> Result<(), Error> {
    for exhibit in all() {
        exhibit.write(&site.join(exhibit.folder()), ctx)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_exhibit_has_a_folder_of_its_own() {
        let mut folders: Vec<&str> = all().iter().map(|e| e.folder()).collect();
        assert_eq!(folders, ["teaching", "heels", "formation", "recipes"]);
        folders.sort_unstable();
        folders.dedup();
        assert_eq!(folders.len(), all().len());
    }
}
