//! Reading the files a pack names, and never anything outside the pack.
//!
//! A pack is the two directories `<root>/content/<id>/` and `<root>/scripts/<id>/`,
//! and every path it names (`files`, `scripts`, its own `pack.ron` and `schema.ron`)
//! must stay inside one of them. Paths are checked as written before anything is
//! opened: relative, no `..`, no `\` or `:` (which mean something else on other
//! systems), so a pack reads the same files everywhere. Then each step of the path is
//! looked at *without following it*: a symbolic link anywhere below the root is
//! refused, since it may lead anywhere on the disk (`items.ron -> /etc/passwd`), and
//! only a regular file is opened (a pipe or device would block or never end). Sizes
//! are checked before reading and counted against [`limits::MAX_PACK_BYTES`].
//!
//! The directory the user names as the pack is resolved as given (it may itself be a
//! link into a checkout); the rules apply to what the pack names from there.

use super::limits;
use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use thiserror::Error;

/// Why a file a pack names was not read.
#[derive(Debug, Error)]
pub enum FileError {
    #[error("`{0}` is not a relative path inside the pack; a pack reads only its own files")]
    NotRelative(String),
    #[error("`{0}` leaves its directory with `..`; a pack reads only its own files")]
    Parent(String),
    #[error("`{0}` uses `\\` or `:`; write paths with `/` so the pack reads the same files on every system")]
    Separator(String),
    #[error("{0} is a symbolic link; a pack reads only its own files, never what a link leads to")]
    Link(String),
    #[error("{0} is not a regular file")]
    NotAFile(String),
    #[error("there is no {0}")]
    Missing(String),
    #[error("{shown} has {size} bytes, more than the {max} a {what} may have")]
    TooLarge { shown: String, size: u64, max: u64, what: &'static str },
    #[error("{shown} would bring the pack to {total} bytes, more than the {max} a pack may have (content::limits::MAX_PACK_BYTES, over all its layers)")]
    PackTooLarge { shown: String, total: u64, max: u64 },
    #[error("{0} is not UTF-8 text")]
    NotText(String),
    #[error("cannot read {shown}: {source}")]
    Io { shown: String, source: std::io::Error },
}

/// The two directories of one pack and the bytes read so far.
pub struct PackFiles {
    /// The directory holding `content/` and `scripts/`; shown paths are relative to it.
    root: PathBuf,
    content: PathBuf,
    /// `scripts/<id>`, relative to the root.
    scripts: PathBuf,
    /// Bytes read so far, the base packs' included.
    pub bytes: u64,
}

/// Which of a pack's two directories a path is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Content,
    Scripts,
}

impl PackFiles {
    /// The files of the pack whose content directory is `content` (already resolved);
    /// `bytes` were read for the packs beneath it.
    pub fn new(root: &Path, content: &Path, bytes: u64) -> PackFiles {
        PackFiles { root: root.to_path_buf(), content: content.to_path_buf(), scripts: PathBuf::new(), bytes }
    }

    /// Sets the pack's id, which names its scripts directory (checked by the manifest
    /// to be a plain name).
    pub fn set_id(&mut self, id: &str) {
        self.scripts = Path::new("scripts").join(id);
    }

    /// The path of `name` in `place`, as messages show it.
    pub fn shown(&self, place: Place, name: &str) -> String {
        let full = match place {
            Place::Content => self.content.join(name),
            Place::Scripts => self.root.join(&self.scripts).join(name),
        };
        full.strip_prefix(&self.root).unwrap_or(&full).to_string_lossy().replace('\\', "/")
    }

    /// Whether anything is at `name` (a link too, which reading then refuses).
    pub fn exists(&self, place: Place, name: &str) -> bool {
        !matches!(self.locate(place, name), Err(FileError::Missing(_)))
    }

    /// Reads the text of `name` in `place`, at most `max` bytes (`what` names the kind
    /// of file in the error), counting it against the pack's bytes.
    pub fn read(&mut self, place: Place, name: &str, max: u64, what: &'static str) -> Result<String, FileError> {
        let path = self.locate(place, name)?;
        let shown = self.shown(place, name);
        let meta = fs::symlink_metadata(&path).map_err(|_| FileError::Missing(shown.clone()))?;
        if !meta.is_file() {
            return Err(FileError::NotAFile(shown));
        }
        let too_large = |size| FileError::TooLarge { shown: shown.clone(), size, max, what };
        if meta.len() > max {
            return Err(too_large(meta.len()));
        }
        self.count(&shown, meta.len())?;
        let file = fs::File::open(&path).map_err(|source| FileError::Io { shown: shown.clone(), source })?;
        // The file may have grown since it was measured: never read past the limit.
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(max + 1).read_to_end(&mut bytes).map_err(|source| FileError::Io { shown: shown.clone(), source })?;
        if bytes.len() as u64 > max {
            return Err(too_large(bytes.len() as u64));
        }
        if bytes.len() as u64 > meta.len() {
            self.count(&shown, bytes.len() as u64 - meta.len())?;
        }
        String::from_utf8(bytes).map_err(|_| FileError::NotText(shown))
    }

    fn count(&mut self, shown: &str, more: u64) -> Result<(), FileError> {
        let total = self.bytes.saturating_add(more);
        if total > limits::MAX_PACK_BYTES {
            return Err(FileError::PackTooLarge { shown: shown.to_owned(), total, max: limits::MAX_PACK_BYTES });
        }
        self.bytes = total;
        Ok(())
    }

    /// The full path of `name` in `place`, once it is checked as written and no step
    /// from the root to it is a link.
    fn locate(&self, place: Place, name: &str) -> Result<PathBuf, FileError> {
        let parts = check_relative(name)?;
        let (mut path, below): (PathBuf, Vec<&str>) = match place {
            Place::Content => (self.content.clone(), parts),
            Place::Scripts => {
                let dir = self.scripts.iter().filter_map(|p| p.to_str());
                (self.root.clone(), dir.chain(parts).collect())
            }
        };
        for part in below {
            path.push(part);
            match fs::symlink_metadata(&path) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    let shown = path.strip_prefix(&self.root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
                    return Err(FileError::Link(shown));
                }
                Ok(_) => {}
                Err(_) => return Err(FileError::Missing(self.shown(place, name))),
            }
        }
        Ok(path)
    }
}

/// The parts of a path a pack writes, if it is a plain relative path.
pub fn check_relative(name: &str) -> Result<Vec<&str>, FileError> {
    if name.contains('\\') || name.contains(':') {
        return Err(FileError::Separator(name.to_owned()));
    }
    if name.is_empty() || name.contains('\0') {
        return Err(FileError::NotRelative(name.to_owned()));
    }
    let mut parts = Vec::new();
    for part in Path::new(name).components() {
        match part {
            Component::Normal(p) => parts.push(p.to_str().unwrap_or_default()),
            Component::CurDir => {}
            Component::ParentDir => return Err(FileError::Parent(name.to_owned())),
            Component::RootDir | Component::Prefix(_) => return Err(FileError::NotRelative(name.to_owned())),
        }
    }
    if parts.is_empty() {
        return Err(FileError::NotRelative(name.to_owned()));
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_pass() {
        for ok in ["items.ron", "data/items.ron", "./items.ron", "a/./b.lua"] {
            assert!(check_relative(ok).is_ok(), "{ok}");
        }
        for bad in ["/etc/passwd", "../x.ron", "a/../../x", "", ".", "C:/x", "a\\..\\b", "nul\0"] {
            assert!(check_relative(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn links_and_large_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("orrery-files-{}", std::process::id()));
        let content = dir.join("content/p");
        fs::create_dir_all(&content).unwrap();
        fs::write(content.join("a.ron"), "[]").unwrap();
        fs::write(content.join("big.ron"), vec![b' '; 100]).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink("/etc/hostname", content.join("link.ron")).unwrap();
        let mut files = PackFiles::new(&dir, &content, 0);
        assert_eq!(files.read(Place::Content, "a.ron", 10, "file").unwrap(), "[]");
        assert_eq!(files.bytes, 2);
        assert!(matches!(files.read(Place::Content, "big.ron", 10, "file"), Err(FileError::TooLarge { size: 100, .. })));
        #[cfg(unix)]
        assert!(matches!(files.read(Place::Content, "link.ron", 10, "file"), Err(FileError::Link(_))));
        assert!(matches!(files.read(Place::Content, "none.ron", 10, "file"), Err(FileError::Missing(_))));
        let _ = fs::remove_dir_all(&dir);
    }
}
