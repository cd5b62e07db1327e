//! The two limits on a script call: an instruction budget and a memory cap.
//!
//! The budget counts interrupt ticks (calls and loop back-edges), never time, so a
//! game stops at the same point on every machine and replays stay deterministic.
//! Both limits must end in an error a pack author can act on, naming the script
//! line: the budget error is raised from the interrupt itself, where the running line
//! is known. An out-of-memory error is raised by the allocator instead, where no
//! line is known and Luau runs no error handler; so while memory is high the
//! interrupt remembers the line that was running, and [`Limits::explain`] puts it on
//! the memory error.

use super::ScriptError;
use mlua::{Lua, VmState};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Interrupt ticks (calls and loop back-edges) one call may use.
pub const INSTRUCTION_BUDGET: u64 = 50_000_000;
/// Memory the VM may use, in bytes.
pub const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
/// Above this much memory the interrupt notes the running line (for memory errors).
const MEMORY_WATCH: usize = MEMORY_LIMIT / 2;
/// The interrupt looks at memory once in this many ticks: often enough to see a
/// growing loop, rarely enough not to slow every loop down.
const MEMORY_LOOK_EVERY: u64 = 256;
/// How the budget error starts ([`ScriptError::hit_limit`] looks for it).
pub const RUNAWAY: &str = "runaway loop stopped";
/// How the memory error starts.
pub const OUT_OF_MEMORY: &str = "memory limit reached";

/// The per-call counters of one VM.
pub struct Limits {
    ticks: Rc<Cell<u64>>,
    /// The last script line seen running while memory was high.
    memory_place: Rc<RefCell<Option<String>>>,
}

impl Limits {
    /// Caps `lua`'s memory and installs the counting interrupt.
    pub fn install(lua: &Lua) -> mlua::Result<Limits> {
        lua.set_memory_limit(MEMORY_LIMIT)?;
        let ticks = Rc::new(Cell::new(0u64));
        let memory_place = Rc::new(RefCell::new(None));
        let (counter, place) = (ticks.clone(), memory_place.clone());
        lua.set_interrupt(move |lua| {
            let used = counter.get() + 1;
            counter.set(used);
            if used > INSTRUCTION_BUDGET {
                let at = running_line(lua).map(|l| format!("{l}: ")).unwrap_or_default();
                return Err(mlua::Error::runtime(format!(
                    "{at}{RUNAWAY}: the call used up its instruction budget ({INSTRUCTION_BUDGET} steps: calls and loop turns); does a loop never end?"
                )));
            }
            if used % MEMORY_LOOK_EVERY == 0 && lua.used_memory() > MEMORY_WATCH {
                if let Some(line) = running_line(lua) {
                    *place.borrow_mut() = Some(line);
                }
            }
            Ok(VmState::Continue)
        });
        Ok(Limits { ticks, memory_place })
    }

    /// Starts a new call: a full budget and no remembered line.
    pub fn reset(&self) {
        self.ticks.set(0);
        self.memory_place.borrow_mut().take();
    }

    /// Makes an out-of-memory error say so, with the line that was running.
    pub fn explain(&self, hook: &str, error: mlua::Error) -> ScriptError {
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
