//! Pack templates: finding the ones packs ship, and laying out a new pack from one.
//!
//! A template is a directory `content/<pack>/templates/<template>/` with a `content/`
//! subtree (becomes the new pack's content directory) and an optional `scripts/`
//! subtree (its scripts directory). In every file's text and relative path,
//! `{{id}}`, `{{name}}` and `{{module}}` are replaced; nothing else is touched, so
//! Lua's own `{{` stays as written. The whole pack is planned in memory and written
//! only if neither of its directories exists, so a scaffold never overwrites work.
//! The module knows nothing of any game: a template is files and three placeholders.

use orrery::content;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a pack cannot be made from a template.
#[derive(Debug, Error)]
pub enum ScaffoldError {
    #[error("no template `{name}`{place} (templates: {available})")]
    NoTemplate { name: String, place: String, available: String },
    #[error("several packs have a template `{name}`: {packs}; choose one with --pack")]
    Ambiguous { name: String, packs: String },
    #[error("template {0} has no content/ directory")]
    NoContent(PathBuf),
    #[error("cannot make a pack id from `{name}`: {why}")]
    BadName { name: String, why: &'static str },
    #[error("the name gives the script {file}, which pack `{pack}` already has: the new pack would replace that module; choose another name")]
    ModuleTaken { file: String, pack: String },
    #[error("{0} already exists; choose another name or --dir (nothing was written)")]
    Exists(PathBuf),
    #[error("the template holds the symbolic link {0}; a template is copied file by file and never follows a link")]
    Link(PathBuf),
    #[error("the template holds {0}, which is not a regular file")]
    NotAFile(PathBuf),
    #[error("cannot read or write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ScaffoldError + '_ {
    move |source| ScaffoldError::Io { path: path.to_path_buf(), source }
}

/// A template some pack ships.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The id of the pack that ships it.
    pub pack: String,
    pub name: String,
    pub dir: PathBuf,
}

/// Every template of every pack under `root/content`, by pack then name.
pub fn all(root: &Path) -> Vec<Template> {
    let mut found = Vec::new();
    for pack_dir in content::discover(root) {
        let pack = pack_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let Ok(entries) = std::fs::read_dir(pack_dir.join("templates")) else { continue };
        let mut names: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .filter_map(|p| Some((p.file_name()?.to_string_lossy().into_owned(), p.clone())))
            .collect();
        names.sort();
        found.extend(names.into_iter().map(|(name, dir)| Template { pack: pack.clone(), name, dir }));
    }
    found
}

/// The template `name`, of `pack` if given, else of whichever pack has it.
pub fn find(root: &Path, name: &str, pack: Option<&str>) -> Result<Template, ScaffoldError> {
    let all = all(root);
    let matching: Vec<&Template> = all.iter().filter(|t| t.name == name && pack.is_none_or(|p| t.pack == p)).collect();
    match matching.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            let listed: Vec<String> = all.iter().map(|t| format!("{} (pack {})", t.name, t.pack)).collect();
            Err(ScaffoldError::NoTemplate {
                name: name.to_owned(),
                place: pack.map_or_else(|| format!(" in the packs under {}", root.join("content").display()), |p| format!(" in pack `{p}`")),
                available: if listed.is_empty() { "none".into() } else { listed.join(", ") },
            })
        }
        many => Err(ScaffoldError::Ambiguous {
            name: name.to_owned(),
            packs: many.iter().map(|t| t.pack.as_str()).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// The three values a template's placeholders take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// `{{id}}`: the pack id, the name slugified.
    pub id: String,
    /// `{{name}}`: the name as given.
    pub name: String,
    /// `{{module}}`: the id with `-` as `_`, usable as a Lua name.
    pub module: String,
}

impl Names {
    pub fn new(name: &str) -> Result<Names, ScaffoldError> {
        let bad = |why| ScaffoldError::BadName { name: name.to_owned(), why };
        // The name lands inside RON and Lua string literals, where these would end
        // the string or start an escape.
        if name.chars().any(|c| c == '"' || c == '\\' || c.is_control()) {
            return Err(bad("it may not contain quotes, backslashes or control characters"));
        }
        let id = slug(name);
        if id.is_empty() {
            return Err(bad("it has no letters or digits"));
        }
        if !id.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(bad("a pack id must start with a letter (a-z)"));
        }
        Ok(Names { module: id.replace('-', "_"), id, name: name.trim().to_owned() })
    }

    /// `text` with the placeholders replaced.
    pub fn fill(&self, text: &str) -> String {
        text.replace("{{id}}", &self.id).replace("{{name}}", &self.name).replace("{{module}}", &self.module)
    }
}

/// Lowercase, spaces and underscores as `-`, only `a-z`, `0-9` and single `-`s
/// between words: "Zorg Hive" is `zorg-hive`.
pub fn slug(name: &str) -> String {
    let mut id = String::new();
    for c in name.to_lowercase().chars() {
        match c {
            'a'..='z' | '0'..='9' => id.push(c),
            ' ' | '_' | '-' if !id.is_empty() && !id.ends_with('-') => id.push('-'),
            _ => {}
        }
    }
    id.trim_end_matches('-').to_owned()
}

/// One file of a new pack: where it goes and what it holds.
#[derive(Debug)]
pub struct Planned {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// The files of the pack `names` under `dir` (content then scripts, each sorted),
/// or why it cannot be made. Reads the template; writes nothing.
pub fn plan(template: &Template, names: &Names, dir: &Path) -> Result<Vec<Planned>, ScaffoldError> {
    let source = template.dir.join("content");
    if !source.is_dir() {
        return Err(ScaffoldError::NoContent(template.dir.clone()));
    }
    let mut files = Vec::new();
    for (part, required) in [("content", true), ("scripts", false)] {
        let from = template.dir.join(part);
        let to = dir.join(part).join(&names.id);
        if to.exists() {
            return Err(ScaffoldError::Exists(to));
        }
        if !required && !from.is_dir() {
            continue;
        }
        for file in walk(&from)? {
            let relative = file.strip_prefix(&from).unwrap_or(&file);
            let relative = names.fill(&relative.to_string_lossy());
            // Packs layered over the template's pack share its module namespace, so a
            // script named like one of its modules would silently replace it.
            if part == "scripts" && shipping_scripts(template).join(&relative).is_file() {
                return Err(ScaffoldError::ModuleTaken { file: relative, pack: template.pack.clone() });
            }
            let raw = std::fs::read(&file).map_err(io(&file))?;
            // Text gets its placeholders filled; anything else is copied as it is.
            let bytes = match String::from_utf8(raw) {
                Ok(text) => names.fill(&text).into_bytes(),
                Err(e) => e.into_bytes(),
            };
            files.push(Planned { path: to.join(relative), bytes });
        }
    }
    Ok(files)
}

/// The scripts directory of the pack that ships `template`
/// (`<root>/content/<pack>/templates/<name>` → `<root>/scripts/<pack>`).
fn shipping_scripts(template: &Template) -> PathBuf {
    let root = template.dir.ancestors().nth(4).unwrap_or(Path::new("."));
    root.join("scripts").join(&template.pack)
}

/// Writes planned files, creating their directories.
pub fn write(files: &[Planned]) -> Result<(), ScaffoldError> {
    for f in files {
        if let Some(parent) = f.path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&f.path, &f.bytes).map_err(io(&f.path))?;
    }
    Ok(())
}

/// Every file under `dir`, sorted, depth first. A template comes with a pack, which
/// may come from a stranger: a symbolic link in it is refused rather than followed
/// (it could copy any file of the disk into the new pack, or loop for ever).
fn walk(dir: &Path) -> Result<Vec<PathBuf>, ScaffoldError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).map_err(io(dir))?.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    let mut files = Vec::new();
    for path in entries {
        let kind = std::fs::symlink_metadata(&path).map_err(io(&path))?.file_type();
        if kind.is_symlink() {
            return Err(ScaffoldError::Link(path));
        } else if kind.is_dir() {
            files.extend(walk(&path)?);
        } else if kind.is_file() {
            files.push(path);
        } else {
            return Err(ScaffoldError::NotAFile(path));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_template_with_a_link_is_refused() {
        let dir = std::env::temp_dir().join(format!("orrery-template-link-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("content")).unwrap();
        std::fs::write(dir.join("content/pack.ron"), "Pack()").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.join("content/secret.ron")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("content/loop")).unwrap();
        let refused = walk(&dir.join("content"));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(matches!(refused, Err(ScaffoldError::Link(_))), "{refused:?}");
    }

    #[test]
    fn names_become_ids_and_module_names() {
        assert_eq!(slug("Zorg Hive"), "zorg-hive");
        assert_eq!(slug("  My_Big  Pack! v2 "), "my-big-pack-v2");
        assert_eq!(slug("Ünïcode—Dash"), "ncodedash");
        let names = Names::new("Zorg Hive").unwrap();
        assert_eq!((names.id.as_str(), names.module.as_str()), ("zorg-hive", "zorg_hive"));
        assert_eq!(names.fill("{{id}} {{name}} {{module}} {{other}} {{ {x = 1} }}"), "zorg-hive Zorg Hive zorg_hive {{other}} {{ {x = 1} }}");
    }

    #[test]
    fn names_that_make_no_usable_id_are_refused() {
        for bad in ["", "!!!", "42 Things", "Say \"hi\"", "back\\slash"] {
            assert!(Names::new(bad).is_err(), "`{bad}` should be refused");
        }
    }
}
