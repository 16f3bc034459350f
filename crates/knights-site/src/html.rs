//! HTML from the catalogue's text: escaping for the templates (tera's escape function)
//! and the sitemap, and markdown pages whose raw HTML shows as text and whose links
//! keep only safe addresses. A leaf: the templates, the pages and the sitemap use it.

/// HTML escaping for text and quoted attributes. Tera's default also escapes `/`,
/// which is safe but turns every relative link into `..&#x2F;`; this one leaves it.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Markdown to HTML. Raw HTML in the markdown is shown as text, like every other piece
/// of catalogue text, and a link or image whose address is not http, https, mailto or
/// relative (`javascript:`, `data:`...) loses its address: its text is kept as text.
pub fn markdown(md: &str) -> String {
    use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};
    let opts = Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH;
    // For each open link and image: whether it was kept (so its end is kept too).
    let (mut links, mut images) = (Vec::new(), Vec::new());
    let events = Parser::new_ext(md, opts).filter_map(|e| match e {
        Event::Html(s) | Event::InlineHtml(s) => Some(Event::Text(s)),
        Event::Start(Tag::Link { ref dest_url, .. }) => {
            links.push(safe_url(dest_url));
            links.last().copied().unwrap_or(false).then_some(e)
        }
        Event::Start(Tag::Image { ref dest_url, .. }) => {
            images.push(safe_url(dest_url));
            images.last().copied().unwrap_or(false).then_some(e)
        }
        Event::End(TagEnd::Link) => links.pop().unwrap_or(false).then_some(e),
        Event::End(TagEnd::Image) => images.pop().unwrap_or(false).then_some(e),
        e => Some(e),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

/// Whether a link may point at `url`: http, https, mailto, or no scheme (relative).
/// Browsers ignore blanks and control characters in a scheme, so they are ignored here.
fn safe_url(url: &str) -> bool {
    let url: String = url
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
        .collect();
    match url.find([':', '/', '?', '#']) {
        Some(i) if url[i..].starts_with(':') => {
            let scheme = url[..i].to_ascii_lowercase();
            ["http", "https", "mailto"].contains(&scheme.as_str())
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text_and_attributes_but_not_slashes() {
        assert_eq!(
            escape("<a href=\"../x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;../x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn markdown_shows_raw_html_as_text() {
        let html = markdown("# Hi\n\n<script>alert(1)</script>\n\nand *this* <b>too</b>\n");
        assert!(html.contains("<h1>Hi</h1>"));
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(
            html.contains("<em>this</em> &lt;b&gt;too&lt;/b&gt;"),
            "{html}"
        );
    }

    #[test]
    fn markdown_keeps_only_safe_link_addresses() {
        let md = "[a](javascript:alert(1)) <javascript:alert(2)> [c][r] ![d](data:text/html,x) \
                  [e](JavaScript&#x09;:alert(3))\n\n[r]: vbscript:x\n\n\
                  [ok1](https://example.org) [ok2](../tours/8x8.html) <mailto:a@b.org> \
                  [ok3](#top) [ok4](http://x.org/a:b)";
        let html = markdown(md);
        for bad in ["javascript", "JavaScript", "vbscript", "data:"] {
            assert!(!html.contains(&format!("=\"{bad}")), "{bad}: {html}");
        }
        for text in [">a<", ">javascript:alert(2)<", ">c<", ">e<"] {
            assert!(!html.contains(text), "{text} was left a link: {html}");
        }
        assert!(
            html.contains("<p>a javascript:alert(2) c d e</p>"),
            "the texts are kept: {html}"
        );
        for good in [
            "href=\"https://example.org\"",
            "href=\"../tours/8x8.html\"",
            "href=\"mailto:a@b.org\"",
            "href=\"#top\"",
            "href=\"http://x.org/a:b\"",
        ] {
            assert!(html.contains(good), "{good}: {html}");
        }
    }
}
