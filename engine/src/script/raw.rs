//! Reading and building plain Lua tables directly on the VM's stack, for the `g`
//! methods that scripts call most (entity filters, lists of ids).
//!
//! mlua hands every table or string it gives to Rust a slot in its reference thread
//! (a push there, a replace, and a release when dropped), and walks a table with
//! `pairs` by copying each key twice. For a filter of three fields that bookkeeping
//! costs more than the query; here the walk reads the keys and values where they
//! lie.
//!
//! Safety: the functions here call only VM functions that neither raise a Lua error
//! nor run Lua code: raw reads and iteration and type checks, which allocate nothing
//! in the VM, and (in [`int_list`], [`record`], [`value`] and their helpers) pushes, which allocate only while the memory cap
//! is lifted (the caller holds [`super::limits::uncapped`]), so no allocation can be
//! refused midway. They put the stack back as they found it, even if a visitor
//! returns early. What a walk reads (strings, nested tables) borrows the VM for the
//! visit only: the lifetimes keep it from outliving the visit.

use crate::value::{Key, Value};
use mlua::{ffi, Lua, Table, Value as LuaValue};
use std::ffi::{c_int, CStr};
use std::marker::PhantomData;

/// A value as the walk reads it: strings borrow the VM's bytes for the visit.
#[derive(Debug, Clone, Copy)]
pub enum Raw<'a> {
    Nil,
    Bool(bool),
    /// A number holding an integer exactly (as mlua reads it: `Value::Integer`).
    Integer(i64),
    Number(f64),
    Str(&'a [u8]),
    /// A table, which [`TableAt`] reads further.
    Table(TableAt<'a>),
    /// Anything else, by its Lua type name.
    Other(&'static str),
}

/// A table on the VM's stack during a walk, valid for the visit (`'a`).
#[derive(Debug, Clone, Copy)]
pub struct TableAt<'a> {
    state: *mut ffi::lua_State,
    index: c_int,
    during: PhantomData<&'a ()>,
}

impl Raw<'_> {
    /// The Lua type name, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Raw::Nil => "nil",
            Raw::Bool(_) => "boolean",
            Raw::Integer(_) | Raw::Number(_) => "number",
            Raw::Str(_) => "string",
            Raw::Table(_) => "table",
            Raw::Other(name) => name,
        }
    }
}

impl<'a> TableAt<'a> {
    /// The table's sequence `t[1], t[2], …` up to the first nil, each a string; the
    /// type name of the first item that is not.
    pub fn strings(&self) -> Result<Vec<&'a [u8]>, &'static str> {
        let mut out = Vec::new();
        // SAFETY: `index` is an absolute slot below the walk's top, so pushing one
        // item and popping it again leaves the walk's stack as it was; raw reads run
        // no metamethod. The strings stay alive while this table does, and it is
        // held by the table being walked, on the stack until the walk ends.
        unsafe {
            if ffi::lua_checkstack(self.state, 1) == 0 {
                return Err("table too deep to read");
            }
            for i in 1.. {
                let kind = ffi::lua_rawgeti(self.state, self.index, i);
                let item = match kind {
                    ffi::LUA_TNIL => None,
                    ffi::LUA_TSTRING => Some(Ok(string_at(self.state, -1))),
                    other => Some(Err(type_name(other))),
                };
                ffi::lua_settop(self.state, -2);
                match item {
                    None => break,
                    Some(Ok(text)) => out.push(text),
                    Some(Err(name)) => return Err(name),
                }
            }
        }
        Ok(out)
    }

    /// The table's length as the `#` operator gives it, without metamethods.
    pub fn len(&self) -> usize {
        // SAFETY: reads the slot only.
        unsafe { ffi::lua_objlen(self.state, self.index) as usize }
    }

    /// Visits `t[1], t[2], …` up to the first nil, without metamethods, as mlua's
    /// `sequence_values` reads them.
    pub fn each_item(&self, mut visit: impl FnMut(Raw<'_>) -> mlua::Result<()>) -> mlua::Result<()> {
        // SAFETY: as for `strings`; the guard pops the item however the visit ends.
        unsafe {
            if ffi::lua_checkstack(self.state, 1) == 0 {
                return Err(mlua::Error::runtime("the VM's stack is full"));
            }
            let _guard = TopGuard { state: self.state, top: ffi::lua_gettop(self.state) };
            for i in 1.. {
                if ffi::lua_rawgeti(self.state, self.index, i) == ffi::LUA_TNIL {
                    return Ok(());
                }
                visit(read(self.state, ffi::lua_gettop(self.state)))?;
                ffi::lua_settop(self.state, -2);
            }
        }
        Ok(())
    }

    /// Visits every key and value of this table, as [`each_field`] does.
    pub fn each_field(&self, visit: impl FnMut(Raw<'_>, Raw<'_>) -> mlua::Result<()>) -> mlua::Result<()> {
        // SAFETY: `index` is an absolute slot holding a table for the whole visit.
        unsafe { walk(self.state, self.index, visit) }
    }

    /// The table's identity, to find a table inside itself.
    pub fn pointer(&self) -> *const std::ffi::c_void {
        // SAFETY: reads the slot only.
        unsafe { ffi::lua_topointer(self.state, self.index) }
    }
}

/// Restores the stack's top when dropped.
struct TopGuard {
    state: *mut ffi::lua_State,
    top: c_int,
}

impl Drop for TopGuard {
    fn drop(&mut self) {
        // SAFETY: `top` was read from this state before anything was pushed.
        unsafe { ffi::lua_settop(self.state, self.top) }
    }
}

/// Visits every key and value of `t` in the VM's raw order (`next`'s), without
/// metamethods; stops at the first error the visitor returns.
pub fn each_field(lua: &Lua, t: &Table, visit: impl FnMut(Raw<'_>, Raw<'_>) -> mlua::Result<()>) -> mlua::Result<()> {
    on_stack(lua, t, |t| t.each_field(visit))
}

/// Runs `read` on `t` put on the VM's stack for the time of the call.
pub fn on_stack<R>(lua: &Lua, t: &Table, read: impl FnOnce(TableAt<'_>) -> mlua::Result<R>) -> mlua::Result<R> {
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: see the module's note; the guard pops the table and whatever the
        // reading pushed.
        unsafe {
            if ffi::lua_checkstack(state, 4) == 0 {
                return Err(mlua::Error::runtime("the VM's stack is full"));
            }
            let _guard = TopGuard { state, top: ffi::lua_gettop(state) };
            raw.push(t)?;
            read(TableAt { state, index: ffi::lua_gettop(state), during: PhantomData })
        }
    })
}

/// Walks the table at the absolute stack slot `table`, pushing each key and value
/// above the stack's top for the visit and popping them after.
pub(crate) unsafe fn walk(state: *mut ffi::lua_State, table: c_int, mut visit: impl FnMut(Raw<'_>, Raw<'_>) -> mlua::Result<()>) -> mlua::Result<()> {
    if ffi::lua_checkstack(state, 2) == 0 {
        return Err(mlua::Error::runtime("the VM's stack is full"));
    }
    let _guard = TopGuard { state, top: ffi::lua_gettop(state) };
    let mut iter = 0;
    loop {
        iter = ffi::lua_rawiter(state, table, iter);
        if iter < 0 {
            return Ok(());
        }
        let top = ffi::lua_gettop(state);
        visit(read(state, top - 1), read(state, top))?;
        ffi::lua_settop(state, top - 2);
    }
}

/// A new table made on the stack: `fill` gets the VM's state with the new table on
/// top, stores into it, and leaves the stack as it found it. The caller holds
/// [`super::limits::uncapped`], as for every push here.
fn new_table(lua: &Lua, sequence: c_int, fields: c_int, fill: impl FnOnce(*mut ffi::lua_State)) -> mlua::Result<Table> {
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: see the module's note; `pop` takes the one table pushed.
        unsafe {
            if ffi::lua_checkstack(state, 2) == 0 {
                return Err(mlua::Error::runtime("the VM's stack is full"));
            }
            ffi::lua_createtable(state, sequence, fields);
            fill(state);
            let t = raw.pop::<Table>();
            debug_assert!(t.is_ok(), "a table was just pushed");
            t
        }
    })
}

/// A new sequence table of `items`.
pub fn int_list(lua: &Lua, items: &[i64]) -> mlua::Result<Table> {
    let length = c_int::try_from(items.len()).map_err(|_| mlua::Error::runtime("a list too long for the VM"))?;
    // SAFETY: the table `new_table` made is on top, as `fill_sequence` needs.
    new_table(lua, length, 0, |state| unsafe { fill_sequence(state, items.iter().copied()) })
}

/// Stores `items` as `t[1], t[2], …` of the table on top of the stack, one push at a
/// time (the caller holds [`super::limits::uncapped`]). Items past what a Lua index
/// can number are left out; no list comes near.
pub(crate) unsafe fn fill_sequence(state: *mut ffi::lua_State, items: impl IntoIterator<Item = i64>) {
    for (i, item) in items.into_iter().enumerate() {
        let Ok(at) = c_int::try_from(i + 1) else { return };
        ffi::lua_pushnumber(state, item as ffi::lua_Number);
        ffi::lua_rawseti_(state, -2, at);
    }
}

/// `value` as a Lua value, built on the VM's stack in one go: nested tables are
/// made in place rather than each held by an mlua reference and set by key. Adds
/// [`Value::weight`]'s measure of what it converts to `weight`. The caller holds
/// [`super::limits::uncapped`], as for [`int_list`].
pub fn value(lua: &Lua, value: &Value, weight: &mut usize) -> mlua::Result<LuaValue> {
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: see the module's note; on an error the guard takes back whatever
        // was pushed, on success `pop_value` takes the one value pushed.
        unsafe {
            let guard = TopGuard { state, top: ffi::lua_gettop(state) };
            push_value(state, value, weight)?;
            std::mem::forget(guard);
            Ok(raw.pop_value())
        }
    })
}

/// Pushes `value` (see [`value`]).
pub(crate) unsafe fn push_value(state: *mut ffi::lua_State, value: &Value, weight: &mut usize) -> mlua::Result<()> {
    // A table, its key and its value: three slots at each level of nesting.
    if ffi::lua_checkstack(state, 3) == 0 {
        return Err(mlua::Error::runtime("the VM's stack is full"));
    }
    *weight += std::mem::size_of::<Value>();
    match value {
        Value::Nil => ffi::lua_pushnil(state),
        Value::Bool(b) => ffi::lua_pushboolean(state, c_int::from(*b)),
        Value::Int(i) => ffi::lua_pushnumber(state, *i as ffi::lua_Number),
        Value::Num(n) => ffi::lua_pushnumber(state, *n),
        Value::Str(text) => {
            *weight += text.len();
            ffi::lua_pushlstring(state, text.as_ptr().cast(), text.len());
        }
        Value::List(items) => {
            ffi::lua_createtable(state, c_int::try_from(items.len()).unwrap_or(0), 0);
            for (i, item) in items.iter().enumerate() {
                push_value(state, item, weight)?;
                let at = c_int::try_from(i + 1).map_err(|_| mlua::Error::runtime("a list too long for the VM"))?;
                ffi::lua_rawseti_(state, -2, at);
            }
        }
        Value::Map(entries) => {
            ffi::lua_createtable(state, 0, c_int::try_from(entries.len()).unwrap_or(0));
            for (key, item) in entries {
                *weight += key.weight();
                match key {
                    Key::Int(i) => ffi::lua_pushnumber(state, *i as ffi::lua_Number),
                    Key::Str(text) => {
                        ffi::lua_pushlstring(state, text.as_ptr().cast(), text.len());
                    }
                }
                push_value(state, item, weight)?;
                ffi::lua_rawset(state, -3);
            }
        }
    }
    Ok(())
}

/// A field of a table made by [`record`].
#[derive(Debug, Clone, Copy)]
pub enum Field<'a> {
    Int(i64),
    Text(&'a str),
}

/// A new table with the named fields; a `None` field is left out (nil). The caller
/// holds [`super::limits::uncapped`], as for [`int_list`].
pub fn record(lua: &Lua, fields: &[(&CStr, Option<Field<'_>>)]) -> mlua::Result<Table> {
    let size = c_int::try_from(fields.len()).map_err(|_| mlua::Error::runtime("a record too large for the VM"))?;
    new_table(lua, 0, size, |state| {
        for (name, value) in fields {
            // SAFETY: each field's value is pushed and stored before the next.
            unsafe {
                match value {
                    None => continue,
                    Some(Field::Int(i)) => ffi::lua_pushnumber(state, *i as ffi::lua_Number),
                    Some(Field::Text(text)) => {
                        ffi::lua_pushlstring(state, text.as_ptr().cast(), text.len());
                    }
                }
                ffi::lua_rawsetfield(state, -2, name.as_ptr());
            }
        }
    })
}

/// The value at `index`, read without converting or allocating.
pub(crate) unsafe fn read<'a>(state: *mut ffi::lua_State, index: c_int) -> Raw<'a> {
    match ffi::lua_type(state, index) {
        // No value (past the top of the stack) reads as nil, as a missing argument.
        ffi::LUA_TNIL | ffi::LUA_TNONE => Raw::Nil,
        ffi::LUA_TBOOLEAN => Raw::Bool(ffi::lua_toboolean(state, index) != 0),
        ffi::LUA_TNUMBER => {
            let n = ffi::lua_tonumberx(state, index, std::ptr::null_mut());
            // As mlua reads numbers: an integer when it holds one exactly (and is
            // within i64, where `as` would saturate).
            let i = n as i64;
            if (i as f64).to_bits() == n.to_bits() && n < 9_223_372_036_854_775_808.0 {
                Raw::Integer(i)
            } else {
                Raw::Number(n)
            }
        }
        ffi::LUA_TINTEGER => Raw::Integer(ffi::lua_tointeger64(state, index, std::ptr::null_mut())),
        ffi::LUA_TSTRING => Raw::Str(string_at(state, index)),
        ffi::LUA_TTABLE => Raw::Table(TableAt { state, index, during: PhantomData }),
        other => Raw::Other(type_name(other)),
    }
}

/// `bytes` as text, or the error mlua gives for a string that is not UTF-8.
pub fn text(bytes: &[u8]) -> mlua::Result<&str> {
    utf8(bytes).ok_or_else(|| {
        let message = std::str::from_utf8(bytes).err().map(|e| e.to_string());
        mlua::Error::FromLuaConversionError { from: "string", to: "&str".into(), message }
    })
}

/// `bytes` as text if they are UTF-8. Script strings are short names and almost
/// always ASCII, which is checked a word at a time; the general check goes byte by
/// byte, with a branch each (1.2% of an act, and 4.5% of its mispredicted branches).
pub fn utf8(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

/// The bytes of the string at `index` (which must be a string: no conversion).
unsafe fn string_at<'a>(state: *mut ffi::lua_State, index: c_int) -> &'a [u8] {
    let mut len = 0usize;
    let text = ffi::lua_tolstring(state, index, &mut len);
    if text.is_null() {
        return &[];
    }
    std::slice::from_raw_parts(text.cast::<u8>(), len)
}

fn type_name(kind: c_int) -> &'static str {
    match kind {
        ffi::LUA_TNIL => "nil",
        ffi::LUA_TBOOLEAN => "boolean",
        ffi::LUA_TLIGHTUSERDATA => "userdata",
        ffi::LUA_TNUMBER | ffi::LUA_TINTEGER => "number",
        ffi::LUA_TVECTOR => "vector",
        ffi::LUA_TSTRING => "string",
        ffi::LUA_TTABLE => "table",
        ffi::LUA_TFUNCTION => "function",
        ffi::LUA_TUSERDATA => "userdata",
        ffi::LUA_TTHREAD => "thread",
        ffi::LUA_TBUFFER => "buffer",
        _ => "value",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_every_field_and_leaves_the_stack_as_it_was() {
        let lua = Lua::new();
        let t: Table = lua.load(r#"return { kind = {"a", "b"}, owner = 2, half = 0.5, on = true, [3] = "x" }"#).eval().unwrap();
        let mut seen = Vec::new();
        let before = lua.exec_raw_lua(|raw| unsafe { ffi::lua_gettop(raw.state()) });
        each_field(&lua, &t, |k, v| {
            let key = match k {
                Raw::Str(s) => String::from_utf8_lossy(s).into_owned(),
                Raw::Integer(i) => i.to_string(),
                other => other.type_name().to_owned(),
            };
            let value = match v {
                Raw::Table(list) => format!("{:?}", list.strings().unwrap().iter().map(|s| String::from_utf8_lossy(s).into_owned()).collect::<Vec<_>>()),
                Raw::Integer(i) => format!("int {i}"),
                Raw::Number(n) => format!("num {n}"),
                Raw::Bool(b) => format!("bool {b}"),
                Raw::Str(s) => String::from_utf8_lossy(s).into_owned(),
                other => other.type_name().to_owned(),
            };
            seen.push(format!("{key}={value}"));
            Ok(())
        })
        .unwrap();
        seen.sort();
        assert_eq!(seen, ["3=x", "half=num 0.5", "kind=[\"a\", \"b\"]", "on=bool true", "owner=int 2"]);
        // An early error stops the walk and still restores the stack.
        let stopped = each_field(&lua, &t, |_, _| Err(mlua::Error::runtime("stop")));
        assert!(stopped.is_err());
        assert_eq!(lua.exec_raw_lua(|raw| unsafe { ffi::lua_gettop(raw.state()) }), before);
    }

    #[test]
    fn a_list_with_a_non_string_names_its_type() {
        let lua = Lua::new();
        let t: Table = lua.load(r#"return { kind = {"a", 7} }"#).eval().unwrap();
        let mut found = None;
        each_field(&lua, &t, |_, v| {
            if let Raw::Table(list) = v {
                found = Some(list.strings().map(|v| v.len()));
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(found, Some(Err("number")));
    }

    #[test]
    fn int_lists_read_back_as_numbers() {
        let lua = Lua::new();
        let t = int_list(&lua, &[3, 1, 2]).unwrap();
        let items: Vec<i64> = t.sequence_values().collect::<mlua::Result<_>>().unwrap();
        assert_eq!(items, [3, 1, 2]);
        lua.globals().set("t", t).unwrap();
        assert_eq!(lua.load("return type(t[1]) .. #t").eval::<String>().unwrap(), "number3");
    }
}
