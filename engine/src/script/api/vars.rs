//! `g` methods for seats and variables: how many seats play, who answers for whom,
//! the variants in play, and the variables kept per seat, per game and per pair of
//! seats (any plain value; a variable never set reads as nil).

use super::{err, seat, slot, Method, Methods};
use crate::script::convert::{from_lua, to_lua};
use crate::sym::Sym;
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

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("seats", |lua, _, ()| Ok(slot(lua)?.state.seat_count()));
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
        m.add_method("variant", |lua, _, name: String| Ok(slot(lua)?.state.setup.variants.iter().any(|v| *v == name)));
        m.add_method("get", |lua, _, (s, name): (i64, String)| {
            let sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            let v = sl.state.seats[s as usize].get(Sym::new(&name)).cloned().unwrap_or_default();
            drop(sl);
            to_lua(lua, &v)
        });
        m.add_method("set", |lua, _, (s, name, v): (i64, String, LuaValue)| {
            let v = from_lua(&v)?;
            let mut sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            sl.state.seats[s as usize].set(Sym::new(&name), v);
            Ok(())
        });
        m.add_method("add", |lua, _, (s, name, d): (i64, String, i64)| {
            let mut sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            sl.state.seats[s as usize].add(Sym::new(&name), d).ok_or_else(|| overflow("add", &name, d))
        });
        m.add_method("global", |lua, _, name: String| {
            let v = slot(lua)?.state.globals.get(Sym::new(&name)).cloned().unwrap_or_default();
            to_lua(lua, &v)
        });
        m.add_method("set_global", |lua, _, (name, v): (String, LuaValue)| {
            let v = from_lua(&v)?;
            slot(lua)?.state.globals.set(Sym::new(&name), v);
            Ok(())
        });
        m.add_method("add_global", |lua, _, (name, d): (String, i64)| {
            slot(lua)?.state.globals.add(Sym::new(&name), d).ok_or_else(|| overflow("add_global", &name, d))
        });
        m.add_method("pair", |lua, _, (a, b, name): (i64, i64, String)| {
            let sl = slot(lua)?;
            let (a, b) = (seat(&sl.state, a)?, seat(&sl.state, b)?);
            let i = sl.state.pair_index(a, b).ok_or_else(|| err("a pair needs two different seats"))?;
            let v = sl.state.pairs[i].get(Sym::new(&name)).cloned().unwrap_or_default();
            drop(sl);
            to_lua(lua, &v)
        });
        m.add_method("set_pair", |lua, _, (a, b, name, v): (i64, i64, String, LuaValue)| {
            let v = from_lua(&v)?;
            let mut sl = slot(lua)?;
            let (a, b) = (seat(&sl.state, a)?, seat(&sl.state, b)?);
            let i = sl.state.pair_index(a, b).ok_or_else(|| err("a pair needs two different seats"))?;
            sl.state.pairs[i].set(Sym::new(&name), v);
            Ok(())
        });
    }
}

/// The error of an `add` whose sum does not fit in a 64-bit integer (the variable is
/// left as it was).
pub(super) fn overflow(method: &str, name: &str, delta: i64) -> mlua::Error {
    err(format!("g:{method}: adding {delta} to `{name}` overflows a 64-bit integer (the variable is left as it was)"))
}
