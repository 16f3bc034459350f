//! `serve`: builds the site, serves it on localhost and rebuilds it as it is edited.

use knights_site::{serve, ServeOptions};

use super::publish::SiteArgs;
use super::Failure;

pub(super) fn serve_site(
    site: SiteArgs,
    port: u16,
    stop_after: Option<u64>,
) -> Result<(), Failure> {
    let opts = ServeOptions {
        build: site.options(),
        port,
        stop_after,
    };
    Ok(serve(&opts)?)
}
