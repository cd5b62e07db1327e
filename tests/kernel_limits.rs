//! The kernel's limits hold whatever a script asks through `g` (issue 12): the work
//! of `g` methods is charged to the budget, looking a name up never interns it, no
//! move makes a containment cycle, the state has a maximum size and the flow a
//! maximum depth; and a snippet refused by any of them changes nothing.

use crate::common::toy_game;
use orrery::game::GameError;
use orrery::state::STATE_FULL;
use orrery::sym::Sym;
use orrery::value::{Key, Value};

/// The error of a snippet that must be refused, after checking it left the game as
/// it was.
fn refused(code: &str) -> String {
    let mut game = toy_game(2, 1, &[]);
    let before = ron::to_string(&game.state).expect("a state serialises");
    let error = match game.eval("attack", code) {
        Ok(v) => panic!("the snippet should be refused, it returned {v}"),
        Err(GameError::Script(e)) => e.to_string(),
        Err(other) => panic!("the snippet should fail in the script, not: {other}"),
    };
    assert_eq!(ron::to_string(&game.state).expect("a state serialises"), before, "a refused snippet changed the game");
    error
}

#[test]
fn g_methods_charge_their_work_to_the_budget() {
    // 100,000 calls are 100,000 loop turns, far within the budget; the 2,800 cells
    // each call looks at are not.
    let error = refused(
        "g:place_tile({ kind = 'tile', id = 'meadow', side = 'cells', q = 100, r = 0, radius = 30 })\n\
         for _ = 1, 100000 do g:within(0, 1) end",
    );
    assert!(error.contains("runaway loop stopped") && error.contains("the work of g methods"), "{error}");
}

#[test]
fn looking_a_name_up_never_interns_it() {
    let mut game = toy_game(2, 1, &[]);
    let snippet = "{ g:global('i12-never-stored-a'), g:get(1, 'i12-never-stored-b'), g:count({ kind = 'i12-never-stored-c' }), \
                   g:set_global('i12-never-stored-d', nil) }";
    // {nil, nil, 0, nil}: only the count is there, at key 3.
    assert_eq!(game.eval("look", snippet), Ok(Value::map(vec![(Key::Int(3), Value::Int(0))])));
    for name in ["i12-never-stored-a", "i12-never-stored-b", "i12-never-stored-c", "i12-never-stored-d"] {
        assert_eq!(Sym::find(name), None, "`{name}` was interned by a look-up");
    }
}

#[test]
fn no_move_makes_a_containment_cycle() {
    for mover in ["move", "move_to_bottom"] {
        let error = refused(&format!(
            "local a = g:create({{ kind = 'box' }})\n\
             local b = g:create({{ kind = 'box', at = {{ inside = a }} }})\n\
             g:{mover}(a, {{ inside = b }})"
        ));
        assert!(error.contains("cannot be put inside itself or inside something it holds"), "{mover}: {error}");
    }
}

#[test]
fn storing_past_the_state_limit_is_refused() {
    let error = refused("local s = string.rep('x', 1024 * 1024)\nfor i = 1, 100 do g:set_global('big' .. i, s) end");
    assert!(error.contains(STATE_FULL), "{error}");
}

#[test]
fn the_flow_depth_is_capped() {
    let error = refused("for _ = 1, 2000 do g:push('bank', {}) end");
    assert!(error.contains("the flow already holds 1000 frames"), "{error}");
}

#[test]
fn a_value_shared_many_times_over_is_refused_not_expanded() {
    let error = refused("local t = {}\nfor _ = 1, 40 do t = { t, t } end\ng:set_global('t', t)");
    assert!(error.contains("too large to store"), "{error}");
}

#[test]
fn a_misspelt_filter_field_is_an_error_not_a_match_of_everything() {
    let mut game = toy_game(2, 1, &[]);
    let error = game.eval("typo", "g:count({ kinds = 'pawn' })").expect_err("an unknown field is refused");
    assert!(error.to_string().contains("no field `kinds`") && error.to_string().contains("kind, face, owner"), "{error}");
    let listed = game.eval("list", "g:count({ kind = { 'no-such-kind', 'another' } })").expect("a list of unknown kinds matches nothing");
    assert_eq!(listed, Value::Int(0));
}

#[test]
fn a_has_filter_finds_the_entities_with_a_prop_set() {
    let mut game = toy_game(2, 1, &[]);
    let found = game
        .eval(
            "has",
            r#"
            local a = g:create({ kind = "probe", at = "box", props = { moved = 1 } })
            local b = g:create({ kind = "probe", at = "box" })
            local c = g:create({ kind = "probe", at = "box", props = { moved = false } })
            g:set_prop(a, "moved", nil)
            g:set_prop(b, "moved", 2)
            local listed = g:entities({ kind = "probe", has = "moved" })
            return #listed == 2 and listed[1] == b and listed[2] == c and g:count({ has = "never-set" }) == 0
            "#,
        )
        .expect("runs");
    assert_eq!(found, Value::Bool(true), "b and c have `moved` set (false is a value), a no longer has it");
}

#[test]
fn a_lacks_filter_finds_the_entities_without_a_prop() {
    let mut game = toy_game(2, 1, &[]);
    let found = game
        .eval(
            "lacks",
            r#"
            local a = g:create({ kind = "probe", at = "box", props = { moved = 1 } })
            local b = g:create({ kind = "probe", at = "box" })
            local c = g:create({ kind = "probe", at = "box", props = { moved = false } })
            g:set_prop(a, "moved", nil)
            local listed = g:entities({ kind = "probe", lacks = "moved" })
            return #listed == 2 and listed[1] == a and listed[2] == b
                and g:count({ kind = "probe", lacks = "never-set" }) == 3
                and g:count({ kind = "probe", has = "moved", lacks = "moved" }) == 0
            "#,
        )
        .expect("runs");
    assert_eq!(found, Value::Bool(true), "a lost `moved` and b never had it; c has it (false is a value); a prop never set is lacked by all");
}

#[test]
fn reach_lists_what_field_reaches_nearest_first() {
    let mut game = toy_game(2, 1, &[]);
    let same = game
        .eval(
            "reach",
            r#"
            local rules = { costs = { rough = 2, wall = false } }
            for from = 0, g:cell_count() - 1 do
                for _, budget in ipairs({ 0, 1, 3, -1 }) do
                    local field = g:field(from, budget, rules)
                    local cells, costs = g:reach(from, budget, rules)
                    if #cells ~= #costs then return "lists of different lengths" end
                    local expected = 0
                    for c, cost in pairs(field) do
                        if c ~= from then expected += 1 end
                    end
                    if #cells ~= expected then return "reach misses or adds cells from " .. from end
                    for i, c in ipairs(cells) do
                        if c == from then return "the start is listed" end
                        if field[c] ~= costs[i] then return "a cost differs from g:field's" end
                        local prev_cost, prev = costs[i - 1], cells[i - 1]
                        if prev and (prev_cost > costs[i] or (prev_cost == costs[i] and prev >= c)) then
                            return "not nearest first, then ascending"
                        end
                    end
                end
            end
            return true
            "#,
        )
        .expect("runs");
    assert_eq!(same, Value::Bool(true), "{same:?}");
}
