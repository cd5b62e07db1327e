//! `g:memo()`: what a script remembers lasts while the game does not change, and
//! never passes from one call to the next.

use crate::common::toy_game;
use orrery::value::Value;

fn eval(game: &mut orrery::game::Game, code: &str) -> Value {
    game.eval("memo test", code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

#[test]
fn the_memo_keeps_answers_while_only_reading_and_is_emptied_by_a_change() {
    let mut game = toy_game(2, 1, &[]);
    let kept = eval(
        &mut game,
        r#"local m = g:memo()
           m.x = 1
           g:get(1, "energy"); g:entities({ kind = "pawn" }); g:global("round"); g:face(0)
           return g:memo() == m and g:memo().x == 1"#,
    );
    assert_eq!(kept, Value::Bool(true), "reading the game keeps the memo");
    let emptied = eval(
        &mut game,
        r#"local m = g:memo()
           m.x = 1
           g:set(1, "memo_probe", 2)
           -- A reference held across the change sees it emptied too.
           return g:memo().x == nil and m.x == nil"#,
    );
    assert_eq!(emptied, Value::Bool(true), "a change empties the memo");
}

#[test]
fn nothing_in_the_memo_passes_from_one_call_to_the_next() {
    let mut game = toy_game(2, 1, &[]);
    eval(&mut game, r#"local m = g:memo() m.left = "over" setmetatable(m, { __index = { inherited = true } }) table.freeze(m) return true"#);
    let clean = eval(
        &mut game,
        r#"local m = g:memo()
           local fresh = m.left == nil and m.inherited == nil and getmetatable(m) == nil
           m.again = 1
           return fresh and m.again == 1"#,
    );
    assert_eq!(clean, Value::Bool(true), "the next call's memo is empty, plain and writable");
}
