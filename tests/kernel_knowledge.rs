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

#[test]
fn filters_find_hidden_faces_and_the_faces_a_seat_knows_as_g_knows_does() {
    let mut game = toy_game(3, 1, &[]);
    let listed = game
        .eval(
            "setup",
            r#"
            local open = g:create({ kind = "probe", at = "box" })
            local secret = g:create({ kind = "probe", at = "box", hidden = true })
            local told = g:create({ kind = "probe", at = "box", hidden = true })
            g:reveal(told, 2)
            local function ids(filter)
                return table.concat(g:entities(filter), ",")
            end
            local before = {
                ids({ kind = "probe", hidden = true }),
                ids({ kind = "probe", hidden = false }),
                ids({ kind = "probe", known_by = 1 }),
                ids({ kind = "probe", known_by = 2 }),
                ids({ kind = "probe", hidden = true, known_by = 2 }),
            }
            -- Seat 1 plays seat 2's part: it sees what seat 2 knows (as g:knows).
            g:set_controller(2, 1)
            assert(g:knows(1, told))
            table.insert(before, ids({ kind = "probe", hidden = true, known_by = 1 }))
            return table.concat(before, " | ") .. string.format(" [%d %d %d]", open, secret, told)"#,
        )
        .expect("runs");
    let Value::Str(text) = listed else { panic!("a text, got {listed}") };
    let (lists, ids) = text.split_once(" [").expect("ids follow");
    let ids: Vec<&str> = ids.trim_end_matches(']').split(' ').collect();
    let (open, secret, told) = (ids[0], ids[1], ids[2]);
    let expected = [
        format!("{secret},{told}"),
        open.to_owned(),
        open.to_owned(),
        format!("{open},{told}"),
        told.to_owned(),
        told.to_owned(),
    ];
    assert_eq!(lists, expected.join(" | "));
    let error = game.eval("bad", "g:count({ hidden = 1 })").expect_err("hidden is a boolean");
    assert!(error.to_string().contains("`hidden` must be a boolean"), "{error}");
    let error = game.eval("bad", "g:count({ known_by = 9 })").expect_err("no seat 9");
    assert!(error.to_string().contains("seat 9 does not exist"), "{error}");
}

/// A simultaneous question shows whom it waits on; a quiet one shows every other seat
/// as waiting until all have answered, so a seat that answered at once (a forced pass,
/// which bots and servers make at once) cannot be told from one still deciding.
#[test]
fn a_quiet_question_never_shows_who_has_answered() {
    use orrery::flow::{Choice, ChoiceError};
    use orrery::game::GameError;
    use std::sync::Arc;
    let answer_first_seat = |quiet: bool| {
        let mut game = toy_game(3, 1, &[]);
        let pending = game.state.pending.as_mut().expect("the toy game opens on a question");
        assert!(pending.simultaneous, "the toy game opens on every seat's secret plan");
        Arc::make_mut(pending).quiet = quiet;
        game.act(0, Choice::Pick(0)).expect("seat 1 answers");
        game
    };
    let loud = answer_first_seat(false);
    assert_eq!(loud.view(Some(1)).waiting, vec![1, 2], "seat 1 has answered and everyone sees it");
    let quiet = answer_first_seat(true);
    assert_eq!(quiet.view(Some(0)).waiting, vec![1, 2], "seat 1 knows it has answered");
    assert_eq!(quiet.view(Some(1)).waiting, vec![0, 1, 2], "seat 2 sees seat 1 as still deciding");
    assert_eq!(quiet.view(Some(2)).waiting, vec![0, 1, 2]);
    assert_eq!(quiet.view(None).waiting, vec![0, 1, 2], "and so do spectators");
    // Nor does the refusal of a second answer say who is still deciding.
    let mut quiet = quiet;
    match quiet.act(0, Choice::Pick(0)) {
        Err(GameError::Choice(ChoiceError::NotYourTurn { waiting, .. })) => assert_eq!(waiting, vec![2, 3]),
        other => panic!("a second answer of seat 1 is refused, not {other:?}"),
    }
    // Once every answer is in, the question is gone and play goes on as usual.
    quiet.act(1, Choice::Pick(0)).expect("seat 2 answers");
    quiet.act(2, Choice::Pick(0)).expect("seat 3 answers");
    assert!(!quiet.state.pending.as_ref().is_some_and(|p| p.quiet && p.simultaneous), "the quiet question closed");
}
