//! Freezing what a module leaves behind, so that scripts keep no state between calls.
//!
//! Once a module has loaded, every table it can still reach is made read-only: its
//! value, its environment, the metatables of both, and — what freezing the module
//! table alone misses — every table held by its functions' upvalues (a module-level
//! `local CACHE = {}` that a function fills with `table.insert`). A later write fails
//! with "attempt to modify a readonly table", which [`super::ScriptError`] explains.
//! Writes at load time (building constant tables in top-level code) still work.
//!
//! What freezing cannot reach is an upvalue holding a number, string or boolean that
//! a function reassigns (`count += 1`): Luau has no read-only upvalues. The load-time
//! lint (`lint.rs`) refuses such reassignments, and the games of `orrery check` play
//! every game twice and on another thread to catch what slips past it.
//!
//! Luau has no `debug.getupvalue` and mlua no safe way to read upvalues, so the walk
//! reads them through the C API in [`upvalues`], the crate's one unsafe block. The
//! walk keeps its own stack rather than recursing, so a hostile module's deeply
//! nested tables cannot overflow the Rust stack.

use mlua::{ffi, Function, Lua, MultiValue, Value as LuaValue};
use std::collections::HashSet;
use std::ffi::c_void;

/// Makes `value` read-only if it is a table, and every table reachable from it:
/// keys, values, metatables, and the upvalues of every Lua function on the way.
///
/// A table already read-only is still entered, since a script can freeze a table
/// (`table.freeze`, or `setmetatable` freezing a metatable) without freezing what it
/// holds; only the tables in `deep`, known to be frozen all the way down (the
/// globals, `defs`, modules loaded before), are not.
pub fn deep_freeze(lua: &Lua, value: &LuaValue, deep: &HashSet<*const c_void>) -> mlua::Result<()> {
    let mut seen = HashSet::new();
    let mut todo = vec![value.clone()];
    while let Some(value) = todo.pop() {
        match value {
            LuaValue::Table(t) => {
                let at = t.to_pointer();
                if deep.contains(&at) || !seen.insert(at) {
                    continue;
                }
                t.set_readonly(true);
                if let Some(meta) = t.metatable() {
                    todo.push(LuaValue::Table(meta));
                }
                for pair in t.pairs::<LuaValue, LuaValue>() {
                    let (k, v) = pair?;
                    todo.push(k);
                    todo.push(v);
                }
            }
            LuaValue::Function(f) => {
                if seen.insert(f.to_pointer()) {
                    todo.extend(upvalues(lua, &f)?);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The upvalues of a Lua function; none for a function written in Rust or C (their
/// upvalues are the host's own data, never a script's).
fn upvalues(lua: &Lua, f: &Function) -> mlua::Result<MultiValue> {
    // SAFETY: `exec_raw` pushes `f` at stack index 1 and runs the closure in protected
    // mode. The closure reads only that index, makes room before each push
    // (`luaL_checkstack` raises a Lua error rather than overflowing), and leaves
    // exactly the pushed upvalues on the stack, which `exec_raw` converts and pops.
    unsafe {
        lua.exec_raw::<MultiValue>(f, |state| {
            if ffi::lua_iscfunction(state, 1) != 0 {
                ffi::lua_settop(state, 0);
                return;
            }
            let mut n = 1;
            loop {
                ffi::luaL_checkstack(state, 1, c"upvalues".as_ptr());
                if ffi::lua_getupvalue(state, 1, n).is_null() {
                    break;
                }
                n += 1;
            }
            ffi::lua_remove(state, 1);
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::Table;

    #[test]
    fn tables_held_by_upvalues_and_metatables_are_frozen() {
        let lua = Lua::new();
        let module: Table = lua
            .load(
                "local cache = {inner = {}}
                 local meta = {}
                 local shallow = table.freeze({inner = {}})
                 local function helper() return cache end
                 local M = setmetatable({}, meta)
                 function M.add(x) table.insert(helper().inner, x) end
                 function M.meta() meta.n = 1 end
                 function M.shallow(x) table.insert(shallow.inner, x) end
                 return M",
            )
            .eval()
            .expect("loads");
        deep_freeze(&lua, &LuaValue::Table(module.clone()), &HashSet::new()).expect("freezes");
        for name in ["add", "meta", "shallow"] {
            let f: Function = module.get(name).expect("function");
            let error = f.call::<()>(1).expect_err("the write is refused");
            assert!(error.to_string().contains("readonly"), "{name}: {error}");
        }
    }

    #[test]
    fn recursive_functions_and_deep_nesting_end() {
        let lua = Lua::new();
        let module: Table = lua
            .load(
                "local deep = {}
                 local t = deep
                 for i = 1, 100000 do t.next = {}; t = t.next end
                 local function f() return f, deep end
                 return { f = f }",
            )
            .eval()
            .expect("loads");
        deep_freeze(&lua, &LuaValue::Table(module), &HashSet::new()).expect("freezes without overflowing");
    }
}
