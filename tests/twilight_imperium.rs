//! Twilight Imperium 4 end to end: seeded random games for every supported player
//! count, with the pack's invariants (`checks.invariants`: command and control tokens
//! kept, the fleet pool, capacity, at most 3 secret objectives, ground forces only on
//! planets their seat controls, victory points adding up) checked after every action.
//! The kernel's contracts are checked on every pack by `tests/packs`.

use crate::common::games;
use orrery::content;
use orrery::game::Game;
use orrery::sim::{play_random, RandomWalk};
use orrery::value::Value;
use std::sync::Arc;

fn rules() -> Arc<content::Ruleset> {
    let dir = content::pack_dir(&content::find_root(), "twilight-imperium-4");
    Arc::new(content::load(&dir).unwrap_or_else(|e| panic!("twilight-imperium-4 does not load:\n{e}")))
}

/// Checks after every action: no piece lost (pieces never leave the game; the kernel's
/// contract suite checks ids and kinds), every piece made in play a fighter or infantry
/// token (the supply's unlimited tokens, TI4 §21.1 and §50.1: nothing else is ever made
/// after setup), and the pack's invariants (`checks.invariants`, which also keeps each
/// colour's figure counts).
fn checker(entities: usize) -> impl FnMut(&Game) -> Result<(), String> {
    let mut checked = entities;
    move |game: &Game| {
        let now = game.state.entities.len();
        if now < checked {
            return Err(format!("pieces left the game: {checked} -> {now}"));
        }
        let mut probe = game.clone();
        if now > checked {
            // Entity ids are 0-based, so the pieces made since the last check are ids
            // `checked` to `now - 1`.
            let made = format!(
                "for e = {checked}, {last} do \
                     if (g:kind(e) ~= 'fighter' and g:kind(e) ~= 'infantry') or g:prop(e, 'token') ~= true then \
                         return 'piece ' .. e .. ' (' .. g:kind(e) .. ') made in play is no token' \
                     end \
                 end",
                last = now - 1
            );
            match probe.eval("tokens", &made) {
                Ok(Value::Nil) => {}
                Ok(other) => return Err(format!("{other}")),
                Err(e) => return Err(format!("token check failed to run: {e}")),
            }
            checked = now;
        }
        match probe.eval("invariants", "require('checks').invariants(g)") {
            Ok(Value::Nil) => Ok(()),
            Ok(other) => Err(format!("pack invariant: {other}")),
            Err(e) => Err(format!("invariant check failed to run: {e}")),
        }
    }
}

fn random_games(players: usize, games: u64) {
    let rules = rules();
    for seed in 0..games {
        let start = Game::new(rules.clone(), players, 2000 + seed, vec![]).expect("game starts");
        let run = play_random(rules.clone(), players, 2000 + seed, &[], checker(start.state.entities.len()));
        if let Err((e, game)) = run.result {
            let tail: Vec<&str> = game.state.log.iter().rev().take(12).map(|l| &*l.text).collect();
            panic!("{players} players, seed {}: {e} after {} decisions\nlast log lines (newest first):\n{}", 2000 + seed, run.decisions, tail.join("\n"));
        }
        let game = run.result.as_ref().map_err(|_| ()).unwrap();
        let outcome = game.state.outcome.as_ref().expect("finished games have an outcome");
        assert_eq!(outcome.ranking.len(), game.state.seat_count());
        let round = game.state.globals.get("round".into()).and_then(Value::as_int).unwrap_or(0);
        assert!((1..=20).contains(&round), "the game ended in round {round}");
    }
}

#[test]
fn ti4_random_games_3_players_finish_with_invariants() {
    random_games(3, games(4, 30));
}

#[test]
fn ti4_random_games_4_players_finish_with_invariants() {
    random_games(4, games(4, 30));
}

#[test]
fn ti4_random_games_5_players_finish_with_invariants() {
    random_games(5, games(4, 30));
}

#[test]
fn ti4_random_games_6_players_finish_with_invariants() {
    random_games(6, games(4, 30));
}

/// Random games in which the custodians token has left Mecatol Rex before the first
/// round (TI4 §31.4), so every round ends with an agenda phase: the votes, the outcomes
/// of whatever agendas come up, the laws in play and what they change later, all under
/// the pack's invariants after every action. Random players almost never remove the token
/// themselves (they seldom bring ground forces and 6 influence to Mecatol Rex together).
fn random_games_with_agendas(players: usize, games: u64) {
    let rules = rules();
    for seed in 0..games {
        let mut walk = RandomWalk::new(rules.clone(), players, 3000 + seed, &[]).expect("game starts");
        walk.game
            .eval("custodians", "g:move(g:first({kind = 'custodians'}), {zone = 'play_area', seat = 1})")
            .expect("the token moves");
        let mut check = checker(walk.game.state.entities.len());
        let mut decisions = 0;
        loop {
            match walk.act() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => panic!("{players} players, seed {}: {e} after {decisions} decisions", 3000 + seed),
            }
            decisions += 1;
            assert!(decisions < 20_000, "{players} players, seed {}: no end after 20,000 decisions", 3000 + seed);
            if let Err(e) = check(&walk.game) {
                let tail: Vec<&str> = walk.game.state.log.iter().rev().take(12).map(|l| &*l.text).collect();
                panic!("{players} players, seed {}: {e} after {decisions} decisions\nlast log lines (newest first):\n{}", 3000 + seed, tail.join("\n"));
            }
        }
        let mut probe = walk.game.clone();
        let voted = probe
            .eval("voted", "g:count({kind = 'agenda', zone = 'agenda_discard'}) + g:count({kind = 'agenda', zone = 'laws'})")
            .expect("counts");
        assert!(voted.as_int().unwrap_or(0) >= 2, "{players} players, seed {}: no agenda was resolved", 3000 + seed);
    }
}

#[test]
fn ti4_random_games_with_agendas_3_players_keep_invariants() {
    random_games_with_agendas(3, games(3, 20));
}

#[test]
fn ti4_random_games_with_agendas_4_players_keep_invariants() {
    random_games_with_agendas(4, games(3, 20));
}

#[test]
fn ti4_random_games_with_agendas_5_players_keep_invariants() {
    random_games_with_agendas(5, games(3, 20));
}

#[test]
fn ti4_random_games_with_agendas_6_players_keep_invariants() {
    random_games_with_agendas(6, games(3, 20));
}

/// Every agenda card comes up first, in turn, in a random 4-player game whose custodians
/// token has left Mecatol Rex before round 1: each card is revealed (or discarded for
/// another when it has nothing to vote on), voted on and resolved, and the game goes on to
/// round 4 with the law in play, all under the pack's invariants after every action.
#[test]
fn ti4_every_agenda_resolves_with_invariants() {
    let rules = rules();
    let mut probe = Game::new(rules.clone(), 4, 1, vec![]).expect("game starts");
    let cards = probe.eval("cards", "#def_ids.agenda").expect("counts").as_int().expect("a number");
    for i in 1..=cards {
        let seed = 4000 + i as u64;
        let mut walk = RandomWalk::new(rules.clone(), 4, seed, &[]).expect("game starts");
        let setup = format!(
            "g:move(g:first({{kind = 'custodians'}}), {{zone = 'play_area', seat = 1}})\n\
             g:move(g:first({{kind = 'agenda', face = def_ids.agenda[{i}]}}), 'agenda_deck')"
        );
        walk.game.eval("agenda on top", &setup).expect("set-up runs");
        let mut check = checker(walk.game.state.entities.len());
        let mut decisions = 0;
        loop {
            let round = walk.game.state.globals.get("round".into()).and_then(Value::as_int).unwrap_or(0);
            if round >= 4 {
                break;
            }
            match walk.act() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => panic!("agenda {i}, seed {seed}: {e} after {decisions} decisions"),
            }
            decisions += 1;
            if let Err(e) = check(&walk.game) {
                let tail: Vec<&str> = walk.game.state.log.iter().rev().take(12).map(|l| &*l.text).collect();
                panic!("agenda {i}, seed {seed}: {e} after {decisions} decisions\nlast log lines (newest first):\n{}", tail.join("\n"));
            }
        }
    }
}

/// `orrery new faction NAME --pack twilight-imperium-4` (the pack's `templates/faction`): a
/// layer pack with one homebrew faction that checks clean with the base game beneath it,
/// and whose faction can be chosen at setup and plays: its home system, flagship, faction
/// technologies and note are dealt, and its hooks module is in the registry.
#[test]
fn the_homebrew_faction_template_checks_and_its_faction_plays() {
    use crate::common::{copy_dir, orrery, repo, text, tmp};
    let dir = tmp("ti4-homebrew-faction");
    let root = dir.display().to_string();
    let out = orrery(&["new", "faction", "Zorg Hive", "--pack", "twilight-imperium-4", "--dir", &root]);
    assert!(out.status.success(), "{:?}", text(&out));
    assert!(dir.join("scripts/zorg-hive/faction_zorg_hive.lua").is_file());
    // An author's checkout has the base game beside the new pack.
    for part in ["content", "scripts"] {
        copy_dir(&repo().join(part).join("twilight-imperium-4"), &dir.join(part).join("twilight-imperium-4"));
    }
    let out = orrery(&["--root", &root, "check", "zorg-hive"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success() && stdout.starts_with("ok: zorg-hive 0.1.0"), "{stdout}{stderr}");

    // Seed 1 makes seat 2 the speaker, who chooses first.
    let scenario = dir.join("zorg_hive_chosen.ron");
    std::fs::write(
        &scenario,
        r##"Scenario(
    name: "the homebrew faction, chosen at setup",
    pack: "zorg-hive",
    seats: 3, seed: 1, variants: ["faction_choice"],
    steps: [
        Act(seat: 2, pick: "Zorg Hive"),
        Act(seat: 3, pick: "#1"),
        Act(seat: 1, pick: "#1"),
        Expect(lua: "g:get(2, 'faction') == 'zorg_hive'", says: "seat 2 plays the homebrew faction"),
        Expect(lua: "g:owner(g:first({kind = 'planet', face = 'zorg_hive_prime'})) == 2 and g:cell_of(g:first({kind = 'planet', face = 'zorg_hive_prime'})) == g:get(2, 'home_cell')", says: "its home system is placed and its planet controlled"),
        Expect(lua: "g:count({kind = 'flagship', face = 'zorg_hive_flagship', owner = 2}) == 1", says: "its flagship is among its units"),
        Expect(lua: "g:count({kind = 'promissory_note', face = 'zorg_hive_note', zone = 'notes', seat = 2}) == 1", says: "its note starts in its hand"),
        Expect(lua: "require('abilities').HOOKS.zorg_hive_ability ~= nil and require('abilities').HOOKS.zorg_hive_flagship ~= nil and require('abilities').HOOKS.zorg_hive_note.note ~= nil", says: "its hooks are in the registry, its note's too"),
    ],
)"##,
    )
    .expect("write the scenario");
    let out = orrery(&["--root", &root, "scenario", &scenario.display().to_string()]);
    assert!(out.status.success(), "{:?}", text(&out));
    let out = orrery(&["--root", &root, "simulate", "--pack", "zorg-hive", "--players", "3", "--games", "2", "--seed", "1", "--variant", "faction_choice", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {:?}", text(&out)));
    assert_eq!((report["finished"].as_u64(), report["errors"].as_u64()), (Some(2), Some(0)), "{report}");
}
