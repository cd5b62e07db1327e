//! Option labels made lazily: a decision may leave its options' labels to a pack
//! function (`labels`), which runs only when a person will read them — front ends and
//! scenarios — never for bots or simulations, and which cannot change the game.

use crate::common::{broken_rules, toy_game};
use orrery::flow::Choice;
use orrery::game::{Game, GameError};
use orrery::replay::state_hash;

#[test]
fn a_labelled_decision_holds_values_and_shows_the_labellers_text() {
    // The toy pack's move question (TOY 3.1) leaves its cells to `turn.cell_label`.
    let mut game = toy_game(2, 7, &[]);
    // The seats first pick their plans (labelled by the script), then move.
    let mut seat = game.pending().expect("pending").waiting_seats()[0];
    while !game.decision_for(seat).expect("a decision").prompt.starts_with("Move your pawn") {
        game.act(seat, Choice::Pick(0)).expect("a plan");
        seat = game.pending().expect("pending").waiting_seats()[0];
    }
    let held = game.decision_for(seat).expect("a move").clone();
    assert!(held.prompt.starts_with("Move your pawn"), "{}", held.prompt);
    assert_eq!(held.labels.as_deref(), Some("turn.cell_label"));
    assert!(held.options.iter().all(|o| o.label.is_empty()), "labels are not made while playing: {held:?}");
    let before = state_hash(&game.state);
    let shown = game.shown_decision(seat).expect("labels are made").expect("a decision");
    assert_eq!(state_hash(&game.state), before, "labelling changes nothing");
    assert_eq!(shown.options.len(), held.options.len());
    for (o, h) in shown.options.iter().zip(&held.options) {
        assert_eq!(o.value, h.value);
        assert!(o.label.starts_with('(') || o.label.contains(" ("), "a cell's label: {}", o.label);
    }
}

#[test]
fn a_failing_labeller_is_a_script_error_naming_its_line() {
    let game = Game::new(broken_rules("faulty"), 2, 1, vec!["bad_labels".into()]).expect("starts");
    let held = game.decision_for(0).expect("a question");
    match game.labelled(held) {
        Err(GameError::Script(e)) => {
            assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:66"), "{e}");
            assert!(e.hook.contains("labels main.label_fails"), "{e}");
            assert!(e.message.contains("no label for go"), "{e}");
        }
        other => panic!("the labeller fails: {other:?}"),
    }
}

#[test]
fn a_labeller_must_give_text() {
    let game = Game::new(broken_rules("faulty"), 2, 1, vec!["number_labels".into()]).expect("starts");
    let e = game.labelled(game.decision_for(0).expect("a question")).expect_err("a number is no label");
    assert!(e.to_string().contains("a label must be a string, but the labeller gave a integer for \"go\""), "{e}");
}

#[test]
fn a_labeller_cannot_change_the_game() {
    let game = Game::new(broken_rules("faulty"), 2, 1, vec!["writing_labels".into()]).expect("starts");
    let before = game.state.clone();
    let shown = game.shown_decision(0).expect("labels").expect("a question");
    let labels: Vec<&str> = shown.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["Answer go for seat 1", "Answer fail for seat 1"]);
    assert!(game.state == before, "what the labeller wrote did not stay");
    // The answer the labelled option names is the one the game takes.
    let mut game = game;
    game.act(0, Choice::Pick(0)).expect("go");
    assert!(game.is_over());
}
