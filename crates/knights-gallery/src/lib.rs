//! This project's gallery: the exhibits of its prose pages (the material made at
//! every build from verified tours, the constructions' data and the searches' results),
//! which the site engine (`knights-site`) writes beside the catalogue's tours. The
//! engine knows exhibits only through its [`Exhibit`] trait; this crate implements it
//! once per exhibit and lists them in [`all`], which the command line hands the engine
//! (`BuildOptions::exhibits`). A site of one's own takes these, others, or none. The
//! explorer ([`explore`]) is an exhibit with a page of its own at the site's root, and
//! the crate's build script compiles the WebAssembly module it runs.

mod classics;
mod explore;
mod formation;
mod heels;
mod optima;
mod recipes;
mod teaching;
mod tourneys;

use knights_site::Exhibit;

use classics::Classics;
use explore::Explore;
use formation::Formation;
use heels::Heels;
use optima::Optima;
use recipes::Recipes;
use teaching::Teaching;
use tourneys::Tourneys;

/// Every exhibit of the gallery, in the order the build writes them.
pub fn all() -> &'static [&'static dyn Exhibit] {
    &[
        &Teaching, &Heels, &Formation, &Recipes, &Tourneys, &Optima, &Classics, &Explore,
    ]
}

/// The shipped catalogue's page `name` (`content/pages/NAME`), which the tests check
/// against what the exhibits make, read at run time.
#[cfg(test)]
fn page(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/pages")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
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
                "classics",
                "explore"
            ]
        );
        folders.sort_unstable();
        folders.dedup();
        assert_eq!(folders.len(), all().len());
    }
}
