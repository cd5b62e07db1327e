//! Saves: a game saved mid-way, loaded and continued ends exactly like the game
//! that was never interrupted; a finished save verifies by replay; damage to a save
//! file is an error value, never a panic.

use crate::common::{broken_rules, tmp, toy_game};
use orrery::bots::random_choice;
use orrery::game::Game;
use orrery::replay::{self, state_hash, ReplayError};
use orrery::state::Act;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A finished three-seat toy game played by random bots.
fn finished_game(seed: u64) -> Game {
    let mut game = toy_game(3, seed, &[]);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        let seat = game.pending().expect("running games wait on someone").waiting_seats()[0];
        let decision = game.decision_for(seat).expect("waiting seats have a decision").clone();
        game.act(seat, random_choice(&decision, &mut rng)).expect("random choices are legal");
    }
    game
}

fn apply(game: &mut Game, acts: &[Act]) {
    for act in acts {
        game.act(act.seat, act.choice.clone()).expect("the recorded choices replay");
    }
}

fn write(game: &Game, name: &str) -> std::path::PathBuf {
    let path = tmp(name);
    if let Err(e) = replay::write(game, &path) {
        panic!("cannot write a save: {e}");
    }
    path
}

#[test]
fn state_hash_tells_different_states_apart() {
    let game = toy_game(2, 1, &[]);
    let mut moved = game.clone();
    moved.act(0, orrery::flow::Choice::Pick(0)).expect("seat 1 plans");
    assert_ne!(state_hash(&game.state), state_hash(&moved.state), "two different states have the same hash");
    assert_ne!(state_hash(&game.state), state_hash(&toy_game(2, 2, &[]).state), "two seeds give the same hash");
}

#[test]
fn saved_loaded_and_continued_game_ends_like_an_unbroken_one() {
    let unbroken = finished_game(21);
    let history: Vec<Act> = unbroken.state.history.iter().cloned().collect();
    let half = history.len() / 2;
    let mut first = toy_game(3, 21, &[]);
    apply(&mut first, &history[..half]);
    let path = write(&first, "half.ron");
    let save = replay::read(&path).expect("the save reads back");
    assert_eq!(save.history.len(), half);
    let mut resumed = replay::resume(first.rules.clone(), save).expect("the save resumes");
    apply(&mut resumed, &history[half..]);
    assert!(resumed.is_over());
    assert_eq!(state_hash(&resumed.state), state_hash(&unbroken.state));
    assert!(resumed.state == unbroken.state, "the resumed game ended in another state");
}

#[test]
fn finished_game_verifies_by_replay() {
    let game = finished_game(5);
    let path = write(&game, "finished.ron");
    let save = replay::read(&path).expect("the save reads back");
    let replayed = replay::verify(game.rules.clone(), &save).expect("the replay reaches the saved hash");
    assert!(replayed.is_over());
    assert!(replayed.state == game.state);
}

#[test]
fn truncated_save_is_an_error_not_a_panic() {
    let game = finished_game(6);
    let path = write(&game, "truncated.ron");
    let text = std::fs::read_to_string(&path).expect("the save is text");
    std::fs::write(&path, &text[..text.len() / 2]).expect("truncate");
    assert!(matches!(replay::read(&path), Err(ReplayError::Corrupt { .. })));
    std::fs::write(&path, "").expect("empty");
    assert!(matches!(replay::read(&path), Err(ReplayError::Corrupt { .. })));
    assert!(matches!(replay::read(&tmp("no-such-save.ron")), Err(ReplayError::Read { .. })));
}

#[test]
fn edited_hash_is_detected_on_resume_and_verify() {
    let game = finished_game(7);
    let path = write(&game, "edited-hash.ron");
    let text = std::fs::read_to_string(&path).expect("the save is text");
    let real = state_hash(&game.state);
    assert!(text.contains(&real), "the save holds its hash");
    std::fs::write(&path, text.replace(&real, "0123456789abcdef")).expect("edit");
    let save = replay::read(&path).expect("the file still parses");
    assert!(matches!(replay::resume(game.rules.clone(), save.clone()), Err(ReplayError::HashMismatch)));
    assert!(matches!(replay::verify(game.rules.clone(), &save), Err(ReplayError::HashMismatch)));
}

#[test]
fn save_of_another_pack_is_refused() {
    let game = finished_game(8);
    let save = replay::save(&game);
    let other = broken_rules("faulty");
    assert!(matches!(replay::resume(other.clone(), save.clone()), Err(ReplayError::WrongPack { .. })));
    assert!(matches!(replay::verify(other, &save), Err(ReplayError::WrongPack { .. })));
}
