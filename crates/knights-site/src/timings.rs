//! The build's times: how long the whole build and each tour took (construct, verify,
//! draw, or taken from the cache), for the timings page. The only files that differ
//! between two builds of the same catalogue.

use std::path::Path;

use crate::files;
use crate::plan::Plan;
use crate::tours::Built;
use knights_core::Error;

/// How long each tour took, in `timings.json` and `timings.js` beside the pages (in
/// the staging folder `out`, last before the swap): the only files that differ
/// between two builds of the same catalogue, so no page includes them (the timings
/// page, the same in every build, loads the script).
pub fn write(out: &Path, plan: &Plan, built: &[Built], seconds: f64) -> Result<(), Error> {
    let tours: Vec<_> = plan
        .jobs
        .iter()
        .zip(built)
        .map(|(j, b)| {
            serde_json::json!({
                "tour": j.slug, "construct_secs": b.construct_secs,
                "verify_secs": b.verify_secs, "draw_secs": b.draw_secs,
                "from_cache": b.cached,
            })
        })
        .collect();
    let json = serde_json::json!({ "build_secs": seconds, "tours": tours });
    let text = serde_json::to_string_pretty(&json).expect("timings serialize");
    files::write(&out.join(TIMINGS), text.as_bytes())?;
    // The same for the timings page, as a script: it loads from `file://` too.
    let script = format!("window.knightsTimings = {text};\n");
    files::write(&out.join(TIMINGS_SCRIPT), script.as_bytes())
}

/// The file with the build's timings, written by [`crate::Site::build`] last into the
/// staging folder.
pub const TIMINGS: &str = "timings.json";
/// The timings as a script, read by the timings page (`timings.html`).
pub const TIMINGS_SCRIPT: &str = "timings.js";
/// The files that differ between two builds of the same catalogue: the timings.
pub const MEASURED: [&str; 2] = [TIMINGS, TIMINGS_SCRIPT];
