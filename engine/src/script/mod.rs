//! The Lua runtime that runs a pack's scripts.
//!
//! One [`ScriptHost`] per thread and ruleset: a Luau VM holding the pack's modules
//! (functions only — scripts keep no game state between calls), the frozen
//! definitions of the pack, and the `g` handle through which scripts read and change
//! the state. During a call the [`GameState`] is *lent* to the running call's slot
//! (a thread-local the `g` methods reach, `api::put_slot`, holding a [`LentState`])
//! and taken back afterwards, so the API works on plain Rust data without copies.
//!
//! Loading reports every problem rather than the first ([`ScriptHost::load`]), so
//! `orrery check` can list them all; [`ScriptHost::new`], for games, stops at the first.
//!
//! Sandbox (`sandbox.rs`): only `string`, `table`, `math` (without `random`), `utf8`,
//! `bit32` and a safe part of the base library; `require` resolves only the pack's own
//! modules, and reaching for anything else is refused by name. Built-in libraries,
//! globals and every metatable a script can reach are read-only, and once a module
//! has loaded, every table it can still reach — its value, its environment, the
//! tables its functions hold as upvalues — is frozen (`freeze.rs`), so a script
//! cannot smuggle state from one call, or game, to the next; the lint (`lint.rs`)
//! refuses the one kind of module state freezing cannot stop, a reassigned
//! module-level local. Nothing a script sees follows memory addresses: `tostring`,
//! `pairs` and their kin are replaced (`stable.lua`). Limits (`limits.rs`): a memory
//! cap and a count-based instruction budget per call and per act (never wall-clock,
//! which would break determinism), which the kernel's own work for a script is
//! charged to as well.

mod api;
mod convert;
mod decision;
mod error;
pub mod field_names;
mod freeze;
mod limits;
pub mod profile;
mod raw;
pub mod lint;
pub mod reference;
mod sandbox;

pub use convert::{from_lua, to_lua, unchanged, MAX_VALUE_BYTES};
pub use decision::read_pending;
pub use error::{LoadError, ScriptError};
pub use limits::{capped, cost, fail_g_call, Budget, Tally, ACT_BUDGET, INSTRUCTION_BUDGET, MEMORY_LIMIT, PLANTED_FAILURE};

use crate::content::{Ruleset, ScriptSource};
use crate::state::GameState;
use crate::value::Value;
use limits::Limits;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value as LuaValue};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What a running script works on, for the length of one call.
pub struct Slot {
    pub state: LentState,
    pub rules: Arc<Ruleset>,
    /// The call's budget, which `g` methods charge their work to.
    pub budget: Budget,
    /// Whether `g:memo()`'s table holds only what was computed since the state last
    /// changed in this call; false at the start of every call (`api::memo`).
    pub memo_kept: bool,
}

/// The caller's game state, lent to a script call: [`ScriptHost::with_state`] makes
/// it from the `&mut GameState` it is given and takes it back (out of the thread's
/// running slot) before it returns, panics included, so it never outlives that
/// borrow. Lent rather than moved: a state is several hundred bytes, and moving it
/// in and out (with a default state left behind, two allocations) cost about 2% of
/// an act, at five calls an act.
pub struct LentState(std::ptr::NonNull<GameState>);

impl std::ops::Deref for LentState {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        // SAFETY: valid for the call's length (see the type); while the call runs its
        // only user is the slot, which hands it out through one `RefMut` at a time.
        unsafe { self.0.as_ref() }
    }
}

impl std::ops::DerefMut for LentState {
    fn deref_mut(&mut self) -> &mut GameState {
        // SAFETY: as for `deref`; `&mut self` makes this the only reference.
        unsafe { self.0.as_mut() }
    }
}

/// An act in progress on a [`ScriptHost`]: until it is dropped, every call shares
/// the act's budget ([`ACT_BUDGET`]).
pub struct Act<'a>(&'a Limits);

impl Drop for Act<'_> {
    fn drop(&mut self) {
        self.0.end_act();
    }
}

/// The functions of one flow step.
#[derive(Clone)]
pub struct StepFns {
    pub enter: Option<Function>,
    pub run: Option<Function>,
    pub resolve: Option<Function>,
}

/// A frame's context as a step call left it: the table the step was given, and the
/// state's value read back from it.
struct KeptCtx {
    ctx: Arc<Value>,
    table: LuaValue,
    /// [`ScriptHost::calls`] when it was kept.
    calls: u64,
}

/// A Luau VM loaded with one pack's scripts.
pub struct ScriptHost {
    lua: Lua,
    handle: mlua::AnyUserData,
    modules: Table,
    // foldhash, not SipHash: every step call looks its step up by name.
    steps: HashMap<String, StepFns, foldhash::fast::RandomState>,
    functions: RefCell<HashMap<String, Function>>,
    limits: Limits,
    /// The context table of the last step call, while it may be passed to the next.
    kept_ctx: RefCell<Option<KeptCtx>>,
    /// Calls into the VM so far ([`ScriptHost::with_state`]): a kept context is
    /// passed only to the call right after the one it was read back from.
    calls: std::cell::Cell<u64>,
    /// Modules of the pack that failed to load (only in a host from [`ScriptHost::load`]).
    broken: Vec<String>,
}

impl ScriptHost {
    /// Creates a VM, loads every module of `rules` and resolves every step handler;
    /// the first problem is the error.
    pub fn new(rules: &Ruleset) -> Result<ScriptHost, ScriptError> {
        let (host, errors) = ScriptHost::load(rules)?;
        match errors.into_iter().next() {
            None => Ok(host),
            Some(problem) => Err(problem.into_error()),
        }
    }

    /// Loads as much of the pack's scripts as loads and reports every problem: each
    /// module's lint findings and syntax error, each module whose top level fails,
    /// each step whose handler is missing or malformed. Problems that only repeat
    /// another (a module requiring a broken one) are reported once. `Err` only when
    /// the VM itself cannot be set up.
    pub fn load(rules: &Ruleset) -> Result<(ScriptHost, Vec<LoadError>), ScriptError> {
        let setup = |e: mlua::Error| ScriptError::from_lua("loading scripts", e);
        let libs = StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8 | StdLib::BIT;
        let lua = Lua::new_with(libs, LuaOptions::default()).map_err(setup)?;
        lua.set_compiler(sandbox::compiler());
        // The collector starts a cycle when the heap reaches this share of what was
        // live after the last one: Luau's default, 200%, set here because it was
        // measured. Waiting longer (400%) halves the collector's own work, but the
        // scripts' garbage then spreads over a heap twice the size: blocks are taken
        // and freed cold (Luau's `newblock`/`freeblock` 9% of the clock, against 6%),
        // and pages go back to the system and fault in again, zeroed (3% against
        // 0.1%). Bench, 5 alternating runs each: GE 42,826 (400%) / 43,506 (300%) /
        // 44,254 (200%) / 44,359 (150%) decisions/s, SO 30,899 / 32,085 / 32,011 / 31,075.
        lua.gc_set_mode(mlua::state::GcMode::Incremental(mlua::state::GcIncParams::default().goal(200)));
        let limits = Limits::install(&lua).map_err(setup)?;
        let checked = rules.checked_scripts.get_or_init(|| source_problems(&lua, &rules.scripts));
        let (mut errors, mut broken) = (checked.errors.clone(), checked.broken.clone());
        sandbox::restrict(&lua).map_err(setup)?;
        install_defs(&lua, rules).map_err(setup)?;
        let modules = lua.create_table().map_err(setup)?;
        sandbox::install_require(&lua, rules, &modules, &checked.compiled).map_err(setup)?;
        lua.sandbox(true).map_err(setup)?;
        // `sandbox` puts a fresh, writable table in front of the frozen globals; no
        // script should be able to write there either.
        lua.globals().set_readonly(true);
        let handle = lua.create_userdata(api::GameHandle).map_err(setup)?;
        api::install(&lua, &handle).map_err(setup)?;
        lua.set_app_data(api::BoardTables::default());
        // SAFETY: two slots are checked for; the key and a new table are pushed and
        // stored, which leaves the stack as it was. No cap is set yet, so the table's
        // allocation cannot fail with a Lua error.
        let made = lua.exec_raw_lua(|raw| unsafe {
            let state = raw.state();
            if mlua::ffi::lua_checkstack(state, 2) == 0 {
                return false;
            }
            mlua::ffi::lua_pushlightuserdata(state, api::memo_registry_key());
            mlua::ffi::lua_createtable(state, 0, 0);
            mlua::ffi::lua_rawset(state, mlua::ffi::LUA_REGISTRYINDEX);
            true
        });
        if !made {
            return Err(setup(mlua::Error::runtime("no room on the VM's stack for the memo table")));
        }
        lua.set_app_data(field_names::FieldNames::new(&lua).map_err(setup)?);

        let require: Function = lua.globals().get("require").map_err(setup)?;
        for script in &rules.scripts {
            if broken.contains(&script.module) {
                continue;
            }
            limits.reset();
            if let Err(e) = capped(&lua, || require.call::<LuaValue>(script.module.as_str())) {
                let hook = format!("loading module {}", script.module);
                push_once(&mut errors, LoadError::Module { module: script.module.clone(), error: limits.explain(&hook, e) });
                broken.push(script.module.clone());
            }
        }
        let mut host = ScriptHost {
            lua,
            handle,
            modules,
            steps: HashMap::default(),
            functions: RefCell::new(HashMap::new()),
            limits,
            kept_ctx: RefCell::new(None),
            calls: std::cell::Cell::new(0),
            broken,
        };
        for step in &rules.manifest.steps {
            if host.is_broken(&step.handler) {
                continue; // its module's own error says what is wrong
            }
            match host.step_fns(&step.id, &step.handler) {
                Ok(fns) => {
                    host.steps.insert(step.id.clone(), fns);
                }
                Err(error) => errors.push(LoadError::Step { step: step.id.clone(), error }),
            }
        }
        Ok((host, errors))
    }

    /// Whether `path` (`module.name…`) lies in a module of the pack that failed to
    /// load, so that a lookup failing there repeats that module's error.
    pub fn is_broken(&self, path: &str) -> bool {
        let module = path.split('.').next().unwrap_or_default();
        self.broken.iter().any(|m| m == module)
    }

    /// The `enter`/`run`/`resolve` functions of the step table `handler`.
    fn step_fns(&self, id: &str, handler: &str) -> Result<StepFns, ScriptError> {
        let hook = format!("step {id}");
        let LuaValue::Table(table) = self.lookup(handler)? else {
            return Err(ScriptError::plain(&hook, format!("handler {handler} is not a table of step functions")));
        };
        let get = |name: &str| -> Result<Option<Function>, ScriptError> {
            match table.raw_get::<LuaValue>(name) {
                Ok(LuaValue::Function(f)) => Ok(Some(f)),
                Ok(LuaValue::Nil) => Ok(None),
                _ => Err(ScriptError::plain(&hook, format!("{handler}.{name} must be a function"))),
            }
        };
        let fns = StepFns { enter: get("enter")?, run: get("run")?, resolve: get("resolve")? };
        if fns.run.is_none() && fns.enter.is_none() {
            return Err(ScriptError::plain(&hook, format!("{handler} has neither `enter` nor `run`")));
        }
        Ok(fns)
    }

    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// The budget of the running call, for charging the kernel's work to it.
    pub fn budget(&self) -> &Budget {
        self.limits.budget()
    }

    /// Starts an act: the calls made until the returned guard is dropped share one
    /// budget, so an act cannot call step after step for ever.
    pub fn act(&self) -> Act<'_> {
        self.limits.begin_act();
        // A context kept by an earlier act is not offered to this one: what a step
        // is given then depends on this act alone, whatever ran between the two.
        self.kept_ctx.take();
        Act(&self.limits)
    }

    /// The context a step call left in `table`, given `ctx`: `None` when it is `ctx`
    /// unchanged (found without converting anything), charged as a conversion is.
    pub fn ctx_after(lua: &Lua, table: &LuaValue, ctx: &Value, budget: &Budget) -> mlua::Result<Option<Value>> {
        if unchanged(lua, table, ctx)? {
            budget.charge_bytes(ctx.weight())?;
            return Ok(None);
        }
        from_lua(table, budget).map(Some)
    }

    /// The Lua table for a step call's context `ctx`, charged to `budget` as a
    /// conversion is: the one the last call was given if it was read back into `ctx`
    /// itself (the same `Arc`) and no other call has run since, else a new one.
    ///
    /// Why this is safe: the last call's step read nothing but its own table, the
    /// kernel read the table back into `ctx` after it returned, and no Lua code has
    /// run since, so the table holds exactly `ctx`. A step that stored its context
    /// somewhere and changed it from a later call would see that change here; such a
    /// step already depends on what the VM kept between calls, and as the table is
    /// passed on only within an act ([`ScriptHost::act`] drops it), what it sees still
    /// follows from the state and the act alone.
    pub fn ctx_table(&self, lua: &Lua, ctx: &Arc<Value>, offered: Option<LuaValue>, budget: &Budget) -> mlua::Result<LuaValue> {
        match offered {
            Some(table) => {
                budget.charge_bytes(ctx.weight())?;
                Ok(table)
            }
            None => to_lua(lua, ctx, budget),
        }
    }

    /// Takes the kept context table if it may be offered to the next call, whose
    /// context is `ctx` (see [`ScriptHost::ctx_table`]).
    pub fn kept_ctx(&self, ctx: &Arc<Value>) -> Option<LuaValue> {
        let kept = self.kept_ctx.take()?;
        (kept.calls == self.calls.get() && Arc::ptr_eq(&kept.ctx, ctx)).then_some(kept.table)
    }

    /// Keeps the table a call was given, now read back into `ctx` (the frame's new
    /// context as the state holds it), for the next call.
    pub fn keep_ctx(&self, ctx: Arc<Value>, table: LuaValue) {
        *self.kept_ctx.borrow_mut() = Some(KeptCtx { ctx, table, calls: self.calls.get() });
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

    /// Runs `body` with the state lent to the VM. `hook` names what runs, for errors.
    pub fn with_state<R>(
        &self,
        state: &mut GameState,
        rules: &Arc<Ruleset>,
        hook: &dyn std::fmt::Display,
        body: impl FnOnce(&Lua, &mlua::AnyUserData) -> mlua::Result<R>,
    ) -> Result<R, ScriptError> {
        self.limits.reset();
        self.calls.set(self.calls.get() + 1);
        // `state` is not touched again until the slot is taken back below (or by
        // `RunningCall` on a panic): until then the lent pointer is its only user.
        let slot = Slot { state: LentState(std::ptr::NonNull::from(state)), rules: rules.clone(), budget: self.limits.budget().clone(), memo_kept: false };
        if api::put_slot(slot).is_err() {
            return Err(ScriptError::plain(&hook.to_string(), "a script call began while another was running on this thread (a bug: please report it)".into()));
        }
        let result = {
            let _running = RunningCall;
            body(&self.lua, &self.handle)
        };
        if api::take_slot().is_none() {
            return Err(ScriptError::plain(&hook.to_string(), "a script call's slot was gone when the call ended (a bug: please report it)".into()));
        }
        result.map_err(|e| self.limits.explain(hook, e))
    }
}

/// Clears the thread's running call if its body panics, so that the next call on
/// the thread is not taken for a nested one.
struct RunningCall;

impl Drop for RunningCall {
    fn drop(&mut self) {
        if std::thread::panicking() {
            drop(api::take_slot());
        }
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
            env.set_safeenv(true);
            // An expression is evaluated for its value; anything else runs as a chunk.
            let as_expression = format!("return {code}");
            let chunk = match lua.load(as_expression.as_str()).set_name(format!("={name}")).set_environment(env.clone()).into_function() {
                Ok(f) => f,
                Err(_) => lua.load(code).set_name(format!("={name}")).set_environment(env).into_function()?,
            };
            let value: LuaValue = capped(lua, || chunk.call(()))?;
            from_lua(&value, self.limits.budget())
        })
    }
}

/// What checking a pack's script sources finds, before any of them runs; the same
/// for every VM (see `Ruleset::checked_scripts`).
#[derive(Debug)]
pub struct CheckedScripts {
    /// Lint findings and syntax errors.
    errors: Vec<LoadError>,
    /// Modules that do not compile.
    broken: Vec<String>,
    /// Bytecode of each module that compiles, by module name.
    compiled: HashMap<String, Vec<u8>>,
}

/// Lint findings and syntax errors of `scripts`, compiled without running them; the
/// modules that do not compile (which cannot be loaded); and the bytecode of those
/// that do, which loading them then uses rather than compiling again.
fn source_problems(lua: &Lua, scripts: &[ScriptSource]) -> CheckedScripts {
    let mut errors = Vec::new();
    let mut broken = Vec::new();
    let mut compiled = HashMap::new();
    for script in scripts {
        let hook = format!("loading module {}", script.module);
        for write in lint::state_writes(&script.source) {
            let error = ScriptError {
                location: Some(format!("{}:{}", script.display, write.line)),
                hook: hook.clone(),
                message: format!(
                    "a function writes to the module-level local `{}`; scripts must keep no state between calls (store it in the game with g:set / g:set_global / entity props)",
                    write.name
                ),
            };
            errors.push(LoadError::Module { module: script.module.clone(), error });
        }
        for line in lint::direct_iterations(&script.source) {
            let error = ScriptError {
                location: Some(format!("{}:{line}", script.display)),
                hook: hook.clone(),
                message: "`for … in t do` walks the table in the VM's own order, which for keys that are tables or functions follows memory addresses and differs between runs; iterate with pairs(t) or ipairs(t)".to_owned(),
            };
            errors.push(LoadError::Module { module: script.module.clone(), error });
        }
        if let Ok(bytecode) = sandbox::compiler().compile(&script.source) {
            compiled.insert(script.module.clone(), bytecode);
        } else if let Err(e) = lua.load(script.source.as_str()).set_name(format!("@{}", script.display)).into_function() {
            // Compiled again through `load` for the error as loading reports it (with
            // the module's name).
            let mut error = ScriptError::from_lua(&hook, e);
            error.message = format!("syntax error: {}", error.message);
            errors.push(LoadError::Module { module: script.module.clone(), error });
            broken.push(script.module.clone());
        }
    }
    CheckedScripts { errors, broken, compiled }
}

/// The lint findings and syntax errors of `scripts`, without loading a pack: for
/// reporting script mistakes even when the pack's content does not load.
pub fn source_errors(scripts: &[ScriptSource]) -> Vec<LoadError> {
    match Lua::new_with(StdLib::NONE, LuaOptions::default()) {
        Ok(lua) => source_problems(&lua, scripts).errors,
        Err(e) => vec![LoadError::Module { module: String::new(), error: ScriptError::from_lua("loading scripts", e) }],
    }
}

/// Adds `problem` unless an earlier one is at the same script line (a module failing
/// because a module it requires failed repeats that module's error).
fn push_once(errors: &mut Vec<LoadError>, problem: LoadError) {
    let at = &problem.error().location;
    if at.is_none() || !errors.iter().any(|e| &e.error().location == at) {
        errors.push(problem);
    }
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
            // Content is bounded where it is read; its conversion is not a script's work.
            let value = to_lua(lua, &def.value, &Budget::unmetered())?;
            freeze::deep_freeze(lua, &value, &HashSet::new())?;
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
