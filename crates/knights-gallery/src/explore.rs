//! The explorer: `explore.html` at the site's root, where a visitor asks for any board,
//! construction, leaper, topology and drawing options and gets the tour built, proved,
//! measured and drawn in the browser by the command line's own code (the knights-web
//! module, which this crate's build script compiles and embeds). The page's fields list
//! the registry's constructions, variants and tourney generators, with the boards each
//! builds; the module runs in a Web Worker (`explore/worker.js`), so the page never
//! freezes. A build without the WebAssembly target ships the page with one line saying
//! how to get the explorer.

use std::path::Path;

use knights_core::atomic::write_bytes;
use knights_core::Error;
use knights_render::{theme, Layer};
use knights_site::{escape, Context, Exhibit, Page, PageHtml};

/// The module, as the build script made it (empty without the target).
const MODULE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/knights_web.wasm"));
/// Why the module is missing, in one line (empty when it is there).
const MISSING: &str = include_str!(concat!(env!("OUT_DIR"), "/explorer.txt"));
/// The module's loader, shared with the module's own tests.
const LOADER: &str = include_str!("../../knights-web/js/knights.mjs");
/// The worker that runs the module (written with the loader inlined, see
/// [`worker_js`]), and the page's script.
const WORKER: &str = include_str!("explore/worker.js");
/// The worker's import of the loader, which [`worker_js`] replaces by the loader.
const IMPORT: &str = "import { Knights, KnightsRefusal } from \"./knights.js\";\n";
const SCRIPT: &str = include_str!("explore/explore.js");
/// What the page starts first, inline at the top of its main part: the worker and the
/// module's compilation, while the rest of the page loads (explore.js takes them over).
const EARLY: &str = include_str!("explore/early.js");

/// The explorer: its page and, in `explore/`, the module, its loader and the scripts.
pub struct Explore;

impl Exhibit for Explore {
    fn folder(&self) -> &'static str {
        "explore"
    }

    fn write(&self, dir: &Path, _ctx: &Context<'_>) -> Result<(), Error> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        if MODULE.is_empty() {
            return Ok(());
        }
        write_bytes(&dir.join("knights_web.wasm"), MODULE)?;
        write_bytes(&dir.join("knights.js"), LOADER.as_bytes())?;
        write_bytes(&dir.join("worker.js"), worker_js().as_bytes())?;
        write_bytes(&dir.join("explore.js"), SCRIPT.as_bytes())
    }

    fn page(&self) -> Option<Page> {
        Some(Page {
            file: "explore.html",
            title: "Explore",
        })
    }

    fn page_html(&self, _ctx: &Context<'_>) -> Result<PageHtml, Error> {
        if MODULE.is_empty() {
            return Ok(PageHtml {
                main: format!(
                    "<h1>Explore</h1>\n<p class=\"note explore-missing\">The explorer is not in this build: {}.</p>\n",
                    escape(MISSING.trim())
                ),
                scripts: String::new(),
            });
        }
        Ok(PageHtml {
            main: main_html(),
            scripts: "<script src=\"static/zoom.js\"></script>\n<script src=\"explore/explore.js\"></script>\n".into(),
        })
    }
}

/// The worker as the site serves it: the loader, then the worker without its import.
/// A module worker fetches its imports only once it has its own script, one after the
/// other, before it takes the page's first request: one file saves a round trip there.
fn worker_js() -> String {
    assert!(
        WORKER.contains(IMPORT),
        "explore/worker.js imports the loader"
    );
    format!("{LOADER}\n{}", WORKER.replacen(IMPORT, "", 1))
}

/// The page's main part: the form, the progress line, the drawing, the metrics, the
/// downloads and the command, filled in by `explore.js`.
fn main_html() -> String {
    format!(
        r#"<script>
{early}</script>
<h1>Explore</h1>
<p class="lead">Any board, built, proved, measured and drawn in your browser by the same code as the <code>knights</code> command line. The address keeps what you ask for: share it to share the board.</p>
<form class="filters explore" id="explore" autocomplete="off">
<label>Board <input name="board" value="46x38" placeholder="WxH or WxHxD" required pattern="[0-9]+(x[0-9]+)+" size="9"></label>
<label>Kind <select name="kind"><option value="tour">tour</option><option value="tourney">tourney</option></select></label>
<label>Construction <select name="algo">{algos}</select></label>
<label>Variant <select name="variant"><option value="">none</option>{variants}</select></label>
<label>Leaper <input name="leaper" placeholder="1,2" size="5" pattern="[0-9]+,[0-9]+"></label>
<label>Topology <select name="topology"><option value="">plane</option><option>cylinder</option><option>moebius</option><option>torus</option></select></label>
<label>Tour <select name="open"><option value="">closed</option><option value="open">open</option></select></label>
<label>Layers <input name="show" placeholder="the defaults" size="16" list="explore-layers"></label>
<label>Theme <select name="theme">{themes}</select></label>
<button type="submit">Draw</button>
<datalist id="explore-layers">{layers}</datalist>
</form>
<p class="explore-status" id="explore-status" role="status" aria-live="polite">Loading the explorer…</p>
<p><button type="button" id="explore-cancel" hidden>Cancel</button></p>
<p class="note" id="explore-boards"></p>
<p class="note">Layers: {layer_names}, or <code>all</code>, <code>none</code>; <code>+name</code> and <code>-name</code> change the defaults.</p>
<div id="explore-result" hidden>
<div class="tour">
<figure class="drawing" id="explore-figure">
<figcaption id="explore-caption"></figcaption>
</figure>
<div class="side">
<table class="metrics">
<caption>Metrics</caption>
<tbody id="explore-metrics"></tbody>
</table>
<h2>Downloads</h2>
<ul class="downloads">
<li><a id="explore-svg" download>SVG</a></li>
<li><a id="explore-json" download>JSON tour file</a></li>
</ul>
<p class="note command">The commands that make this tour and this drawing: <code id="explore-command"></code></p>
</div>
</div>
</div>
<script type="application/json" id="explore-registry">{registry}</script>
"#,
        early = EARLY,
        algos = algo_options(),
        variants = variant_options(),
        themes = theme::BUILT_IN
            .iter()
            .map(|t| format!("<option>{t}</option>"))
            .collect::<String>(),
        layers = Layer::ALL
            .iter()
            .map(|l| format!("<option value=\"{}\"></option>", l.name()))
            .collect::<String>(),
        layer_names = Layer::ALL
            .iter()
            .map(|l| format!("<code>{}</code>", l.name()))
            .collect::<Vec<_>>()
            .join(", "),
        registry = registry_json(),
    )
}

/// The construction field's choices: auto, then the registry's constructions (for a
/// tour) and the tourney generators, each marked with the kind it builds.
fn algo_options() -> String {
    let mut out = String::from("<option value=\"\" data-kind=\"tour\">auto</option>");
    for c in knights_construct::all() {
        out.push_str(&format!("<option data-kind=\"tour\">{}</option>", c.name()));
    }
    for g in knights_construct::tourney::generators() {
        out.push_str(&format!(
            "<option data-kind=\"tourney\">{}</option>",
            g.name()
        ));
    }
    out
}

/// The variant field's choices, each marked with its construction.
fn variant_options() -> String {
    let mut out = String::new();
    for c in knights_construct::all() {
        for v in c.variants() {
            out.push_str(&format!("<option data-algo=\"{}\">{v}</option>", c.name()));
        }
    }
    out
}

/// What the page explains of each construction and generator (its summary and the
/// boards it builds), as `knights list` says it, for the page's script.
fn registry_json() -> String {
    let mut list = Vec::new();
    for c in knights_construct::all() {
        let mut boards = c.boards().to_string();
        if let Some(more) = c.more_sides() {
            boards.push_str(&format!("; 3+ sides: {}", more.boards));
        }
        list.push(serde_json::json!({
            "name": c.name(), "kind": "tour", "summary": c.summary(), "boards": boards,
        }));
    }
    for g in knights_construct::tourney::generators() {
        list.push(serde_json::json!({
            "name": g.name(), "kind": "tourney", "summary": g.summary(), "boards": g.boards(),
        }));
    }
    // Inside a <script> element: no `</` may end it early.
    serde_json::to_string(&list)
        .expect("strings serialize")
        .replace("</", "<\\/")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every construction and generator is offered, each variant under its
    /// construction, and the registry's text is safe inside its script element.
    #[test]
    fn the_fields_list_the_registry() {
        let html = main_html();
        for c in knights_construct::all() {
            assert!(
                html.contains(&format!(">{}</option>", c.name())),
                "{}",
                c.name()
            );
            for v in c.variants() {
                let option = format!("<option data-algo=\"{}\">{v}</option>", c.name());
                assert!(html.contains(&option), "{option}");
            }
        }
        assert!(html.contains("<option data-kind=\"tourney\">neural</option>"));
        // The worker starts before the form is parsed, inline (no fetch of its own).
        assert!(html.starts_with(&format!("<script>\n{EARLY}</script>\n<h1>")));
        assert!(!EARLY.contains("</"));
        let registry = registry_json();
        assert!(!registry.contains("</"));
        let list: Vec<serde_json::Value> = serde_json::from_str(&registry).unwrap();
        let besa = list.iter().find(|c| c["name"] == "besa").unwrap();
        assert!(besa["boards"].as_str().unwrap().contains("3+ sides"));
    }

    /// With the module, the page links its script and the folder holds the module;
    /// without it, the page says in one line how to get it.
    #[test]
    fn the_page_has_the_module_or_says_how_to_get_it() {
        let dir = tempfile::tempdir().unwrap();
        let theme = knights_render::Theme::default();
        let ctx = Context {
            theme: &theme,
            content: dir.path(),
        };
        Explore.write(&dir.path().join("explore"), &ctx).unwrap();
        let html = Explore.page_html(&ctx).unwrap();
        let module = dir.path().join("explore/knights_web.wasm");
        match MODULE.is_empty() {
            false => {
                assert_eq!(std::fs::read(&module).unwrap(), MODULE);
                assert!(MODULE.starts_with(b"\0asm"));
                assert!(html.scripts.contains("explore/explore.js"));
                // The worker is one file: the loader inlined, nothing imported.
                let worker = std::fs::read_to_string(dir.path().join("explore/worker.js")).unwrap();
                assert!(worker.starts_with(LOADER) && worker.contains("onmessage"));
                assert!(
                    !worker.lines().any(|l| l.starts_with("import ")),
                    "{worker}"
                );
            }
            true => {
                assert!(!module.exists());
                let line = html.main.lines().find(|l| l.contains("explore-missing"));
                assert!(line.unwrap().contains("not in this build"), "{}", html.main);
            }
        }
    }
}
