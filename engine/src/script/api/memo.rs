//! `g:memo()`: a table in which scripts remember what they compute from the game,
//! for as long as the game does not change.
//!
//! A rules script asks the same question many times while it builds one menu (which
//! seats a seat can reach, the order of play): each asking costs `g` calls, and the
//! answer cannot change until something is written. The memo is one table per VM,
//! handed out empty whenever the game has changed since it was last handed out, and
//! at the first use of every call ([`crate::script::Slot::memo_kept`]): every `g`
//! method that may change the game takes the slot mutably, and that alone marks the
//! memo stale ([`super::SlotRef`]). So nothing a script remembers outlives the state
//! it was computed from, and nothing passes from one call (or one game, or one of a
//! bot's sampled games) to the next. Emptying it also removes a metatable or a freeze
//! a script may have put on it.

use super::direct::direct;
use super::{Method, Methods};
use mlua::UserDataMethods;

/// The registry key of the memo table (made with the VM, [`crate::script::ScriptHost`]):
/// the address of this static, as a light userdata. Scripts ask for the memo about a
/// hundred times a decision in some packs; a look-up by a pointer hashes no string.
static REGISTRY_KEY: u8 = 0;

/// [`REGISTRY_KEY`] as the VM's light userdata.
pub(crate) fn registry_key() -> *mut std::ffi::c_void {
    std::ptr::addr_of!(REGISTRY_KEY).cast_mut().cast()
}

pub(super) struct Memo;

impl Methods for Memo {
    const TITLE: &'static str = "Remembering within a call";
    const DOCS: &'static [Method] = &[Method::new("memo", "", "{ [any]: any }",
        "A table to remember what you compute from the game in, such as `memo.order = memo.order or order_of_play(g)`: it is emptied whenever the game changes and at the start of every call, so a remembered answer is always the one computing it again would give. Store only what is computed from the game, and do not change a table you stored (whoever reads it later gets the changed one).")];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[direct!("memo", |_, args| {
        let mut held = args.slot()?;
        let stale = !held.memo_kept;
        // Through the slot's own borrow, not `SlotRef`'s `DerefMut`, which would mark
        // the memo stale again.
        held.slot.memo_kept = true;
        drop(held);
        args.push_registry_table(registry_key(), stale)
    })];

    fn register<T, M: UserDataMethods<T>>(_: &mut M) {}
}
