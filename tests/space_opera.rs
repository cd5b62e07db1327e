//! Space Opera end to end: seeded random games of the classic and revised rules and of
//! the competitive mode for 2 to 6 players, with the kernel's and the pack's invariants
//! checked after every action; the variant rules of `pack.ron` (revised by default,
//! exclusive versions, competitive needs revised and plays 2-6 like the game); and replay
//! equivalence on a real game. The rulebook examples are scenario files in
//! `tests/scenarios/space-opera/` (run by `scenario_files_pass`).

use orrery::content;
use orrery::flow::Choice;
use orrery::game::Game;
use orrery::replay;
use orrery::sim::play_random;
use orrery::value::Value;
use std::sync::{Arc, OnceLock};

fn rules() -> Arc<content::Ruleset> {
    static RULES: OnceLock<Arc<content::Ruleset>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            let dir = content::pack_dir(&content::find_root(), "space-opera");
            Arc::new(content::load(&dir).unwrap_or_else(|e| panic!("space-opera does not load:\n{e}")))
        })
        .clone()
}

fn variants(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// Checks after one action: entities conserved (every card is created at setup) and
/// the pack's own invariants (`checks.invariants`: cards in legal places, no negative
/// counters, slots, the technology cap...). The kernel's contracts (legal answers,
/// views, replay) are checked on every pack by the contract suite (`tests/packs`).
fn checker(entities: usize) -> impl FnMut(&Game) -> Result<(), String> {
    move |game: &Game| {
        if game.state.entities.len() != entities {
            return Err(format!("entity count changed: {} -> {}", entities, game.state.entities.len()));
        }
        let mut probe = game.clone();
        match probe.eval("invariants", "require('checks').invariants(g)") {
            Ok(Value::Nil) => Ok(()),
            Ok(other) => Err(format!("pack invariant: {other}")),
            Err(e) => Err(format!("invariant check failed to run: {e}")),
        }
    }
}

/// Plays `games` seeded random games and checks every one finishes with a ranking.
fn random_games(list: &[&str], players: usize, games: u64) {
    let rules = rules();
    let vs = variants(list);
    for i in 0..games {
        let seed = 500 + i * 7 + players as u64;
        let start = Game::new(rules.clone(), players, seed, vs.clone()).expect("game starts");
        let run = play_random(rules.clone(), players, seed, &vs, checker(start.state.entities.len()));
        if let Err((e, game)) = run.result {
            let tail: Vec<&str> = game.state.log.iter().rev().take(15).map(|l| &*l.text).collect();
            panic!("{list:?}, {players} players, seed {seed}: {e} after {} decisions\nlast log lines (newest first):\n{}", run.decisions, tail.join("\n"));
        }
        let game = run.result.as_ref().map_err(|_| ()).unwrap();
        let outcome = game.state.outcome.as_ref().expect("finished games have an outcome");
        assert_eq!(outcome.ranking.len(), players);
        assert_eq!(game.state.globals.get("over".into()), Some(&Value::Bool(true)), "the pack's victory code ended the game");
    }
}

const GAMES: u64 = 8;

#[test]
fn classic_random_games_2_and_3_players_keep_invariants() {
    random_games(&["classic"], 2, GAMES);
    random_games(&["classic"], 3, GAMES);
}

#[test]
fn classic_random_games_4_players_keep_invariants() {
    random_games(&["classic"], 4, GAMES);
}

#[test]
fn classic_random_games_5_players_keep_invariants() {
    random_games(&["classic"], 5, GAMES);
}

#[test]
fn classic_random_games_6_players_keep_invariants() {
    random_games(&["classic"], 6, GAMES);
}

#[test]
fn revised_random_games_2_and_3_players_keep_invariants() {
    random_games(&["revised"], 2, GAMES);
    random_games(&["revised"], 3, GAMES);
}

#[test]
fn revised_random_games_4_players_keep_invariants() {
    random_games(&["revised"], 4, GAMES);
}

#[test]
fn revised_random_games_5_players_keep_invariants() {
    random_games(&["revised"], 5, GAMES);
}

#[test]
fn revised_random_games_6_players_keep_invariants() {
    random_games(&["revised"], 6, GAMES);
}

#[test]
fn competitive_random_games_2_to_4_players_keep_invariants() {
    for players in 2..=4 {
        random_games(&["revised", "competitive"], players, GAMES);
    }
}

/// SO §6.7.2 sets no player count of its own: competitive plays 2-6 like the game.
#[test]
fn competitive_random_games_5_and_6_players_keep_invariants() {
    for players in 5..=6 {
        random_games(&["revised", "competitive"], players, GAMES);
    }
}

#[test]
fn every_judgement_call_variant_plays_through() {
    random_games(
        &["revised", "alt_victim_chooses", "alt_theft_fixed_2", "alt_mandatory_blocks", "alt_defender_selects",
          "alt_attacker_orders_duels", "alt_literal_hold", "alt_turn_draw", "alt_hand_limit", "alt_construction_counts"],
        4,
        3,
    );
    random_games(&["revised", "alt_theft_classic_4"], 3, 3);
    random_games(&["classic", "alt_overpopulation_over_20", "alt_steal_all_or_nothing", "alt_round1_shared", "alt_attacker_orders_duels"], 4, 3);
    random_games(&["classic", "expansion_crew"], 4, 3);
}

#[test]
fn a_game_without_a_rules_variant_plays_revised() {
    let mut game = Game::new(rules(), 3, 1, vec![]).expect("starts without variants");
    assert_eq!(game.eval("probe", "require('util').revised(g)").unwrap(), Value::Bool(true));
    let mut classic = Game::new(rules(), 3, 1, variants(&["classic"])).expect("starts");
    assert_eq!(classic.eval("probe", "require('util').revised(g)").unwrap(), Value::Bool(false));
}

#[test]
fn classic_and_revised_cannot_be_combined() {
    let err = Game::new(rules(), 3, 1, variants(&["classic", "revised"])).unwrap_err().to_string();
    assert!(err.contains("cannot be combined"), "{err}");
}

#[test]
fn competitive_needs_revised_and_plays_two_to_six() {
    let err = Game::new(rules(), 3, 1, variants(&["competitive"])).unwrap_err().to_string();
    assert!(err.contains("needs variant `revised`"), "{err}");
    for players in 2..=6 {
        assert!(Game::new(rules(), players, 1, variants(&["revised", "competitive"])).is_ok(), "{players} players");
    }
    let err = Game::new(rules(), 7, 1, variants(&["revised", "competitive"])).unwrap_err().to_string();
    assert!(err.contains("2 to 6"), "{err}");
}

#[test]
fn competitive_decks_are_forty_cards_per_seat() {
    let mut game = Game::new(rules(), 3, 4, variants(&["revised", "competitive"])).expect("starts");
    // SO §6.7.2: each seat first chooses its species and its deck (two secret answers).
    for seat in 0..3 {
        for _ in 0..2 {
            game.act(seat, Choice::Pick(seat as usize)).unwrap_or_else(|e| panic!("seat {}: {e}", seat + 1));
        }
    }
    for seat in 1..=3 {
        let n = game.eval("count", &format!("g:count({{ zone = 'deck', seat = {seat} }}) + #require('cards').hand(g, {seat})")).unwrap();
        assert_eq!(n, Value::Int(40), "seat {seat}");
    }
    assert_eq!(game.eval("shared", "g:count({ zone = 'deck' })").unwrap(), Value::Int(0), "no shared deck");
}

#[test]
fn evaluate_scores_every_seat() {
    let mut game = Game::new(rules(), 4, 2, variants(&["classic"])).unwrap();
    for seat in 1..=4 {
        let v = game.eval("evaluate", &format!("require('checks').evaluate(g, {seat})")).unwrap();
        assert!(matches!(v, Value::Int(_)), "evaluate gives a number, not {v}");
    }
}

#[test]
fn a_finished_game_replays_to_the_same_hash() {
    let rules = rules();
    for vs in [variants(&["classic"]), variants(&["revised", "competitive"])] {
        let run = play_random(rules.clone(), 3, 77, &vs, |_| Ok(()));
        let game = run.result.map_err(|(e, _)| e).expect("game finishes");
        let save = replay::save(&game);
        let replayed = replay::verify(rules.clone(), &save).expect("replay verifies");
        assert_eq!(replay::state_hash(&replayed.state), save.hash);
    }
}

/// The stack's reaction windows ask only the seats holding a card that answers, one at
/// a time; they are quiet, so every seat sees all the others as waiting and never which
/// one is asked (the hand is secret; `stack.lua`).
#[test]
fn stack_windows_are_quiet() {
    let mut asked = 0;
    for seed in 1..=4 {
        let run = play_random(rules(), 4, seed, &[], |game: &Game| {
            let Some(p) = game.pending() else { return Ok(()) };
            if game.state.flow.get(p.frame).is_some_and(|f| f.step.as_str() == orrery::flow::WINDOW_STEP) {
                asked += 1;
                if !p.quiet {
                    return Err("a stack window shows which seat it asks".into());
                }
                let seat = p.waiting_seats()[0];
                let other = (seat + 1) % 4;
                if game.view(Some(other)).waiting != [0, 1, 2, 3].into_iter().filter(|&s| s != other).collect::<Vec<_>>() {
                    return Err(format!("seat {} is shown whom the window asks", other + 1));
                }
            }
            Ok(())
        });
        if let Err((e, _)) = run.result {
            panic!("seed {seed}: {e}");
        }
    }
    assert!(asked > 0, "no stack window asked anyone in four games");
}
