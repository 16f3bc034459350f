//! The build cache: what a step of the build produced (its files and a record of it),
//! kept beside the output folder in `.<out>.knights-cache/<key>/` and hard-linked into
//! the next build when nothing it depends on changed (copied when the two folders are
//! on different file systems). Each key hashes everything the files depend on and this
//! binary (its version, size and modification time). What goes through it:
//!
//! - each tour ([`crate::tours`]): its files and its `Built` record, keyed by the
//!   catalogue entry (board, construction, variant, open, seed, slug), the theme and
//!   whether it ships downloads;
//! - each exhibit ([`crate::exhibits`]): its folder, keyed by its name, the theme and
//!   the content files it reads (the stored optima's records);
//!
//! A key is made of typed values ([`ThemeKey`], the plan's `TargetKey`), never of a
//! type's `Debug` text, which may change, or print two different values alike.
//! - the metrics plots' PNG and PDF, keyed by the plot's SVG.
//!
//! The pages are rendered again on every build: they are cheap and show many tours. An
//! unchanged second build only links files and renders pages. `--force` ignores the
//! cache (and refills it). Entries the last build did not use are removed.
//!
//! A file of the site is the cache's file under another name, so nothing writes into a
//! site's file in place: a new entry is written beside the old one and renamed over it.

use std::collections::BTreeSet;
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::de::DeserializeOwned;
use serde::Serialize;

use knights_core::interrupt::Unfinished;
use knights_core::Error;

/// What a theme was read from, as the keys of what is drawn with it hold it: a built-in
/// theme by its name (its file is in this binary, which every key holds), a theme file
/// by its text (which names the built-in theme it starts from).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ThemeKey {
    /// A built-in theme (`web`).
    BuiltIn(String),
    /// A theme file's text.
    File(String),
}

/// The record of a cached entry, beside its files.
const RECORD: &str = "record.json";

/// The cache of one output folder.
pub struct Cache {
    dir: PathBuf,
    read: bool,
    used: Mutex<BTreeSet<String>>,
    /// A cache folder this build creates is removed on an interrupt until the build is
    /// done ([`Cache::prune`]), so an interrupted first build leaves nothing behind.
    _new: Option<Unfinished>,
}

impl Cache {
    /// The cache of the site at `out`; `force` builds everything again.
    pub fn open(out: &Path, force: bool) -> Cache {
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "site".into());
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let dir = parent.join(format!(".{name}.knights-cache"));
        let new = (!dir.exists()).then(|| Unfinished::track(&dir));
        Cache {
            dir,
            read: !force,
            used: Mutex::new(BTreeSet::new()),
            _new: new,
        }
    }

    /// The key of something that hashes everything a tour's files depend on.
    pub fn key(parts: &impl Hash) -> String {
        let mut out = String::new();
        for salt in [0u8, 1] {
            let mut h = DefaultHasher::new();
            salt.hash(&mut h);
            binary_id().hash(&mut h);
            parts.hash(&mut h);
            out.push_str(&format!("{:016x}", h.finish()));
        }
        out
    }

    /// The record cached under `key`, its files (which `files` lists, relative to the
    /// output folder) linked into `staging`; `None` when there is no usable entry.
    pub fn get<T: DeserializeOwned>(
        &self,
        key: &str,
        staging: &Path,
        files: impl Fn(&T) -> Vec<String>,
    ) -> Option<T> {
        self.used
            .lock()
            .expect("not poisoned")
            .insert(key.to_string());
        if !self.read {
            return None;
        }
        let entry = self.dir.join(key);
        let text = fs::read_to_string(entry.join(RECORD)).ok()?;
        let record: T = serde_json::from_str(&text).ok()?;
        for rel in files(&record) {
            let from = entry.join(&rel);
            let to = staging.join(&rel);
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent).ok()?;
            }
            if fs::hard_link(&from, &to).is_err() && fs::copy(&from, &to).is_err() {
                return None;
            }
        }
        Some(record)
    }

    /// Keeps `record` and its `files` (in `staging`, relative to it) under `key`. A
    /// cache that cannot be written only costs time, so failures are ignored.
    pub fn put<T: Serialize>(&self, key: &str, staging: &Path, record: &T, files: &[String]) {
        let entry = self.dir.join(key);
        let tmp = self.dir.join(format!("{key}.tmp"));
        let _ = fs::remove_dir_all(&tmp);
        let copy = || -> std::io::Result<()> {
            fs::create_dir_all(&tmp)?;
            for rel in files {
                let to = tmp.join(rel);
                fs::create_dir_all(to.parent().expect("files are in folders"))?;
                let from = staging.join(rel);
                if fs::hard_link(&from, &to).is_err() {
                    fs::copy(&from, &to)?;
                }
            }
            let json = serde_json::to_string(record).expect("a record serializes");
            fs::write(tmp.join(RECORD), json)?;
            let _ = fs::remove_dir_all(&entry);
            fs::rename(&tmp, &entry)
        };
        if copy().is_err() {
            let _ = fs::remove_dir_all(&tmp);
        }
    }

    /// The files at `rels` in `staging` from the cache under `key` when it has them;
    /// else made now by `make` (which writes them into `staging`) and put in the
    /// cache. Whether they came from the cache.
    pub fn files(
        &self,
        key: &str,
        staging: &Path,
        make: impl FnOnce() -> Result<Vec<String>, Error>,
    ) -> Result<bool, Error> {
        if self
            .get(key, staging, |f: &Vec<String>| f.clone())
            .is_some()
        {
            return Ok(true);
        }
        let files = make()?;
        self.put(key, staging, &files, &files);
        Ok(false)
    }

    /// Removes the entries this build did not use. The build is done: from now on an
    /// interrupt leaves a new cache folder in place.
    pub fn prune(self) -> Result<(), Error> {
        let used = self.used.lock().expect("not poisoned");
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Ok(());
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if !used.contains(&name) {
                let p = e.path();
                fs::remove_dir_all(&p).map_err(|err| Error::io(&p, err))?;
            }
        }
        Ok(())
    }
}

/// This binary: its version, and the size and modification time of its file, so a
/// rebuilt binary never reuses what an older one drew.
fn binary_id() -> &'static (String, u64, u128) {
    static ID: std::sync::OnceLock<(String, u64, u128)> = std::sync::OnceLock::new();
    ID.get_or_init(|| {
        let meta = std::env::current_exe().and_then(fs::metadata).ok();
        let size = meta.as_ref().map_or(0, |m| m.len());
        let mtime = meta
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        (env!("CARGO_PKG_VERSION").to_string(), size, mtime)
    })
}

#[cfg(test)]
mod tests {
    /// A cached record gives back the very numbers it was written with, so the metrics
    /// files of a build from the cache are those of a fresh build (serde_json reads
    /// floats exactly only with its `float_roundtrip` feature).
    #[test]
    fn records_keep_their_floats_exactly() {
        for x in [
            1.4702380952380953_f64,
            1.5568181818181819,
            0.1 + 0.2,
            1e-300 / 3.0,
        ] {
            let back: f64 = serde_json::from_str(&serde_json::to_string(&x).unwrap()).unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{x}");
        }
    }
}
