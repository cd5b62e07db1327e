//! Where scripts spend their time: a sampling profiler of the pack's Lua functions,
//! for `orrery simulate --profile-scripts` (a pack author looking for a slow rule, or
//! a kernel change looking for its next target).
//!
//! A ticker thread raises a flag at a fixed interval; the VM's interrupt, which runs
//! at every call and loop turn, sees it and records the script stack there: each
//! function on it once (its inclusive time) and the innermost one (its own time).
//! Time spent inside a `g` method is seen at the next interrupt, so it counts for the
//! script function that called the method, or for the next function called (own
//! time leans towards functions called often; inclusive time is the better guide).
//!
//! The profiler is chosen when a VM is created: without it the VM's interrupt is the
//! plain counting one and pays nothing for it.

use mlua::ffi;
use std::collections::HashMap;
use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Whether VMs created from now on sample their stacks.
static ENABLED: AtomicBool = AtomicBool::new(false);
/// Raised by the ticker, lowered by the sample it asks for.
static TICK: AtomicBool = AtomicBool::new(false);
/// The stacks sampled so far.
static SAMPLES: Mutex<Samples> = Mutex::new(Samples { stacks: 0, by_function: None });

struct Samples {
    /// How many stacks were sampled.
    stacks: u64,
    /// By function: (stacks it was on, stacks it was innermost in).
    by_function: Option<HashMap<String, (u64, u64)>>,
}
/// The deepest stack looked at: deeper frames are left out of a sample.
const MAX_DEPTH: i32 = 64;

/// Starts sampling every `interval` in every VM created afterwards (for the rest of
/// the process).
pub fn start(interval: Duration) {
    if ENABLED.swap(true, Ordering::SeqCst) {
        return;
    }
    std::thread::spawn(move || loop {
        std::thread::sleep(interval);
        TICK.store(true, Ordering::Relaxed);
    });
}

pub(super) fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Records the running script stack if the ticker asked for a sample.
///
/// # Safety
/// `state` is a VM's stack during its interrupt.
pub(super) unsafe fn maybe_sample(state: *mut ffi::lua_State) {
    if !TICK.load(Ordering::Relaxed) || !TICK.swap(false, Ordering::Relaxed) {
        return;
    }
    let mut seen: Vec<String> = Vec::new();
    for level in 0..MAX_DEPTH {
        // SAFETY: `lua_getinfo` fills the record for a level of this stack, or
        // returns 0 past its bottom; its strings live as long as the functions.
        let name = unsafe {
            let mut ar: ffi::lua_Debug = std::mem::zeroed();
            if ffi::lua_getinfo(state, level, c"sln".as_ptr(), &mut ar) == 0 {
                break;
            }
            let text = |p: *const std::ffi::c_char| if p.is_null() { String::new() } else { CStr::from_ptr(p).to_string_lossy().into_owned() };
            let (source, function) = (text(ar.short_src), text(ar.name));
            if !source.ends_with(".lua") {
                continue; // the kernel's own helpers and C functions
            }
            format!("{source}:{} {function}", ar.linedefined)
        };
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    let mut samples = SAMPLES.lock().unwrap_or_else(|e| e.into_inner());
    samples.stacks += 1;
    let by_function = samples.by_function.get_or_insert_with(HashMap::new);
    for (depth, name) in seen.into_iter().enumerate() {
        let entry = by_function.entry(name).or_default();
        entry.0 += 1;
        if depth == 0 {
            entry.1 += 1;
        }
    }
}

/// One script function's share of the samples.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProfileRow {
    /// `scripts/<pack>/<file>.lua:<line where it is defined> <name>`.
    pub function: String,
    /// Percent of the samples with the function on the stack.
    pub inclusive: f64,
    /// Percent of the samples with the function innermost.
    pub own: f64,
}

/// The `top` functions by inclusive share, and the number of samples taken.
pub fn report(top: usize) -> (Vec<ProfileRow>, u64) {
    let samples = SAMPLES.lock().unwrap_or_else(|e| e.into_inner());
    let total = samples.stacks;
    let Some(by_function) = samples.by_function.as_ref().filter(|_| total > 0) else { return (Vec::new(), total) };
    let percent = |n: u64| 100.0 * n as f64 / total as f64;
    let mut rows: Vec<ProfileRow> =
        by_function.iter().map(|(function, &(on, innermost))| ProfileRow { function: function.clone(), inclusive: percent(on), own: percent(innermost) }).collect();
    rows.sort_by(|a, b| b.inclusive.total_cmp(&a.inclusive).then_with(|| a.function.cmp(&b.function)));
    rows.truncate(top);
    (rows, total)
}
