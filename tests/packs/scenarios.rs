//! Scenario files, one test each: `scenario::<folder>::<file>` for every file of
//! `tests/scenarios/<folder>/` (packs named from the repository's `content/`) and of
//! `tests/fixtures/scenarios/<folder>/` (the fixture packs). A folder without any scenario file
//! fails (`scenario::<folder>::has_files`), so a misplaced or renamed folder cannot
//! pass silently. Our own files may not use deprecated forms: their warnings fail
//! the test (authors' files elsewhere only get the warning).

use crate::{fixtures, repo};
use libtest_mimic::{Failed, Trial};
use orrery::content::{self, Ruleset};
use orrery::scenario::{parse, run};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The `*.ron` files directly in `dir`, sorted.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "ron")).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// The sub-folders of `dir`, sorted.
fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir).map(|e| e.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect()).unwrap_or_default();
    found.sort();
    found
}

/// The folders of scenario files, each with the root its packs are found under:
/// `tests/scenarios/*` (the repository's packs) and `tests/fixtures/scenarios/*`
/// (the fixture packs; `failing` and `deprecated` hold files that must fail or warn,
/// tested in the integration tests of `orrery scenario`).
fn folders() -> Vec<(String, PathBuf, PathBuf)> {
    let mut out = Vec::new();
    for (dir, root) in [(repo().join("tests/scenarios"), repo()), (fixtures().join("scenarios"), fixtures())] {
        for folder in subfolders(&dir) {
            let name = folder.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if name != "failing" && name != "deprecated" {
                out.push((name, folder, root.clone()));
            }
        }
    }
    out
}

/// Packs loaded once per run, shared by the tests (which run on several threads).
fn load(root: &Path, pack: &str) -> Result<Arc<Ruleset>, String> {
    static PACKS: OnceLock<Mutex<HashMap<PathBuf, Result<Arc<Ruleset>, String>>>> = OnceLock::new();
    let dir = content::pack_dir(root, pack);
    let mut packs = PACKS.get_or_init(Mutex::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    packs.entry(dir.clone()).or_insert_with(|| content::load(&dir).map(Arc::new).map_err(|e| format!("pack {pack}: {e}"))).clone()
}

fn run_file(root: &Path, file: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let scenario = parse(&text).map_err(|e| format!("{} is not a scenario: {e}", file.display()))?;
    let rules = load(root, &scenario.pack)?;
    let warnings = run(rules, &scenario).map_err(|why| format!("{}: {why}", scenario.name))?;
    if warnings.is_empty() {
        Ok(())
    } else {
        Err(Failed::from(format!("{}: deprecated forms:\n  {}", scenario.name, warnings.join("\n  "))))
    }
}

pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (folder, dir, root) in folders() {
        let files = ron_files(&dir);
        let count = files.len();
        let shown = dir.display().to_string();
        trials.push(Trial::test(format!("scenario::{folder}::has_files"), move || {
            if count > 0 {
                Ok(())
            } else {
                Err(Failed::from(format!("{shown} holds no scenario file")))
            }
        }));
        for file in files {
            let stem = file.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let root = root.clone();
            trials.push(Trial::test(format!("scenario::{folder}::{stem}"), move || run_file(&root, &file)));
        }
    }
    trials
}
