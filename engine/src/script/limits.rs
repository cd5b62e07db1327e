//! The limits on a script call: an instruction budget and a memory cap; and the
//! counters of the work scripts made this thread do, for benchmarks ([`Tally`]).
//!
//! The budget counts steps, never time, so a game stops at the same point on every
//! machine and replays stay deterministic. The interrupt adds one step per call and
//! loop back-edge; the kernel adds the work it does on a script's behalf ([`cost`]:
//! cells searched, links and entities scanned, values converted), because a `g`
//! method is one Lua call however much it does, and a loop of a thousand searches of
//! a huge board would otherwise run for minutes on one call's budget. Each call has
//! [`INSTRUCTION_BUDGET`]; while an act runs ([`Limits::begin_act`]) every call it
//! sets off also draws on the act's [`ACT_BUDGET`], so a step that pushes another
//! step, each burning most of a call's budget, cannot go on for ever either.
//!
//! Both limits must end in an error a pack author can act on, naming the script
//! line: the budget error is raised from the interrupt (where the running line is
//! known) or from the `g` method that charged (whose traceback has it). An
//! out-of-memory error is raised by the allocator instead, where no line is known and
//! Luau runs no error handler; so while memory is high the interrupt remembers the
//! line that was running, and [`Limits::explain`] puts it on the memory error.
//!
//! The memory cap is in force only while Lua code runs ([`capped`]); the kernel's own
//! work on the VM from Rust — a `g` method building its result, converting a context
//! — runs with it lifted ([`uncapped`]). With a cap set, mlua must wrap every API
//! call that may allocate in a protected call (a `pcall` and two fresh closures
//! each), so that a refused allocation becomes an error instead of unwinding through
//! Rust frames; that wrapping cost about 40% of a decision. Without a cap an
//! allocation fails only when the process itself is out of memory. What can grow
//! without end is Lua code (a loop, a straight run of concatenations, one
//! `string.rep`), and that always runs capped, so every memory bomb still ends in
//! the same clean error; the kernel bounds its own allocations (the state's
//! [`crate::state::MAX_STATE_BYTES`], one value's [`super::MAX_VALUE_BYTES`], the
//! budget).

use super::ScriptError;
use mlua::{ffi, Lua, VmState};
use std::ffi::c_int;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Steps (calls, loop turns and the kernel's work) one call may use.
pub const INSTRUCTION_BUDGET: u64 = 50_000_000;
/// Steps one act may use over every call it sets off: its steps, the steps they push,
/// reaction windows. Legitimate acts use a few thousand.
pub const ACT_BUDGET: u64 = 2 * INSTRUCTION_BUDGET;
/// Memory the VM may use, in bytes.
pub const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
/// Above this much memory the interrupt notes the running line (for memory errors).
const MEMORY_WATCH: usize = MEMORY_LIMIT / 2;
/// The interrupt looks at memory once in this many steps: often enough to see a
/// growing loop, rarely enough not to slow every loop down.
const MEMORY_LOOK_EVERY: u64 = 256;
/// How the budget error starts ([`ScriptError::hit_limit`] looks for it).
pub const RUNAWAY: &str = "runaway loop stopped";
/// How the memory error starts.
pub const OUT_OF_MEMORY: &str = "memory limit reached";

/// What the kernel's own work costs, in budget steps. One step is about what a turn
/// of a Lua loop costs (~15 ns); the prices are rounded up from measurements, so a
/// budget spent on `g` methods lasts about as long as one spent on Lua loops.
pub mod cost {
    /// A cell looked at by a scan of the board (`g:within`, `g:cells`).
    pub const CELL: u64 = 1;
    /// A cell of a movement search (`g:field`, `g:path`): a heap push and pop and a
    /// neighbour list each.
    pub const SEARCHED_CELL: u64 = 8;
    /// A link or graph edge looked at.
    pub const LINK: u64 = 1;
    /// An entity looked at by a query or a move.
    pub const ENTITY: u64 = 1;
    /// Bytes of a value converted between Lua and the state, or of text copied, per step.
    pub const BYTES_PER_STEP: u64 = 16;
    /// Calling a step, an offer or a response (converting its context aside).
    pub const STEP_CALL: u64 = 100;
}

/// Work done by the scripts of this thread since it started: read by benchmarks
/// (`orrery bench`) as differences between two moments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Calls of `g` methods.
    pub g_calls: u64,
    /// Interrupt ticks: Lua calls, returns and loop turns.
    pub lua_steps: u64,
}

thread_local! {
    static TALLY: Cell<Tally> = const { Cell::new(Tally { g_calls: 0, lua_steps: 0 }) };
    /// The `g` call (by [`Tally::g_calls`]) that fails on purpose; see [`fail_g_call`].
    static FAIL_AT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// For tests of rollback: makes the `g` call numbered `at` on this thread (counted
/// as [`Tally::g_calls`] counts, so `Tally::now().g_calls + k` is the k-th call from
/// now) fail with an error, wherever in an act it falls; `None` stops it. A failing
/// act must leave the state as it was, whatever it had changed by then.
pub fn fail_g_call(at: Option<u64>) {
    FAIL_AT.with(|f| f.set(at.unwrap_or(u64::MAX)));
}

/// What the failure [`fail_g_call`] plants says.
pub const PLANTED_FAILURE: &str = "planted failure (a test of rollback)";

impl Tally {
    /// The totals so far on this thread.
    pub fn now() -> Tally {
        TALLY.with(Cell::get)
    }

    /// Counts one call of a `g` method; false for the call [`fail_g_call`] planted.
    pub(super) fn g_call() -> bool {
        let n = TALLY.with(|t| {
            let n = t.get().g_calls + 1;
            t.set(Tally { g_calls: n, ..t.get() });
            n
        });
        n != FAIL_AT.with(Cell::get)
    }

    fn lua_step() {
        TALLY.with(|t| t.set(Tally { lua_steps: t.get().lua_steps + 1, ..t.get() }));
    }
}

/// The step counter of one VM, shared by its interrupt and by the kernel code that
/// charges its own work. Cloning shares the counter.
#[derive(Clone)]
pub struct Budget(Rc<Counter>);

struct Counter {
    used: Cell<u64>,
    /// Where the running call must stop: its own budget, or what is left of its act's.
    limit: Cell<u64>,
    /// Whether `limit` is what is left of the act's budget (for the message).
    act_limited: Cell<bool>,
}

impl Budget {
    fn new(limit: u64) -> Budget {
        Budget(Rc::new(Counter { used: Cell::new(0), limit: Cell::new(limit), act_limited: Cell::new(false) }))
    }

    /// A budget that never runs out, for the kernel's own conversions at load time.
    pub fn unmetered() -> Budget {
        Budget::new(u64::MAX)
    }

    /// Adds `steps` of work; the runaway error once the budget is spent. A counter
    /// add and a compare: cheap enough for every conversion and search.
    pub fn charge(&self, steps: u64) -> mlua::Result<()> {
        let used = self.0.used.get().saturating_add(steps);
        self.0.used.set(used);
        if used > self.0.limit.get() {
            return Err(mlua::Error::runtime(self.exhausted()));
        }
        Ok(())
    }

    /// Charges for `bytes` of values converted or text copied.
    pub fn charge_bytes(&self, bytes: usize) -> mlua::Result<()> {
        self.charge(bytes as u64 / cost::BYTES_PER_STEP)
    }

    #[cfg(test)]
    pub(super) fn used(&self) -> u64 {
        self.0.used.get()
    }

    /// The runaway message: the call's budget or the act's, whichever ran out.
    fn exhausted(&self) -> String {
        if self.0.act_limited.get() {
            format!(
                "{RUNAWAY}: the act used up its budget ({ACT_BUDGET} steps over every step call it set off); does a step push steps, or ask, without end?"
            )
        } else {
            format!(
                "{RUNAWAY}: the call used up its instruction budget ({INSTRUCTION_BUDGET} steps: calls, loop turns and the work of g methods); does a loop never end?"
            )
        }
    }
}

/// What the interrupt's fast path needs: the VM's counter, and mlua's handler (which
/// runs the closure set in [`Limits::install`]) for every other step.
struct FastInterrupt {
    counter: Budget,
    slow: Cell<Option<unsafe extern "C-unwind" fn(*mut ffi::lua_State, c_int)>>,
}

/// The VM's interrupt, on every call and loop turn. Most steps only count, which it
/// does here; a step that runs out of budget or is due a look at memory goes through
/// mlua's handler to the closure, which counts it and raises the error. (mlua's
/// handler alone sets up its error plumbing on every step, several times the cost
/// of the count.)
unsafe extern "C-unwind" fn fast_interrupt(state: *mut ffi::lua_State, gc: c_int) {
    // SAFETY: the thread data is the `FastInterrupt` of this VM, set when the handler
    // was installed and alive as long as the VM (see `Limits::install`).
    let fast = unsafe { &*ffi::lua_getthreaddata(ffi::lua_mainthread(state)).cast::<FastInterrupt>() };
    if gc < 0 {
        let counter = &fast.counter.0;
        let used = counter.used.get().saturating_add(1);
        if used <= counter.limit.get() && used % MEMORY_LOOK_EVERY != 0 {
            Tally::lua_step();
            counter.used.set(used);
            return;
        }
    }
    if let Some(slow) = fast.slow.get() {
        // SAFETY: mlua's own handler, called as the VM would have called it.
        unsafe { slow(state, gc) }
    }
}

/// [`fast_interrupt`] with a look at the script stack when the profiler asks for
/// one (see `super::profile`): installed only in VMs made while it runs.
unsafe extern "C-unwind" fn profiled_interrupt(state: *mut ffi::lua_State, gc: c_int) {
    if gc < 0 {
        // SAFETY: called as the VM's interrupt, on its stack.
        unsafe { super::profile::maybe_sample(state) };
    }
    // SAFETY: as the VM would have called it.
    unsafe { fast_interrupt(state, gc) }
}

/// The per-call counters of one VM.
pub struct Limits {
    budget: Budget,
    /// Steps used by the finished calls of the running act; `None` outside an act.
    act: Cell<Option<u64>>,
    /// The last script line seen running while memory was high.
    memory_place: Rc<RefCell<Option<String>>>,
}

impl Limits {
    /// Installs the counting interrupt. The memory cap is set by [`capped`] around
    /// each call into Lua code.
    pub fn install(lua: &Lua) -> mlua::Result<Limits> {
        lua.set_memory_limit(0)?;
        let budget = Budget::new(INSTRUCTION_BUDGET);
        let memory_place = Rc::new(RefCell::new(None));
        let (counter, place) = (budget.clone(), memory_place.clone());
        let fast = Rc::new(FastInterrupt { counter: budget.clone(), slow: Cell::new(None) });
        let keep = fast.clone();
        lua.set_interrupt(move |lua| {
            // Reached from `fast_interrupt` when a step needs more than counting; it
            // keeps `fast` alive as long as the VM, which points at it.
            let _ = &keep;
            Tally::lua_step();
            let used = counter.0.used.get().saturating_add(1);
            counter.0.used.set(used);
            if used > counter.0.limit.get() {
                let at = running_line(lua).map(|l| format!("{l}: ")).unwrap_or_default();
                return Err(mlua::Error::runtime(format!("{at}{}", counter.exhausted())));
            }
            if used % MEMORY_LOOK_EVERY == 0 && lua.used_memory() > MEMORY_WATCH {
                if let Some(line) = running_line(lua) {
                    *place.borrow_mut() = Some(line);
                }
            }
            Ok(VmState::Continue)
        });
        // SAFETY: mlua has just installed its handler on this VM's main thread; the
        // fast path keeps it to call for the steps it does not handle, and finds its
        // counter through the thread's data, which the closure above keeps alive.
        unsafe {
            let main = lua.exec_raw_lua(|raw| ffi::lua_mainthread(raw.state()));
            let callbacks = ffi::lua_callbacks(main);
            fast.slow.set((*callbacks).interrupt);
            ffi::lua_setthreaddata(main, Rc::as_ptr(&fast).cast_mut().cast());
            (*callbacks).interrupt = Some(if super::profile::enabled() { profiled_interrupt } else { fast_interrupt });
        }
        Ok(Limits { budget, act: Cell::new(None), memory_place })
    }

    /// The counter that calls charge their work to.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Starts a new call: a full budget (or what is left of the act's) and no
    /// remembered line.
    pub fn reset(&self) {
        let counter = &self.budget.0;
        let limit = match self.act.get() {
            Some(spent) => {
                let spent = spent.saturating_add(counter.used.get());
                self.act.set(Some(spent));
                ACT_BUDGET.saturating_sub(spent)
            }
            None => INSTRUCTION_BUDGET,
        };
        counter.used.set(0);
        counter.limit.set(limit.min(INSTRUCTION_BUDGET));
        counter.act_limited.set(limit < INSTRUCTION_BUDGET);
        self.memory_place.borrow_mut().take();
    }

    /// Starts an act: every call until [`Limits::end_act`] shares [`ACT_BUDGET`].
    pub fn begin_act(&self) {
        self.act.set(Some(0));
        // Steps charged before the act's first call (none, normally) are not its own.
        self.budget.0.used.set(0);
    }

    /// Ends the act: calls get their own budget again.
    pub fn end_act(&self) {
        self.act.set(None);
    }

    /// Makes an out-of-memory error say so, with the line that was running.
    pub fn explain(&self, hook: &dyn std::fmt::Display, error: mlua::Error) -> ScriptError {
        // Made here, on the error path, rather than by every call that may fail.
        let hook = &hook.to_string();
        if !is_memory_error(&error) {
            return ScriptError::from_lua(hook, error);
        }
        ScriptError {
            location: self.memory_place.borrow().clone(),
            hook: hook.to_owned(),
            message: format!(
                "{OUT_OF_MEMORY}: the scripts use more than {} MiB (a table or string that grows without end?)",
                MEMORY_LIMIT / (1024 * 1024)
            ),
        }
    }
}

/// Runs `call` — a call into Lua code — with the memory cap in force, and puts the
/// cap back as it was afterwards (a call made from a `g` method restores the lifted
/// cap of that method).
pub fn capped<R>(lua: &Lua, call: impl FnOnce() -> mlua::Result<R>) -> mlua::Result<R> {
    let previous = lua.set_memory_limit(MEMORY_LIMIT)?;
    let result = call();
    lua.set_memory_limit(previous)?;
    result
}

/// Lifts the memory cap until the returned guard is dropped: for kernel code
/// running on a script's behalf, which makes no call into Lua code meanwhile.
pub fn uncapped(lua: &Lua) -> Uncapped<'_> {
    // Setting a limit cannot fail on a VM created by mlua; a failure would only keep
    // the cap (slower, never unsafe).
    let previous = lua.set_memory_limit(0).unwrap_or(MEMORY_LIMIT);
    Uncapped { lua, previous }
}

/// The memory cap lifted for kernel work; restored when dropped. See [`uncapped`].
pub struct Uncapped<'a> {
    lua: &'a Lua,
    previous: usize,
}

impl Drop for Uncapped<'_> {
    fn drop(&mut self) {
        let _ = self.lua.set_memory_limit(self.previous);
    }
}

/// `scripts/<pack>/<file>.lua:<line>` of the innermost pack function running.
fn running_line(lua: &Lua) -> Option<String> {
    (0..4)
        .filter_map(|level| {
            lua.inspect_stack(level, |d| {
                let source = d.source().short_src.map(|s| s.to_string()).unwrap_or_default();
                d.current_line().filter(|_| source.ends_with(".lua")).map(|line| format!("{source}:{line}"))
            })
            .flatten()
        })
        .next()
}

/// Whether `error` is (or wraps) the allocator's refusal.
fn is_memory_error(error: &mlua::Error) -> bool {
    match error {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => is_memory_error(cause),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_beyond_the_call_budget_are_refused() {
        let lua = Lua::new();
        let limits = Limits::install(&lua).unwrap();
        limits.reset();
        assert!(limits.budget().charge(INSTRUCTION_BUDGET).is_ok());
        let error = limits.budget().charge(1).unwrap_err().to_string();
        assert!(error.contains(RUNAWAY) && error.contains("the call"), "{error}");
        limits.reset();
        assert!(limits.budget().charge(1).is_ok(), "a new call has a full budget");
    }

    #[test]
    fn the_calls_of_an_act_share_the_act_budget() {
        let lua = Lua::new();
        let limits = Limits::install(&lua).unwrap();
        limits.begin_act();
        for _ in 0..(ACT_BUDGET / INSTRUCTION_BUDGET) {
            limits.reset();
            limits.budget().charge(INSTRUCTION_BUDGET).unwrap();
        }
        limits.reset();
        let error = limits.budget().charge(1).unwrap_err().to_string();
        assert!(error.contains("the act used up its budget"), "{error}");
        limits.end_act();
        limits.reset();
        assert!(limits.budget().charge(INSTRUCTION_BUDGET).is_ok(), "outside an act a call has its own budget");
    }

    #[test]
    fn the_interrupt_counts_loop_turns() {
        let lua = Lua::new();
        let limits = Limits::install(&lua).unwrap();
        limits.reset();
        lua.load("local n = 0 for i = 1, 1000 do n = n + i end").exec().unwrap();
        assert!(limits.budget().used() >= 1000);
    }
}
