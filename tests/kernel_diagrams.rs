//! A pack's diagrams (`pack.ron` `diagrams`): pictures of public facts front ends draw
//! (grids of square cells, graphs of nodes), made by a pack function on a copy of the
//! state, so that nothing it does stays; a result that is not a list of well-formed
//! diagrams is an error that names the function and what is wrong. `orrery check`
//! finds a diagrams function that does not exist.

use crate::common::{copy_dir, fixtures, orrery, text, tmp};
use orrery::content;
use orrery::game::Game;
use orrery::replay::state_hash;
use orrery::view::diagram::{EdgeMark, Shape};
use std::path::PathBuf;
use std::sync::Arc;

/// A root with the toy pack and a layer `toy-drawn` over it whose diagrams are
/// `pic.<function>`.
fn root(name: &str, function: &str) -> PathBuf {
    let root = tmp(&format!("diagrams-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    copy_dir(&fixtures().join("content/toy"), &root.join("content/toy"));
    copy_dir(&fixtures().join("scripts/toy"), &root.join("scripts/toy"));
    let pack = format!(
        r#"Pack(id: "toy-drawn", name: "Toy Meadow, drawn", version: "0.1.0", extends: Some("toy"), scripts: ["pic.lua"], diagrams: Some("pic.{function}"))"#
    );
    std::fs::create_dir_all(root.join("content/toy-drawn")).expect("mkdir");
    std::fs::create_dir_all(root.join("scripts/toy-drawn")).expect("mkdir");
    std::fs::write(root.join("content/toy-drawn/pack.ron"), pack).expect("write");
    let lua = r#"
local M = {}
-- A grid of two cells for seat 2 and a graph of two nodes, and an attempt to change
-- the game that must not stay.
function M.good(g)
    g:set(1, "energy", 99)
    return {
        { title = "Tiles", seat = 2, shape = "grid", caption = { "energy " .. g:get(1, "energy") },
          cells = { { x = 0, y = 0, text = "A", note = "●○", owner = 2, edges = { e = "joined", n = "open" } },
                    { x = 1, y = 0, text = "B", edges = { w = "joined" } } } },
        { title = "Ring", shape = "graph", caption = "two spaces",
          nodes = { { id = "a", x = 0, y = 0, text = "1" }, { id = 2, x = 1.5, y = 0, text = "2", owner = 1, kind = "big" } },
          edges = { { a = "a", b = 2 } } },
    }
end
function M.not_a_list(g)
    return 7
end
function M.bad_edge(g)
    return { { title = "Tiles", shape = "grid", cells = { { x = 0, y = 0, edges = { n = "wide" } } } } }
end
function M.bad_shape(g)
    return { { title = "Pie", shape = "pie" } }
end
function M.too_many(g)
    local cells = {}
    for i = 1, 401 do
        table.insert(cells, { x = i, y = 0 })
    end
    return { { title = "Big", shape = "grid", cells = cells } }
end
function M.fails(g)
    error("cannot draw")
end
return M
"#;
    std::fs::write(root.join("scripts/toy-drawn/pic.lua"), lua).expect("write");
    root
}

fn game(root: &PathBuf) -> Game {
    let rules = content::load(&root.join("content/toy-drawn")).expect("the layer loads");
    Game::new(Arc::new(rules), 2, 5, vec![]).expect("starts")
}

#[test]
fn diagrams_are_read_and_change_nothing() {
    let game = game(&root("good", "good"));
    let before = state_hash(&game.state);
    let diagrams = game.diagrams().expect("made");
    assert_eq!(state_hash(&game.state), before, "what the function did stays on its copy");
    assert_eq!(diagrams.len(), 2);
    assert_eq!((diagrams[0].title.as_str(), diagrams[0].seat, diagrams[0].caption.as_slice()), ("Tiles", Some(2), &["energy 99".to_owned()][..]));
    let Shape::Grid { cells } = &diagrams[0].shape else { panic!("a grid: {:?}", diagrams[0]) };
    assert_eq!(cells[0].edges, [EdgeMark::Open, EdgeMark::Joined, EdgeMark::None, EdgeMark::None]);
    assert_eq!((cells[0].note.as_deref(), cells[0].owner), (Some("●○"), Some(2)));
    let Shape::Graph { nodes, links } = &diagrams[1].shape else { panic!("a graph: {:?}", diagrams[1]) };
    assert_eq!(nodes[1].id, "2");
    assert_eq!(links, &[("a".to_owned(), "2".to_owned())]);
    assert_eq!(diagrams[1].caption, ["two spaces"]);
}

#[test]
fn malformed_diagrams_are_an_error_naming_the_function() {
    for (function, why) in [
        ("not_a_list", "bad diagrams: the diagrams must be a list, not 7"),
        ("bad_edge", "diagram 1: \"Tiles\": cell 1: edge `n` must be \"open\", \"joined\" or \"none\""),
        ("bad_shape", "diagram 1: unknown shape \"pie\""),
        ("too_many", "401 cells, more than the 400 allowed"),
        ("fails", "cannot draw"),
    ] {
        let game = game(&root(function, function));
        let before = state_hash(&game.state);
        let e = game.diagrams().expect_err("refused").to_string();
        assert!(e.contains(why) && e.contains(&format!("pic.{function}")), "{function}: {e}");
        assert_eq!(state_hash(&game.state), before, "a failed hook changes nothing");
    }
}

#[test]
fn a_pack_without_diagrams_has_none() {
    let rules = content::load(&fixtures().join("content/toy")).expect("loads");
    let game = Game::new(Arc::new(rules), 2, 5, vec![]).expect("starts");
    assert!(game.diagrams().expect("no function, no diagrams").is_empty());
}

#[test]
fn check_finds_a_diagrams_function_that_does_not_exist() {
    let root = root("missing", "nowhere");
    let out = orrery(&["--root", &root.display().to_string(), "check", "toy-drawn"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("diagrams: no script function \"pic.nowhere\""), "{stderr}");
}
