//! The `g` handle: the kernel API that scripts call.
//!
//! Every method works on the [`Slot`] moved into the VM for the current call. Seats
//! are 1-based on this side of the boundary, as Lua arrays are; entity and cell ids
//! are opaque numbers. Lists come back in a defined order (by id, or bottom-to-top in
//! a zone) so no outcome can depend on table iteration order.

use super::convert::{from_lua, to_lua};
use super::Slot;
use crate::board::{Board, CellId, MoveRules, Region, TileCell};
use crate::flow::{Frame, Window, WINDOW_STEP};
use crate::state::{EntityId, GameState, Location, Outcome, Seat, SeatMask};
use crate::sym::Sym;
use crate::value::Value;
use mlua::{AppDataRefMut, Lua, Table, UserData, UserDataMethods, Value as LuaValue};
use rand::Rng as _;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The userdata behind `g`; it holds nothing, the state is in the app data.
pub struct GameHandle;

fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

fn slot(lua: &Lua) -> mlua::Result<AppDataRefMut<'_, Slot>> {
    lua.app_data_mut::<Slot>().ok_or_else(|| err("the game handle can only be used while the kernel runs a step"))
}

fn seat(state: &GameState, seat: i64) -> mlua::Result<Seat> {
    if seat >= 1 && (seat as usize) <= state.seat_count() {
        Ok((seat - 1) as Seat)
    } else {
        Err(err(format!("seat {seat} does not exist (seats are 1..{})", state.seat_count())))
    }
}

fn entity(state: &GameState, id: i64) -> mlua::Result<EntityId> {
    if id >= 0 && (id as usize) < state.entities.len() {
        Ok(id as EntityId)
    } else {
        Err(err(format!("entity {id} does not exist")))
    }
}

fn cell(state: &GameState, id: i64) -> mlua::Result<CellId> {
    if id >= 0 && (id as usize) < state.board.len() {
        Ok(id as CellId)
    } else {
        Err(err(format!("cell {id} does not exist")))
    }
}

fn seat_mask(state: &GameState, who: &LuaValue) -> mlua::Result<SeatMask> {
    match who {
        LuaValue::Number(_) | LuaValue::Integer(_) => {
            let n = from_lua(who)?.as_int().ok_or_else(|| err("a seat must be an integer"))?;
            Ok(SeatMask::one(seat(state, n)?))
        }
        LuaValue::Table(t) => {
            let mut mask = SeatMask::NONE;
            for s in t.sequence_values::<i64>() {
                mask = mask.with(seat(state, s?)?);
            }
            Ok(mask)
        }
        _ => Err(err("expected a seat or a list of seats")),
    }
}

/// Reads a location argument: a cell id, a zone name, `{zone=, seat=}`, `{inside=}`, or nil.
fn location(state: &GameState, at: &LuaValue) -> mlua::Result<Location> {
    Ok(match at {
        LuaValue::Nil | LuaValue::Boolean(false) => Location::Nowhere,
        LuaValue::Number(_) | LuaValue::Integer(_) => {
            Location::Cell(cell(state, from_lua(at)?.as_int().ok_or_else(|| err("a cell id must be an integer"))?)?)
        }
        LuaValue::String(s) => Location::Zone { zone: Sym::new(&s.to_str()?), seat: None },
        LuaValue::Table(t) => {
            if let Some(inside) = t.raw_get::<Option<i64>>("inside")? {
                Location::In(entity(state, inside)?)
            } else if let Some(zone) = t.raw_get::<Option<String>>("zone")? {
                let owner = match t.raw_get::<Option<i64>>("seat")? {
                    Some(s) => Some(seat(state, s)?),
                    None => None,
                };
                Location::Zone { zone: Sym::new(&zone), seat: owner }
            } else {
                return Err(err("a location table needs `zone` (and optional `seat`) or `inside`"));
            }
        }
        other => return Err(err(format!("a location cannot be a {}", other.type_name()))),
    })
}

fn location_to_lua(lua: &Lua, at: Location) -> mlua::Result<LuaValue> {
    Ok(match at {
        Location::Nowhere => LuaValue::Nil,
        Location::Cell(c) => LuaValue::Number(c as f64),
        Location::Zone { zone, seat } => {
            let t = lua.create_table()?;
            t.raw_set("zone", zone.as_str())?;
            if let Some(s) = seat {
                t.raw_set("seat", s as i64 + 1)?;
            }
            LuaValue::Table(t)
        }
        Location::In(outer) => {
            let t = lua.create_table()?;
            t.raw_set("inside", outer as i64)?;
            LuaValue::Table(t)
        }
    })
}

/// Entity filter of `g:entities{…}`.
struct Filter {
    kind: Option<Sym>,
    face: Option<Sym>,
    owner: Option<Option<Seat>>,
    at: Option<Location>,
    cell: Option<CellId>,
    nowhere: bool,
}

fn filter(state: &GameState, t: &Table) -> mlua::Result<Filter> {
    let sym = |key: &str| -> mlua::Result<Option<Sym>> { Ok(t.raw_get::<Option<String>>(key)?.map(|s| Sym::new(&s))) };
    let owner = match t.raw_get::<LuaValue>("owner")? {
        LuaValue::Nil => None,
        LuaValue::Boolean(false) => Some(None),
        v => Some(Some(seat(state, from_lua(&v)?.as_int().ok_or_else(|| err("owner must be a seat"))?)?)),
    };
    let at = if let Some(zone) = t.raw_get::<Option<String>>("zone")? {
        let zseat = match t.raw_get::<Option<i64>>("seat")? {
            Some(s) => Some(seat(state, s)?),
            None => None,
        };
        Some(Location::Zone { zone: Sym::new(&zone), seat: zseat })
    } else if let Some(inside) = t.raw_get::<Option<i64>>("inside")? {
        Some(Location::In(entity(state, inside)?))
    } else {
        None
    };
    let cell_filter = match t.raw_get::<Option<i64>>("cell")? {
        Some(c) => Some(cell(state, c)?),
        None => None,
    };
    Ok(Filter {
        kind: sym("kind")?,
        face: sym("face")?,
        owner,
        at,
        cell: cell_filter,
        nowhere: t.raw_get::<Option<bool>>("nowhere")?.unwrap_or(false),
    })
}

fn matching(state: &GameState, f: &Filter) -> Vec<EntityId> {
    let mut ids: Vec<EntityId> = state
        .entities
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            f.kind.is_none_or(|k| e.kind == k)
                && f.face.is_none_or(|k| e.face == k)
                && f.owner.is_none_or(|o| e.owner == o)
                && f.at.is_none_or(|a| e.at == a)
                && f.cell.is_none_or(|c| e.at == Location::Cell(c))
                && (!f.nowhere || e.at == Location::Nowhere)
        })
        .map(|(i, _)| i as EntityId)
        .collect();
    if matches!(f.at, Some(Location::Zone { .. }) | Some(Location::In(_))) {
        ids.sort_by_key(|&id| state.entities[id as usize].order);
    }
    ids
}

fn list<T: mlua::IntoLua>(lua: &Lua, items: impl IntoIterator<Item = T>) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (i, item) in items.into_iter().enumerate() {
        t.raw_set(i + 1, item)?;
    }
    Ok(t)
}

fn str_value(v: &Value) -> Option<&str> {
    v.as_str()
}

impl UserData for GameHandle {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        // --- seats, variables and variants -------------------------------------------
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
            Ok(sl.state.seats[s as usize].add(Sym::new(&name), d))
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
        m.add_method("add_global", |lua, _, (name, d): (String, i64)| Ok(slot(lua)?.state.globals.add(Sym::new(&name), d)));
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

        // --- entities -------------------------------------------------------------------
        m.add_method("create", |lua, _, spec: Table| {
            let kind: String = spec.raw_get("kind")?;
            let face: String = spec.raw_get::<Option<String>>("face")?.unwrap_or_else(|| kind.clone());
            let hidden: bool = spec.raw_get::<Option<bool>>("hidden")?.unwrap_or(false);
            let at: LuaValue = spec.raw_get("at")?;
            let owner: Option<i64> = spec.raw_get("owner")?;
            let props: Option<Table> = spec.raw_get("props")?;
            let mut sl = slot(lua)?;
            let owner = match owner {
                Some(s) => Some(seat(&sl.state, s)?),
                None => None,
            };
            let at = location(&sl.state, &at)?;
            let id = sl.state.create(Sym::new(&kind), Sym::new(&face), owner, at, hidden);
            if let Some(props) = props {
                for pair in props.pairs::<String, LuaValue>() {
                    let (k, v) = pair?;
                    let v = from_lua(&v)?;
                    sl.state.entities[id as usize].props.set(Sym::new(&k), v);
                }
            }
            Ok(id as i64)
        });
        m.add_method("move", |lua, _, (e, at): (i64, LuaValue)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            let to = location(&sl.state, &at)?;
            if let Location::In(outer) = to {
                let mut cursor = Some(outer);
                while let Some(c) = cursor {
                    if c == e {
                        return Err(err("an entity cannot be put inside itself"));
                    }
                    cursor = match sl.state.entities[c as usize].at {
                        Location::In(o) => Some(o),
                        _ => None,
                    };
                }
            }
            sl.state.move_entity(e, to);
            Ok(())
        });
        m.add_method("move_to_bottom", |lua, _, (e, at): (i64, LuaValue)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            let to = location(&sl.state, &at)?;
            sl.state.move_entity_to_bottom(e, to);
            Ok(())
        });
        m.add_method("where", |lua, _, e: i64| {
            let at = {
                let sl = slot(lua)?;
                sl.state.entities[entity(&sl.state, e)? as usize].at
            };
            location_to_lua(lua, at)
        });
        m.add_method("cell_of", |lua, _, e: i64| {
            let sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            Ok(sl.state.cell_of(e).map(|c| c as i64))
        });
        m.add_method("entities", |lua, _, spec: Table| {
            let ids = {
                let sl = slot(lua)?;
                let f = filter(&sl.state, &spec)?;
                matching(&sl.state, &f)
            };
            list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("count", |lua, _, spec: Table| {
            let sl = slot(lua)?;
            let f = filter(&sl.state, &spec)?;
            Ok(matching(&sl.state, &f).len())
        });
        m.add_method("first", |lua, _, spec: Table| {
            let sl = slot(lua)?;
            let f = filter(&sl.state, &spec)?;
            Ok(matching(&sl.state, &f).first().map(|&i| i as i64))
        });
        m.add_method("kind", |lua, _, e: i64| {
            let sl = slot(lua)?;
            Ok(sl.state.entities[entity(&sl.state, e)? as usize].kind.as_str())
        });
        m.add_method("face", |lua, _, e: i64| {
            let sl = slot(lua)?;
            Ok(sl.state.entities[entity(&sl.state, e)? as usize].face.as_str())
        });
        m.add_method("set_face", |lua, _, (e, face): (i64, String)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            sl.state.entities[e as usize].face = Sym::new(&face);
            Ok(())
        });
        m.add_method("owner", |lua, _, e: i64| {
            let sl = slot(lua)?;
            Ok(sl.state.entities[entity(&sl.state, e)? as usize].owner.map(|s| s as i64 + 1))
        });
        m.add_method("set_owner", |lua, _, (e, s): (i64, Option<i64>)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            let owner = match s {
                Some(s) => Some(seat(&sl.state, s)?),
                None => None,
            };
            sl.state.entities[e as usize].owner = owner;
            Ok(())
        });
        m.add_method("prop", |lua, _, (e, k): (i64, String)| {
            let v = {
                let sl = slot(lua)?;
                sl.state.entities[entity(&sl.state, e)? as usize].props.get(Sym::new(&k)).cloned().unwrap_or_default()
            };
            to_lua(lua, &v)
        });
        m.add_method("set_prop", |lua, _, (e, k, v): (i64, String, LuaValue)| {
            let v = from_lua(&v)?;
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            sl.state.entities[e as usize].props.set(Sym::new(&k), v);
            Ok(())
        });
        m.add_method("add_prop", |lua, _, (e, k, d): (i64, String, i64)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            Ok(sl.state.entities[e as usize].props.add(Sym::new(&k), d))
        });

        // --- hidden information -----------------------------------------------------------
        m.add_method("hidden", |lua, _, e: i64| {
            let sl = slot(lua)?;
            Ok(sl.state.entities[entity(&sl.state, e)? as usize].hidden)
        });
        m.add_method("reveal", |lua, _, (e, who): (i64, LuaValue)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)? as usize;
            if who.is_nil() {
                let all = SeatMask::all(sl.state.seat_count());
                let ent = &mut sl.state.entities[e];
                ent.hidden = false;
                ent.seen_by = all;
            } else {
                let mask = seat_mask(&sl.state, &who)?;
                let ent = &mut sl.state.entities[e];
                ent.known_by = ent.known_by.union(mask);
                ent.seen_by = ent.seen_by.union(mask);
            }
            Ok(())
        });
        m.add_method("hide", |lua, _, (e, who): (i64, LuaValue)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)? as usize;
            let mask = if who.is_nil() { SeatMask::NONE } else { seat_mask(&sl.state, &who)? };
            let ent = &mut sl.state.entities[e];
            ent.hidden = true;
            ent.known_by = mask;
            ent.seen_by = ent.seen_by.union(mask);
            Ok(())
        });
        m.add_method("forget", |lua, _, (e, s): (i64, i64)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)? as usize;
            let s = seat(&sl.state, s)?;
            let ent = &mut sl.state.entities[e];
            ent.known_by = ent.known_by.without(s);
            Ok(())
        });
        m.add_method("knows", |lua, _, (s, e): (i64, i64)| {
            let sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            Ok(sl.state.entities[entity(&sl.state, e)? as usize].face_visible_to(s))
        });
        m.add_method("peek", |lua, _, (s, e, text): (i64, i64, String)| {
            let mut sl = slot(lua)?;
            let s = seat(&sl.state, s)?;
            let e = entity(&sl.state, e)? as usize;
            let ent = &mut sl.state.entities[e];
            ent.seen_by = ent.seen_by.with(s);
            sl.state.log(text, Some(SeatMask::one(s)));
            Ok(())
        });

        // --- randomness -------------------------------------------------------------------
        m.add_method("roll", |lua, _, n: i64| {
            if n < 1 {
                return Err(err(format!("roll needs at least 1 side, not {n}")));
            }
            Ok(slot(lua)?.state.rng.0.random_range(1..=n))
        });
        m.add_method("shuffle", |lua, _, items: Table| {
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
        m.add_method("shuffle_zone", |lua, _, at: LuaValue| {
            // Shuffling permutes the *faces* of the hidden entities in the zone, not just
            // their order: otherwise an entity id would keep telling which face it is.
            let mut sl = slot(lua)?;
            let at = location(&sl.state, &at)?;
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
            Ok(())
        });

        // --- log and flow ------------------------------------------------------------------
        m.add_method("log", |lua, _, text: String| {
            slot(lua)?.state.log(text, None);
            Ok(())
        });
        m.add_method("log_to", |lua, _, (who, text): (LuaValue, String)| {
            let mut sl = slot(lua)?;
            let mask = seat_mask(&sl.state, &who)?;
            sl.state.log(text, Some(mask));
            Ok(())
        });
        m.add_method("push", |lua, _, (step, ctx): (String, LuaValue)| {
            let ctx = from_lua(&ctx)?;
            let mut sl = slot(lua)?;
            if sl.rules.step(&step).is_none() && step != WINDOW_STEP {
                return Err(err(format!("push: no step `{step}` is declared in pack.ron")));
            }
            sl.state.flow.push(Frame { step: Sym::new(&step), ctx, entered: false });
            Ok(())
        });
        m.add_method("window", |lua, _, spec: Table| {
            let seats: Vec<i64> = spec.raw_get::<Table>("seats")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let offer: String = spec.raw_get("offer")?;
            let respond: String = spec.raw_get("respond")?;
            let data = from_lua(&spec.raw_get::<LuaValue>("data")?)?;
            let mut sl = slot(lua)?;
            let seats = seats.into_iter().map(|s| seat(&sl.state, s)).collect::<mlua::Result<Vec<_>>>()?;
            let window = Window { seats, next: 0, offer, respond, data, closed: false };
            sl.state.flow.push(Frame { step: Sym::new(WINDOW_STEP), ctx: window.to_value(), entered: true });
            Ok(())
        });
        m.add_method("reset_flow", |lua, _, ()| {
            // For scenario set-ups that build a position from scratch.
            let mut sl = slot(lua)?;
            sl.state.flow.clear();
            sl.state.pending = None;
            Ok(())
        });
        m.add_method("finish", |lua, _, spec: Table| {
            let scores: Vec<i64> = spec.raw_get::<Table>("scores")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let ranking: Vec<i64> = spec.raw_get::<Table>("ranking")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let mut sl = slot(lua)?;
            let n = sl.state.seat_count();
            if scores.len() != n {
                return Err(err(format!("finish: {} scores given for {n} seats", scores.len())));
            }
            let ranking = ranking.into_iter().map(|s| seat(&sl.state, s)).collect::<mlua::Result<Vec<_>>>()?;
            let mut sorted = ranking.clone();
            sorted.sort();
            if sorted != (0..n as Seat).collect::<Vec<_>>() {
                return Err(err("finish: the ranking must list every seat exactly once"));
            }
            sl.state.outcome = Some(Outcome { scores, ranking });
            Ok(())
        });

        // --- board ----------------------------------------------------------------------------
        m.add_method("cell_count", |lua, _, ()| Ok(slot(lua)?.state.board.len()));
        m.add_method("terrain", |lua, _, c: i64| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(sl.state.board.cells()[c as usize].terrain.clone())
        });
        m.add_method("set_terrain", |lua, _, (c, t): (i64, String)| {
            let mut sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            if let Some(cell) = Arc::make_mut(&mut sl.state.board).cell_mut(c) {
                cell.terrain = t;
            }
            Ok(())
        });
        m.add_method("cell_name", |lua, _, c: i64| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(sl.state.board.cells()[c as usize].name.clone())
        });
        m.add_method("cell_prop", |lua, _, (c, k): (i64, String)| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(sl.state.board.cells()[c as usize].props.get(&k).copied())
        });
        m.add_method("region", |lua, _, c: i64| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(sl.state.board.cells()[c as usize].region as i64 + 1)
        });
        m.add_method("region_info", |lua, _, r: i64| {
            let region = {
                let sl = slot(lua)?;
                sl.state.board.regions().get((r - 1).max(0) as usize).cloned()
            };
            let Some(region) = region else { return Ok(LuaValue::Nil) };
            let t = lua.create_table()?;
            t.raw_set("label", region.label)?;
            t.raw_set("tile", region.tile)?;
            t.raw_set("side", region.side)?;
            t.raw_set("rotation", region.rotation)?;
            Ok(LuaValue::Table(t))
        });
        m.add_method("region_count", |lua, _, ()| Ok(slot(lua)?.state.board.regions().len()));
        m.add_method("hex", |lua, _, c: i64| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(match sl.state.board.cells()[c as usize].hex {
                Some(h) => (Some(h.x as i64), Some(h.y as i64)),
                None => (None, None),
            })
        });
        m.add_method("cell_at", |lua, _, (q, r): (i32, i32)| {
            let sl = slot(lua)?;
            Ok(match &*sl.state.board {
                Board::Hex(h) => h.cell_at(hexx::Hex::new(q, r)).map(|c| c as i64),
                Board::Graph(_) => None,
            })
        });
        m.add_method("cells", |lua, _, spec: Option<Table>| {
            let (terrain, region) = match &spec {
                Some(t) => (t.raw_get::<Option<String>>("terrain")?, t.raw_get::<Option<i64>>("region")?),
                None => (None, None),
            };
            let ids: Vec<i64> = {
                let sl = slot(lua)?;
                sl.state
                    .board
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| terrain.as_ref().is_none_or(|t| &c.terrain == t))
                    .filter(|(_, c)| region.is_none_or(|r| c.region as i64 + 1 == r))
                    .map(|(i, _)| i as i64)
                    .collect()
            };
            list(lua, ids)
        });
        m.add_method("neighbors", |lua, _, c: i64| {
            let ids = {
                let sl = slot(lua)?;
                let c = cell(&sl.state, c)?;
                sl.state.board.neighbors(c)
            };
            list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("distance", |lua, _, (a, b): (i64, i64)| {
            let sl = slot(lua)?;
            let (a, b) = (cell(&sl.state, a)?, cell(&sl.state, b)?);
            Ok(sl.state.board.distance(a, b))
        });
        m.add_method("within", |lua, _, (c, radius): (i64, u32)| {
            let ids = {
                let sl = slot(lua)?;
                let c = cell(&sl.state, c)?;
                sl.state.board.cells_within(c, radius)
            };
            list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("links", |lua, _, (c, kind): (i64, String)| {
            let ids = {
                let sl = slot(lua)?;
                let c = cell(&sl.state, c)?;
                sl.state.board.linked(c, &[kind.as_str()])
            };
            list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("add_link", |lua, _, (a, b, kind): (i64, i64, String)| {
            let mut sl = slot(lua)?;
            let (a, b) = (cell(&sl.state, a)?, cell(&sl.state, b)?);
            Arc::make_mut(&mut sl.state.board).add_link(a, b, &kind).map_err(|e| err(e.to_string()))
        });
        m.add_method("remove_links", |lua, _, kind: String| {
            let mut sl = slot(lua)?;
            if sl.state.board.links().iter().any(|l| l.kind == kind) {
                Arc::make_mut(&mut sl.state.board).remove_links(&kind);
            }
            Ok(())
        });
        m.add_method("field", |lua, _, (from, budget, rules): (i64, i64, Option<Table>)| {
            let reach = {
                let sl = slot(lua)?;
                let from = cell(&sl.state, from)?;
                let spec = FieldSpec::read(&sl.state, rules.as_ref())?;
                let budget = if budget < 0 { u32::MAX } else { budget.min(u32::MAX as i64 - 1) as u32 };
                spec.run(&sl.state.board, from, budget)
            };
            let t = lua.create_table()?;
            for r in reach {
                t.raw_set(r.cell as i64, r.cost as i64)?;
            }
            Ok(t)
        });
        m.add_method("path", |lua, _, (from, to, budget, rules): (i64, i64, i64, Option<Table>)| {
            let cells = {
                let sl = slot(lua)?;
                let (from, to) = (cell(&sl.state, from)?, cell(&sl.state, to)?);
                let spec = FieldSpec::read(&sl.state, rules.as_ref())?;
                let budget = if budget < 0 { u32::MAX } else { budget.min(u32::MAX as i64 - 1) as u32 };
                crate::board::path_to(&spec.run(&sl.state.board, from, budget), to)
            };
            list(lua, cells.into_iter().map(|c| c as i64))
        });
        m.add_method("tile_offsets", |lua, _, radius: u32| {
            let offsets = crate::board::tile_offsets(radius);
            let t = lua.create_table()?;
            for (i, h) in offsets.iter().enumerate() {
                t.raw_set(i + 1, list(lua, [h.x as i64, h.y as i64])?)?;
            }
            Ok(t)
        });
        m.add_method("place_tile", |lua, _, spec: Table| {
            let kind: String = spec.raw_get("kind")?;
            let id: String = spec.raw_get("id")?;
            let side: String = spec.raw_get("side")?;
            let q: i32 = spec.raw_get("q")?;
            let r: i32 = spec.raw_get("r")?;
            let rotation: u8 = spec.raw_get::<Option<u8>>("rotation")?.unwrap_or(0);
            let label: String = spec.raw_get::<Option<String>>("label")?.unwrap_or_else(|| id.clone());
            let radius: u32 = spec.raw_get("radius")?;
            let default_terrain: String = spec.raw_get::<Option<String>>("default_terrain")?.unwrap_or_else(|| "space".into());
            let mut sl = slot(lua)?;
            let def = sl.rules.def(&kind, &id).ok_or_else(|| err(format!("place_tile: no {kind} `{id}`")))?;
            let cells = tile_cells(def.value.get(&side)).map_err(|m| err(format!("place_tile {kind} `{id}` field `{side}`: {m}")))?;
            let region = Region {
                label,
                tile: id.clone(),
                side: side.clone(),
                rotation,
                center: Some(hexx::Hex::new(q, r)),
            };
            let board = Arc::make_mut(&mut sl.state.board);
            if let Board::Graph(_) = board {
                *board = Board::Hex(crate::board::HexBoard::new());
            }
            let Board::Hex(hex) = board else { unreachable!("just made a hex board") };
            let index = hex
                .place_tile(region, &cells, radius, &default_terrain)
                .map_err(|e| err(format!("place_tile {kind} `{id}`: {e}")))?;
            Ok(index as i64 + 1)
        });
    }
}

/// Reads a tile's cell list (`[{at = {q, r}, terrain = "...", name = "...", tags = {...}}]`).
fn tile_cells(value: Option<&Value>) -> Result<Vec<TileCell>, String> {
    let Some(Value::List(items)) = value else { return Err("expected a list of cells".into()) };
    items
        .iter()
        .map(|item| {
            let at = match item.get("at") {
                Some(Value::List(qr)) if qr.len() == 2 => {
                    let q = qr[0].as_int().ok_or("`at` must hold integers")?;
                    let r = qr[1].as_int().ok_or("`at` must hold integers")?;
                    hexx::Hex::new(q as i32, r as i32)
                }
                _ => return Err("a cell needs `at: (q, r)`".to_string()),
            };
            let terrain = item.get("terrain").and_then(str_value).ok_or("a cell needs a terrain")?.to_owned();
            let name = item.get("name").and_then(str_value).map(str::to_owned);
            let mut props = BTreeMap::new();
            if let Some(Value::List(tags)) = item.get("tags") {
                for tag in tags {
                    props.insert(tag.as_str().ok_or("tags must be names")?.to_owned(), 1);
                }
            }
            Ok(TileCell { at, terrain, name, props })
        })
        .collect()
}

/// The movement rules a script passes to `g:field`.
struct FieldSpec {
    costs: BTreeMap<String, Option<u32>>,
    default_cost: Option<u32>,
    blocked: Vec<CellId>,
    links: Vec<String>,
    link_cost: u32,
    hop: Vec<CellId>,
    hop_cost: u32,
    halt_after_link: Vec<CellId>,
}

impl FieldSpec {
    fn read(state: &GameState, t: Option<&Table>) -> mlua::Result<FieldSpec> {
        let mut spec = FieldSpec {
            costs: BTreeMap::new(),
            default_cost: Some(1),
            blocked: Vec::new(),
            links: Vec::new(),
            link_cost: 1,
            hop: Vec::new(),
            hop_cost: 1,
            halt_after_link: Vec::new(),
        };
        let Some(t) = t else { return Ok(spec) };
        let cost = |v: LuaValue| -> mlua::Result<Option<u32>> {
            match v {
                LuaValue::Boolean(false) => Ok(None),
                v => Ok(Some(from_lua(&v)?.as_int().ok_or_else(|| err("a cost must be an integer or false"))?.max(0) as u32)),
            }
        };
        if let Some(costs) = t.raw_get::<Option<Table>>("costs")? {
            for pair in costs.pairs::<String, LuaValue>() {
                let (k, v) = pair?;
                spec.costs.insert(k, cost(v)?);
            }
        }
        if let v @ (LuaValue::Number(_) | LuaValue::Integer(_) | LuaValue::Boolean(false)) = t.raw_get::<LuaValue>("default_cost")? {
            spec.default_cost = cost(v)?;
        }
        let cells = |key: &str| -> mlua::Result<Vec<CellId>> {
            match t.raw_get::<Option<Table>>(key)? {
                Some(list) => list.sequence_values::<i64>().map(|c| cell(state, c?)).collect(),
                None => Ok(Vec::new()),
            }
        };
        spec.blocked = cells("blocked")?;
        spec.hop = cells("hop")?;
        spec.halt_after_link = cells("halt_after_link")?;
        if let Some(links) = t.raw_get::<Option<Table>>("links")? {
            spec.links = links.sequence_values::<String>().collect::<mlua::Result<_>>()?;
        }
        spec.link_cost = t.raw_get::<Option<u32>>("link_cost")?.unwrap_or(1);
        spec.hop_cost = t.raw_get::<Option<u32>>("hop_cost")?.unwrap_or(1);
        Ok(spec)
    }

    fn run(&self, board: &Board, from: CellId, budget: u32) -> Vec<crate::board::Reach> {
        let cells = board.cells();
        let enter_cost = |c: CellId| -> Option<u32> {
            if self.blocked.contains(&c) {
                return None;
            }
            let terrain = &cells.get(c as usize)?.terrain;
            match self.costs.get(terrain) {
                Some(cost) => *cost,
                None => self.default_cost,
            }
        };
        let halt = |c: CellId| self.halt_after_link.contains(&c);
        let link_kinds: Vec<&str> = self.links.iter().map(String::as_str).collect();
        let rules = MoveRules {
            enter_cost: &enter_cost,
            link_kinds: &link_kinds,
            link_cost: self.link_cost,
            hop_set: &self.hop,
            hop_cost: self.hop_cost,
            halt_after_link: &halt,
        };
        board.movement_field(from, budget, &rules)
    }
}
