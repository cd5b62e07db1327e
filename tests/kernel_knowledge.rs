//! Knowledge through the scripts' API: what `g:hide`, `g:forget` and `g:unsee` leave
//! a seat knowing, and remembering (which a bot's sample keeps).

use crate::common::toy_game;
use orrery::value::Value;

#[test]
fn unsee_forgets_who_saw_a_face_that_may_have_changed_unseen() {
    let mut game = toy_game(3, 1, &[]);
    let id = game
        .eval(
            "setup",
            r#"
            local e = g:create({ kind = "marker", face = "A", owner = 1, at = "box", hidden = true })
            g:reveal(e, 2)
            g:hide(e, 1)
            return e"#,
        )
        .expect("runs");
    let Value::Int(id) = id else { panic!("an entity id, got {id}") };
    let e = |game: &orrery::game::Game| game.state.entities[id as usize].clone();
    assert!(!game.state.knows_face(Some(1), &e(&game)), "hidden again from seat 2");
    assert!(game.state.has_seen_face(1, &e(&game)), "but seat 2 saw it: a sample keeps it");
    game.eval("unsee", &format!("g:unsee({id}, 1)\n")).expect("runs");
    assert!(game.state.knows_face(Some(0), &e(&game)), "its owner still knows it");
    assert!(!game.state.has_seen_face(1, &e(&game)), "seat 2's memory of it no longer counts");
    assert!(!game.state.knows_face(None, &e(&game)));
}
