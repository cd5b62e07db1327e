//! `orrery scenario` on the command line: a failing file names its step, an
//! unreadable one is a failure, not a crash. (Every scenario file is also a test of
//! its own in the `packs` test target.)

use crate::common::{fixtures, orrery, text};
use std::path::{Path, PathBuf};

/// Runs `orrery --root ROOT scenario FILES...`.
fn run(root: &Path, files: &[PathBuf]) -> std::process::Output {
    let mut args = vec!["--root".to_owned(), root.display().to_string(), "scenario".to_owned()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    orrery(&args)
}

/// Runs one fixture scenario file; its exit code and its first stdout line.
fn verdict(file: &str) -> (Option<i32>, String, String) {
    let out = run(&fixtures(), &[fixtures().join("scenarios").join(file)]);
    let (stdout, stderr) = text(&out);
    (out.status.code(), stdout.lines().next().unwrap_or_default().to_owned(), stderr)
}

#[test]
fn failing_scenario_says_which_step_failed_and_exits_1() {
    let (code, line, _) = verdict("failing/wrong_expectation.ron");
    assert_eq!(code, Some(1), "{line}");
    assert!(line.starts_with("FAIL: a scenario that expects the impossible: step 2: "), "{line}");
    assert!(line.contains("seat 1 has 99 energy"), "{line}");
}

#[test]
fn refused_must_name_an_offered_option_of_an_open_decision() {
    for (file, why) in [
        ("failing/refused_not_offered.ron", "offers no option \"Fly\""),
        ("failing/refused_ambiguous.ron", "\"a\" is ambiguous"),
        ("failing/refused_without_decision.ron", "seat 1 has no decision to make"),
        ("failing/refused_but_accepted.ron", "the answer was accepted"),
    ] {
        let (code, line, _) = verdict(file);
        assert_eq!(code, Some(1), "{file}: {line}");
        assert!(line.starts_with("FAIL: ") && line.contains("step ") && line.contains(why), "{file}: {line}");
    }
}

#[test]
fn an_expect_that_sets_up_still_works_with_a_warning() {
    let (code, line, stderr) = verdict("deprecated/expect_sets_up.ron");
    assert_eq!(code, Some(0), "{line}\n{stderr}");
    assert_eq!(line, "ok: an Expect that sets a position up");
    assert!(stderr.contains("step 1 (Expect): its code changed the game; put set-up in a `Run(lua: ...)` step (deprecated)"), "{stderr}");
}

#[test]
fn unreadable_scenario_file_is_a_failure_not_a_crash() {
    let out = run(&fixtures(), &[fixtures().join("content/toy/pack.ron"), fixtures().join("no-such-file.ron")]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("FAIL: ")).count(), 2, "{stdout}");
}
