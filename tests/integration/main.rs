//! The integration tests, in one binary: each file of `tests/` is a test binary of its
//! own that links the whole dependency tree again, so they are modules here instead.
//! Filter by module as usual: `cargo test --test integration render_refs`.
//!
//! - The command line through the real binary: `cli`, `hardening` (bad input and
//!   hostile surroundings), `animate`, `init_serve`, `limits` (what every command refuses
//!   for want of memory or time, and the boards with holes the newer commands take),
//!   `refusals` (what each command refuses up front, and how; `refusal_table`: docs/cli.md's
//!   refusals word for word), `space_cli` (boards of
//!   three or more sides), `stream` (tour files read streaming, and their errors),
//!   `browser` (the gallery in headless Chromium), and `wasm` (the browser's module,
//!   knights-web, in Node: its drawings are `knights render`'s byte for byte).
//! - The library: the drawings (`render_svg`, `render_overview`, `render_legend`,
//!   `render_print` for figures at a size on paper and with insets, through the binary,
//!   `render_refs` against the reference images in `tests/refs/`) and the gallery
//!   (`site`, `site_metrics` for its tables against `knights metrics`, `site_failures`
//!   for builds that fail and keep the old site, `site_config`, `site_publish`,
//!   `site_space` for boards of three or more sides (`levels_page`: the 26x26x26
//!   page's levels at sizes a reader tells apart), `site_value` for a `Site` built
//!   again and reloaded, `site_truth` for what every page says: its commands, legends,
//!   bounds, numbers and counts, `thumbs` for the index's cards as a reader sees them).
//! - What the project shows its readers: `commands` finds the `knights` commands in
//!   the README, docs/ and the pages, and runs those that are quick.

// Test helpers unwrap as the tests do: a failed unwrap is a failed test (the workspace
// lints forbid it only in the code a user runs).
#![allow(clippy::unwrap_used)]

mod commands;
mod run;

mod docs_commands;

mod animate;
mod audit;
mod browser;
mod classics;
mod cli;
mod estimates;
mod fuzz_cli;
mod hardening;
mod init_serve;
mod levels_page;
mod limits;
mod optima;
mod optima_cli;
mod option_values;
mod pdf_text;
mod readme;
#[cfg(unix)]
mod refusal_table;
mod refusals;
mod reliability;
mod space_cli;
mod stream;
mod thumbs;
mod torus_cli;
mod tourney_cli;
mod wasm;
mod worksheet_pdf;

mod render_figure;
mod render_legend;
mod render_overview;
mod render_print;
mod render_refs;
mod render_support;
mod render_svg;
mod render_tiles;

mod site;
mod site_config;
mod site_failures;
mod site_metrics;
mod site_publish;
mod site_space;
mod site_truth;
mod site_value;
