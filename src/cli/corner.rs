//! `knights gadgets corner`, `best-corners`, `levels` and `giraffe`: the searches for
//! the formation algorithm's stored pieces (knights-lab), each with its report, and the
//! pieces file when asked; and `band`, the edge bands' integer program and its table.

use std::path::Path;

use knights_core::Error;
use knights_lab::besa::{band, best_corners, corner_gadgets, levels};
use knights_lab::giraffe;

use super::Failure;

/// Prints each piece found with its score; writes the pieces file when asked.
pub(super) fn corner_gadgets(write: Option<&Path>) -> Result<(), Failure> {
    let start = std::time::Instant::now();
    let text = corner_gadgets::corner_toml().map_err(|e| Error::internal(e.to_string()))?;
    print!("{}", corner_gadgets::report(&text));
    println!("searched in {:.2} s", start.elapsed().as_secs_f64());
    if let Some(path) = write {
        knights_core::atomic::write_bytes(path, text.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `knights gadgets best-corners`: the corner searches of the best formation tour, their
/// fronts, and the pieces file when asked.
pub(super) fn best_corners(write: Option<&Path>) -> Result<(), Failure> {
    let start = std::time::Instant::now();
    let found = best_corners::find_all().map_err(|e| Error::internal(e.to_string()))?;
    print!("{}", best_corners::report(&found));
    println!("searched in {:.2} s", start.elapsed().as_secs_f64());
    if let Some(path) = write {
        let text = best_corners::toml_of(&found);
        knights_core::atomic::write_bytes(path, text.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `knights gadgets levels`: the search for the corners where the formation tour's
/// quartet leaves a level and arrives on the next, and the pieces file when asked.
pub(super) fn levels(write: Option<&Path>) -> Result<(), Failure> {
    let start = std::time::Instant::now();
    let found = levels::find_all().map_err(|e| Error::internal(e.to_string()))?;
    print!("{}", levels::report(&found));
    println!("searched in {:.2} s", start.elapsed().as_secs_f64());
    if let Some(path) = write {
        let text = levels::toml_of(&found);
        knights_core::atomic::write_bytes(path, text.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `knights gadgets giraffe`: the SAT search for the giraffe's formation pieces, its
/// stages on stderr, one line per piece, and the pieces file when asked.
pub(super) fn giraffe(write: Option<&Path>) -> Result<(), Failure> {
    let start = std::time::Instant::now();
    let text = giraffe::search(&mut |line| eprintln!("{line}"))
        .map_err(|e| Error::internal(e.to_string()))?;
    print!("{}", giraffe::report(&text));
    println!("searched in {:.2} s", start.elapsed().as_secs_f64());
    if let Some(path) = write {
        knights_core::atomic::write_bytes(path, text.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `knights gadgets band-ends`: the band tour's two transitions, a line each as found,
/// and `band.toml` written when asked.
pub(super) fn band_ends(write: Option<&Path>, seconds: u64) -> Result<(), Failure> {
    let limit = std::time::Duration::from_secs(seconds);
    let text = band::ends::search(limit, &mut |line| println!("{line}"))?;
    if let Some(path) = write {
        knights_core::atomic::write_bytes(path, text.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `knights gadgets band`: solves each band (the standard table when none is named),
/// joining its ports in any way and as the plain tour, a line on stderr as each is
/// done, then the table.
pub(super) fn bands(names: &[String], seconds: u64) -> Result<(), Failure> {
    let bands = if names.is_empty() {
        band::standard()
    } else {
        names
            .iter()
            .map(|n| band::Band::parse(n))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Failure::Usage)?
    };
    let limit = std::time::Duration::from_secs(seconds);
    let mut found = Vec::new();
    for (b, joining) in bands
        .into_iter()
        .flat_map(|b| [(b, band::Joining::Any), (b, band::Joining::Plain)])
    {
        let f = band::solve(b, joining, limit)?;
        eprintln!(
            "{} joining {joining:?}: {} turns (bound {}), {} crossings (bound {}), {:.1} s, {} solves, {} cuts",
            b.name(),
            f.turns.0,
            f.turns.1,
            f.crossings.0,
            f.crossings.1,
            f.seconds,
            f.solves,
            f.cuts
        );
        found.push(f);
    }
    print!("{}", band::table(&found));
    // The bands that beat today's edge with the plain tour's joining, as pieces.
    for f in found
        .iter()
        .filter(|f| f.plain_matching && f.turns.0 < f.band.todays_turns())
    {
        print!("{}", band::piece(f));
    }
    Ok(())
}
