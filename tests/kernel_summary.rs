//! A pack's seat summary (`pack.ron` `summary`): the public facts front ends show
//! beside each seat, made by a pack function on a copy of the state, so that nothing
//! it does stays; a result that is not a list of `{ label, value }` is an error that
//! names the function. `orrery check` finds a summary function that does not exist.

use crate::common::{copy_dir, fixtures, orrery, text, tmp};
use orrery::content;
use orrery::game::Game;
use orrery::replay::state_hash;
use std::path::PathBuf;
use std::sync::Arc;

/// A root with the toy pack and a layer `toy-summed` over it whose summary is
/// `sum.<function>`.
fn root(name: &str, function: &str) -> PathBuf {
    let root = tmp(&format!("summary-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    copy_dir(&fixtures().join("content/toy"), &root.join("content/toy"));
    copy_dir(&fixtures().join("scripts/toy"), &root.join("scripts/toy"));
    let pack = format!(
        r#"Pack(id: "toy-summed", name: "Toy Meadow, summed", version: "0.1.0", extends: Some("toy"), scripts: ["sum.lua"], summary: Some("sum.{function}"))"#
    );
    std::fs::create_dir_all(root.join("content/toy-summed")).expect("mkdir");
    std::fs::create_dir_all(root.join("scripts/toy-summed")).expect("mkdir");
    std::fs::write(root.join("content/toy-summed/pack.ron"), pack).expect("write");
    let lua = r#"
local M = {}
-- Public facts, and an attempt to change the game that must not stay.
function M.facts(g, seat)
    g:set(seat, "energy", 99)
    return { { label = "Energy", value = g:get(seat, "energy") }, { label = "Seat", value = "number " .. seat } }
end
function M.not_a_list(g, seat)
    return 7
end
function M.no_label(g, seat)
    return { { value = 1 } }
end
return M
"#;
    std::fs::write(root.join("scripts/toy-summed/sum.lua"), lua).expect("write");
    root
}

fn game(root: &PathBuf) -> Game {
    let rules = content::load(&root.join("content/toy-summed")).expect("the layer loads");
    Game::new(Arc::new(rules), 2, 5, vec![]).expect("starts")
}

#[test]
fn a_summary_lists_facts_and_changes_nothing() {
    let game = game(&root("good", "facts"));
    let before = state_hash(&game.state);
    let facts = game.seat_summary(1).expect("made");
    assert_eq!(facts, [("Energy".to_owned(), "99".to_owned()), ("Seat".to_owned(), "number 2".to_owned())]);
    assert_eq!(state_hash(&game.state), before, "what the summary did stays on its copy");
}

#[test]
fn a_summary_of_the_wrong_shape_is_an_error_naming_it() {
    for (function, why) in [("not_a_list", "a summary must be a list of { label, value }: got 7"), ("no_label", "an item has no text `label`")] {
        let game = game(&root(function, function));
        let e = game.seat_summary(0).expect_err("refused").to_string();
        assert!(e.contains(why) && e.contains(&format!("sum.{function}")), "{e}");
    }
}

#[test]
fn a_pack_without_a_summary_has_no_facts() {
    let rules = content::load(&fixtures().join("content/toy")).expect("loads");
    let game = Game::new(Arc::new(rules), 2, 5, vec![]).expect("starts");
    assert_eq!(game.seat_summary(0).expect("no function, no facts"), []);
}

#[test]
fn check_finds_a_summary_function_that_does_not_exist() {
    let root = root("missing", "nowhere");
    let out = orrery(&["--root", &root.display().to_string(), "check", "toy-summed"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("summary: no script function \"sum.nowhere\""), "{stderr}");
}
