//! `g:columns(filter, props)`: the entities `g:entities` lists, as columns of ids,
//! faces and properties, agreeing with `g:face` and `g:prop` entity by entity.

use crate::common::toy_game;
use orrery::value::Value;

fn eval(game: &mut orrery::game::Game, code: &str) -> Value {
    game.eval("columns test", code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

#[test]
fn columns_agree_with_entities_face_and_prop() {
    let mut game = toy_game(2, 1, &[]);
    let agree = eval(
        &mut game,
        r#"local ids = g:entities({ kind = "pawn" })
           assert(#ids >= 2, "the toy game has pawns")
           g:set_prop(ids[1], "x", 3)
           g:set_prop(ids[2], "label", "two")
           local c = g:columns({ kind = "pawn" }, { "x", "label", "never_set_anywhere" })
           if #c.id ~= #ids then return "ids: " .. #c.id end
           for i, e in ipairs(ids) do
               if c.id[i] ~= e then return "id " .. i end
               if c.face[i] ~= g:face(e) then return "face " .. i end
               if c.x[i] ~= g:prop(e, "x") then return "x " .. i end
               if c.label[i] ~= g:prop(e, "label") then return "label " .. i end
           end
           if next(c.never_set_anywhere) ~= nil then return "a name never stored has values" end
           local none = g:columns({ kind = "no_such_kind" }, { "x" })
           if #none.id ~= 0 or next(none.x) ~= nil then return "an empty filter gives empty columns" end
           return true"#,
    );
    assert_eq!(agree, Value::Bool(true));
}

#[test]
fn columns_refuses_a_list_that_is_not_of_names() {
    let mut game = toy_game(2, 1, &[]);
    let err = game.eval("columns test", r#"return g:columns({ kind = "pawn" }, { 1, 2 })"#).expect_err("numbers are no property names");
    assert!(err.to_string().contains("g:columns lists property names"), "{err}");
    let err = game.eval("columns test", r#"return g:columns({ kind = "pawn" }, "x")"#).expect_err("a bare string is no list");
    assert!(err.to_string().contains("expected a list of property names"), "{err}");
}
