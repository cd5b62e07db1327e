//! `g` methods for entities: creating them, moving them between locations, finding
//! them with filters, and their kind, face, owner and props.
//!
//! A location is a cell id, a zone name, `{zone=, seat=}` (a seat's own zone),
//! `{inside=e}` (inside another entity), or nil (nowhere). Moving puts an entity on
//! top of what is already there; lists of a zone's entities run bottom to top.

use super::vars::{add, read, write, write_value};
use super::direct::{direct, Args, Ret};
use super::{cell, entity, err, location, location_to_lua, name, number, seat, slot, stored, Method, Methods};
use crate::board::CellId;
use crate::script::cost;
use crate::script::convert::from_raw;
use crate::script::raw::{self, Raw};
use crate::state::{Entity, EntityId, GameState, Location, Seat, SeatMask, VarsAt};
use crate::sym::Sym;
use crate::value::Value;
use mlua::{UserDataMethods, Value as LuaValue};

pub(super) struct Entities;

impl Methods for Entities {
    const TITLE: &'static str = "Entities";
    const DOCS: &'static [Method] = &[
        Method::new("create", "spec: EntitySpec", "Entity",
            "Creates an entity of `kind` showing `face` (default: the kind's name) at `at`, owned by `owner`, with `props`; a `hidden` one shows its face to no seat until revealed. Returns the new id."),
        Method::new("move", "e: Entity, at: Location?", "()",
            "Moves the entity to the top of `at` (nil: nowhere). An entity cannot be put inside itself or inside something it holds."),
        Method::new("move_to_bottom", "e: Entity, at: Location?", "()",
            "Moves the entity to the bottom of `at` (nil: nowhere). As with `g:move`, an entity cannot be put inside itself or inside something it holds."),
        Method::new("where", "e: Entity", "Location?",
            "Where the entity is: a cell id, `{zone=, seat=}` (`seat` only for a seat's zone), `{inside=}`, or nil when it is nowhere."),
        Method::new("cell_of", "e: Entity", "Cell?",
            "The cell the entity is on, directly or inside entities that are; nil when it is not on the board."),
        Method::new("entities", "filter: EntityFilter", "{ Entity }",
            "The entities matching every field given in `filter` (`kind` may list several kinds; a field the kernel does not know is an error), by ascending id, or bottom to top when the filter names a zone or a container."),
        Method::new("count", "filter: EntityFilter", "integer",
            "How many entities match `filter` (as in `g:entities`)."),
        Method::new("first", "filter: EntityFilter", "Entity?",
            "The first entity `g:entities` would list for `filter`, or nil."),
        Method::new("last", "filter: EntityFilter", "Entity?",
            "The last entity `g:entities` would list for `filter` (the top of a zone or container), or nil."),
        Method::new("cells_of", "filter: EntityFilter", "{ Cell }",
            "The cells the entities matching `filter` are on (directly or inside entities that are), each once, ascending: one call where a loop over `g:entities` and `g:cell_of` would make one per entity."),
        Method::new("owners", "filter: EntityFilter", "{ Seat }",
            "The seats owning entities that match `filter`, each once, ascending (unowned entities are left out): which seats have pieces of some kinds on a cell, in one call."),
        Method::new("tally", "filter: EntityFilter, by: string", "{ [integer]: integer }",
            "How many entities match `filter`, counted by `by`: \"cell\" (the cell each is on, directly or inside entities that are), \"region\" (that cell's region), \"owner\" (its seat) or \"inside\" (the entity it is directly inside). Entities off the board (for \"cell\" and \"region\"), owned by nobody (for \"owner\") or inside no entity (for \"inside\") are left out, and so are keys that count nothing: one call where a loop over `g:entities` would make several per entity (majorities per region, pieces per cell, pieces per container)."),
        Method::new("kind", "e: Entity", "string",
            "The entity's kind: what its back shows, public to every seat."),
        Method::new("face", "e: Entity", "string",
            "The entity's face: what it is. Scripts always read it; views hide it from seats that do not know it."),
        Method::new("set_face", "e: Entity, face: string", "()",
            "Changes what the entity is (its face); who knows the face is unchanged."),
        Method::new("owner", "e: Entity", "Seat?",
            "The seat owning the entity, or nil."),
        Method::new("set_owner", "e: Entity, seat: Seat?", "()",
            "Gives the entity to `seat` (nil: to nobody)."),
        Method::new("columns", "filter: EntityFilter, props: { string }", "{ [string]: { Value } }",
            "The entities `g:entities(filter)` lists, in its order, as columns: `id` their ids, `face` their faces and, for each property named in `props`, the list of its values (the i-th value belongs to the i-th entity; nil where unset). What a script would read with `g:face` and `g:prop` for every entity of a group, in one call."),
        Method::new("prop", "e: Entity, name: string", "Value",
            "The entity's property `name`; nil if it was never set."),
        Method::new("set_prop", "e: Entity, name: string, value: Value", "()",
            "Sets the entity's property `name`; nil removes it."),
        Method::new("add_prop", "e: Entity, name: string, delta: integer", "integer",
            "Adds `delta` to the entity's integer property `name` (unset counts as 0) and returns the new value."),
    ];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("cell_of", |_, args| {
            let e = args.int(1)?;
            let sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            Ok(Ret::opt_int(sl.state.cell_of(e).map(|c| c as i64)))
        }),
        direct!("entities", |_, args| {
            let ids = {
                let sl = args.slot()?;
                match filter(args, &sl.state)? {
                    Some(f) => {
                        sl.budget.charge(f.scan_cost(&sl.state))?;
                        matching(&sl.state, &f)
                    }
                    None => Vec::new(),
                }
            };
            args.push_ints(ids.into_iter().map(|i| i as i64))
        }),
        direct!("columns", |_, args| {
            let sl = args.slot()?;
            let names = match args.raw(2) {
                Raw::Table(list) => list.strings().map_err(|other| err(format!("g:columns lists property names, not a {other}")))?,
                other => return Err(err(format!("bad argument #2 to `columns`: expected a list of property names, got a {}", other.type_name()))),
            };
            // A name never stored is on no entity: its column is empty.
            let mut syms = Vec::with_capacity(names.len());
            for name in &names {
                syms.push(Sym::find_cached(raw::text(name)?));
            }
            let ids = match filter(args, &sl.state)? {
                Some(f) => {
                    sl.budget.charge(f.scan_cost(&sl.state))?;
                    matching(&sl.state, &f)
                }
                None => Vec::new(),
            };
            // A look-up and a store per entity and column.
            sl.budget.charge(ids.len() as u64 * (names.len() as u64 + 2) * cost::ENTITY)?;
            let state = &sl.state;
            let faces: Vec<&str> = ids.iter().map(|&id| state.entities[id as usize].face.as_str()).collect();
            let values: Vec<Vec<Option<&Value>>> =
                ids.iter().map(|&id| syms.iter().map(|k| k.and_then(|k| state.entities[id as usize].props.get(k))).collect()).collect();
            let ids: Vec<i64> = ids.into_iter().map(i64::from).collect();
            let mut weight = 0;
            let ret = args.push_columns(&ids, &faces, &names, &values, &mut weight)?;
            sl.budget.charge_bytes(weight)?;
            Ok(ret)
        }),
        direct!("count", |_, args| {
            let sl = args.slot()?;
            let Some(f) = filter(args, &sl.state)? else { return Ok(Ret::int(0)) };
            sl.budget.charge(f.scan_cost(&sl.state))?;
            let mut n = 0i64;
            each_match_any_order(&sl.state, &f, |_| {
                n += 1;
                true
            });
            Ok(Ret::int(n))
        }),
        direct!("first", |_, args| {
            let sl = args.slot()?;
            let Some(f) = filter(args, &sl.state)? else { return Ok(Ret::opt_int(None)) };
            sl.budget.charge(f.scan_cost(&sl.state))?;
            if f.ordered() {
                return Ok(Ret::opt_int(matching(&sl.state, &f).first().map(|&i| i as i64)));
            }
            Ok(Ret::opt_int(first_match(&sl.state, &f).map(|id| id as i64)))
        }),
        direct!("last", |_, args| {
            let sl = args.slot()?;
            let Some(f) = filter(args, &sl.state)? else { return Ok(Ret::opt_int(None)) };
            sl.budget.charge(f.scan_cost(&sl.state))?;
            let state = &sl.state;
            // Bottom to top in a zone or container (ties by id, as the stable sort of
            // `g:entities` leaves them), else by id: the greatest of either.
            let rank = |id: EntityId| if f.ordered() { (state.entities[id as usize].order, id) } else { (0, id) };
            let mut last: Option<EntityId> = None;
            each_match_any_order(state, &f, |id| {
                let later = last.is_none_or(|l| rank(id) > rank(l));
                if later {
                    last = Some(id);
                }
                true
            });
            Ok(Ret::opt_int(last.map(|id| id as i64)))
        }),
        direct!("cells_of", |_, args| {
            let sl = args.slot()?;
            let Some(f) = filter(args, &sl.state)? else { return args.push_ints(std::iter::empty()) };
            sl.budget.charge(f.scan_cost(&sl.state))?;
            let mut cells = Vec::new();
            each_match_any_order(&sl.state, &f, |id| {
                cells.extend(sl.state.cell_of(id));
                true
            });
            // Following containers outwards is a walk per match.
            sl.budget.charge(cells.len() as u64 * cost::ENTITY)?;
            cells.sort_unstable();
            cells.dedup();
            args.push_ints(cells.into_iter().map(|c| c as i64))
        }),
        direct!("owners", |_, args| {
            let sl = args.slot()?;
            let Some(f) = filter(args, &sl.state)? else { return args.push_ints(std::iter::empty()) };
            sl.budget.charge(f.scan_cost(&sl.state))?;
            let mut owners = SeatMask::NONE;
            each_match_any_order(&sl.state, &f, |id| {
                if let Some(s) = sl.state.entities[id as usize].owner {
                    owners = owners.with(s);
                }
                true
            });
            args.push_ints((0..sl.state.seat_count() as Seat).filter(|&s| owners.has(s)).map(|s| s as i64 + 1))
        }),
        direct!("tally", |_, args| {
            let by = match args.text(2)? {
                "cell" => TallyBy::Cell,
                "region" => TallyBy::Region,
                "owner" => TallyBy::Owner,
                "inside" => TallyBy::Inside,
                other => return Err(err(format!("g:tally counts by \"cell\", \"region\", \"owner\" or \"inside\", not \"{other}\""))),
            };
            let sl = args.slot()?;
            let state = &sl.state;
            let keys = match by {
                TallyBy::Cell => state.board.cells().len(),
                TallyBy::Region => state.board.regions().len(),
                TallyBy::Owner => state.seat_count(),
                TallyBy::Inside => state.entities.len(),
            };
            let mut counts = vec![0_i64; keys];
            if let Some(f) = filter(args, state)? {
                sl.budget.charge(f.scan_cost(state))?;
                let mut matched = 0_u64;
                each_match_any_order(state, &f, |id| {
                    matched += 1;
                    let key = match by {
                        TallyBy::Cell => state.cell_of(id).map(usize::from),
                        TallyBy::Region => state.cell_of(id).and_then(|c| state.board.cells().get(usize::from(c))).map(|c| c.region as usize),
                        TallyBy::Owner => state.entities[id as usize].owner.map(usize::from),
                        TallyBy::Inside => match state.entities[id as usize].at {
                            Location::In(holder) => Some(holder as usize),
                            _ => None,
                        },
                    };
                    if let Some(count) = key.and_then(|k| counts.get_mut(k)) {
                        *count += 1;
                    }
                    true
                });
                // Following containers outwards is a walk per match.
                sl.budget.charge(matched * cost::ENTITY)?;
            }
            // Cells and entities are numbered from 0, regions and seats from 1, as scripts
            // see them.
            let first = if matches!(by, TallyBy::Cell | TallyBy::Inside) { 0 } else { 1 };
            let entries: Vec<(i64, i64)> = counts.iter().enumerate().filter(|(_, &n)| n > 0).map(|(k, &n)| (k as i64 + first, n)).collect();
            args.push_int_map(&entries)
        }),
        direct!("kind", |_, args| {
            let e = args.int(1)?;
            let sl = args.slot()?;
            Ok(Ret::Name(sl.state.entities[entity(&sl.state, e)? as usize].kind.as_str()))
        }),
        direct!("face", |_, args| {
            let e = args.int(1)?;
            let sl = args.slot()?;
            Ok(Ret::Name(sl.state.entities[entity(&sl.state, e)? as usize].face.as_str()))
        }),
        direct!("owner", |_, args| {
            let e = args.int(1)?;
            let sl = args.slot()?;
            Ok(Ret::opt_int(sl.state.entities[entity(&sl.state, e)? as usize].owner.map(|s| s as i64 + 1)))
        }),
        direct!("prop", |_, args| {
            let (e, k) = (args.int(1)?, args.text(2)?);
            let sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            read(args, &sl, VarsAt::Props(e), k)
        }),
        direct!("set_prop", |lua, args| {
            let (e, k, v) = (args.int(1)?, args.text(2)?, args.value(lua, 3)?);
            let mut sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            write(&mut sl, VarsAt::Props(e), k, &v).map(|()| Ret::None)
        }),
        direct!("move", |_, args| {
            let e = args.int(1)?;
            let mut sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            let to = location(&sl.state, args.raw(2))?;
            sl.state.move_entity(e, to).map(|()| Ret::None).map_err(|e| err(e.to_string()))
        }),
        direct!("move_to_bottom", |_, args| {
            let e = args.int(1)?;
            let mut sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            let to = location(&sl.state, args.raw(2))?;
            // Finding the bottom looks at every entity.
            sl.budget.charge(sl.state.entities.len() as u64 * cost::ENTITY)?;
            sl.state.move_entity_to_bottom(e, to).map(|()| Ret::None).map_err(|e| err(e.to_string()))
        }),
        direct!("set_owner", |_, args| {
            let (e, s) = (args.int(1)?, args.opt_int(2)?);
            let mut sl = args.slot()?;
            let e = entity(&sl.state, e)?;
            let owner = match s {
                Some(s) => Some(seat(&sl.state, s)?),
                None => None,
            };
            sl.state.set_owner(e, owner);
            Ok(Ret::None)
        }),
        direct!("create", |_, args| {
            let mut sl = args.slot()?;
            let (mut kind, mut face, mut owner, mut hidden, mut at) = (None, None, None, false, Location::Nowhere);
            let mut props: Vec<(String, Value)> = Vec::new();
            args.fields(1, |key, v| {
                let Raw::Str(key) = key else { return Ok(()) };
                match (key, v) {
                    (_, Raw::Nil) => {}
                    (b"kind", Raw::Str(k)) => kind = Some(name(raw::text(k)?)?),
                    (b"face", Raw::Str(f)) => face = Some(name(raw::text(f)?)?),
                    (b"owner", Raw::Integer(s)) => owner = Some(seat(&sl.state, s)?),
                    (b"hidden", Raw::Bool(h)) => hidden = h,
                    (b"at", v) => at = location(&sl.state, v)?,
                    (b"props", Raw::Table(t)) => t.each_field(|k, v| {
                        let Raw::Str(k) = k else {
                            return Err(err(format!("g:create: `props` are named by strings, not by a {}", k.type_name())));
                        };
                        let (value, weight) = from_raw(v)?;
                        sl.budget.charge_bytes(weight)?;
                        props.push((raw::text(k)?.to_owned(), value));
                        Ok(())
                    })?,
                    (b"kind" | b"face" | b"owner" | b"hidden" | b"props", v) => {
                        let wanted = match key {
                            b"owner" => "a seat",
                            b"hidden" => "a boolean",
                            b"props" => "a table",
                            _ => "a string",
                        };
                        return Err(err(format!("g:create: `{}` must be {wanted}, not a {}", String::from_utf8_lossy(key), v.type_name())));
                    }
                    _ => {}
                }
                Ok(())
            })?;
            let kind = kind.ok_or_else(|| err("g:create needs a `kind` (a string)"))?;
            let id = sl.state.create(kind, face.unwrap_or(kind), owner, at, hidden);
            for (key, value) in props {
                write_value(&mut sl, VarsAt::Props(id), &key, value)?;
            }
            stored(&sl.state)?;
            Ok(Ret::int(id as i64))
        }),
        direct!("where", |lua, args| {
            let e = args.int(1)?;
            let at = {
                let sl = args.slot()?;
                sl.state.entities[entity(&sl.state, e)? as usize].at
            };
            location_to_lua(lua, at).map(Ret::from)
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("set_face", |lua, _, (e, face): (i64, String)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            sl.state.entities[e as usize].face = name(&face)?;
            Ok(())
        });
        m.add_method("add_prop", |lua, _, (e, k, d): (i64, String, i64)| {
            let mut sl = slot(lua)?;
            let e = entity(&sl.state, e)?;
            add(&mut sl, VarsAt::Props(e), &k, d, "add_prop")
        });
    }
}

/// Entity filter of `g:entities{…}`.
struct Filter {
    kind: Kinds,
    face: Option<Sym>,
    owner: Option<Option<Seat>>,
    at: Option<Location>,
    cell: Option<CellId>,
    nowhere: bool,
    hidden: Option<bool>,
    /// `known_by = seat`: the seats that seat speaks for, one of which must know the
    /// face of a hidden entity (as `g:knows`).
    known_by: Option<SeatMask>,
    /// `has = name`: the entity's prop `name` is set.
    has: Option<Sym>,
    /// `lacks = name`: the entity's prop `name` is not set (`None` also when the name
    /// was never stored: then no entity has it and the field excludes nothing).
    lacks: Option<Sym>,
}

/// The kinds a filter admits: any, one, or any of several (`kind = {"a", "b"}`).
enum Kinds {
    Any,
    One(Sym),
    Many(Vec<Sym>),
}

impl Kinds {
    fn admits(&self, kind: Sym) -> bool {
        match self {
            Kinds::Any => true,
            Kinds::One(k) => *k == kind,
            Kinds::Many(ks) => ks.contains(&kind),
        }
    }

    /// The ids of every entity of these kinds (and of `owner`, if named),
    /// ascending, when the state's indexes can tell; `None` for any kind, or when
    /// the indexes cannot tell.
    fn ids(&self, state: &GameState, owner: Option<Option<Seat>>) -> Option<Vec<EntityId>> {
        match self {
            Kinds::Any => None,
            Kinds::One(k) => kind_ids(state, *k, owner).map(<[EntityId]>::to_vec),
            Kinds::Many(ks) => {
                let mut ids = Vec::new();
                for k in ks {
                    ids.extend_from_slice(kind_ids(state, *k, owner)?);
                }
                ids.sort_unstable();
                Some(ids)
            }
        }
    }
}

/// The ids of `kind`'s entities, ascending — only those of `owner` when a filter
/// names one (a seat's pieces of a kind are a small share of the kind's list).
fn kind_ids(state: &GameState, kind: Sym, owner: Option<Option<Seat>>) -> Option<&[EntityId]> {
    match owner {
        Some(owner) => state.ids_of_kind_owned(kind, owner),
        None => state.ids_of_kind(kind),
    }
}

/// What `g:tally` counts by.
#[derive(Clone, Copy)]
enum TallyBy {
    Cell,
    Region,
    Owner,
    /// The entity each is directly inside.
    Inside,
}

/// The fields a filter may have, as the error for an unknown one lists them.
const FILTER_FIELDS: &str = "kind, face, owner, zone, seat, inside, cell, nowhere, hidden, known_by, has, lacks";

/// Reads a filter; `None` when it names a kind, face or zone that was never stored,
/// which no entity can match. The table is walked once, field by field, rather than
/// asked for each field it might have: filters name two or three of the eight, and
/// each question would push a key string into the VM. A field the kernel does not
/// know is an error, so a misspelt one cannot silently match everything.
fn filter(args: &Args<'_>, state: &GameState) -> mlua::Result<Option<Filter>> {
    let mut f = Filter { kind: Kinds::Any, face: None, owner: None, at: None, cell: None, nowhere: false, hidden: None, known_by: None, has: None, lacks: None };
    let (mut zone, mut zone_seat, mut inside) = (None, None, None);
    // A name nobody stored: the filter matches nothing (and the name is not interned).
    let mut unknown = false;
    args.fields(1, |key, v| {
        let Raw::Str(key) = key else {
            return Err(err(format!("a filter's fields are named ({FILTER_FIELDS}), not a {}", key.type_name())));
        };
        match key {
            b"kind" => {
                f.kind = match v {
                    Raw::Table(list) => {
                        let items = list.strings().map_err(|other| err(format!("filter field `kind` lists a {other}, not a string")))?;
                        // A kind nobody stored matches nothing: leave it out.
                        let mut kinds = Vec::with_capacity(items.len());
                        for text in items {
                            kinds.extend(Sym::find_cached(raw::text(text)?));
                        }
                        unknown |= kinds.is_empty();
                        // Each kind once, so a match is never visited twice.
                        kinds.sort_unstable();
                        kinds.dedup();
                        Kinds::Many(kinds)
                    }
                    v => match known(v, "kind")? {
                        Some(k) => Kinds::One(k),
                        None => {
                            unknown = true;
                            Kinds::Any
                        }
                    },
                }
            }
            b"face" => {
                f.face = known(v, "face")?;
                unknown |= f.face.is_none();
            }
            b"zone" => {
                zone = known(v, "zone")?;
                unknown |= zone.is_none();
            }
            b"owner" => {
                f.owner = match v {
                    Raw::Bool(false) => Some(None),
                    v => Some(Some(seat(state, raw_number(v).ok_or_else(|| err("owner must be a seat"))?)?)),
                }
            }
            b"seat" => zone_seat = Some(integer(v, "seat")?),
            b"inside" => inside = Some(integer(v, "inside")?),
            b"cell" => f.cell = Some(cell(state, integer(v, "cell")?)?),
            b"nowhere" => f.nowhere = matches!(v, Raw::Bool(true)),
            b"hidden" => match v {
                Raw::Bool(h) => f.hidden = Some(h),
                v => return Err(err(format!("filter field `hidden` must be a boolean, not a {}", v.type_name()))),
            },
            b"known_by" => f.known_by = Some(state.voices(seat(state, integer(v, "known_by")?)?)),
            b"has" => {
                // A prop nobody ever set is on no entity.
                f.has = known(v, "has")?;
                unknown |= f.has.is_none();
            }
            // A prop nobody ever set is on no entity: every entity lacks it.
            b"lacks" => f.lacks = known(v, "lacks")?,
            other => {
                return Err(err(format!(
                    "a filter has no field `{}` (fields: {FILTER_FIELDS})",
                    String::from_utf8_lossy(other)
                )))
            }
        }
        Ok(())
    })?;
    if unknown {
        return Ok(None);
    }
    f.at = if let Some(zone) = zone {
        let zseat = match zone_seat {
            Some(s) => Some(seat(state, s)?),
            None => None,
        };
        Some(Location::Zone { zone, seat: zseat })
    } else if let Some(inside) = inside {
        Some(Location::In(entity(state, inside)?))
    } else {
        None
    };
    Ok(Some(f))
}

/// The name a string filter field gives, if it was ever stored.
fn known(v: Raw<'_>, field: &str) -> mlua::Result<Option<Sym>> {
    let Raw::Str(text) = v else {
        return Err(err(format!("filter field `{field}` must be a string, not a {}", v.type_name())));
    };
    Ok(Sym::find_cached(raw::text(text)?))
}

/// A number holding an integer exactly (as [`crate::script::convert::number`]).
fn raw_number(v: Raw<'_>) -> Option<i64> {
    match v {
        Raw::Integer(i) => Some(i),
        Raw::Number(n) => number(&LuaValue::Number(n)),
        _ => None,
    }
}

/// An integer filter field.
fn integer(v: Raw<'_>, field: &str) -> mlua::Result<i64> {
    raw_number(v).ok_or_else(|| err(format!("filter field `{field}` must be an integer, not a {}", v.type_name())))
}

impl Filter {
    /// What looking for the matches costs: every entity [`each_match`] looks at
    /// through the indexes by place and by kind. (The index by owner, which often
    /// shortens the walk further, is left out: what a call is charged, and so
    /// where a runaway script stops, does not move with the kernel's indexes.)
    fn scan_cost(&self, state: &GameState) -> u64 {
        if let Some(ids) = self.place_ids(state) {
            return ids.len() as u64 * cost::ENTITY;
        }
        let scanned = match &self.kind {
            Kinds::Any => None,
            Kinds::One(k) => state.ids_of_kind(*k).map(<[EntityId]>::len),
            Kinds::Many(ks) => ks.iter().map(|k| state.ids_of_kind(*k).map(<[EntityId]>::len)).sum(),
        };
        scanned.unwrap_or(state.entities.len()) as u64 * cost::ENTITY
    }

    /// The ids directly at the location the filter names (a zone, a container or a
    /// cell), ascending: usually far fewer than the entities of its kinds.
    fn place_ids<'a>(&self, state: &'a GameState) -> Option<&'a [EntityId]> {
        state.ids_at(self.at.or(self.cell.map(Location::Cell))?)
    }

    /// Whether matches are listed bottom to top rather than by id.
    fn ordered(&self) -> bool {
        matches!(self.at, Some(Location::Zone { .. }) | Some(Location::In(_)))
    }

    fn admits(&self, e: &Entity) -> bool {
        self.kind.admits(e.kind)
            && self.face.is_none_or(|k| e.face == k)
            && self.owner.is_none_or(|o| e.owner == o)
            && self.at.is_none_or(|a| e.at == a)
            && self.cell.is_none_or(|c| e.at == Location::Cell(c))
            && (!self.nowhere || e.at == Location::Nowhere)
            && self.hidden.is_none_or(|h| e.hidden == h)
            && self.known_by.is_none_or(|voices| !e.hidden || e.known_by.0 & voices.0 != 0)
            && self.has.is_none_or(|prop| e.props.get(prop).is_some())
            && self.lacks.is_none_or(|prop| e.props.get(prop).is_none())
    }
}

/// Calls `visit` with each matching id, ascending, until it returns false. A filter
/// naming kinds looks only at those kinds' entities.
fn each_match(state: &GameState, f: &Filter, mut visit: impl FnMut(EntityId) -> bool) {
    if let Some(ids) = f.place_ids(state) {
        for &id in ids {
            if f.admits(&state.entities[id as usize]) && !visit(id) {
                return;
            }
        }
        return;
    }
    if let Kinds::One(k) = f.kind {
        if let Some(ids) = kind_ids(state, k, f.owner) {
            for &id in ids {
                if f.admits(&state.entities[id as usize]) && !visit(id) {
                    return;
                }
            }
            return;
        }
    }
    if let Some(ids) = f.kind.ids(state, f.owner) {
        for id in ids {
            if f.admits(&state.entities[id as usize]) && !visit(id) {
                return;
            }
        }
        return;
    }
    for (id, e) in state.entities.iter().enumerate() {
        if f.admits(e) && !visit(id as EntityId) {
            return;
        }
    }
}

/// The id lists of several kinds, when the state's index has them all.
fn kind_lists<'a>(state: &'a GameState, f: &Filter) -> Option<Vec<&'a [EntityId]>> {
    if f.place_ids(state).is_some() {
        return None; // the place's list is shorter: `each_match` walks it
    }
    match &f.kind {
        Kinds::Many(ks) => ks.iter().map(|k| kind_ids(state, *k, f.owner)).collect(),
        _ => None,
    }
}

/// As [`each_match`], but in no particular order (kind by kind for several kinds,
/// which spares merging their lists): for counting and for results sorted after.
fn each_match_any_order(state: &GameState, f: &Filter, mut visit: impl FnMut(EntityId) -> bool) {
    let Some(lists) = kind_lists(state, f) else { return each_match(state, f, visit) };
    for &id in lists.into_iter().flatten() {
        if f.admits(&state.entities[id as usize]) && !visit(id) {
            return;
        }
    }
}

/// The lowest matching id: for several kinds, the lowest of each kind's first match.
fn first_match(state: &GameState, f: &Filter) -> Option<EntityId> {
    if let Some(lists) = kind_lists(state, f) {
        return lists.into_iter().filter_map(|ids| ids.iter().copied().find(|&id| f.admits(&state.entities[id as usize]))).min();
    }
    let mut first = None;
    each_match(state, f, |id| {
        first = Some(id);
        false
    });
    first
}

/// The matching ids as `g:entities` lists them.
fn matching(state: &GameState, f: &Filter) -> Vec<EntityId> {
    let mut ids = Vec::new();
    each_match(state, f, |id| {
        ids.push(id);
        true
    });
    if f.ordered() {
        ids.sort_by_key(|&id| state.entities[id as usize].order);
    }
    ids
}
