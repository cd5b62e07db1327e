//! The `g` handle: the kernel API that scripts call.
//!
//! Every method works on the [`Slot`] lent to the VM for the current call. Seats
//! are 1-based on this side of the boundary, as Lua arrays are; entity and cell ids
//! are opaque numbers. Lists come back in a defined order (by id, or bottom-to-top in
//! a zone) so no outcome can depend on table iteration order.
//!
//! The methods come in groups, one module each ([`Methods`]). A group holds its
//! methods' documentation (signature and one paragraph each) right beside the code
//! that registers them, and `orrery api` prints the reference and the editor type
//! definitions from these tables (`super::reference`). The tests below compare the
//! tables with what is really registered, both ways, so neither can drift. A group
//! registers most methods as mlua userdata methods and lists the ones scripts call
//! most in `DIRECT`, C functions the VM calls without mlua's per-call plumbing
//! ([`direct`]); [`install`] puts both in `g`'s method table.
//!
//! Three rules keep a hostile script from hurting the host through `g`. A method
//! whose work grows with the board, the links, the entities or a value charges that
//! work to the call's budget ([`super::limits::cost`]) before doing it. A method that
//! stores something checks the state's size afterwards ([`stored`]). And a name is
//! interned only when something is stored under it ([`name`]); a look-up of a name
//! never stored finds nothing without interning it ([`Sym::find`]).

mod board;
mod direct;
mod entities;
mod flow;
mod knowledge;
mod memo;
mod movement;
mod random;
mod tiles;
mod vars;

pub(super) use board::BoardTables;
pub(super) use memo::registry_key as memo_registry_key;

use super::convert::number;
use super::raw::{self, Raw};
use super::limits::{uncapped, Tally, Uncapped, PLANTED_FAILURE};
use super::Slot;
use crate::board::CellId;
use crate::state::{EntityId, GameState, Location, Seat, SeatMask};
use crate::sym::Sym;
use mlua::{Lua, Table, UserData, UserDataMethods, Value as LuaValue};
use std::cell::{RefCell, RefMut};

/// One documented `g` method.
///
/// Types are written in Luau syntax with `integer` for whole numbers and the named
/// types of `super::reference::TYPES`; `params` lists the arguments after `self`
/// (`"seat: Seat, name: string"`), `returns` is `()` for nothing, one type, or a
/// parenthesised list of several.
#[derive(Clone, Copy, Debug)]
pub struct Method {
    pub name: &'static str,
    pub params: &'static str,
    pub returns: &'static str,
    pub doc: &'static str,
}

impl Method {
    const fn new(name: &'static str, params: &'static str, returns: &'static str, doc: &'static str) -> Method {
        Method { name, params, returns, doc }
    }
}

/// A group of `g` methods: their documentation and their registration, side by side.
///
/// `register` is generic over the userdata type only so the tests can register one
/// group alone; the methods never look at the handle (the state is in the running
/// call's slot).
trait Methods {
    const TITLE: &'static str;
    const DOCS: &'static [Method];
    /// The methods the VM calls directly ([`direct`]), by name.
    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[];
    fn register<T, M: UserDataMethods<T>>(m: &mut M);
}

/// The documented method groups, in the order the reference prints them.
pub const GROUPS: &[(&str, &[Method])] = &[
    (vars::Vars::TITLE, vars::Vars::DOCS),
    (entities::Entities::TITLE, entities::Entities::DOCS),
    (knowledge::Knowledge::TITLE, knowledge::Knowledge::DOCS),
    (random::Random::TITLE, random::Random::DOCS),
    (flow::Flow::TITLE, flow::Flow::DOCS),
    (board::Cells::TITLE, board::Cells::DOCS),
    (movement::Movement::TITLE, movement::Movement::DOCS),
    (tiles::Tiles::TITLE, tiles::Tiles::DOCS),
    (memo::Memo::TITLE, memo::Memo::DOCS),
];

/// The userdata behind `g`; it holds nothing, the state is in the running call's slot.
pub struct GameHandle;

impl UserData for GameHandle {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        vars::Vars::register(m);
        entities::Entities::register(m);
        knowledge::Knowledge::register(m);
        random::Random::register(m);
        flow::Flow::register(m);
        board::Cells::register(m);
        movement::Movement::register(m);
        tiles::Tiles::register(m);
        memo::Memo::register(m);
    }
}

/// Every group's direct methods, by name.
const DIRECT: &[&[(&str, mlua::ffi::lua_CFunction)]] = &[
    vars::Vars::DIRECT,
    entities::Entities::DIRECT,
    knowledge::Knowledge::DIRECT,
    random::Random::DIRECT,
    flow::Flow::DIRECT,
    board::Cells::DIRECT,
    movement::Movement::DIRECT,
    tiles::Tiles::DIRECT,
    memo::Memo::DIRECT,
];

/// Makes `handle` the `g` of scripts: its userdata methods are registered with its
/// type; this adds the direct ones to the same method table.
pub fn install(lua: &Lua, handle: &mlua::AnyUserData) -> mlua::Result<()> {
    let methods: Table = handle.metatable()?.get("__index")?;
    for (name, function) in DIRECT.iter().flat_map(|group| group.iter()) {
        // SAFETY: each function is made by `direct!`, which follows the VM's calling
        // convention and raises errors only as its note says.
        let function = unsafe { lua.create_c_function(*function)? };
        methods.raw_set(*name, function)?;
    }
    Ok(())
}

fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

thread_local! {
    /// The running script call's [`Slot`], put there by `ScriptHost::with_state` for
    /// the call's length. A thread runs one script call at a time (calls never nest:
    /// [`put_slot`] refuses), so one place per thread serves every VM on it, and a `g`
    /// method finds it without asking mlua (whose app data costs a lock and a hash
    /// look-up on every call).
    static RUNNING: RefCell<Option<Slot>> = const { RefCell::new(None) };
}

/// Makes `slot` the running call's; gives it back if a call is running already.
pub(super) fn put_slot(slot: Slot) -> Result<(), Slot> {
    RUNNING.with(|running| {
        let mut running = running.borrow_mut();
        if running.is_some() {
            return Err(slot);
        }
        *running = Some(slot);
        Ok(())
    })
}

/// Takes the running call's slot back when the call ends.
pub(super) fn take_slot() -> Option<Slot> {
    RUNNING.with(|running| running.borrow_mut().take())
}

/// The running call's [`Slot`], with the VM's memory cap lifted while the method
/// holds it: a method's own work is bounded by the kernel, and uncapped it runs
/// without a protected call per Lua operation (see `super::limits`).
fn slot(lua: &Lua) -> mlua::Result<SlotRef<'_>> {
    let slot = running_slot()?;
    Ok(SlotRef { slot, _uncapped: Some(uncapped(lua)) })
}

/// The running call's [`Slot`] as [`slot`] takes it, for a direct method, whose C
/// function lifted the cap for the whole call already (lifting it again cost two
/// more changes of the VM's limit, each under mlua's lock, per call).
fn slot_for_direct<'a>() -> mlua::Result<SlotRef<'a>> {
    Ok(SlotRef { slot: running_slot()?, _uncapped: None })
}

fn running_slot<'a>() -> mlua::Result<RefMut<'a, Slot>> {
    if !Tally::g_call() {
        return Err(err(PLANTED_FAILURE));
    }
    // SAFETY: the thread-local lives until this thread ends, and the reference is
    // used by a `g` method running on this thread, which ends first.
    let running: &RefCell<Option<Slot>> = RUNNING.with(|running| unsafe { &*(running as *const RefCell<Option<Slot>>) });
    let held = running.try_borrow_mut().map_err(|_| err("a g method was called while another one is still working (a bug: please report it)"))?;
    RefMut::filter_map(held, Option::as_mut).map_err(|_| err("the game handle can only be used while the kernel runs a step"))
}

/// A `g` method's hold on the running call's [`Slot`]; see [`slot`].
struct SlotRef<'a> {
    slot: RefMut<'a, Slot>,
    /// The lift of the memory cap this hold made, if it made one.
    _uncapped: Option<Uncapped<'a>>,
}

impl std::ops::Deref for SlotRef<'_> {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        &self.slot
    }
}

impl std::ops::DerefMut for SlotRef<'_> {
    fn deref_mut(&mut self) -> &mut Slot {
        // What takes the slot to change it may change the game: what the memo holds
        // may no longer be true (see `memo`).
        self.slot.memo_kept = false;
        &mut self.slot
    }
}

/// A name the script stores something under, interned within the limits.
fn name(text: &str) -> mlua::Result<Sym> {
    match Sym::find_cached(text) {
        Some(sym) => Ok(sym),
        None => Sym::try_new(text).map_err(|e| err(e.to_string())),
    }
}

/// After a method stored something: fails once the state is over its maximum (the
/// act is then refused and rolled back).
fn stored(state: &GameState) -> mlua::Result<()> {
    state.check_size().map_err(|e| err(e.to_string()))
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

fn seat_mask(sl: &Slot, who: &LuaValue) -> mlua::Result<SeatMask> {
    let state = &sl.state;
    match who {
        LuaValue::Number(_) | LuaValue::Integer(_) => {
            let n = number(who).ok_or_else(|| err("a seat must be an integer"))?;
            Ok(SeatMask::one(seat(state, n)?))
        }
        LuaValue::Table(t) => {
            let mut mask = SeatMask::NONE;
            for s in t.sequence_values::<i64>() {
                sl.budget.charge(1)?;
                mask = mask.with(seat(state, s?)?);
            }
            Ok(mask)
        }
        _ => Err(err("expected a seat or a list of seats")),
    }
}

/// Reads a location argument: a cell id, a zone name, `{zone=, seat=}`, `{inside=}`,
/// or nil. A destination: a new zone name is interned.
fn location(state: &GameState, at: Raw<'_>) -> mlua::Result<Location> {
    read_location(state, at, |zone| name(zone).map(Some)).map(|l| l.unwrap_or(Location::Nowhere))
}

/// Reads a location to look at: `None` for a zone whose name was never stored, where
/// nothing can be.
fn place(state: &GameState, at: Raw<'_>) -> mlua::Result<Option<Location>> {
    read_location(state, at, |zone| Ok(Sym::find_cached(zone)))
}

/// Reads a location where it lies on the VM's stack (a direct method's argument or a
/// field of one); `zone_name` finds or makes a zone's name (`None`: no such zone).
fn read_location(state: &GameState, at: Raw<'_>, zone_name: impl Fn(&str) -> mlua::Result<Option<Sym>>) -> mlua::Result<Option<Location>> {
    Ok(Some(match at {
        Raw::Nil | Raw::Bool(false) => Location::Nowhere,
        Raw::Integer(c) => Location::Cell(cell(state, c)?),
        Raw::Number(_) => return Err(err("a cell id must be an integer")),
        Raw::Str(zone) => {
            let Some(zone) = zone_name(raw::text(zone)?)? else { return Ok(None) };
            Location::Zone { zone, seat: None }
        }
        Raw::Table(t) => {
            let (mut inside, mut zone, mut owner) = (None, None, None);
            t.each_field(|key, v| {
                match (key, v) {
                    (_, Raw::Nil) => {}
                    (Raw::Str(b"inside"), Raw::Integer(i)) => inside = Some(i),
                    (Raw::Str(b"seat"), Raw::Integer(i)) => owner = Some(i),
                    (Raw::Str(b"zone"), Raw::Str(z)) => zone = Some(raw::text(z)?.to_owned()),
                    (Raw::Str(key @ (b"inside" | b"seat" | b"zone")), v) => {
                        let wanted = if key == b"zone" { "a string" } else { "an integer" };
                        return Err(err(format!("a location's `{}` must be {wanted}, not a {}", String::from_utf8_lossy(key), v.type_name())));
                    }
                    _ => {}
                }
                Ok(())
            })?;
            if let Some(inside) = inside {
                Location::In(entity(state, inside)?)
            } else if let Some(zone) = zone {
                let seat = match owner {
                    Some(s) => Some(seat(state, s)?),
                    None => None,
                };
                let Some(zone) = zone_name(&zone)? else { return Ok(None) };
                Location::Zone { zone, seat }
            } else {
                return Err(err("a location table needs `zone` (and optional `seat`) or `inside`"));
            }
        }
        other => return Err(err(format!("a location cannot be a {}", other.type_name()))),
    }))
}

fn location_to_lua(lua: &Lua, at: Location) -> mlua::Result<LuaValue> {
    let _kernel_work = uncapped(lua);
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

/// A sequence of integers (ids, cells, seats), built on the VM's stack in one go
/// ([`crate::script::raw`]).
fn int_list(lua: &Lua, items: impl IntoIterator<Item = i64>) -> mlua::Result<Table> {
    let _kernel_work = uncapped(lua);
    let items: Vec<i64> = items.into_iter().collect();
    crate::script::raw::int_list(lua, &items)
}

/// A sequence of any values.
fn list<T: mlua::IntoLua>(lua: &Lua, items: impl IntoIterator<Item = T>) -> mlua::Result<Table> {
    let _kernel_work = uncapped(lua);
    let t = lua.create_table()?;
    for (i, item) in items.into_iter().enumerate() {
        t.raw_set(i + 1, item)?;
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::marker::PhantomData;

    /// The method names a userdata type registers (mlua keeps them in `__index`).
    fn registered<U: UserData + 'static>(value: U, direct: &[(&str, mlua::ffi::lua_CFunction)]) -> BTreeSet<String> {
        let lua = Lua::new();
        let ud = lua.create_userdata(value).expect("userdata");
        // A group whose methods are all direct registers none, and mlua then makes no
        // `__index` table.
        let index: Option<Table> = ud.metatable().and_then(|m| m.get("__index")).expect("a userdata has a metatable");
        let mut names: BTreeSet<String> = match index {
            Some(index) => index.pairs::<String, LuaValue>().map(|p| p.expect("method name").0).collect(),
            None => BTreeSet::new(),
        };
        for (name, _) in direct {
            assert!(names.insert((*name).to_owned()), "`{name}` is both a userdata method and a direct one");
        }
        names
    }

    fn names(docs: &[Method]) -> BTreeSet<String> {
        docs.iter().map(|m| m.name.to_owned()).collect()
    }

    /// Registers one group alone.
    struct Only<G>(PhantomData<G>);

    impl<G: Methods + 'static> UserData for Only<G> {
        fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
            G::register(m);
        }
    }

    fn group_matches<G: Methods + 'static>() {
        let registered = registered(Only::<G>(PhantomData), G::DIRECT);
        let documented = names(G::DOCS);
        assert_eq!(documented.len(), G::DOCS.len(), "{}: a method is documented twice", G::TITLE);
        let undocumented: Vec<_> = registered.difference(&documented).collect();
        let unregistered: Vec<_> = documented.difference(&registered).collect();
        assert!(undocumented.is_empty(), "{}: registered without documentation: {undocumented:?}", G::TITLE);
        assert!(unregistered.is_empty(), "{}: documented but not registered: {unregistered:?}", G::TITLE);
    }

    #[test]
    fn every_group_documents_exactly_the_methods_it_registers() {
        group_matches::<vars::Vars>();
        group_matches::<entities::Entities>();
        group_matches::<knowledge::Knowledge>();
        group_matches::<random::Random>();
        group_matches::<flow::Flow>();
        group_matches::<board::Cells>();
        group_matches::<movement::Movement>();
        group_matches::<tiles::Tiles>();
    }

    #[test]
    fn the_handle_registers_exactly_the_documented_methods() {
        // As scripts get it: the userdata's methods and the direct ones installed.
        let lua = Lua::new();
        let handle = lua.create_userdata(GameHandle).expect("userdata");
        install(&lua, &handle).expect("the direct methods install");
        let index: Table = handle.metatable().and_then(|m| m.get("__index")).expect("methods live in an __index table");
        let registered: BTreeSet<String> = index.pairs::<String, LuaValue>().map(|p| p.expect("method name").0).collect();
        let all: Vec<&Method> = GROUPS.iter().flat_map(|(_, docs)| docs.iter()).collect();
        let documented: BTreeSet<String> = all.iter().map(|m| m.name.to_owned()).collect();
        assert_eq!(documented.len(), all.len(), "a method is documented in two groups");
        assert_eq!(registered, documented);
    }

    #[test]
    fn every_method_has_a_sentence_of_documentation() {
        for (title, docs) in GROUPS {
            for m in *docs {
                assert!(m.doc.len() > 20 && m.doc.ends_with('.'), "{title}: `{}` needs a real description", m.name);
                assert!(!m.returns.is_empty(), "{title}: `{}` has no return type (use `()`)", m.name);
            }
        }
    }
}
