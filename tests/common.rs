//! Shared helpers: where the fixtures are, loading them, temporary files and
//! copies of fixtures, and running the `orrery` binary.

use orrery::content::{self, ContentErrors, Ruleset};
use orrery::game::Game;
use std::path::{Path, PathBuf};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, OnceLock};

/// The repository root (the directory holding `engine/` and `tests/`).
pub fn repo() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    dir.canonicalize().unwrap_or(dir)
}

/// The root of the good fixture packs (`content/toy`, `scripts/toy`).
pub fn fixtures() -> PathBuf {
    repo().join("tests/fixtures")
}

/// The root of the deliberately broken packs.
pub fn broken() -> PathBuf {
    fixtures().join("broken")
}

/// The toy pack, loaded once.
pub fn toy() -> Arc<Ruleset> {
    static TOY: OnceLock<Arc<Ruleset>> = OnceLock::new();
    TOY.get_or_init(|| match content::load(&fixtures().join("content/toy")) {
        Ok(rules) => Arc::new(rules),
        Err(errors) => panic!("the toy pack does not load:\n{errors}"),
    })
    .clone()
}

/// Loads one of the broken packs.
pub fn load_broken(id: &str) -> Result<Ruleset, ContentErrors> {
    content::load(&broken().join("content").join(id))
}

/// Loads a broken pack that is expected to load (its failures come at run time).
pub fn broken_rules(id: &str) -> Arc<Ruleset> {
    match load_broken(id) {
        Ok(rules) => Arc::new(rules),
        Err(errors) => panic!("{id} should load:\n{errors}"),
    }
}

/// A new toy game.
pub fn toy_game(seats: usize, seed: u64, variants: &[&str]) -> Game {
    let variants = variants.iter().map(ToString::to_string).collect();
    match Game::new(toy(), seats, seed, variants) {
        Ok(game) => game,
        Err(e) => panic!("cannot start a toy game: {e}"),
    }
}

/// A path for a temporary file of this test run.
pub fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

/// Runs the `orrery` binary from the repository root.
pub fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("the orrery binary runs")
}

/// Runs `orrery` with `input` on stdin.
pub fn orrery_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the orrery binary starts");
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("orrery ends")
}

/// Copies a directory tree (a fixture pack into a scratch root).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("make a directory");
    for entry in std::fs::read_dir(from).expect("read a fixture directory") {
        let path = entry.expect("dir entry").path();
        let target = to.join(path.file_name().expect("file name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy a fixture file");
        }
    }
}

/// Standard output and standard error of a run, for assertion messages.
pub fn text(output: &Output) -> (String, String) {
    (String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Seeded games per random-play test: `quick` by default, `soak` when the
/// environment sets `ORRERY_SOAK` (the long runs CI may ask for).
pub fn games(quick: u64, soak: u64) -> u64 {
    if std::env::var_os("ORRERY_SOAK").is_some_and(|v| !v.is_empty() && v != "0") {
        soak
    } else {
        quick
    }
}
