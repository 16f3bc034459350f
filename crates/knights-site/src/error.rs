//! The site engine's own failures ([`SiteError`]): a catalogue with nothing to build,
//! templates tera refuses or that cannot render, worker threads, the server's port and
//! its file watcher. Each keeps the error it comes from as its source, and becomes the
//! library's error at the boundary with [`knights_core::Error::other`], so that a
//! caller can downcast it and act on the reason.

use std::path::PathBuf;

use knights_core::Error;

/// What stops the site engine, in one line naming the folder, template or port.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A catalogue with no tour and no series.
    #[error(
        "{}: the catalogue has no [[tour]] or [[series]] (is catalogue.toml missing?): \
         refusing to build an empty site",
        content.display()
    )]
    EmptyCatalogue {
        /// The content folder.
        content: PathBuf,
    },
    /// A template file that is not UTF-8 text.
    #[error("template {template}: not UTF-8 text")]
    TemplateText {
        /// The template, and the file it comes from.
        template: String,
        /// Where the bytes stop being UTF-8.
        #[source]
        source: std::str::Utf8Error,
    },
    /// Templates tera refuses to load.
    #[error("templates: {explained}")]
    Templates {
        /// Tera's error with its causes, and the files of the templates it names.
        explained: String,
        /// Tera's error.
        #[source]
        source: tera::Error,
    },
    /// Templates that include or extend each other in a cycle.
    #[error(
        "templates: {cycle}, so rendering it would never end: remove one of these \
         references{files}"
    )]
    TemplateCycle {
        /// The cycle, as `a.html includes b.html, which includes a.html`.
        cycle: String,
        /// ` (NAME is FILE, ...)` for the templates of the content's own files.
        files: String,
    },
    /// A template that fails to render a page.
    #[error("template {template}: {chain}")]
    Render {
        /// The template.
        template: String,
        /// Tera's error with its causes.
        chain: String,
        /// Tera's error.
        #[source]
        source: tera::Error,
    },
    /// The pool of worker threads could not be started.
    #[error("cannot start {jobs:?} worker threads: {source}")]
    Threads {
        /// The threads asked for (`None`: one per core).
        jobs: Option<usize>,
        /// What rayon said.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// The server's port cannot be listened on.
    #[error("cannot serve on 127.0.0.1:{port}: {source} (choose another --port)")]
    Port {
        /// The port.
        port: u16,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The server cannot watch its inputs for changes.
    #[cfg(feature = "serve")]
    #[error("cannot watch {}: {source}", path.as_ref().map_or("for changes".into(), |p| p.display().to_string()))]
    Watch {
        /// The file or folder, or `None` when no watcher could be made at all.
        path: Option<PathBuf>,
        /// What the watcher said.
        #[source]
        source: notify::Error,
    },
}

impl From<SiteError> for Error {
    fn from(e: SiteError) -> Error {
        Error::other(e)
    }
}
