//! `orrery check` on every broken pack in `tests/bad-packs/`, each case a test named
//! `bad_pack::<case>`: it must print exactly the error lines of its `expected.txt`,
//! exit with code 1, and never panic.
//!
//! A case is a directory `tests/bad-packs/<NN-name>/` holding a pack root
//! (`content/<id>/`, `scripts/<id>/`) with one kind of mistake, and `expected.txt`:
//! the lines `orrery --root tests/bad-packs/<NN-name> check <id>` prints on stderr,
//! compared exactly (trailing whitespace aside; the one other change is that this
//! checkout's absolute path, which a few messages name, is written `$REPO`). The
//! pack checked is the only one under `content/`, or, in cases with several packs
//! (layering), the one named in `pack.txt`. `tests/bad-packs/README.md` lists the
//! cases.
//!
//! After changing a message on purpose, regenerate every `expected.txt` with
//!
//! ```sh
//! ORRERY_BLESS=1 cargo test --test packs bad_pack
//! ```
//!
//! and read the diff before committing it: blessing accepts whatever is printed.

use crate::{repo, text};
use libtest_mimic::{Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The issue asks for at least this many cases.
const MIN_CASES: usize = 40;

fn cases() -> Vec<PathBuf> {
    let dir = repo().join("tests/bad-packs");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("content").is_dir())
        .collect();
    cases.sort();
    cases
}

/// The id of the pack a case checks.
fn pack_of(case: &Path) -> String {
    if let Ok(named) = std::fs::read_to_string(case.join("pack.txt")) {
        return named.trim().to_owned();
    }
    let packs: Vec<String> = std::fs::read_dir(case.join("content"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    match packs.as_slice() {
        [one] => one.clone(),
        _ => panic!("{}: several packs and no pack.txt naming the one to check", case.display()),
    }
}

/// Lines without trailing whitespace, without trailing empty lines.
fn lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_owned()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Runs one case; a description of what is wrong with its output, if anything.
fn run_case(case: &Path, bless: bool) -> Option<String> {
    let name = case.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let pack = pack_of(case);
    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("--root")
        .arg(case)
        .args(["check", &pack])
        .current_dir(repo())
        // Where `extends` looks for base packs depends on it; the cases expect the default.
        .env_remove("ORRERY_ROOT")
        .output()
        .expect("the orrery binary runs");
    let (stdout, stderr) = text(&out);
    let stderr = stderr.replace(&repo().display().to_string(), "$REPO");
    if out.status.code() == Some(101) || stderr.contains("panicked") {
        return Some(format!("{name}: orrery panicked (exit {:?}):\n{stderr}", out.status.code()));
    }
    if out.status.code() != Some(1) {
        return Some(format!("{name}: exit code {:?}, expected 1\nstdout: {stdout}\nstderr: {stderr}", out.status.code()));
    }
    let actual = lines(&stderr);
    let expected_file = case.join("expected.txt");
    if bless {
        let mut body = actual.join("\n");
        body.push('\n');
        std::fs::write(&expected_file, body).unwrap_or_else(|e| panic!("cannot write {}: {e}", expected_file.display()));
        return None;
    }
    let expected = match std::fs::read_to_string(&expected_file) {
        Ok(t) => lines(&t),
        Err(e) => return Some(format!("{name}: cannot read expected.txt ({e}); run with ORRERY_BLESS=1 to create it")),
    };
    if expected.is_empty() {
        return Some(format!("{name}: expected.txt is empty, but every bad pack must report an error"));
    }
    if actual == expected {
        return None;
    }
    let mut report = format!("{name}: the errors differ from expected.txt\n");
    for line in expected.iter().filter(|l| !actual.contains(l)) {
        report.push_str(&format!("  - {line}\n"));
    }
    for line in actual.iter().filter(|l| !expected.contains(l)) {
        report.push_str(&format!("  + {line}\n"));
    }
    if expected.iter().all(|l| actual.contains(l)) && actual.iter().all(|l| expected.contains(l)) {
        report.push_str("  (same lines, different order or count)\n");
    }
    Some(report)
}

/// One test per case, and one for the size of the corpus.
pub fn trials() -> Vec<Trial> {
    let bless = std::env::var_os("ORRERY_BLESS").is_some_and(|v| v != "0");
    let cases = cases();
    let count = cases.len();
    let mut trials = vec![Trial::test("bad_pack::corpus_has_at_least_forty_cases", move || {
        if count >= MIN_CASES {
            Ok(())
        } else {
            Err(Failed::from(format!("tests/bad-packs has {count} cases, at least {MIN_CASES} are required")))
        }
    })];
    for case in cases {
        let name = case.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        trials.push(Trial::test(format!("bad_pack::{name}"), move || match run_case(&case, bless) {
            None => Ok(()),
            Some(report) => Err(Failed::from(format!("{report}(ORRERY_BLESS=1 regenerates expected.txt)"))),
        }));
    }
    trials
}
