//! Absolute addresses, for what needs more than the site's relative links: the
//! sitemap search engines read and the page addresses of link previews (OpenGraph).
//! Both rest on the `[site]` table's `base_url`; without one they are left out.

use super::catalogue::{Place, SiteConfig};
use knights_core::Error;

/// The downloads a tour page may offer, as `[site] downloads` names them.
pub const DOWNLOADS: [&str; 3] = ["png", "pdf", "json"];

/// Checks the `[site]` table written at `place` and puts `base_url` in the form the
/// templates rely on (ending in `/`).
pub fn check_site(site: &mut SiteConfig, place: &Place) -> Result<(), Error> {
    let url = site.base_url.trim();
    if !url.is_empty() {
        let scheme_ok = url.starts_with("https://") || url.starts_with("http://");
        let bad = url
            .chars()
            .find(|c| c.is_whitespace() || c.is_control() || "\"'<>\\".contains(*c));
        if !scheme_ok || bad.is_some() || url.len() <= "https://".len() {
            return Err(place.error(
                "base_url",
                format!(
                    "'{url}' is not a web address: write it whole, e.g. \"https://example.org/tours/\""
                ),
            ));
        }
        site.base_url = format!("{}/", url.trim_end_matches('/'));
    }
    for d in &site.downloads {
        if !DOWNLOADS.contains(&d.as_str()) {
            return Err(place.error(
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

/// `sitemap.xml` listing `pages` (paths relative to the site root) under `base_url`,
/// in the order given; `None` without a base URL (a sitemap needs whole addresses).
pub fn sitemap<'a>(base_url: &str, pages: impl Iterator<Item = &'a str>) -> Option<String> {
    if base_url.is_empty() {
        return None;
    }
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in pages {
        let loc = super::pages::escape_html(&format!("{base_url}{page}"));
        xml.push_str(&format!("<url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    Some(xml)
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
        check_site(&mut s, &place()).unwrap();
        assert_eq!(s.base_url, "https://example.org/tours/");
        check_site(&mut s, &place()).unwrap();
        assert_eq!(s.base_url, "https://example.org/tours/", "stable");
        for bad in [
            "example.org",
            "https://",
            "https://a b",
            "javascript:x",
            "https://a\"b",
        ] {
            s.base_url = bad.into();
            let e = check_site(&mut s, &place()).unwrap_err().to_string();
            assert!(
                e.starts_with("c.toml: line 3, field \"base_url\": ") && e.contains("web address"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn downloads_are_known_kinds() {
        let mut s = SiteConfig {
            downloads: vec!["png".into(), "svgz".into()],
            ..SiteConfig::default()
        };
        let e = check_site(&mut s, &place()).unwrap_err().to_string();
        assert!(
            e.contains("field \"downloads\"") && e.contains("'svgz'"),
            "{e}"
        );
    }

    #[test]
    fn a_sitemap_needs_a_base_url() {
        assert_eq!(sitemap("", ["index.html"].into_iter()), None);
        let xml = sitemap(
            "https://e.org/",
            ["index.html", "tours/a&b.html"].into_iter(),
        )
        .unwrap();
        assert!(xml.contains("<loc>https://e.org/index.html</loc>"), "{xml}");
        assert!(
            xml.contains("<loc>https://e.org/tours/a&amp;b.html</loc>"),
            "{xml}"
        );
        assert!(xml.starts_with("<?xml") && xml.ends_with("</urlset>\n"));
    }
}
