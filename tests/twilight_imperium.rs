//! Twilight Imperium 4 end to end: seeded random games for every supported player
//! count, with the pack's invariants (`checks.invariants`: command and control tokens
//! kept, the fleet pool, capacity, at most 3 secret objectives, ground forces only on
//! planets their seat controls, victory points adding up) checked after every action.
//! The kernel's contracts are checked on every pack by `tests/packs`.

use crate::common::games;
use orrery::content;
use orrery::game::Game;
use orrery::sim::play_random;
use orrery::value::Value;
use std::sync::Arc;

fn rules() -> Arc<content::Ruleset> {
    let dir = content::pack_dir(&content::find_root(), "twilight-imperium-4");
    Arc::new(content::load(&dir).unwrap_or_else(|e| panic!("twilight-imperium-4 does not load:\n{e}")))
}

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

fn random_games(players: usize, games: u64) {
    let rules = rules();
    for seed in 0..games {
        let start = Game::new(rules.clone(), players, 2000 + seed, vec![]).expect("game starts");
        let run = play_random(rules.clone(), players, 2000 + seed, &[], checker(start.state.entities.len()));
        if let Err((e, game)) = run.result {
            let tail: Vec<&str> = game.state.log.iter().rev().take(12).map(|l| l.text.as_str()).collect();
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
