//! The script `knights serve` adds to every HTML page it sends, which reloads the page
//! when a newer build is served and shows the error of a failed one, and the reader
//! that adds it as the page is streamed: the file is read once, in chunks, and a HEAD
//! of a page reads none of it (the script's length is known without reading).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

use super::VERSION_PATH;

const BODY_END: &[u8] = b"</body>";

/// The bytes looked at a time for the closing body tag, from the end of the page.
const WINDOW: u64 = 64 * 1024;

/// The script that reloads a page when a newer build is served, and shows the error
/// of a failed one.
pub fn reload_script(version: u64) -> String {
    format!(
        r#"<script>/* added by knights serve, not part of the site */
(function () {{
  var built = {version}, banner = null;
  function show(error) {{
    if (!banner) {{
      banner = document.createElement("pre");
      banner.style.cssText = "position:fixed;left:0;right:0;bottom:0;margin:0;padding:1em;" +
        "background:#fdecea;color:#611a15;border-top:3px solid #c62828;white-space:pre-wrap;z-index:9999";
      document.body.appendChild(banner);
    }}
    banner.textContent = "The last build failed (the page shows the one before):\n" + error;
  }}
  function poll() {{
    fetch("{VERSION_PATH}", {{ cache: "no-store" }})
      .then(function (r) {{ return r.json(); }})
      .then(function (s) {{
        if (s.version !== built) location.reload();
        else if (s.error) show(s.error);
        else if (banner) {{ banner.remove(); banner = null; }}
      }})
      .catch(function () {{}})
      .then(function () {{ setTimeout(poll, 1000); }});
  }}
  setTimeout(poll, 1000);
}})();
</script>
"#
    )
}

/// A page of `len` bytes read with `script` before its last closing body tag (or at its
/// end, when it has none). The tag is looked for on the first read.
pub struct WithScript {
    file: File,
    len: u64,
    script: Vec<u8>,
    /// Where the script goes, once looked for.
    at: Option<u64>,
    /// Bytes given out so far.
    pos: u64,
}

impl WithScript {
    pub fn new(file: File, len: u64, script: String) -> WithScript {
        WithScript {
            file,
            len,
            script: script.into_bytes(),
            at: None,
            pos: 0,
        }
    }

    /// The length of the page with the script.
    pub fn len(&self) -> u64 {
        self.len + self.script.len() as u64
    }
}

impl Read for WithScript {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = match self.at {
            Some(at) => at,
            None => {
                let at = last_body_end(&mut self.file, self.len)?;
                self.file.seek(SeekFrom::Start(0))?;
                self.at = Some(at);
                at
            }
        };
        let script = self.script.len() as u64;
        if self.pos < at {
            let n = (&mut self.file).take(at - self.pos).read(buf)?;
            self.pos += n as u64;
            return Ok(n);
        }
        if self.pos < at + script {
            let from = usize::try_from(self.pos - at).expect("within the script");
            let n = buf.len().min(self.script.len() - from);
            buf[..n].copy_from_slice(&self.script[from..from + n]);
            self.pos += n as u64;
            return Ok(n);
        }
        let left = (self.len + script).saturating_sub(self.pos);
        let n = (&mut self.file).take(left).read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Where the last `</body>` (in any case) of the first `len` bytes of `file` starts,
/// or `len`: the file is read from its end, a window at a time.
fn last_body_end(file: &mut File, len: u64) -> io::Result<u64> {
    let overlap = BODY_END.len() as u64 - 1;
    let mut end = len;
    let mut buf = Vec::new();
    while end > 0 {
        let start = end.saturating_sub(WINDOW);
        let stop = (end + overlap).min(len);
        buf.resize(usize::try_from(stop - start).expect("a window"), 0);
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut buf)?;
        let found = buf
            .windows(BODY_END.len())
            .rposition(|w| w.eq_ignore_ascii_case(BODY_END));
        if let Some(i) = found {
            return Ok(start + i as u64);
        }
        end = start;
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_script(html: &[u8], version: u64) -> String {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("page.html");
        std::fs::write(&path, html).unwrap();
        let page = WithScript::new(
            File::open(&path).unwrap(),
            html.len() as u64,
            reload_script(version),
        );
        let len = page.len();
        let mut out = Vec::new();
        page.take(u64::MAX).read_to_end(&mut out).unwrap();
        assert_eq!(out.len() as u64, len);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_script_goes_before_the_closing_body_tag() {
        let html = with_script(b"<html><body>x</body></html>", 7);
        assert!(html.starts_with("<html><body>x<script>"), "{html}");
        assert!(html.ends_with("</script>\n</body></html>"), "{html}");
        assert!(html.contains("var built = 7,"));
        let bare = with_script(b"<p>x", 1);
        assert!(bare.starts_with("<p>x<script>"));
        let upper = with_script(b"<BODY>a</BODY>b</Body>c", 1);
        assert!(upper.starts_with("<BODY>a</BODY>b<script>"), "{upper}");
        assert!(upper.ends_with("</script>\n</Body>c"), "{upper}");
    }

    /// Pages longer than the window, with the tag across a window's edge or far
    /// from the end, come out as the whole page with the script at the last tag.
    #[test]
    fn long_pages_are_read_in_windows() {
        let w = WINDOW as usize;
        for (before, after) in [(w - 3, 10), (w * 2, w + 2), (10, w * 3), (w - 7, w - 3)] {
            let mut page = vec![b'a'; before];
            page.extend_from_slice(b"</body>");
            page.extend(std::iter::repeat_n(b'b', after));
            let got = with_script(&page, 2);
            let script = reload_script(2);
            assert_eq!(got.len(), page.len() + script.len());
            assert_eq!(
                &got[..before],
                &String::from_utf8(page[..before].to_vec()).unwrap()
            );
            assert!(got[before..].starts_with(&script), "{before} {after}");
            assert!(got[before + script.len()..].starts_with("</body>b"));
        }
    }
}
