//! Scenario files run through `orrery scenario`: the packs' own scenarios under
//! `tests/scenarios/<pack>/`, the toy pack's, and a deliberately failing one.

use crate::common::{fixtures, orrery, repo, text};
use std::path::{Path, PathBuf};

/// Every `*.ron` file under `dir`, recursively, sorted.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if path.is_dir() {
            found.extend(ron_files(&path));
        } else if path.extension().is_some_and(|e| e == "ron") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Runs `orrery --root ROOT scenario FILES...`.
fn run(root: &Path, files: &[PathBuf]) -> std::process::Output {
    let mut args = vec!["--root".to_owned(), root.display().to_string(), "scenario".to_owned()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    orrery(&args)
}

#[test]
fn scenario_files_pass() {
    let files = ron_files(&repo().join("tests/scenarios"));
    if files.is_empty() {
        eprintln!("no scenario files under tests/scenarios yet: nothing to run");
        return;
    }
    let out = run(&repo(), &files);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "scenario failures:\n{stdout}{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("ok: ")).count(), files.len(), "{stdout}");
}

#[test]
fn toy_scenarios_pass() {
    let files = ron_files(&fixtures().join("scenarios/toy"));
    assert!(!files.is_empty(), "the toy pack has scenarios");
    let out = run(&fixtures(), &files);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert_eq!(stdout.lines().count(), files.len(), "one verdict per file: {stdout}");
}

#[test]
fn failing_scenario_says_which_step_failed_and_exits_1() {
    let out = run(&fixtures(), &ron_files(&fixtures().join("scenarios/failing")));
    let (stdout, _) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("FAIL: a scenario that expects the impossible: step 2: "), "{stdout}");
    assert!(stdout.contains("seat 1 has 99 energy"), "{stdout}");
}

#[test]
fn unreadable_scenario_file_is_a_failure_not_a_crash() {
    let out = run(&fixtures(), &[fixtures().join("content/toy/pack.ron"), fixtures().join("no-such-file.ron")]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("FAIL: ")).count(), 2, "{stdout}");
}
