//! The site's templates and static files: the defaults compiled into the binary (the
//! repository's `templates/`, so an installed `knights` needs no copy of it), overridden
//! file by file by the content folder's own `templates/` and then by a `--templates`
//! folder. A file's path decides its role: `*.html` outside `static/` is a tera
//! template, everything under `static/` is copied into the site's `static/`.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tera::Tera;

use crate::error::SiteError;
use crate::files;
use crate::options::BuildOptions;
use crate::template_cycles;
use knights_core::{Error, PathProblem};

/// The default templates and static files: (path relative to `templates/`, bytes).
pub const EMBEDDED: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/templates.rs"));

/// Where a file of the set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled into the binary.
    BuiltIn,
    /// A file of an override folder.
    File(PathBuf),
}

/// The templates and static files of one build, by path relative to the templates
/// folder (with `/` separators).
#[derive(Clone, Debug)]
pub struct Templates {
    files: BTreeMap<String, (Cow<'static, [u8]>, Origin)>,
}

impl Templates {
    /// The built-in set, overridden by each folder of `overrides` in turn (later ones
    /// win).
    pub fn load(overrides: &[PathBuf]) -> Result<Templates, Error> {
        let mut files: BTreeMap<_, _> = EMBEDDED
            .iter()
            .map(|&(name, bytes)| (name.to_string(), (Cow::Borrowed(bytes), Origin::BuiltIn)))
            .collect();
        for dir in overrides {
            for (name, path) in files::list(dir, dir)? {
                let bytes = knights_core::files::read(&path, knights_core::files::TEXT_LIMIT)?;
                files.insert(name, (Cow::Owned(bytes), Origin::File(path)));
            }
        }
        Ok(Templates { files })
    }

    /// Where `name` comes from, if the set has it.
    #[cfg(test)]
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        self.files.get(name).map(|f| &f.1)
    }

    /// The tera templates, with this site's escaping.
    pub fn tera(&self, escape: fn(&str) -> String) -> Result<Tera, Error> {
        let mut raw = Vec::new();
        for (name, (bytes, origin)) in &self.files {
            if is_static(name) || !name.ends_with(".html") {
                continue;
            }
            let text = std::str::from_utf8(bytes).map_err(|source| SiteError::TemplateText {
                template: describe(name, origin),
                source,
            })?;
            raw.push((name.as_str(), text));
        }
        let mut tera = Tera::default();
        tera.set_escape_fn(escape);
        tera.add_raw_templates(raw)
            .map_err(|source| SiteError::Templates {
                explained: self.explain(&source),
                source,
            })?;
        if let Some(cycle) = template_cycles::find(&tera) {
            let files = self.sources(&cycle);
            return Err(SiteError::TemplateCycle { cycle, files }.into());
        }
        Ok(tera)
    }

    /// A tera error with its causes, and the file of each template it names.
    pub fn explain(&self, e: &tera::Error) -> String {
        let s = chain(e);
        let from = self.sources(&s);
        s + &from
    }

    /// ` (name is FILE, ...)` for the templates of a file that `s` names in quotes or
    /// before a space or comma, or nothing.
    fn sources(&self, s: &str) -> String {
        let from: Vec<String> = self
            .files
            .iter()
            .filter_map(|(name, (_, origin))| match origin {
                Origin::File(p) if names(s, name) => Some(format!("{name} is {}", p.display())),
                _ => None,
            })
            .collect();
        if from.is_empty() {
            return String::new();
        }
        format!(" ({})", from.join(", "))
    }

    /// Writes the static files into `to` (the site's `static/`).
    pub fn write_static(&self, to: &Path) -> Result<(), Error> {
        self.write_where(to, |name| is_static(name).then(|| &name["static/".len()..]))
    }

    /// Writes every file of the set into `to`, as a templates folder.
    pub fn write_all(&self, to: &Path) -> Result<(), Error> {
        self.write_where(to, |name| Some(name))
    }

    fn write_where(&self, to: &Path, rel: impl Fn(&str) -> Option<&str>) -> Result<(), Error> {
        for (name, (bytes, _)) in &self.files {
            let Some(rel) = rel(name) else { continue };
            let dest = to.join(rel);
            if let Some(parent) = dest.parent() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
            }
            std::fs::write(&dest, bytes).map_err(|e| Error::io(&dest, e))?;
        }
        Ok(())
    }
}

/// Whether `s` names the template `name`, in quotes as tera does or as a word.
fn names(s: &str, name: &str) -> bool {
    s.contains(&format!("'{name}'")) || s.split([' ', ',']).any(|word| word == name)
}

/// A tera error with its causes, which hold the template, line and problem.
pub fn chain(e: &tera::Error) -> String {
    let mut s = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}

/// The override folders of a build, weakest first: the content folder's own
/// `templates/` when it has one, then `--templates` when given (it must exist).
pub fn folders(opts: &BuildOptions) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    let own = opts.content.join("templates");
    if own.is_dir() {
        out.push(own);
    }
    if !opts.templates.as_os_str().is_empty() {
        if !opts.templates.is_dir() {
            return Err(Error::path(
                &opts.templates,
                PathProblem::Missing,
                format!(
                    "templates folder {} not found: leave --templates out to use the built-in templates",
                    opts.templates.display()
                ),
            ));
        }
        out.push(opts.templates.clone());
    }
    Ok(out)
}

fn is_static(name: &str) -> bool {
    name.starts_with("static/")
}

fn describe(name: &str, origin: &Origin) -> String {
    match origin {
        Origin::BuiltIn => format!("{name} (built in)"),
        Origin::File(p) => p.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &Templates, name: &str) -> String {
        String::from_utf8(t.files[name].0.to_vec()).unwrap()
    }

    #[test]
    fn the_defaults_are_the_repository_templates() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let on_disk = files::list(&root, &root).unwrap();
        assert!(on_disk.iter().any(|(n, _)| n == "base.html"));
        assert!(on_disk.iter().any(|(n, _)| n == "static/style.css"));
        let t = Templates::load(&[]).unwrap();
        assert_eq!(t.files.len(), on_disk.len());
        for (name, path) in on_disk {
            assert_eq!(
                t.files[&name].0.as_ref(),
                std::fs::read(&path).unwrap(),
                "{name}"
            );
            assert_eq!(t.origin(&name), Some(&Origin::BuiltIn));
        }
        let tera = t.tera(|s| s.to_string()).unwrap();
        assert!(tera.get_template_names().any(|n| n == "tour.html"));
    }

    #[test]
    fn folders_override_file_by_file_the_last_one_winning() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        std::fs::create_dir_all(a.join("static")).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(a.join("page.html"), "A {{ body }}").unwrap();
        std::fs::write(a.join("static/extra.js"), "x").unwrap();
        std::fs::write(a.join(".page.html.swp"), "junk").unwrap();
        std::fs::write(b.join("page.html"), "B {{ body }}").unwrap();
        let t = Templates::load(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(text(&t, "page.html"), "B {{ body }}");
        assert_eq!(
            t.origin("page.html"),
            Some(&Origin::File(b.join("page.html")))
        );
        assert_eq!(t.origin("base.html"), Some(&Origin::BuiltIn));
        assert!(t.origin(".page.html.swp").is_none());
        let out = tmp.path().join("out");
        t.write_static(&out).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("extra.js")).unwrap(), "x");
        assert!(
            out.join("style.css").is_file(),
            "the built-in static files stay"
        );
        assert!(
            !out.join("page.html").exists(),
            "templates are not static files"
        );
    }

    #[test]
    fn a_broken_override_names_its_file() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("index.html"), "{% if %}").unwrap();
        let t = Templates::load(&[tmp.path().to_path_buf()]).unwrap();
        let e = t.tera(|s| s.to_string()).unwrap_err().to_string();
        assert!(e.contains("index.html"), "{e}");
        assert!(
            e.contains(&tmp.path().join("index.html").display().to_string()),
            "{e}"
        );
    }
}
