//! Finding and loading the pack a command names (an id under `<root>/content` or
//! a path to a pack directory).

use super::CliError;
use orrery::content::{self, Ruleset};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The directory of `pack`, checked to hold a `pack.ron`.
pub fn dir(root: &Path, pack: &str) -> Result<PathBuf, CliError> {
    let dir = content::pack_dir(root, pack);
    if dir.join("pack.ron").is_file() {
        return Ok(dir);
    }
    let known: Vec<String> = content::discover(root).iter().filter_map(|d| d.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
    let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
    Err(CliError::Usage(format!(
        "no pack `{pack}`: {} has no pack.ron (packs under {}: {known})",
        dir.display(),
        root.join("content").display()
    )))
}

/// Loads and validates `pack`.
pub fn load(root: &Path, pack: &str) -> Result<Arc<Ruleset>, CliError> {
    let dir = dir(root, pack)?;
    Ok(Arc::new(content::load(&dir)?))
}
