//! `g` methods for randomness, all drawn from the game's seeded generator (ChaCha8
//! in the state), so a seed and the list of choices replay a game exactly. Lua's own
//! `math.random` is removed from the sandbox for the same reason.

use super::direct::{direct, Ret};
use super::{err, list, place, slot, Method, Methods};
use crate::script::cost;
use crate::state::SeatMask;
use crate::sym::Sym;
use mlua::{Table, UserDataMethods, Value as LuaValue};
use rand::Rng as _;

pub(super) struct Random;

impl Methods for Random {
    const TITLE: &'static str = "Randomness";
    const DOCS: &'static [Method] = &[
        Method::new("roll", "sides: integer", "integer",
            "A random whole number from 1 to `sides` (at least 1), each equally likely."),
        Method::new("shuffle", "items: { Value }", "{ Value }",
            "A shuffled copy of the list `items`."),
        Method::new("shuffle_zone", "at: Location", "()",
            "Shuffles the entities at `at`: their order, and also the faces (with their props) of the hidden ones among them, which every seat then forgets, so an entity id never tells which face it is."),
    ];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("shuffle_zone", |_, args| {
            // Shuffling permutes the *faces* of the hidden entities in the zone, not just
            // their order: otherwise an entity id would keep telling which face it is.
            let mut sl = args.slot()?;
            // A zone whose name was never stored holds nothing to shuffle.
            let Some(at) = place(&sl.state, args.raw(1))? else { return Ok(Ret::None) };
            sl.budget.charge(sl.state.entities.len() as u64 * cost::ENTITY)?;
            let mut ids: Vec<usize> = (0..sl.state.entities.len()).filter(|&i| sl.state.entities[i].at == at).collect();
            ids.sort_by_key(|&i| sl.state.entities[i].order);
            let mut orders: Vec<u32> = ids.iter().map(|&i| sl.state.entities[i].order).collect();
            for i in (1..orders.len()).rev() {
                let j = sl.state.rng.0.random_range(0..=i);
                orders.swap(i, j);
            }
            for (&id, order) in ids.iter().zip(orders) {
                sl.state.entities[id].order = order;
            }
            let hidden: Vec<usize> = ids.into_iter().filter(|&i| sl.state.entities[i].hidden).collect();
            let mut faces: Vec<(Sym, crate::state::Vars)> =
                hidden.iter().map(|&i| (sl.state.entities[i].face, sl.state.entities[i].props.clone())).collect();
            for i in (1..faces.len()).rev() {
                let j = sl.state.rng.0.random_range(0..=i);
                faces.swap(i, j);
            }
            for (id, (face, props)) in hidden.into_iter().zip(faces) {
                let e = &mut sl.state.entities[id];
                e.face = face;
                e.props = props;
                e.known_by = SeatMask::NONE;
                e.seen_by = SeatMask::NONE;
            }
            Ok(Ret::None)
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("roll", |lua, _, n: i64| {
            if n < 1 {
                return Err(err(format!("roll needs at least 1 side, not {n}")));
            }
            Ok(slot(lua)?.state.rng.0.random_range(1..=n))
        });
        m.add_method("shuffle", |lua, _, items: Table| {
            slot(lua)?.budget.charge(items.raw_len() as u64)?;
            let mut values: Vec<LuaValue> = items.sequence_values::<LuaValue>().collect::<mlua::Result<_>>()?;
            {
                let mut sl = slot(lua)?;
                for i in (1..values.len()).rev() {
                    let j = sl.state.rng.0.random_range(0..=i);
                    values.swap(i, j);
                }
            }
            list(lua, values)
        });
    }
}
