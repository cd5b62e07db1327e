//! Principle 6 under fire: an act that fails anywhere — after any number of the
//! changes its scripts make — leaves the state exactly as it was. Random games of
//! the toy pack and of every real pack; at every decision a failure is planted at a
//! random `g` call of the act (`orrery::script::fail_g_call`), the state compared as
//! data and by its saved form, and the act then made for real. More games with
//! `ORRERY_SOAK=1`.

use crate::common::{games, repo};
use orrery::bots::random_choice;
use orrery::content;
use orrery::game::{Game, GameError};
use orrery::script::{fail_g_call, Tally, PLANTED_FAILURE};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Plays `games` random games of `pack`, planting a failure in every act; returns
/// how many acts failed as planted (each checked to have changed nothing).
fn failing_acts_change_nothing(pack: &str, seats: usize, games: u64) -> usize {
    let rules = Arc::new(content::load(&repo().join("content").join(pack)).unwrap_or_else(|e| panic!("{pack}:\n{e}")));
    let mut failed = 0;
    for seed in 1..=games {
        let mut game = Game::new(rules.clone(), seats, seed, vec![]).expect("a game starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut acts = 0;
        while !game.is_over() && acts < 400 {
            let seat = game.pending().and_then(|p| p.waiting_seats().first().copied()).expect("someone decides");
            let choice = random_choice(game.decision_for(seat).expect("a decision"), &mut rng);
            let before = game.state.clone();
            let saved = ron::to_string(&game.state).expect("a state saves");
            fail_g_call(Some(Tally::now().g_calls + rng.random_range(1..40)));
            let result = game.act(seat, choice.clone());
            fail_g_call(None);
            match result {
                Err(GameError::Script(e)) if e.message.contains(PLANTED_FAILURE) => {
                    failed += 1;
                    assert!(game.state == before, "{pack} seed {seed} act {acts}: a failing act changed the state");
                    assert_eq!(ron::to_string(&game.state).expect("saves"), saved, "{pack} seed {seed} act {acts}: the saved form changed");
                    game.act(seat, choice).unwrap_or_else(|e| panic!("{pack} seed {seed} act {acts}: {e}"));
                }
                Err(e) => panic!("{pack} seed {seed} act {acts}: {e}"),
                Ok(()) => {} // the act made fewer calls than the planted one
            }
            acts += 1;
        }
    }
    failed
}

#[test]
fn a_failure_anywhere_in_a_galactic_era_act_changes_nothing() {
    let failed = failing_acts_change_nothing("galactic-era", 4, games(1, 5));
    assert!(failed >= 100, "only {failed} acts failed as planted: the test tests little");
}

#[test]
fn a_failure_anywhere_in_a_space_opera_act_changes_nothing() {
    let failed = failing_acts_change_nothing("space-opera", 4, games(1, 5));
    assert!(failed >= 50, "only {failed} acts failed as planted: the test tests little");
}

#[test]
fn a_failure_anywhere_in_a_space_gate_odyssey_act_changes_nothing() {
    let failed = failing_acts_change_nothing("space-gate-odyssey", 3, games(1, 5));
    assert!(failed >= 50, "only {failed} acts failed as planted: the test tests little");
}

#[test]
fn a_failure_anywhere_in_a_twilight_imperium_act_changes_nothing() {
    let failed = failing_acts_change_nothing("twilight-imperium-4", 4, games(1, 5));
    assert!(failed >= 50, "only {failed} acts failed as planted: the test tests little");
}
