//! The `[site]` table: the site's name, where it will be served and what it ships,
//! with its defaults and its checks. The catalogue reads it from whichever file has it
//! and checks it there, at the place it was written.

use serde::Deserialize;

use super::place::Place;
use knights_core::Error;

/// The `[site]` table of a catalogue file: the site's name and how much it ships.
#[derive(Clone, Debug, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SiteConfig {
    /// The site's name, in every page's title.
    pub title: String,
    /// Where the site will be served (`https://example.org/tours/`), for the sitemap
    /// and OpenGraph tags; empty: links stay relative only.
    pub base_url: String,
    /// A sentence about the site, for search engines and link previews.
    pub description: String,
    /// Who publishes it.
    pub author: String,
    /// The downloads a tour's page offers: any of `png`, `pdf`, `json`.
    pub downloads: Vec<String>,
    /// Offer the downloads of series members too (`[[tour]]` entries always have
    /// them).
    pub series_downloads: bool,
    /// The drawings' theme: a built-in name or a theme file relative to the content
    /// folder.
    pub theme: String,
    /// Whether the site has the explorer (`explore.html`, linked from the header, and
    /// its WebAssembly module): `false` leaves out the pages that exhibits have at the
    /// site's root, their header links and their files.
    pub explorer: bool,
}

impl Default for SiteConfig {
    fn default() -> SiteConfig {
        SiteConfig {
            title: "knights".into(),
            base_url: String::new(),
            description: "Knight's tours, each verified before it was drawn.".into(),
            author: String::new(),
            downloads: DOWNLOADS.map(String::from).to_vec(),
            series_downloads: false,
            theme: "web".into(),
            explorer: true,
        }
    }
}

/// The downloads a tour page may offer, as `[site] downloads` names them.
pub const DOWNLOADS: [&str; 3] = ["png", "pdf", "json"];

/// Checks the `[site]` table and puts `base_url` in the form the templates rely on
/// (ending in `/`); `at` gives the place of one of its fields, for the message.
pub fn check(site: &mut SiteConfig, at: &dyn Fn(&str) -> Place) -> Result<(), Error> {
    let url = site.base_url.trim();
    if !url.is_empty() {
        // The scheme in any case (`HTTP://` is one), a host, no odd characters.
        let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
        let scheme_ok = ["https", "http"]
            .iter()
            .any(|s| scheme.eq_ignore_ascii_case(s));
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        let bad = url
            .chars()
            .find(|c| c.is_whitespace() || c.is_control() || "\"'<>\\".contains(*c));
        if !scheme_ok || bad.is_some() || host.is_empty() {
            return Err(at("base_url").error(
                "base_url",
                format!(
                    "'{url}' is not a web address: write it whole, e.g. \"https://example.org/tours/\""
                ),
            ));
        }
        if let Some(c) = url.chars().find(|c| "?#".contains(*c)) {
            return Err(at("base_url").error(
                "base_url",
                format!(
                    "'{url}' has a {}: the pages' addresses are made by adding their paths to it, so it ends with the site's folder, e.g. \"https://example.org/tours/\"",
                    if c == '?' { "query (?)" } else { "fragment (#)" }
                ),
            ));
        }
        let path = rest[host.len()..].split(['?', '#']).next().unwrap_or("");
        let climbs = path.split('/').any(|part| {
            let part = part.to_ascii_lowercase().replace("%2e", ".");
            part == "." || part == ".."
        });
        if climbs {
            return Err(at("base_url").error(
                "base_url",
                format!(
                    "'{url}' has '.' or '..' in its path: write the site's folder itself, e.g. \"https://example.org/tours/\""
                ),
            ));
        }
        if let Some(host) = loopback_host(url) {
            return Err(at("base_url").error(
                "base_url",
                format!(
                    "'{url}' is this machine ({host}): the pages would point visitors to their own computer; \
                     write the address the site will be served at, or leave base_url out"
                ),
            ));
        }
        let url = format!("{}://{rest}", scheme.to_ascii_lowercase());
        site.base_url = format!("{}/", url.trim_end_matches('/'));
    }
    for d in &site.downloads {
        if !DOWNLOADS.contains(&d.as_str()) {
            return Err(at("downloads").error(
                "downloads",
                format!(
                    "unknown download '{d}': choose from {}",
                    DOWNLOADS.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The host of `url` when it names this machine (`localhost`, `127.x.x.x`, `[::1]`,
/// `0.0.0.0`): an address no visitor of a published site can reach.
fn loopback_host(url: &str) -> Option<&str> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if host_port.starts_with('[') {
        host_port
            .split_once(']')
            .map_or(host_port, |(h, _)| h)
            .trim_start_matches('[')
    } else {
        host_port.split(':').next().unwrap_or("")
    };
    let ip = host.parse::<std::net::IpAddr>().ok();
    let local = host.eq_ignore_ascii_case("localhost")
        || host.to_ascii_lowercase().ends_with(".localhost")
        || ip.is_some_and(|ip| ip.is_loopback() || ip.is_unspecified());
    local.then_some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place() -> Place {
        Place {
            file: "c.toml".into(),
            line: 3,
        }
    }

    #[test]
    fn base_urls_are_checked_and_end_in_a_slash() {
        let mut s = SiteConfig {
            base_url: "https://example.org/tours".into(),
            ..SiteConfig::default()
        };
        check(&mut s, &|_| place()).unwrap();
        assert_eq!(s.base_url, "https://example.org/tours/");
        check(&mut s, &|_| place()).unwrap();
        assert_eq!(s.base_url, "https://example.org/tours/", "stable");
        for bad in [
            "example.org",
            "https://",
            "https://a b",
            "javascript:x",
            "https://a\"b",
            "https:///tours",
            "ftp://example.org/",
        ] {
            s.base_url = bad.into();
            let e = check(&mut s, &|_| place()).unwrap_err().to_string();
            assert!(
                e.starts_with("c.toml: line 3, field \"base_url\": ") && e.contains("web address"),
                "{bad}: {e}"
            );
        }
    }

    /// Issue 39, case 15: the scheme in capitals is a scheme (it is written in lower
    /// case), and a path that climbs with `..` (or stays with `.`) is refused.
    #[test]
    fn schemes_in_any_case_are_taken_and_climbing_paths_refused() {
        let mut s = SiteConfig {
            base_url: "HTTP://X.ORG/".into(),
            ..SiteConfig::default()
        };
        check(&mut s, &|_| place()).unwrap();
        assert_eq!(s.base_url, "http://X.ORG/");
        for bad in [
            "https://x/../../",
            "https://x/a/./b",
            "https://x/%2E%2e/t",
            "https://x/..",
        ] {
            s.base_url = bad.into();
            let e = check(&mut s, &|_| place()).unwrap_err().to_string();
            assert!(e.contains("has '.' or '..' in its path"), "{bad}: {e}");
        }
        s.base_url = "https://x/a..b/.well/".into();
        check(&mut s, &|_| place()).unwrap();
    }

    #[test]
    fn a_base_url_with_a_query_or_a_fragment_is_refused() {
        for (bad, says) in [
            ("https://example.org/#frag", "fragment (#)"),
            ("https://example.org/?q", "query (?)"),
            ("https://example.org/tours?x=1#y", "query (?)"),
        ] {
            let mut s = SiteConfig {
                base_url: bad.into(),
                ..SiteConfig::default()
            };
            let e = check(&mut s, &|_| place()).unwrap_err().to_string();
            assert!(
                e.starts_with("c.toml: line 3, field \"base_url\": ") && e.contains(says),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn base_urls_on_this_machine_are_refused() {
        for local in [
            "http://127.0.0.1:1111/",
            "http://localhost/",
            "https://LOCALHOST:8000/tours",
            "http://[::1]:1111/",
            "http://0.0.0.0/",
            "http://app.localhost/",
        ] {
            let mut s = SiteConfig {
                base_url: local.into(),
                ..SiteConfig::default()
            };
            let e = check(&mut s, &|_| place()).unwrap_err().to_string();
            assert!(
                e.starts_with("c.toml: line 3, field \"base_url\": ") && e.contains("this machine"),
                "{local}: {e}"
            );
        }
        for remote in [
            "https://localhost.example.org/",
            "https://127.example.org/x",
        ] {
            let mut s = SiteConfig {
                base_url: remote.into(),
                ..SiteConfig::default()
            };
            assert!(check(&mut s, &|_| place()).is_ok(), "{remote}");
        }
    }

    #[test]
    fn the_shipped_catalogue_ships_no_address_of_this_machine() {
        let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let cat = crate::catalogue::load(&content).unwrap();
        assert_eq!(
            loopback_host(&cat.site.base_url),
            None,
            "{}",
            cat.site.base_url
        );
    }

    #[test]
    fn downloads_are_known_kinds() {
        let mut s = SiteConfig {
            downloads: vec!["png".into(), "svgz".into()],
            ..SiteConfig::default()
        };
        let e = check(&mut s, &|_| place()).unwrap_err().to_string();
        assert!(
            e.contains("field \"downloads\"") && e.contains("'svgz'"),
            "{e}"
        );
    }
}
