//! What a script may reach: the sandbox's globals, refusals that say why, and `require`.
//!
//! The VM starts with only `string`, `table`, `math`, `utf8`, `bit32` and the base
//! library; the parts of those that load code, reach outside or break determinism
//! are removed. Removing a name alone would leave a pack author with "attempt to
//! index nil" and no idea why, so the globals table gets an `__index` that refuses
//! each removed name with a sentence naming it. It is consulted only for names that
//! exist nowhere else, so ordinary global reads cost nothing more, and `rawget`
//! still sees nil (the sandbox tests rely on that). `load` and `loadstring` refuse
//! when called rather than when read, to say whether bytecode or text was refused.
//!
//! Determinism: every metatable a script can reach is frozen (the globals' one here,
//! a module environment's in `require`), so none can carry state from one call or
//! game to the next; and the base functions whose results would follow memory
//! addresses or the garbage collector (`tostring`, `string.format`'s `%*`, `next`,
//! `pairs`, `table.foreach`, `setmetatable` with `__mode`) are replaced by the
//! stand-ins of `stable.lua`.

use super::freeze::deep_freeze;
use crate::content::Ruleset;
use mlua::chunk::Compiler;
use mlua::{FromLua, Function, Lua, Table, Value as LuaValue, Variadic};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Base-library names that are removed, and why each is refused.
const REFUSED: &[(&str, &str)] = &[
    ("io", "scripts cannot read or write files"),
    ("os", "scripts cannot reach the operating system (no clock, files or processes)"),
    ("debug", "scripts cannot inspect or change the running VM"),
    ("package", "`require` loads only the pack's own modules, by name"),
    ("dofile", "scripts cannot run files; `require(\"name\")` loads a module of the pack"),
    ("loadfile", "scripts cannot run files; `require(\"name\")` loads a module of the pack"),
    ("getfenv", "scripts cannot reach other functions' environments"),
    ("setfenv", "scripts cannot reach other functions' environments"),
    ("collectgarbage", "the engine manages memory"),
    ("gcinfo", "the engine manages memory"),
    ("newproxy", "scripts cannot make userdata"),
    ("print", "use g:log(text) to tell the players something"),
];

/// `math` functions that are removed: a game's randomness is the kernel's seeded one.
/// (Left nil rather than refused by name: the sandbox probe in the tests reads
/// `math.random` to check that it is absent.)
const REMOVED_MATH: &[&str] = &["random", "randomseed"];

/// How the sandbox compiles the pack's code. Module environments are "safe" (their
/// reads of the libraries cannot change), which lets the VM resolve `string.format`
/// or `ipairs` once at load, call builtins such as `math.floor` directly and walk
/// `ipairs` natively. The stand-ins of `stable.lua` must not be bypassed by those
/// fast paths: `tostring` and `setmetatable` are kept from being compiled as direct
/// builtin calls, and `pairs` and `next` from the native table walk (which would
/// visit keys by address without the refusal).
pub fn compiler() -> Compiler {
    Compiler::new().set_optimization_level(2).set_disabled_builtins(["tostring", "setmetatable"]).set_mutable_globals(["pairs", "next"])
}

/// Removes what loads code, reaches outside, or breaks determinism, and installs the
/// refusals. Must run before [`Lua::sandbox`] makes the libraries read-only.
pub fn restrict(lua: &Lua) -> mlua::Result<()> {
    let globals = lua.globals();
    for (name, _) in REFUSED {
        globals.raw_set(*name, LuaValue::Nil)?;
    }
    for name in ["load", "loadstring"] {
        globals.raw_set(name, LuaValue::Nil)?;
    }
    let math: Table = globals.get("math")?;
    for name in REMOVED_MATH {
        math.raw_set(*name, LuaValue::Nil)?;
    }

    let refuse_global = lua.create_function(|lua, (_, key): (LuaValue, LuaValue)| {
        let LuaValue::String(key) = key else { return Ok(LuaValue::Nil) };
        let key = key.to_string_lossy();
        if let Some((name, why)) = REFUSED.iter().find(|(name, _)| *name == key) {
            return Err(mlua::Error::runtime(format!("`{name}` is not available in the sandbox: {why}")));
        }
        if key == "load" || key == "loadstring" {
            return Ok(LuaValue::Function(refuse_loader(lua, &key)?));
        }
        Ok(LuaValue::Nil)
    })?;
    let meta = lua.create_table()?;
    meta.raw_set("__index", refuse_global)?;
    meta.set_readonly(true);
    globals.set_metatable(Some(meta))?;
    install_stable(lua, &globals)
}

/// Puts the stand-ins of `stable.lua` in place of the functions they replace.
fn install_stable(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let string: Table = globals.get("string")?;
    let table: Table = globals.get("table")?;
    let originals = (
        globals.get::<Function>("tostring")?,
        string.get::<Function>("format")?,
        globals.get::<Function>("next")?,
        globals.get::<Function>("pairs")?,
        globals.get::<Function>("setmetatable")?,
    );
    // No line information: see the top of stable.lua.
    let stable: Table = lua
        .load(include_str!("stable.lua"))
        .set_name("=sandbox")
        .set_compiler(Compiler::new().set_debug_level(0))
        .call(originals)?;
    for name in ["tostring", "next", "pairs", "setmetatable"] {
        globals.raw_set(name, stable.raw_get::<Function>(name)?)?;
    }
    string.raw_set("format", stable.raw_get::<Function>("format")?)?;
    table.raw_set("foreach", stable.raw_get::<Function>("foreach")?)?;
    Ok(())
}

/// A stand-in for `load`/`loadstring` that always refuses, saying what it was given.
fn refuse_loader(lua: &Lua, name: &str) -> mlua::Result<mlua::Function> {
    let name = name.to_owned();
    lua.create_function(move |_, args: Variadic<LuaValue>| {
        let what = match args.first() {
            Some(LuaValue::String(chunk)) if is_bytecode(&chunk.as_bytes()) => "of bytecode refused: scripts cannot run precompiled code",
            Some(LuaValue::String(_)) => "of text refused: scripts cannot compile code while a game runs; put it in a module of the pack",
            _ => "refused: scripts cannot compile code while a game runs; put it in a module of the pack",
        };
        Err::<(), _>(mlua::Error::runtime(format!("`{name}` {what}")))
    })
}

/// Whether a chunk is compiled code: Lua's signature byte (ESC) or a Luau bytecode
/// version byte (a small number no source text starts with).
fn is_bytecode(chunk: &[u8]) -> bool {
    matches!(chunk.first(), Some(&b) if b == 0x1b || b < 0x09)
}

/// Whether a `require` argument is a file path rather than a module name.
fn is_file_path(name: &str) -> bool {
    name.contains(['/', '\\']) || name.starts_with('.') || name.starts_with('@') || name.ends_with(".lua") || name.ends_with(".luau")
}

/// Installs `require(name)`, which loads the pack's module `name` once, in an
/// environment of its own, and then freezes every table the module can still reach
/// (`freeze.rs`).
pub fn install_require(lua: &Lua, rules: &Ruleset, modules: &Table, compiled: &HashMap<String, Vec<u8>>) -> mlua::Result<()> {
    // Each module's bytecode where the load-time check compiled it already, else its
    // text (which then fails to compile with the same error).
    let sources: HashMap<String, (String, Vec<u8>)> = rules
        .scripts
        .iter()
        .map(|s| (s.module.clone(), (s.display.clone(), compiled.get(&s.module).cloned().unwrap_or_else(|| s.source.clone().into_bytes()))))
        .collect();
    let loaded_modules = modules.clone();
    let modules = modules.clone();
    // The globals as they are now, before `Lua::sandbox` puts a writable proxy in
    // their place: a module environment reads through to these, which are frozen.
    let globals = lua.globals();
    // Tables frozen all the way down, which freezing a module need not enter again:
    // the globals (with the libraries and `defs`) and each module loaded so far. All
    // stay reachable (from the globals or `modules`), so no pointer here is reused.
    let mut known = HashSet::from([globals.to_pointer()]);
    for name in ["defs", "def_ids"] {
        if let LuaValue::Table(t) = globals.raw_get(name)? {
            known.insert(t.to_pointer());
        }
    }
    let deep = Rc::new(RefCell::new(known));
    let loading: Rc<RefCell<Vec<String>>> = Rc::new(RefCell::new(Vec::new()));
    let require = lua.create_function(move |lua, name: LuaValue| {
        // Modules are required inside hot functions (to break cycles): look the
        // name up as the Lua string it is, before making a Rust one.
        let existing: LuaValue = modules.raw_get(&name)?;
        if !existing.is_nil() {
            return Ok(existing);
        }
        let name = String::from_lua(name, lua)?;
        // A name given as a number is the module of that name's text.
        let existing: LuaValue = modules.raw_get(name.as_str())?;
        if !existing.is_nil() {
            return Ok(existing);
        }
        if is_file_path(&name) {
            return Err(mlua::Error::runtime(format!(
                "require(\"{name}\") refused: scripts cannot load files; `require` takes the name of one of the pack's modules (`require(\"setup\")` for setup.lua)"
            )));
        }
        let Some((display, source)) = sources.get(&name) else {
            return Err(mlua::Error::runtime(format!("require: the pack has no script module `{name}`")));
        };
        if loading.borrow().contains(&name) {
            return Err(mlua::Error::runtime(format!("require: modules require each other in a cycle through `{name}`")));
        }
        loading.borrow_mut().push(name.clone());
        let env = lua.create_table()?;
        let meta = lua.create_table()?;
        meta.raw_set("__index", globals.clone())?;
        meta.set_readonly(true);
        env.set_metatable(Some(meta))?;
        // The module's globals read through to the frozen libraries, so the VM may
        // take its fast paths (see `compiler`).
        env.set_safeenv(true);
        let result = lua
            .load(source.as_slice())
            .set_name(format!("@{display}"))
            .set_environment(env.clone())
            .call::<LuaValue>(());
        loading.borrow_mut().retain(|n| n != &name);
        let value = result?;
        let value = if value.is_nil() { LuaValue::Table(env.clone()) } else { value };
        deep_freeze(lua, &value, &deep.borrow())?;
        deep_freeze(lua, &LuaValue::Table(env), &deep.borrow())?;
        if let LuaValue::Table(t) = &value {
            deep.borrow_mut().insert(t.to_pointer());
        }
        modules.raw_set(name.as_str(), value.clone())?;
        Ok(value)
    })?;
    // Scripts call `require` inside hot functions (to break cycles between
    // modules), thousands of times per game, almost always for a module loaded
    // already: that look-up runs in Lua, and only a first load (or a mistake) enters
    // the Rust function, whose errors are then reported at the calling script line
    // as before (the wrapper has no line information to claim them).
    let wrapper: Function = lua
        .load(REQUIRE_LOADED)
        .set_name("=sandbox")
        .set_compiler(Compiler::new().set_debug_level(0))
        .call((loaded_modules, require))?;
    lua.globals().raw_set("require", wrapper)
}

/// `require` for a module loaded already, else the loader (see `install_require`).
const REQUIRE_LOADED: &str = "local modules, load = ...
local rawget = rawget
return function(name)
    local loaded = rawget(modules, name)
    if loaded ~= nil then
        return loaded
    end
    return load(name)
end";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_paths_are_told_from_module_names() {
        for path in ["./helpers.lua", "helpers.lua", "/etc/passwd", "..\\x", "lib/util", "@scripts/x"] {
            assert!(is_file_path(path), "{path}");
        }
        for name in ["setup", "turn", "sub.util"] {
            assert!(!is_file_path(name), "{name}");
        }
    }

    #[test]
    fn nothing_a_script_sees_follows_an_address() {
        let lua = Lua::new_with(mlua::StdLib::STRING | mlua::StdLib::TABLE | mlua::StdLib::MATH, mlua::LuaOptions::default()).expect("a VM");
        restrict(&lua).expect("restricts");
        let shown: String = lua
            .load("return tostring({}) .. ' ' .. string.format('%* %s', tostring, 'x') .. ` {function() end}`")
            .eval()
            .expect("runs");
        assert_eq!(shown, "table function x function");
        let keys: i64 = lua.load("local n = 0 for k, v in pairs({a = 1, b = 2}) do n += v end return n").eval().expect("runs");
        assert_eq!(keys, 3);
        for (code, refusal) in [
            ("for k in pairs({[{}] = 1}) do end", "keyed by a table"),
            ("return next({[tostring] = 1})", "keyed by a function"),
            ("setmetatable({}, {__mode = 'k'})", "__mode"),
            ("local m = {} setmetatable({}, m) m.__mode = 'k'", "readonly"),
            ("getmetatable(_G).x = 1", "readonly"),
        ] {
            let error = lua.load(code).exec().expect_err(code);
            assert!(error.to_string().contains(refusal), "{code}: {error}");
        }
    }

    #[test]
    fn bytecode_is_told_from_source_text() {
        assert!(is_bytecode(b"\x1bLua"));
        assert!(is_bytecode(&[5, 1, 2]));
        assert!(!is_bytecode(b"return 1"));
        assert!(!is_bytecode(b"\n\treturn 1"));
        assert!(!is_bytecode(b""));
    }
}
