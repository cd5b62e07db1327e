//! `orrery scenario` on the command line: a failing file names its step, an
//! unreadable one is a failure, not a crash. (Every scenario file is also a test of
//! its own in the `packs` test target.)

use crate::common::{fixtures, orrery, text};
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
