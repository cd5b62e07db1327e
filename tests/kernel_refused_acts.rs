//! Principle 6: a refused or failing act leaves the state exactly as it was —
//! equal as data and equal by state hash.

use crate::common::{broken_rules, toy_game};
use orrery::flow::{Choice, ChoiceError};
use orrery::game::{Game, GameError};
use orrery::replay::state_hash;

/// Asserts that `seat` acting `choice` is refused without changing anything.
fn assert_refused(game: &mut Game, seat: u8, choice: Choice) -> GameError {
    let before = game.state.clone();
    let hash = state_hash(&game.state);
    let error = match game.act(seat, choice.clone()) {
        Ok(()) => panic!("seat {} acting {choice:?} should be refused", seat + 1),
        Err(e) => e,
    };
    assert!(game.state == before, "the refused act {choice:?} changed the state ({error})");
    assert_eq!(state_hash(&game.state), hash, "the refused act {choice:?} changed the state hash");
    error
}

/// A two-seat toy game where both seats have chosen `dash`: seat 1 must move.
fn at_first_move() -> Game {
    let mut game = toy_game(2, 7, &[]);
    game.act(0, Choice::Pick(0)).expect("seat 1 plans");
    game.act(1, Choice::Pick(0)).expect("seat 2 plans");
    assert!(game.decision_for(0).is_some_and(|d| d.prompt.starts_with("Move")), "seat 1 should be moving");
    game
}

#[test]
fn acting_out_of_turn_is_refused() {
    let mut game = at_first_move();
    let e = assert_refused(&mut game, 1, Choice::Pass);
    assert!(matches!(e, GameError::Choice(ChoiceError::NotYourTurn { seat: 2, .. })), "{e}");
}

#[test]
fn answering_a_secret_decision_twice_is_refused() {
    let mut game = toy_game(3, 1, &[]);
    game.act(0, Choice::Pick(1)).expect("seat 1 plans");
    assert_refused(&mut game, 0, Choice::Pick(2));
}

#[test]
fn option_out_of_range_is_refused() {
    let mut game = at_first_move();
    let e = assert_refused(&mut game, 0, Choice::Pick(999));
    assert!(matches!(e, GameError::Choice(ChoiceError::NoSuchOption { index: 999, .. })), "{e}");
}

#[test]
fn answer_of_the_wrong_shape_is_refused() {
    let mut game = at_first_move();
    assert_refused(&mut game, 0, Choice::Number(2));
    assert_refused(&mut game, 0, Choice::PickMany(vec![0, 1]));
}

#[test]
fn passing_where_not_allowed_is_refused() {
    let mut game = toy_game(2, 1, &[]);
    let e = assert_refused(&mut game, 0, Choice::Pass);
    assert!(matches!(e, GameError::Choice(ChoiceError::CannotPass)), "{e}");
}

#[test]
fn script_error_in_resolve_leaves_the_state_unchanged() {
    let mut game = Game::new(broken_rules("faulty"), 2, 1, vec![]).expect("faulty starts");
    // Option 2 ("fail") sets a variable and logs before raising the error.
    let e = assert_refused(&mut game, 0, Choice::Pick(1));
    assert!(matches!(&e, GameError::Script(s) if s.location.as_deref() == Some("scripts/faulty/main.lua:40")), "{e}");
    assert!(game.state.history.is_empty(), "a failed act is not recorded");
    game.act(0, Choice::Pick(0)).expect("the good option still works after a failure");
    assert!(game.is_over());
}

#[test]
fn acting_after_the_end_is_refused() {
    let mut game = Game::new(broken_rules("faulty"), 2, 1, vec![]).expect("faulty starts");
    game.act(0, Choice::Pick(0)).expect("go");
    let e = assert_refused(&mut game, 0, Choice::Pick(0));
    assert!(matches!(e, GameError::Choice(ChoiceError::GameOver)), "{e}");
}
