//! The Lua runtime that runs a pack's scripts.
//!
//! One [`ScriptHost`] per thread and ruleset: a Luau VM holding the pack's modules
//! (functions only — scripts keep no game state between calls), the frozen
//! definitions of the pack, and the `g` handle through which scripts read and change
//! the state. During a call the [`GameState`] is *moved* into the VM's app data and
//! moved back afterwards, so the API works on plain Rust data without copies or
//! unsafe pointers.
//!
//! Sandbox: only `string`, `table`, `math` (without `random`), `utf8`, `bit32` and a
//! safe part of the base library; no `io`, `os`, `debug`, `load`/`loadstring`,
//! `getfenv`/`setfenv`; `require` resolves only the pack's own modules. Built-in
//! libraries are read-only, each module runs in its own environment that is frozen
//! once the module has loaded, and every module table is frozen, so a script cannot
//! smuggle state from one call to the next. Limits: a memory cap and a count-based
//! instruction budget per call (never wall-clock, which would break determinism).

mod api;
mod convert;
mod error;
pub mod lint;

pub use convert::{from_lua, to_lua};
pub use error::ScriptError;

use crate::content::Ruleset;
use crate::state::GameState;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value as LuaValue, VmState};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Interrupt ticks (calls and loop back-edges) one call may use.
pub const INSTRUCTION_BUDGET: u64 = 50_000_000;
/// Memory the VM may use, in bytes.
pub const MEMORY_LIMIT: usize = 256 * 1024 * 1024;

/// What a running script works on: moved in for the call, moved out after.
pub struct Slot {
    pub state: GameState,
    pub rules: Arc<Ruleset>,
}

/// The functions of one flow step.
#[derive(Clone)]
pub struct StepFns {
    pub enter: Option<Function>,
    pub run: Option<Function>,
    pub resolve: Option<Function>,
}

/// A Luau VM loaded with one pack's scripts.
pub struct ScriptHost {
    lua: Lua,
    handle: mlua::AnyUserData,
    modules: Table,
    steps: HashMap<String, StepFns>,
    functions: RefCell<HashMap<String, Function>>,
    ticks: Rc<Cell<u64>>,
}

impl ScriptHost {
    /// Creates a VM, loads every module of `rules` and resolves every step handler.
    pub fn new(rules: &Ruleset) -> Result<ScriptHost, ScriptError> {
        let setup = |e: mlua::Error| ScriptError::from_lua("loading scripts", e);
        let libs = StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8 | StdLib::BIT;
        let lua = Lua::new_with(libs, LuaOptions::default()).map_err(setup)?;
        lua.set_memory_limit(MEMORY_LIMIT).map_err(setup)?;
        let ticks = Rc::new(Cell::new(0u64));
        let counter = ticks.clone();
        lua.set_interrupt(move |lua| {
            let used = counter.get() + 1;
            counter.set(used);
            if used > INSTRUCTION_BUDGET {
                // Name the script line that was running, as other script errors do.
                let place = (0..4)
                    .filter_map(|level| {
                        lua.inspect_stack(level, |d| {
                            let source = d.source().short_src.map(|s| s.to_string()).unwrap_or_default();
                            d.current_line().filter(|_| source.ends_with(".lua")).map(|line| format!("{source}:{line}: "))
                        })
                        .flatten()
                    })
                    .next()
                    .unwrap_or_default();
                return Err(mlua::Error::runtime(format!(
                    "{place}instruction budget exceeded ({INSTRUCTION_BUDGET} steps): an endless loop?"
                )));
            }
            Ok(VmState::Continue)
        });
        for script in &rules.scripts {
            if let Some(write) = lint::state_writes(&script.source).first() {
                return Err(ScriptError {
                    location: Some(format!("{}:{}", script.display, write.line)),
                    hook: format!("loading module {}", script.module),
                    message: format!(
                        "a function writes to the module-level local `{}`; scripts must keep no state between calls (store it in the game with g:set / g:set_global / entity props)",
                        write.name
                    ),
                });
            }
        }
        strip_unsafe_globals(&lua).map_err(setup)?;
        install_defs(&lua, rules).map_err(setup)?;
        let modules = lua.create_table().map_err(setup)?;
        install_require(&lua, rules, &modules).map_err(setup)?;
        lua.sandbox(true).map_err(setup)?;
        let handle = lua.create_userdata(api::GameHandle).map_err(setup)?;

        let require: Function = lua.globals().get("require").map_err(setup)?;
        for script in &rules.scripts {
            require
                .call::<LuaValue>(script.module.as_str())
                .map_err(|e| ScriptError::from_lua(&format!("loading module {}", script.module), e))?;
        }
        let mut host = ScriptHost {
            lua,
            handle,
            modules,
            steps: HashMap::new(),
            functions: RefCell::new(HashMap::new()),
            ticks,
        };
        for step in &rules.manifest.steps {
            let table = host.lookup(&step.handler)?;
            let LuaValue::Table(table) = table else {
                return Err(ScriptError::plain(
                    &format!("step {}", step.id),
                    format!("handler {} is not a table of step functions", step.handler),
                ));
            };
            let get = |name: &str| -> Result<Option<Function>, ScriptError> {
                match table.raw_get::<LuaValue>(name) {
                    Ok(LuaValue::Function(f)) => Ok(Some(f)),
                    Ok(LuaValue::Nil) => Ok(None),
                    _ => Err(ScriptError::plain(
                        &format!("step {}", step.id),
                        format!("{}.{name} must be a function", step.handler),
                    )),
                }
            };
            let fns = StepFns { enter: get("enter")?, run: get("run")?, resolve: get("resolve")? };
            if fns.run.is_none() && fns.enter.is_none() {
                return Err(ScriptError::plain(
                    &format!("step {}", step.id),
                    format!("{} has neither `enter` nor `run`", step.handler),
                ));
            }
            host.steps.insert(step.id.clone(), fns);
        }
        Ok(host)
    }

    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    pub fn step(&self, id: &str) -> Option<&StepFns> {
        self.steps.get(id)
    }

    /// Resolves `module.name.path` to a Lua value.
    fn lookup(&self, path: &str) -> Result<LuaValue, ScriptError> {
        let mut parts = path.split('.');
        let module = parts.next().unwrap_or_default();
        let mut current: LuaValue = self
            .modules
            .raw_get(module)
            .map_err(|e| ScriptError::from_lua(path, e))?;
        if current.is_nil() {
            return Err(ScriptError::plain(path, format!("no script module named `{module}`")));
        }
        for part in parts {
            current = match current {
                LuaValue::Table(t) => t.raw_get(part).map_err(|e| ScriptError::from_lua(path, e))?,
                _ => LuaValue::Nil,
            };
            if current.is_nil() {
                return Err(ScriptError::plain(path, format!("`{path}` does not exist (no `{part}`)")));
            }
        }
        Ok(current)
    }

    /// Resolves `module.function`, caching the result.
    pub fn function(&self, path: &str) -> Result<Function, ScriptError> {
        if let Some(f) = self.functions.borrow().get(path) {
            return Ok(f.clone());
        }
        match self.lookup(path)? {
            LuaValue::Function(f) => {
                self.functions.borrow_mut().insert(path.to_owned(), f.clone());
                Ok(f)
            }
            _ => Err(ScriptError::plain(path, format!("`{path}` is not a function"))),
        }
    }

    /// Runs `body` with the state moved into the VM. `hook` names what runs, for errors.
    pub fn with_state<R>(
        &self,
        state: &mut GameState,
        rules: &Arc<Ruleset>,
        hook: &str,
        body: impl FnOnce(&Lua, &mlua::AnyUserData) -> mlua::Result<R>,
    ) -> Result<R, ScriptError> {
        self.ticks.set(0);
        let slot = Slot { state: std::mem::take(state), rules: rules.clone() };
        self.lua.set_app_data(slot);
        let result = body(&self.lua, &self.handle);
        let slot = self.lua.remove_app_data::<Slot>();
        match slot {
            Some(slot) => *state = slot.state,
            None => return Err(ScriptError::plain(hook, "the game state was lost during a script call".into())),
        }
        result.map_err(|e| ScriptError::from_lua(hook, e))
    }
}

impl ScriptHost {
    /// Runs a Lua snippet (a scenario's setup or assertion) with `g` in scope and
    /// returns its value. Snippets are tooling input, never pack content.
    pub fn eval(&self, state: &mut GameState, rules: &Arc<Ruleset>, name: &str, code: &str) -> Result<crate::value::Value, ScriptError> {
        let hook = format!("snippet {name}");
        self.with_state(state, rules, &hook, |lua, g| {
            let env = lua.create_table()?;
            env.raw_set("g", g.clone())?;
            let meta = lua.create_table()?;
            meta.raw_set("__index", lua.globals())?;
            env.set_metatable(Some(meta))?;
            // An expression is evaluated for its value; anything else runs as a chunk.
            let as_expression = format!("return {code}");
            let chunk = match lua.load(as_expression.as_str()).set_name(format!("={name}")).set_environment(env.clone()).into_function() {
                Ok(f) => f,
                Err(_) => lua.load(code).set_name(format!("={name}")).set_environment(env).into_function()?,
            };
            let value: LuaValue = chunk.call(())?;
            from_lua(&value)
        })
    }
}

/// Removes base-library functions that load code, reach outside, or break determinism.
fn strip_unsafe_globals(lua: &Lua) -> mlua::Result<()> {
    let globals = lua.globals();
    for name in ["loadstring", "getfenv", "setfenv", "collectgarbage", "gcinfo", "newproxy", "print", "dofile", "loadfile", "load"] {
        globals.raw_set(name, LuaValue::Nil)?;
    }
    let math: Table = globals.get("math")?;
    math.raw_set("random", LuaValue::Nil)?;
    math.raw_set("randomseed", LuaValue::Nil)?;
    Ok(())
}

/// Exposes the pack's definitions as the frozen globals `defs[kind][id]` and
/// `def_ids[kind]` (ids in file order).
fn install_defs(lua: &Lua, rules: &Ruleset) -> mlua::Result<()> {
    let defs = lua.create_table()?;
    let ids = lua.create_table()?;
    for (kind, list) in &rules.defs {
        let by_id = lua.create_table()?;
        let order = lua.create_table()?;
        for (i, def) in list.iter().enumerate() {
            let value = to_lua(lua, &def.value)?;
            deep_freeze(&value)?;
            by_id.raw_set(def.id.as_str(), value)?;
            order.raw_set(i + 1, def.id.as_str())?;
        }
        by_id.set_readonly(true);
        order.set_readonly(true);
        defs.raw_set(kind.as_str(), by_id)?;
        ids.raw_set(kind.as_str(), order)?;
    }
    defs.set_readonly(true);
    ids.set_readonly(true);
    lua.globals().raw_set("defs", defs)?;
    lua.globals().raw_set("def_ids", ids)?;
    Ok(())
}

fn deep_freeze(value: &LuaValue) -> mlua::Result<()> {
    if let LuaValue::Table(t) = value {
        if t.is_readonly() {
            return Ok(());
        }
        t.set_readonly(true);
        for pair in t.clone().pairs::<LuaValue, LuaValue>() {
            let (_, v) = pair?;
            deep_freeze(&v)?;
        }
    }
    Ok(())
}

/// Installs `require(name)`, which loads the pack's module `name` once, in an
/// environment of its own, and freezes what it returns.
fn install_require(lua: &Lua, rules: &Ruleset, modules: &Table) -> mlua::Result<()> {
    let sources: HashMap<String, (String, String)> = rules
        .scripts
        .iter()
        .map(|s| (s.module.clone(), (s.display.clone(), s.source.clone())))
        .collect();
    let modules = modules.clone();
    let loading: Rc<RefCell<Vec<String>>> = Rc::new(RefCell::new(Vec::new()));
    let require = lua.create_function(move |lua, name: String| {
        let existing: LuaValue = modules.raw_get(name.as_str())?;
        if !existing.is_nil() {
            return Ok(existing);
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
        meta.raw_set("__index", lua.globals())?;
        env.set_metatable(Some(meta))?;
        let result = lua
            .load(source.as_str())
            .set_name(format!("@{display}"))
            .set_environment(env.clone())
            .call::<LuaValue>(());
        loading.borrow_mut().retain(|n| n != &name);
        let value = result?;
        let value = if value.is_nil() { LuaValue::Table(env.clone()) } else { value };
        deep_freeze(&value)?;
        env.set_readonly(true);
        modules.raw_set(name.as_str(), value.clone())?;
        Ok(value)
    })?;
    lua.globals().raw_set("require", require)
}
