//! One named test for every pack contract, every scenario file and every broken
//! pack, so that a failure names what failed and `cargo test NAME` runs just that:
//!
//! - `contracts::<pack>::...`: seeded random games of every pack under `content/`
//!   (and the toy fixture), with the kernel's contracts checked after every act
//!   ([`orrery::sim::contracts`]), for each player count and each variant;
//! - `scenario::<folder>::<file>`: each file of `tests/scenarios/<folder>/` and of the
//!   toy fixture's scenarios;
//! - `bad_pack::<case>`: each broken pack of `tests/bad-packs/`;
//! - `words::<pack>`: no internal id in what a player reads of random games;
//! - `hostile::<class>::<case>`: each hostile pack and save of `tests/hostile/` and of
//!   the generators in `hostile_generated.rs`, with a table per class at the end.
//!
//! Packs, scenario files and cases are found when the tests start: a new pack or
//! file is tested without being listed anywhere. `ORRERY_SOAK=N` plays N games per
//! contract test instead of one.

mod bad_packs;
mod contracts;
mod hostile;
mod hostile_generated;
mod scenarios;
mod words;

use std::path::{Path, PathBuf};
use std::process::Output;

/// The repository root (the directory holding `engine/` and `tests/`).
pub fn repo() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    dir.canonicalize().unwrap_or(dir)
}

/// The root of the fixture packs (`content/toy`, `scripts/toy`).
pub fn fixtures() -> PathBuf {
    repo().join("tests/fixtures")
}

/// A finished command's stdout and stderr as text.
pub fn text(output: &Output) -> (String, String) {
    (String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Games per contract test: 1, or `ORRERY_SOAK`.
pub fn soak() -> u64 {
    std::env::var("ORRERY_SOAK").ok().and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = contracts::trials();
    trials.extend(scenarios::trials());
    trials.extend(bad_packs::trials());
    trials.extend(hostile::trials());
    trials.extend(words::trials());
    let conclusion = libtest_mimic::run(&args, trials);
    hostile::print_table();
    conclusion.exit();
}
