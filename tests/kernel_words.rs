//! Principle 1: the kernel knows no game. No game word may start a word anywhere
//! in `engine/src` (code, comments, tests and strings alike).

use crate::common::repo;
use std::path::{Path, PathBuf};

/// Deny-listed words and phrases. A space matches a space, `_`, `-` or nothing, so
/// "star people" also catches `star_people` and `StarPeople`.
const DENIED: &[&str] = &[
    "planet", "fleet", "ethic", "star people", "sector", "relic", "domination", "galactic", "credits",
    "exoplanet", "colonist", "strategy card", "influence", "spaceship", "warship", "starship", "nebula",
    "wormhole", "asteroid", "neutron", "capital", "research", "galaxy", "empire", "ally", "conquer",
    "colonize", "vision", "trade", "species", "jump",
    // pack names
    "galactic era", "space opera", "twilight",
];

/// Whether a word may start at byte `i` of `line`: at the start, after a
/// non-alphanumeric character (`_` separates words too), or at a camelCase hump.
fn word_start(line: &[u8], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let prev = line[i - 1];
    !prev.is_ascii_alphanumeric() || (prev.is_ascii_lowercase() && line[i].is_ascii_uppercase())
}

/// Length of the match of `phrase` at byte `i` of the lowercased line, if any.
fn match_at(lower: &[u8], i: usize, phrase: &str) -> Option<usize> {
    let mut at = i;
    for (n, word) in phrase.split(' ').enumerate() {
        if n > 0 && matches!(lower.get(at), Some(b' ' | b'_' | b'-')) {
            at += 1;
        }
        if !lower[at..].starts_with(word.as_bytes()) {
            return None;
        }
        at += word.len();
    }
    Some(at - i)
}

/// Every deny-listed word starting a word in `text`, as `(line, column, word)`.
fn hits(text: &str) -> Vec<(usize, usize, &'static str)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        let lower = line.to_ascii_lowercase();
        let lower = lower.as_bytes();
        for i in 0..bytes.len() {
            if !word_start(bytes, i) {
                continue;
            }
            if let Some(word) = DENIED.iter().find(|w| match_at(lower, i, w).is_some()) {
                found.push((n + 1, i + 1, *word));
            }
        }
    }
    found
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn the_scanner_catches_words_at_word_starts_only() {
    assert_eq!(hits("let fleet = 1;").len(), 1);
    assert_eq!(hits("move_fleet(x)").len(), 1);
    assert_eq!(hits("moveFleet(x)").len(), 1);
    assert_eq!(hits("StarPeople and star_people and star people").len(), 3);
    assert!(hits("a capitalised word is still caught").len() == 1);
    assert!(hits("reallyfine, hypervisionless, untraded, bally").is_empty());
}

#[test]
fn kernel_has_no_game_words() {
    let src = repo().join("engine/src");
    let mut all = Vec::new();
    files(&src, &mut all);
    assert!(all.len() > 10, "engine/src should hold the kernel sources, found {} files", all.len());
    let mut report = Vec::new();
    for path in &all {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let shown = path.strip_prefix(repo()).unwrap_or(path).display().to_string();
        for (line, col, word) in hits(&text) {
            let source = text.lines().nth(line - 1).unwrap_or_default().trim();
            report.push(format!("{shown}:{line}:{col}: \"{word}\": {source}"));
        }
    }
    assert!(report.is_empty(), "game words in the kernel ({} hits):\n{}", report.len(), report.join("\n"));
}
