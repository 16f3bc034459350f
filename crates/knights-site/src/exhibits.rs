//! The exhibits of the gallery, listed once, in the order the build writes them (see
//! [`super::exhibit`]). A new exhibit is a module implementing [`Exhibit`] and a line
//! here. They are written in parallel, beside the tours, each through the build cache:
//! what an exhibit writes depends on nothing but this binary and the theme, so an
//! unchanged build links last build's files instead of searching and drawing again
//! (the heel search, the tourneys' samples, the teaching worksheets).

use std::path::Path;

use rayon::prelude::*;

use super::cache::Cache;
use super::catalogue::PageSpec;
use super::classics::Classics;
use super::exhibit::{Context, Exhibit};
use super::files;
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

/// What writing the exhibits did: how many were written, and of those how many were
/// taken from the build cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Exhibits written (those the pages show).
    pub exhibits: usize,
    /// Of those, linked from the build cache rather than made again.
    pub cached: usize,
}

/// Writes every exhibit that a page of the catalogue links into (`../<folder>/`,
/// among `pages`' markdown) into its folder under `site` (the staging folder), in
/// parallel, through `cache`: a site whose pages show none of them (the starter site)
/// ships none of their files. The first failure, in the order of [`all`], is the
/// error.
pub fn write_all(
    site: &Path,
    ctx: &Context<'_>,
    pages: &[PageSpec],
    cache: &Cache,
) -> Result<Written, Error> {
    let theme_id = format!("{:?}", ctx.theme);
    let shown: Vec<&&dyn Exhibit> = all().iter().filter(|e| shown(e.folder(), pages)).collect();
    let cached = shown
        .par_iter()
        .map(|e| {
            let key = Cache::key(&("exhibit", e.folder(), &theme_id));
            cache.files(&key, site, || {
                let dir = site.join(e.folder());
                e.write(&dir, ctx)?;
                let listed = files::list(&dir)?;
                Ok(listed
                    .into_iter()
                    .map(|(rel, _)| format!("{}/{rel}", e.folder()))
                    .collect())
            })
        })
        .collect::<Vec<Result<bool, Error>>>()
        .into_iter()
        .collect::<Result<Vec<bool>, Error>>()?;
    Ok(Written {
        exhibits: cached.len(),
        cached: cached.iter().filter(|&&c| c).count(),
    })
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
