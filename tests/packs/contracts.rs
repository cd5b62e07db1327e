//! The kernel's contracts on every pack: `contracts::<pack>::<n>_seats` plays a
//! seeded random game for each player count the pack allows, and
//! `contracts::<pack>::variant_<id>` one for each variant the pack defines (with the
//! variants it requires, at the fewest players it allows; a layer's variants that
//! come from the pack beneath are tested there), checking the contracts of
//! [`orrery::sim::contracts`] after every act (views every few acts; after every act
//! under `ORRERY_SOAK`).

use crate::{fixtures, repo, soak};
use libtest_mimic::{Failed, Trial};
use orrery::content::{self, Ruleset};
use orrery::sim::contracts::{play, Settings};
use std::path::PathBuf;
use std::sync::Arc;

/// Every pack under the repository's `content/`, then the toy fixture.
fn pack_dirs() -> Vec<PathBuf> {
    let mut dirs = content::discover(&repo());
    dirs.extend(content::discover(&fixtures()));
    dirs
}

pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    // Variant ids of every pack, to tell a layer's own variants from its base's.
    let mut variants_of: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
    for dir in pack_dirs() {
        let id = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // A pack that does not load fails one test with the loader's errors.
        let rules = match content::load(&dir) {
            Ok(rules) => Arc::new(rules),
            Err(e) => {
                let message = format!("{id} does not load:\n{e}");
                trials.push(Trial::test(format!("contracts::{id}::loads"), move || Err(Failed::from(message))));
                continue;
            }
        };
        let players = rules.manifest.players;
        for seats in players.0..=players.1 {
            let rules = rules.clone();
            trials.push(Trial::test(format!("contracts::{id}::{seats}_seats"), move || games(&rules, seats, &[])));
        }
        let inherited: Vec<String> = rules.layers.iter().rev().skip(1).flat_map(|base| variants_of.get(base).cloned().unwrap_or_default()).collect();
        variants_of.insert(id.clone(), rules.manifest.variants.iter().map(|v| v.id.clone()).collect());
        for variant in rules.manifest.variants.iter().filter(|v| !inherited.contains(&v.id)) {
            let mut chosen = variant.requires.clone();
            chosen.push(variant.id.clone());
            let seats = variant.players.map_or(players.0, |(min, _)| min);
            let rules = rules.clone();
            trials.push(Trial::test(format!("contracts::{id}::variant_{}", variant.id), move || games(&rules, seats, &chosen)));
        }
    }
    trials
}

/// Plays the soak's number of games; the first broken contract fails the test.
fn games(rules: &Arc<Ruleset>, seats: usize, variants: &[String]) -> Result<(), Failed> {
    let settings = if soak() > 1 { Settings::default() } else { Settings::quick() };
    for seed in 1..=soak() {
        play(rules.clone(), seats, seed, variants, settings, |_| Ok(())).map_err(|v| Failed::from(v.to_string()))?;
    }
    Ok(())
}
