//! Script failures are clean errors that name the script file, the line and the
//! step that ran; the sandbox keeps scripts away from the outside world and from
//! keeping state between calls.

use crate::common::{broken_rules, load_broken, toy};
use orrery::game::{host_for, Game, GameError};
use orrery::script::ScriptError;
use orrery::value::Value;
use std::sync::Arc;

/// The script error of starting a `faulty` game with `variant`.
fn start_error(variant: &str) -> ScriptError {
    match Game::new(broken_rules("faulty"), 2, 1, vec![variant.to_owned()]) {
        Ok(_) => panic!("variant {variant} should fail"),
        Err(GameError::Script(e)) => e,
        Err(other) => panic!("variant {variant} should fail in a script, not: {other}"),
    }
}

#[test]
fn runtime_error_names_file_line_and_step() {
    let e = start_error("crash");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:8"), "{e}");
    assert!(e.hook.contains("start"), "the error should name the step: {e}");
    assert!(e.to_string().starts_with("scripts/faulty/main.lua:8: "), "{e}");
}

#[test]
fn a_failing_g_method_names_the_script_line_that_called_it() {
    // g:cell_of and g:face are called directly by the VM (script/api/direct.rs),
    // g:variant through mlua's userdata methods: the errors read alike.
    let e = start_error("bad_entity");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:21"), "{e}");
    assert_eq!(e.message, "entity 99999 does not exist", "{e}");
    let e = start_error("bad_argument");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:24"), "{e}");
    assert_eq!(e.message, "bad argument #1 to `face`: expected an integer, got a string", "{e}");
    let e = start_error("dot_call");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:27"), "{e}");
    assert!(e.message.contains("call g methods with a colon: g:get"), "{e}");
}

#[test]
fn endless_loop_hits_the_instruction_budget() {
    let e = start_error("loop");
    assert!(e.message.contains("instruction budget"), "{e}");
    assert!(e.hook.contains("start"), "{e}");
}

#[test]
fn instruction_budget_error_names_the_script_line() {
    // DESIGN.md: "breaking either [limit] is a clean ScriptError that names the script and line".
    let e = start_error("loop");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:11"), "{e}");
}

#[test]
fn module_cannot_write_a_global_at_run_time() {
    let e = start_error("global_write");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:15"), "{e}");
}

#[test]
fn require_of_an_unknown_module_fails_cleanly() {
    let e = start_error("require_unknown");
    assert!(e.message.contains("nothere"), "{e}");
    assert_eq!(e.location.as_deref(), Some("scripts/faulty/main.lua:18"), "{e}");
}

#[test]
fn sandbox_has_no_io_os_debug_loaders_or_random() {
    let mut game = match Game::new(broken_rules("faulty"), 2, 1, vec![]) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let leaks = game.eval("probe", "return require('probe').leaks()");
    assert_eq!(leaks, Ok(Value::Str(String::new())), "a module can reach forbidden things");
}

#[test]
fn lua_syntax_error_names_file_and_line() {
    let rules = match load_broken("bad_lua") {
        Ok(r) => r,
        Err(e) => panic!("bad_lua's content is fine: {e}"),
    };
    let e = match host_for(&rules) {
        Ok(_) => panic!("bad_lua has a syntax error"),
        Err(e) => e,
    };
    assert_eq!(e.location.as_deref(), Some("scripts/bad_lua/main.lua:4"), "{e}");
}

#[test]
fn missing_step_handler_is_reported_when_scripts_load() {
    let rules = match load_broken("bad_step") {
        Ok(r) => r,
        Err(e) => panic!("bad_step's content is fine: {e}"),
    };
    let e = match host_for(&rules) {
        Ok(_) => panic!("bad_step's handler does not exist"),
        Err(e) => e,
    };
    assert!(e.to_string().contains("main.missing"), "{e}");
}

#[test]
fn module_locals_written_by_functions_are_refused_at_load() {
    // Principle 2: Lua holds no state between calls. Freezing cannot protect a
    // module-level local captured by a function, so the host refuses such scripts.
    let rules = match load_broken("stateful") {
        Ok(rules) => Arc::new(rules),
        Err(e) => panic!("stateful's content should load:\n{e}"),
    };
    let error = match host_for(&rules) {
        Ok(_) => panic!("a script that keeps state must be refused"),
        Err(e) => e,
    };
    assert_eq!(error.location.as_deref(), Some("scripts/stateful/counter.lua:6"), "{error}");
    assert!(error.message.contains("`count`"), "{error}");
}

#[test]
fn every_vm_of_a_pack_reports_its_script_problems_though_they_are_checked_once() {
    // The first VM made for a pack lints and compiles its scripts; later ones (here
    // on another thread, where `host_for` makes a VM of its own) reuse what it found.
    for id in ["bad_lua", "stateful"] {
        let rules = broken_rules(id);
        let first = host_for(&rules).err().unwrap_or_else(|| panic!("{id} is refused"));
        let second = std::thread::scope(|s| s.spawn(|| host_for(&rules).err()).join().expect("no panic"));
        let second = second.unwrap_or_else(|| panic!("{id} is refused by a second VM too"));
        assert_eq!(first, second, "{id}");
    }
}

#[test]
fn toy_scripts_cannot_write_to_definitions() {
    let mut game = Game::new(toy(), 2, 1, vec![]).expect("toy starts");
    // Two lines: `Game::eval` turns a one-line snippet into `return <snippet>`.
    let result = game.eval("write", "defs.plan.dash.budget = 99\nreturn true");
    let error = result.expect_err("definitions are frozen");
    assert!(error.to_string().contains("readonly"), "{error}");
    assert_eq!(game.eval("read", "defs.plan.dash.budget"), Ok(Value::Int(3)));
}

#[test]
fn g_methods_read_integer_arguments_as_mlua_does() {
    // Direct methods read their arguments off the VM's stack (script/api/direct.rs);
    // they take what mlua's conversions take: -0, whole floats and numeric strings.
    let mut game = crate::common::toy_game(2, 1, &[]);
    let read = game.eval("ints", "g:add(1, 'n', -0) == 0 and g:add(1, 'n', 2.0) == 2 and g:add('1', 'n', '3') == 5").expect("runs");
    assert_eq!(read, Value::Bool(true));
    let error = game.eval("fraction", "g:add(1, 'n', 2.5)").expect_err("a fraction is no integer");
    assert!(error.to_string().contains("bad argument #3 to `add`: expected an integer, got the number 2.5"), "{error}");
    let error = game.eval("missing", "g:cell_of()").expect_err("an argument is missing");
    assert!(error.to_string().contains("bad argument #1 to `cell_of`: expected an integer, got a nil"), "{error}");
}
