//! What a player reads holds no internal id: `words::<pack>` plays seeded random
//! games of every real pack under `content/` and looks at every log line, prompt,
//! option label (as a front end shows it, labellers run) and pass text, refusing a
//! snake_case identifier (`extra_token_round_1`, `first_luminous`), a raw table dump or
//! a plural left undecided (`disc(s)`).
//! Ids in the rule citations at the end of a line (`-- GE 6.1`) are not at issue.
//! And every decision a player meets in these games has a help text for `?`, as has
//! every decision table written in the pack's scripts (those the games did not reach:
//! [`unhelped_tables`]); every definition a player meets (the pack's `ui_glossary`
//! kinds) has an English name, an explanation and its section, and those texts,
//! like the pack's terms, hold no id either.

use crate::repo;
use libtest_mimic::{Failed, Trial};
use orrery::content::glossary::{self, Glossary};
use orrery::content::{self, Ruleset};
use orrery::game::Game;
use orrery::sim::play_random;
use std::collections::BTreeSet;
use std::sync::Arc;

pub fn trials() -> Vec<Trial> {
    content::discover(&repo())
        .into_iter()
        .filter_map(|dir| {
            let id = dir.file_name()?.to_string_lossy().into_owned();
            let rules = Arc::new(content::load(&dir).ok()?);
            Some(Trial::test(format!("words::{id}"), move || read_as_a_player(&rules)))
        })
        .collect()
}

/// The first word of `text` that looks like an id rather than English.
fn internal_id(text: &str) -> Option<String> {
    if text.contains("table: ") || text.contains("{}") || text.contains("= {") {
        return Some("a table dump".into());
    }
    if text.contains("(s)") {
        return Some("a plural left as (s)".into());
    }
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| {
            let parts: Vec<&str> = w.split('_').collect();
            parts.len() > 1 && parts.iter().all(|p| !p.is_empty()) && w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        })
        .map(str::to_owned)
}

fn read_as_a_player(rules: &Arc<Ruleset>) -> Result<(), Failed> {
    let mut found: BTreeSet<String> = BTreeSet::new();
    // How often each decision (by its prompt's first words) was met, and whether it had help.
    let mut met: std::collections::BTreeMap<String, (usize, bool)> = std::collections::BTreeMap::new();
    let mut look = |what: &str, text: &str| {
        if let Some(id) = internal_id(text) {
            found.insert(format!("{what} `{id}`: {text}"));
        }
    };
    let seats = 4.clamp(rules.manifest.players.0, rules.manifest.players.1);
    for seed in 1..=2 * crate::soak() {
        let mut seen_decisions: Vec<String> = Vec::new();
        let run = play_random(rules.clone(), seats, seed, &[], |game: &Game| {
            let Some(pending) = game.pending() else { return Ok(()) };
            for seat in pending.waiting_seats() {
                let decision = game.shown_decision(seat).map_err(|e| e.to_string())?.ok_or("a waiting seat has a decision")?;
                let kind: String = decision.prompt.split(|c: char| c.is_ascii_digit() || c == '(' || c == ':').next().unwrap_or_default().trim().to_owned();
                let entry = met.entry(kind).or_insert((0, true));
                entry.0 += 1;
                entry.1 &= decision.help.is_some();
                if seen_decisions.contains(&decision.prompt) {
                    continue;
                }
                seen_decisions.push(decision.prompt.clone());
                look("prompt", &decision.prompt);
                decision.options.iter().for_each(|o| look("option", &o.label));
                if let Some(pass) = &decision.pass {
                    look("pass", pass);
                }
            }
            Ok(())
        });
        let game = run.result.map_err(|(e, _)| Failed::from(format!("seed {seed}: {e}")))?;
        for line in &game.state.log {
            let text = line.text.split(" -- ").next().unwrap_or_default();
            look("log", text);
        }
    }
    for section in &Glossary::new(rules).sections {
        for entry in &section.entries {
            look(&format!("{} name", section.label), &entry.title());
            look(&format!("{} explanation", section.label), entry.explain.as_deref().unwrap_or_default());
        }
    }
    for warning in glossary::warnings(rules) {
        found.insert(format!("unexplained: {warning}"));
    }
    found.extend(unhelped_tables(rules));
    for (prompt, (times, helped)) in &met {
        if !helped {
            found.insert(format!("decision without help (met {times} times): {prompt}"));
        }
    }
    if found.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = found.into_iter().take(40).collect();
    Err(Failed::from(format!("what a player reads is not ready for a person:\n{}", list.join("\n"))))
}

/// Decision tables in the pack's scripts without a `help`: each Lua table that holds
/// `prompt =` (found by its braces; strings and comments with braces would mislead the
/// count, and the packs write none around a decision) must hold `help` too. The
/// scenario kit's test-only steps are left out.
fn unhelped_tables(rules: &Ruleset) -> Vec<String> {
    let mut out = Vec::new();
    for script in rules.scripts.iter().filter(|s| s.module != "testkit") {
        let text = script.source.as_bytes();
        for (at, _) in script.source.match_indices("prompt = ") {
            let (mut open, mut depth) = (at, 0);
            while open > 0 {
                open -= 1;
                match text[open] {
                    b'}' => depth += 1,
                    b'{' if depth == 0 => break,
                    b'{' => depth -= 1,
                    _ => {}
                }
            }
            let (mut close, mut depth) = (open, 0);
            while close < text.len() {
                match text[close] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                close += 1;
            }
            if !script.source[open..close.min(text.len())].contains("help") {
                let line = script.source[..at].matches('\n').count() + 1;
                out.push(format!("decision without help: {}:{line}", script.display));
            }
        }
    }
    out
}
