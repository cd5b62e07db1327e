//! `g` methods for hidden information: which seats know an entity's face.
//!
//! A hidden entity shows its face only to the seats that know it. Every seat that
//! ever saw a face is remembered (`seen_by`), because a bot's sample of the hidden
//! faces may only re-deal the faces its seat never saw.

use super::direct::{direct, Ret};
use super::{entity, seat, seat_mask, slot, Method, Methods};
use crate::state::SeatMask;
use mlua::{UserDataMethods, Value as LuaValue};

pub(super) struct Knowledge;

impl Methods for Knowledge {
    const TITLE: &'static str = "Hidden information";
    const DOCS: &'static [Method] = &[
        Method::new("hidden", "e: Entity", "boolean",
            "Whether the entity's face is hidden (shown only to the seats that know it)."),
        Method::new("reveal", "e: Entity, seats: Seats?", "()",
            "Without `seats`, turns the face up for every seat (the entity is no longer hidden); with `seats`, lets those seats know it while it stays hidden from the others."),
        Method::new("hide", "e: Entity, seats: Seats?", "()",
            "Hides the face from every seat except `seats` (nil: from every seat)."),
        Method::new("unsee", "e: Entity, seats: Seats?", "()",
            "Hides the face from every seat except `seats` (nil: from every seat) and forgets that any other seat ever saw it. For a face that may have changed unseen (a secret swap): what another seat saw before no longer tells it anything, so a bot's sample deals it again."),
        Method::new("forget", "e: Entity, seat: Seat", "()",
            "The seat no longer knows the face. It is still remembered as seen, so a bot's sample never re-deals it."),
        Method::new("knows", "seat: Seat, e: Entity", "boolean",
            "Whether the seat sees the entity's face: it is not hidden, or the seat (or a seat it controls) knows it."),
        Method::new("peek", "seat: Seat, e: Entity, text: string", "()",
            "A one-time look: the seat sees the face now (remembered as seen, not kept known) and `text` goes to that seat's private log."),
    ];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("hidden", |_, args| {
            let e = args.int(1)?;
            let sl = args.slot()?;
            Ok(Ret::bool(sl.state.entities[entity(&sl.state, e)? as usize].hidden))
        }),
        direct!("knows", |_, args| {
            let (s, e) = (args.int(1)?, args.int(2)?);
            let sl = args.slot()?;
            let s = seat(&sl.state, s)?;
            let e = entity(&sl.state, e)? as usize;
            Ok(Ret::bool(sl.state.knows_face(Some(s), &sl.state.entities[e])))
        }),
        direct!("forget", |_, args| {
            let (e, s) = (args.int(1)?, args.int(2)?);
            let mut sl = args.slot()?;
            let e = entity(&sl.state, e)? as usize;
            let s = seat(&sl.state, s)?;
            let ent = &mut sl.state.entities[e];
            ent.known_by = ent.known_by.without(s);
            Ok(Ret::None)
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("reveal", |lua, _, (e, who): (i64, LuaValue)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)? as usize;
            if who.is_nil() {
                let all = SeatMask::all(sl.state.seat_count());
                let ent = &mut sl.state.entities[e];
                ent.hidden = false;
                ent.seen_by = all;
            } else {
                let mask = seat_mask(&sl, &who)?;
                let ent = &mut sl.state.entities[e];
                ent.known_by = ent.known_by.union(mask);
                ent.seen_by = ent.seen_by.union(mask);
            }
            Ok(())
        });
        m.add_method("hide", |lua, _, (e, who): (i64, LuaValue)| hide(lua, e, who, false));
        m.add_method("unsee", |lua, _, (e, who): (i64, LuaValue)| hide(lua, e, who, true));
        m.add_method("peek", |lua, _, (s, e, text): (i64, i64, String)| {
            let mut sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            let e = entity(&sl.state, e)? as usize;
            let ent = &mut sl.state.entities[e];
            ent.seen_by = ent.seen_by.with(s);
            sl.state.log(text, Some(SeatMask::one(s)));
            Ok(())
        });
    }
}

/// Hides `e`'s face from every seat but `who` (nil: all); with `forget_seen`, what
/// the others saw of it before no longer counts either.
fn hide(lua: &mlua::Lua, e: i64, who: LuaValue, forget_seen: bool) -> mlua::Result<()> {
    let mut sl = slot(lua)?;
    let e = entity(&sl.state, e)? as usize;
    let mask = if who.is_nil() { SeatMask::NONE } else { seat_mask(&sl, &who)? };
    let ent = &mut sl.state.entities[e];
    ent.hidden = true;
    ent.known_by = mask;
    ent.seen_by = if forget_seen { mask } else { ent.seen_by.union(mask) };
    Ok(())
}
