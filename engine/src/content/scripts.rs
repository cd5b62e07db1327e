//! A pack's script files: the module name each gives, and reading them.
//!
//! A module is named after its path (`lib/util.lua` is `lib.util`), so two files may
//! give one name (`lib/util.lua` and `lib.util.lua`), or two names one file on a disk
//! that ignores case (`Main.lua`, `main.lua`); either is refused, since which one
//! `require` loaded would depend on chance or on the disk.

use super::files::{self, FileError, PackFiles, Place};
use super::ron_reader::Pos;
use super::{ids, limits, manifest, pos_at, read_node, reader, ContentError, ScriptSource};
use std::collections::HashMap;
use std::path::Path;

/// The module name of the script file `file` (`setup.lua` → `setup`, `lib/util.lua`
/// → `lib.util`), or why the file cannot be a module.
pub fn module_name(file: &str) -> Result<String, String> {
    let parts = files::check_relative(file).map_err(|e| e.to_string())?;
    let (last, dirs) = parts.split_last().ok_or_else(|| format!("`{file}` is not a script file"))?;
    match last.strip_suffix(".lua") {
        Some(stem) if !stem.is_empty() => Ok(dirs.iter().copied().chain([stem]).collect::<Vec<_>>().join(".")),
        _ => Err(format!("`{file}` is not a script: a script's file name ends in `.lua`")),
    }
}

/// Reads the scripts a layer lists (`scripts` of its `pack.ron`, each at its position
/// in `at`): inside the pack, within the limits, and no two giving one module name,
/// not even in another case (`A.lua`, `a.lua`) or spelling (`a/b.lua`, `a.b.lua`).
pub fn read(files: &mut PackFiles, listed: &[String], at: &[Pos], pack_file: &str, errors: &mut Vec<ContentError>) -> Vec<ScriptSource> {
    let mut scripts = Vec::new();
    let mut modules: HashMap<String, &str> = HashMap::new();
    for (i, file) in listed.iter().enumerate() {
        let pos = pos_at(at, i);
        let mut refuse = |message: String| errors.push(ContentError::new(pack_file, pos, message));
        if i == limits::MAX_SCRIPTS {
            refuse(format!("`scripts` lists more than {} scripts (content::limits::MAX_SCRIPTS)", limits::MAX_SCRIPTS));
            break;
        }
        let module = match module_name(file) {
            Ok(m) => m,
            Err(why) => {
                refuse(format!("`scripts` lists \"{file}\": {why}"));
                continue;
            }
        };
        if let Some(first) = modules.insert(module.to_lowercase(), file) {
            refuse(format!("`scripts` lists \"{first}\" and \"{file}\", which give one module name `{module}` (module names ignore case)"));
            continue;
        }
        let shown = files.shown(Place::Scripts, file);
        match files.read(Place::Scripts, file, limits::MAX_SCRIPT_BYTES, "script") {
            Ok(source) => scripts.push(ScriptSource { module, display: shown, source }),
            Err(FileError::Missing(_)) => refuse(format!("`scripts` lists \"{file}\", but there is no {shown}")),
            Err(e) => refuse(format!("`scripts` lists \"{file}\": {e}")),
        }
    }
    scripts
}

/// The scripts the `pack.ron` in `dir` lists, read as loading reads them (inside the
/// pack, within the limits), for compiling them when the content does not load;
/// those that cannot be read are left out (loading reports why).
pub fn listed_scripts(dir: &Path) -> Vec<ScriptSource> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let Some(root) = dir.parent().and_then(Path::parent) else { return Vec::new() };
    let mut files = PackFiles::new(root, &dir, 0);
    let Some((file, node)) = read_node(&mut files, "pack.ron", None, &mut Vec::new()) else { return Vec::new() };
    let Ok(mut fields) = reader::expect_struct(&file, &node, "Pack", manifest::FIELDS, &[]) else { return Vec::new() };
    let (Ok(id), Ok(scripts)) = (fields.text("id"), fields.text_list("scripts")) else { return Vec::new() };
    if ids::pack_id_problem(&id).is_some() {
        return Vec::new();
    }
    files.set_id(&id);
    read(&mut files, &scripts, &[], &file, &mut Vec::new())
}

