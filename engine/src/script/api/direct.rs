//! `g` methods the VM calls directly, as plain C functions, rather than through
//! mlua's userdata methods.
//!
//! mlua wraps every call of a userdata method in its error plumbing (a preallocated
//! failure, a panic guard), checks the userdata's type, and converts each argument
//! and result through its generic traits. For the methods scripts call hundreds of
//! times per decision (`g:get`, `g:cell_of`, `g:entities`…) that wrapping cost more
//! than the methods' own work. A direct method reads its arguments where they lie on
//! the VM's stack ([`Args`]), does its work with the same helpers as every other
//! method, and leaves its results there ([`Ret`]).
//!
//! What stays the same: the method is documented in its group's `DOCS` like any
//! other, takes the running call's [`super::Slot`] through [`super::slot`] (the count
//! of `g` calls, the planted failure of rollback tests, the lifted memory cap), and a
//! failure is a Lua error whose message is the method's, so a script error still
//! names the script line that called it (the traceback mlua adds finds it).
//!
//! Safety: [`run`] lifts the memory cap before anything touches the VM, so nothing a
//! method does can make the VM raise an error (an allocation is refused only under
//! the cap); a Rust panic is caught and becomes a Lua error. The error is raised only
//! after every Rust value of the call is gone, so the unwinding skips no destructor.

use super::super::limits::uncapped;
use super::super::raw::{self, Raw};
use super::err;
use crate::value::Value;
use mlua::{ffi, Lua, Value as LuaValue};
use std::ffi::c_int;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A direct method's body: its arguments in, its results out.
pub(super) type Body = for<'a> fn(&'a Lua, &Args<'a>) -> mlua::Result<Ret>;

/// The arguments of a direct call, numbered from 1 after `g` itself.
pub(super) struct Args<'a> {
    state: *mut ffi::lua_State,
    method: &'static str,
    during: PhantomData<&'a ()>,
}

impl<'a> Args<'a> {
    /// The running call's slot. `run` lifted the memory cap for the whole call, so
    /// this takes the slot without lifting it again.
    pub fn slot(&self) -> mlua::Result<super::SlotRef<'a>> {
        super::slot_for_direct()
    }

    /// Argument `n` as it lies on the stack (`Raw::Nil` when absent).
    pub fn raw(&self, n: c_int) -> Raw<'a> {
        // SAFETY: `run` checked the stack holds `g` at 1; an index past the top reads
        // as none (nil), and reading converts and allocates nothing.
        unsafe { raw::read(self.state, n + 1) }
    }

    /// Argument `n` as an integer, as mlua reads one: a number (or a string of one)
    /// with no fraction, within range.
    pub fn int(&self, n: c_int) -> mlua::Result<i64> {
        // SAFETY: as for `raw`; `lua_tonumberx` reads a number, or a string's number
        // without changing the string on the stack, and says no for anything else.
        let number = unsafe {
            let mut ok = 0;
            let x = ffi::lua_tonumberx(self.state, n + 1, &mut ok);
            (ok != 0).then_some(x)
        };
        match number {
            // `as` saturates: the bounds keep a saturated value out.
            Some(x) if x == x.trunc() && x >= -9_223_372_036_854_775_808.0 && x < 9_223_372_036_854_775_808.0 => Ok(x as i64),
            _ => Err(self.bad(n, "an integer", self.raw(n))),
        }
    }

    /// Argument `n` as an integer, or nil.
    pub fn opt_int(&self, n: c_int) -> mlua::Result<Option<i64>> {
        match self.raw(n) {
            Raw::Nil => Ok(None),
            _ => self.int(n).map(Some),
        }
    }

    /// Argument `n` as text.
    pub fn text(&self, n: c_int) -> mlua::Result<&'a str> {
        match self.raw(n) {
            Raw::Str(bytes) => raw::text(bytes),
            other => Err(self.bad(n, "a string", other)),
        }
    }

    /// Visits each key and value of the table that is argument `n` (as
    /// [`raw::each_field`] does for a table mlua holds).
    pub fn fields(&self, n: c_int, visit: impl FnMut(Raw<'_>, Raw<'_>) -> mlua::Result<()>) -> mlua::Result<()> {
        match self.raw(n) {
            // SAFETY: the table lies at `n + 1` for the whole call; the walk puts the
            // stack back as it found it.
            Raw::Table(_) => unsafe { raw::walk(self.state, n + 1, visit) },
            other => Err(self.bad(n, "a table", other)),
        }
    }

    /// Argument `n` as an mlua value, for the helpers that convert values.
    pub fn value(&self, lua: &Lua, n: c_int) -> mlua::Result<LuaValue> {
        // SAFETY: a copy of the argument goes on the stack and `pop_value` takes it;
        // `run` checked that mlua's state is this call's stack and lifted the cap.
        lua.exec_raw_lua(|vm| unsafe {
            ffi::lua_pushvalue(self.state, n + 1);
            Ok(vm.pop_value())
        })
    }

    /// Pushes a state value as the call's result (see [`Ret::OnStack`]), adding
    /// [`Value::weight`]'s measure of it to `weight`.
    pub fn push(&self, value: &Value, weight: &mut usize) -> mlua::Result<()> {
        // SAFETY: `run` lifted the cap, so the pushes allocate without failing; what
        // is pushed lies above the arguments, where a C function's results go, and
        // on an error the VM drops it with the call.
        unsafe { raw::push_value(self.state, value, weight) }
    }

    /// Pushes a new sequence of `items` as the call's result (see [`Ret::OnStack`]).
    pub fn push_ints(&self, items: impl IntoIterator<Item = i64>) -> mlua::Result<Ret> {
        let items = items.into_iter();
        // SAFETY: as for `push`; the table is made and filled in place.
        unsafe {
            ffi::lua_createtable(self.state, c_int::try_from(items.size_hint().0).unwrap_or(0), 0);
            raw::fill_sequence(self.state, items);
        }
        Ok(Ret::OnStack)
    }

    /// Pushes a new table mapping each integer key of `entries` to its integer value
    /// as the call's result (see [`Ret::OnStack`]).
    pub fn push_int_map(&self, entries: &[(i64, i64)]) -> mlua::Result<Ret> {
        let size = c_int::try_from(entries.len()).map_err(|_| err("a table too large for the VM"))?;
        let keys = entries.iter().map(|&(k, _)| c_int::try_from(k)).collect::<Result<Vec<c_int>, _>>().map_err(|_| err("a key too large for the VM"))?;
        // SAFETY: as for `push`; the table is made and filled in place, one value on
        // the stack above it at a time.
        unsafe {
            ffi::lua_createtable(self.state, 0, size);
            for (&key, &(_, value)) in keys.iter().zip(entries) {
                ffi::lua_pushnumber(self.state, value as ffi::lua_Number);
                ffi::lua_rawseti_(self.state, -2, key);
            }
        }
        Ok(Ret::OnStack)
    }

    /// Pushes a table of columns as the call's result (see [`Ret::OnStack`]): `id` and
    /// `face`, the sequences of `ids` and `faces`, and under each of `names` the
    /// sequence of the values at the same place in `values` (each row of `values` has
    /// one per name; a `None` leaves a hole, read as nil). Adds [`Value::weight`]'s
    /// measure of the values to `weight`. Columns rather than a table per entity: a
    /// store into a sequence costs a fraction of a keyed store into a new table.
    pub fn push_columns(&self, ids: &[i64], faces: &[&str], names: &[&[u8]], values: &[Vec<Option<&Value>>], weight: &mut usize) -> mlua::Result<Ret> {
        let n = c_int::try_from(ids.len()).map_err(|_| err("a list too long for the VM"))?;
        // SAFETY: as for `push`: the result table, one column and one value lie on
        // the stack at most (checked), and each is stored before the next is pushed.
        unsafe {
            if ffi::lua_checkstack(self.state, 4) == 0 {
                return Err(err("the VM's stack is full"));
            }
            ffi::lua_createtable(self.state, 0, c_int::try_from(names.len() + 2).unwrap_or(0));
            ffi::lua_createtable(self.state, n, 0);
            raw::fill_sequence(self.state, ids.iter().copied());
            ffi::lua_setfield(self.state, -2, c"id".as_ptr());
            ffi::lua_createtable(self.state, n, 0);
            for (i, face) in faces.iter().enumerate() {
                ffi::lua_pushlstring(self.state, face.as_ptr().cast(), face.len());
                ffi::lua_rawseti_(self.state, -2, i as c_int + 1);
            }
            ffi::lua_setfield(self.state, -2, c"face".as_ptr());
            for (k, name) in names.iter().enumerate() {
                ffi::lua_pushlstring(self.state, name.as_ptr().cast(), name.len());
                ffi::lua_createtable(self.state, n, 0);
                for (i, row) in values.iter().enumerate() {
                    if let Some(value) = row[k] {
                        raw::push_value(self.state, value, weight)?;
                        ffi::lua_rawseti_(self.state, -2, i as c_int + 1);
                    }
                }
                ffi::lua_rawset(self.state, -3);
            }
        }
        Ok(Ret::OnStack)
    }

    /// Pushes the VM's table kept in the registry under the light userdata `key` as the call's result
    /// (see [`Ret::OnStack`]); with `empty_first`, first makes it an empty, plain,
    /// writable table again, whatever a script did to it (contents, metatable,
    /// freezing), so nothing of it outlives what it was kept for.
    pub fn push_registry_table(&self, key: *mut std::ffi::c_void, empty_first: bool) -> mlua::Result<Ret> {
        // SAFETY: `run` lifted the cap, so the push allocates without failing; the
        // table is checked to be one before it is changed, and with readonly off
        // neither clearing it nor removing its metatable can raise an error.
        unsafe {
            ffi::lua_pushlightuserdata(self.state, key);
            if ffi::lua_rawget(self.state, ffi::LUA_REGISTRYINDEX) != ffi::LUA_TTABLE {
                ffi::lua_pop(self.state, 1);
                return Err(err(format!("g:{} has no table in this VM (a bug: please report it)", self.method)));
            }
            if empty_first {
                ffi::lua_setreadonly(self.state, -1, 0);
                ffi::lua_cleartable(self.state, -1);
                ffi::lua_pushnil(self.state);
                ffi::lua_setmetatable(self.state, -2);
            }
        }
        Ok(Ret::OnStack)
    }

    /// The error for argument `n` of the wrong type.
    fn bad(&self, n: c_int, wanted: &str, got: Raw<'_>) -> mlua::Error {
        let got = match got {
            Raw::Number(x) => format!("the number {x}"),
            other => format!("a {}", other.type_name()),
        };
        err(format!("bad argument #{n} to `{}`: expected {wanted}, got {got}", self.method))
    }
}

/// What a direct method returns: nothing, one value or two; or an interned name,
/// pushed as a string straight onto the stack (no reference to make and drop).
pub(super) enum Ret {
    None,
    One(LuaValue),
    Two(LuaValue, LuaValue),
    Name(&'static str),
    /// One value the method pushed itself ([`Args::push`], [`Args::push_ints`]): built
    /// in place, with no mlua reference made for it and pushed again.
    OnStack,
    /// Two values the method pushed itself, in order.
    OnStackTwo,
}

impl Ret {
    pub fn int(i: i64) -> Ret {
        Ret::One(LuaValue::Integer(i))
    }

    pub fn opt_int(i: Option<i64>) -> Ret {
        Ret::One(i.map_or(LuaValue::Nil, LuaValue::Integer))
    }

    pub fn bool(b: bool) -> Ret {
        Ret::One(LuaValue::Boolean(b))
    }
}

impl From<LuaValue> for Ret {
    fn from(v: LuaValue) -> Ret {
        Ret::One(v)
    }
}

impl From<mlua::Table> for Ret {
    fn from(t: mlua::Table) -> Ret {
        Ret::One(LuaValue::Table(t))
    }
}

/// Makes a C function of a direct method's body: `direct!("name", body)`.
macro_rules! direct {
    ($name:literal, $body:expr) => {{
        unsafe extern "C-unwind" fn entry(state: *mut mlua::ffi::lua_State) -> std::ffi::c_int {
            // SAFETY: the VM calls this as a C function of a VM made by mlua.
            unsafe { $crate::script::api::direct::run(state, $name, $body) }
        }
        ($name, entry as mlua::ffi::lua_CFunction)
    }};
}
pub(super) use direct;

/// The work of every direct method's C function: runs `body` and leaves its
/// results on the stack, or raises its error.
///
/// # Safety
/// `state` is the stack of a call the VM made into this function, on a VM made by
/// mlua.
pub(crate) unsafe fn run(state: *mut ffi::lua_State, method: &'static str, body: Body) -> c_int {
    let message = {
        let lua = Lua::get_or_init_from_ptr(state);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let _kernel_work = uncapped(lua);
            if ffi::lua_type(state, 1) != ffi::LUA_TUSERDATA {
                return Err(err(format!("call g methods with a colon: g:{method}(…)")));
            }
            // Scripts have no coroutine library; were one ever run, its stack would not
            // be the one mlua pushes results to (mlua's is the main thread's).
            if ffi::lua_mainthread(state) != state {
                return Err(err(format!("g:{method} was called from a coroutine, which scripts cannot run")));
            }
            let args = Args { state, method, during: PhantomData };
            let ret = body(lua, &args)?;
            // A C function has room for twenty values on its stack (LUA_MINSTACK),
            // and the cap is lifted, so a push cannot fail. Plain values and names go
            // straight onto the stack; mlua pushes the values it holds by reference
            // (tables, strings); a method that built its result in place has pushed it.
            Ok(match ret {
                Ret::None => 0,
                Ret::OnStack => 1,
                Ret::OnStackTwo => 2,
                Ret::One(LuaValue::Nil) => {
                    ffi::lua_pushnil(state);
                    1
                }
                Ret::One(LuaValue::Boolean(b)) => {
                    ffi::lua_pushboolean(state, c_int::from(b));
                    1
                }
                Ret::One(LuaValue::Integer(i)) => {
                    ffi::lua_pushnumber(state, i as ffi::lua_Number);
                    1
                }
                Ret::One(LuaValue::Number(n)) => {
                    ffi::lua_pushnumber(state, n);
                    1
                }
                Ret::Name(name) => {
                    // Allocates a string while the cap is lifted (see the note).
                    ffi::lua_pushlstring(state, name.as_ptr().cast(), name.len());
                    1
                }
                Ret::One(v) => lua.exec_raw_lua(|vm| vm.push_value(&v)).map(|()| 1)?,
                Ret::Two(a, b) => lua.exec_raw_lua(|vm| vm.push_value(&a).and_then(|()| vm.push_value(&b))).map(|()| 2)?,
            })
        }));
        match outcome {
            Ok(Ok(results)) => return results,
            // As a script error reads mlua's: a runtime error by its message alone.
            Ok(Err(mlua::Error::RuntimeError(message))) => message,
            Ok(Err(other)) => other.to_string(),
            Err(_) => format!("g:{method} failed inside the kernel (a bug: please report it)"),
        }
    };
    // Nothing of the call is left but the message; the error unwinds through this
    // frame (a C-unwind one) with nothing to drop.
    ffi::lua_pushlstring(state, message.as_ptr().cast(), message.len());
    drop(message);
    ffi::lua_error(state)
}
