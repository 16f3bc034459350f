//! The sitemap search engines read: the one file of whole addresses (every page links
//! relatively), built from the `[site]` table's `base_url` (checked by
//! [`super::config`]; the templates use it for the link previews' addresses). Without a
//! base URL there is none.

/// The sitemap, written when `[site]` has a `base_url`.
pub const SITEMAP: &str = "sitemap.xml";

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
        let loc = super::html::escape(&format!("{base_url}{page}"));
        xml.push_str(&format!("<url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

#[cfg(test)]
mod tests {
    use super::*;

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
