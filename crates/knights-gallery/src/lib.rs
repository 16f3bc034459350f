//! This project's gallery: the exhibits of its prose pages (the material made at
//! every build from verified tours, the constructions' data and the searches' results),
//! which the site engine (`knights-site`) writes beside the catalogue's tours. The
//! engine knows exhibits only through its [`Exhibit`] trait; this crate implements it
//! once per exhibit and lists them in [`all`], which the command line hands the engine
//! (`BuildOptions::exhibits`). A site of one's own takes these, others, or none.

mod classics;
mod formation;
mod heels;
mod optima;
mod recipes;
mod teaching;
mod tourneys;

use knights_site::Exhibit;

use classics::Classics;
use formation::Formation;
use heels::Heels;
use optima::Optima;
use recipes::Recipes;
use teaching::Teaching;
use tourneys::Tourneys;

/// Every exhibit of the gallery, in the order the build writes them.
pub fn all() -> &'static [&'static dyn Exhibit] {
    &[
        &Teaching, &Heels, &Formation, &Recipes, &Tourneys, &Optima, &Classics,
    ]
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
