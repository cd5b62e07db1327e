//! `g` methods for seats and variables: how many seats play, who answers for whom,
//! the variants in play, and the variables kept per seat, per game and per pair of
//! seats (any plain value; a variable never set reads as nil).

use super::direct::{direct, Args, Ret};
use super::{err, name, seat, slot, stored, Method, Methods, SlotRef};
use crate::script::convert::from_lua;
use crate::script::Slot;
use crate::state::VarsAt;
use crate::sym::Sym;
use crate::value::Value;
use mlua::{UserDataMethods, Value as LuaValue};

pub(super) struct Vars;

impl Methods for Vars {
    const TITLE: &'static str = "Seats, variables and variants";
    const DOCS: &'static [Method] = &[
        Method::new("seats", "", "integer",
            "The number of seats in this game; seats are numbered 1 to this."),
        Method::new("set_controller", "seat: Seat, by: Seat?", "()",
            "Lets seat `by` answer `seat`'s decisions (and see what `seat` knows) from now on; nil, or `seat` itself, gives the seat its own control back."),
        Method::new("controller", "seat: Seat", "Seat?",
            "The seat that answers `seat`'s decisions for it, or nil when it answers for itself."),
        Method::new("variant", "id: string", "boolean",
            "Whether this game is played with the variant `id` (declared in pack.ron)."),
        Method::new("get", "seat: Seat, name: string", "Value",
            "The seat's variable `name`; nil if it was never set."),
        Method::new("set", "seat: Seat, name: string, value: Value", "()",
            "Sets the seat's variable `name`; nil removes it."),
        Method::new("add", "seat: Seat, name: string, delta: integer", "integer",
            "Adds `delta` to the seat's integer variable `name` (unset counts as 0) and returns the new value."),
        Method::new("global", "name: string", "Value",
            "The game-wide variable `name`; nil if it was never set."),
        Method::new("set_global", "name: string, value: Value", "()",
            "Sets the game-wide variable `name`; nil removes it."),
        Method::new("add_global", "name: string, delta: integer", "integer",
            "Adds `delta` to the game-wide integer variable `name` (unset counts as 0) and returns the new value."),
        Method::new("pair", "a: Seat, b: Seat, name: string", "Value",
            "The variable `name` of the pair of seats `a` and `b` (the same in either order; the seats must differ); nil if it was never set."),
        Method::new("set_pair", "a: Seat, b: Seat, name: string, value: Value", "()",
            "Sets the variable `name` of the pair of seats `a` and `b` (either order); nil removes it."),
    ];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("seats", |_, args| Ok(Ret::int(args.slot()?.state.seat_count() as i64))),
        direct!("get", |_, args| {
            let (s, key) = (args.int(1)?, args.text(2)?);
            let sl = args.slot()?;
            let s = seat(&sl.state, s)?;
            read(args, &sl, VarsAt::Seat(s), key)
        }),
        direct!("set", |lua, args| {
            let (s, key, v) = (args.int(1)?, args.text(2)?, args.value(lua, 3)?);
            let mut sl = args.slot()?;
            let s = seat(&sl.state, s)?;
            write(&mut sl, VarsAt::Seat(s), key, &v).map(|()| Ret::None)
        }),
        direct!("global", |_, args| {
            let key = args.text(1)?;
            let sl = args.slot()?;
            read(args, &sl, VarsAt::Global, key)
        }),
        direct!("pair", |_, args| {
            let (a, b, key) = (args.int(1)?, args.int(2)?, args.text(3)?);
            let sl = args.slot()?;
            let at = pair(&sl, a, b)?;
            read(args, &sl, at, key)
        }),
        direct!("variant", |_, args| {
            let id = args.text(1)?;
            Ok(Ret::bool(args.slot()?.state.setup.variants.iter().any(|v| v == id)))
        }),
        direct!("add", |_, args| {
            let (s, key, d) = (args.int(1)?, args.text(2)?, args.int(3)?);
            let mut sl = args.slot()?;
            let s = seat(&sl.state, s)?;
            add(&mut sl, VarsAt::Seat(s), key, d, "add").map(Ret::int)
        }),
        direct!("set_global", |lua, args| {
            let (key, v) = (args.text(1)?, args.value(lua, 2)?);
            write(&mut args.slot()?, VarsAt::Global, key, &v).map(|()| Ret::None)
        }),
        direct!("add_global", |_, args| {
            let (key, d) = (args.text(1)?, args.int(2)?);
            add(&mut *args.slot()?, VarsAt::Global, key, d, "add_global").map(Ret::int)
        }),
        direct!("set_pair", |lua, args| {
            let (a, b, key, v) = (args.int(1)?, args.int(2)?, args.text(3)?, args.value(lua, 4)?);
            let mut sl = args.slot()?;
            let at = pair(&sl, a, b)?;
            write(&mut sl, at, key, &v).map(|()| Ret::None)
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("set_controller", |lua, _, (s, by): (i64, Option<i64>)| {
            let mut sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            let by = match by {
                Some(b) => Some(seat(&sl.state, b)?),
                None => None,
            };
            let n = sl.state.seat_count();
            sl.state.controllers.resize(n, None);
            sl.state.controllers[s as usize] = by.filter(|&b| b != s);
            Ok(())
        });
        m.add_method("controller", |lua, _, s: i64| {
            let sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            Ok(sl.state.controllers.get(s as usize).copied().flatten().map(|c| c as i64 + 1))
        });
    }
}

/// The variables of the pair of seats `a` and `b` (1-based, either order).
fn pair(sl: &Slot, a: i64, b: i64) -> mlua::Result<VarsAt> {
    let (a, b) = (seat(&sl.state, a)?, seat(&sl.state, b)?);
    sl.state.pair_index(a, b).map(VarsAt::Pair).ok_or_else(|| err("a pair needs two different seats"))
}

/// The variable `key` at `at` as a direct method's result, built on the stack; nil if
/// it was never set.
pub(super) fn read(args: &Args<'_>, sl: &Slot, at: VarsAt, key: &str) -> mlua::Result<Ret> {
    let Some(value) = Sym::find_cached(key).and_then(|k| sl.state.vars(at)?.get(k)) else { return Ok(Ret::One(LuaValue::Nil)) };
    let mut weight = 0;
    args.push(value, &mut weight)?;
    sl.budget.charge_bytes(weight)?;
    Ok(Ret::OnStack)
}

/// Sets the variable `key` at `at` (nil removes it); a name never stored needs no
/// interning to be removed. Storing what is already there changes nothing, so it
/// takes the state only to read: shared variables are not copied for it and what
/// `g:memo` holds stays true.
pub(super) fn write(sl: &mut SlotRef<'_>, at: VarsAt, key: &str, v: &LuaValue) -> mlua::Result<()> {
    let value = from_lua(v, &sl.budget)?;
    write_value(sl, at, key, value)
}

/// As [`write`], for a value already converted (and charged for).
pub(super) fn write_value(sl: &mut SlotRef<'_>, at: VarsAt, key: &str, value: Value) -> mlua::Result<()> {
    let key = match (Sym::find_cached(key), &value) {
        (Some(k), _) => k,
        (None, Value::Nil) => return Ok(()),
        (None, _) => name(key)?,
    };
    let old = sl.state.vars(at).and_then(|vars| vars.get(key));
    if old.map_or(value == Value::Nil, |old| old.identical(&value)) {
        return Ok(());
    }
    sl.state.set_var(at, key, value);
    stored(&sl.state)
}

/// Adds `delta` to the integer variable `key` at `at` and returns the new value; the
/// error of `g:<method>` when the sum overflows.
pub(super) fn add(sl: &mut Slot, at: VarsAt, key: &str, delta: i64, method: &str) -> mlua::Result<i64> {
    let new = sl.state.add_var(at, name(key)?, delta).ok_or_else(|| overflow(method, key, delta))?;
    stored(&sl.state)?;
    Ok(new)
}

/// The error of an `add` whose sum does not fit in a 64-bit integer (the variable is
/// left as it was).
fn overflow(method: &str, name: &str, delta: i64) -> mlua::Error {
    err(format!("g:{method}: adding {delta} to `{name}` overflows a 64-bit integer (the variable is left as it was)"))
}
