//! Conversions between Lua values and kernel [`Value`]s.
//!
//! Written by hand rather than through serde: contexts cross this boundary on every
//! step call, and a direct walk avoids the intermediate representation.
//!
//! Every table shape converts faithfully: a table whose keys are exactly 1..n is a
//! list, any other table (holes, a `[0]`, named keys beside the list part) is a map
//! holding every key. Keys must be strings or whole numbers (within ±2^53, where a
//! number is still exact); functions, userdata and threads cannot be kept in the
//! state. A table that contains itself is refused. A table reached twice through
//! different paths is copied twice — values are plain data — so the size of one
//! converted value is capped ([`MAX_VALUE_BYTES`]), or `t = {t, t}` nested forty
//! deep would expand to 2^40 nodes. Both directions charge their work to the call's
//! [`Budget`], by the bytes converted.

use super::limits::Budget;
use super::raw::{self, Raw, TableAt};
use crate::state::MAX_STATE_BYTES;
use crate::value::{Key, Value};
use mlua::{Lua, Table, Value as LuaValue};
use std::ffi::c_void;

/// Depth beyond which a table is refused.
const MAX_DEPTH: usize = 64;
/// The largest value one conversion may build, by [`Value::weight`]: a value larger
/// than the whole state may hold could never be stored.
pub const MAX_VALUE_BYTES: usize = MAX_STATE_BYTES;
/// Numbers beyond this magnitude are no longer exact integers in a Lua number.
const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53

/// Converts a state value for a script, charging `budget` for the bytes converted.
pub fn to_lua(lua: &Lua, value: &Value, budget: &Budget) -> mlua::Result<LuaValue> {
    let mut weight = 0;
    let converted = super::raw::value(lua, value, &mut weight)?;
    budget.charge_bytes(weight)?;
    Ok(converted)
}

/// Converts a Lua value for the state, charging `budget` for the bytes built.
pub fn from_lua(value: &LuaValue, budget: &Budget) -> mlua::Result<Value> {
    let mut walk = Walk { weight: 0, path: Vec::new() };
    let converted = walk.value(value)?;
    budget.charge_bytes(walk.weight)?;
    Ok(converted)
}

/// Whether [`from_lua`] of `value` would give exactly `old` (see [`Value::identical`]),
/// found without building anything: a step call that left its context as it was given
/// need not have it converted and stored again. `false` whenever in doubt (a value
/// [`from_lua`] would refuse, a map keyed exactly 1..n, which it would make a list).
pub fn unchanged(lua: &Lua, value: &LuaValue, old: &Value) -> mlua::Result<bool> {
    match value {
        LuaValue::Table(t) => raw::on_stack(lua, t, |t| Ok(same_table(t, old))),
        _ => Ok(false),
    }
}

/// [`unchanged`] of a table lying on the stack.
fn same_table(t: TableAt<'_>, old: &Value) -> bool {
    let (mut seen, mut same) = (0usize, true);
    let walked = match old {
        // An empty table is what `from_lua` makes an empty map of.
        Value::List(items) if items.is_empty() => return false,
        Value::List(items) => t.each_field(|k, v| {
            seen += 1;
            same = match k {
                Raw::Integer(i) if i >= 1 && (i as u64) <= items.len() as u64 => same_raw(v, &items[i as usize - 1]),
                _ => false,
            };
            stop_unless(same)
        }),
        // A map keyed exactly 1..n is not what `from_lua` makes of a table.
        Value::Map(entries) if !entries.is_empty() && entries.iter().enumerate().all(|(i, (k, _))| *k == Key::Int(i as i64 + 1)) => return false,
        Value::Map(entries) => t.each_field(|k, v| {
            seen += 1;
            let key = match k {
                Raw::Str(s) => entries.binary_search_by(|(key, _)| match key {
                    Key::Int(_) => std::cmp::Ordering::Less,
                    Key::Str(text) => text.as_bytes().cmp(s),
                }),
                Raw::Integer(i) => entries.binary_search_by(|(key, _)| key.cmp(&Key::Int(i))),
                _ => Err(0),
            };
            same = key.is_ok_and(|at| same_raw(v, &entries[at].1));
            stop_unless(same)
        }),
        _ => return false,
    };
    let count = match old {
        Value::List(items) => items.len(),
        Value::Map(entries) => entries.len(),
        _ => unreachable!("only lists and maps reach the walk"),
    };
    walked.is_ok() && same && seen == count
}

/// Ends a walk at the first difference: most contexts that changed differ early,
/// and the rest of the table need not be read.
fn stop_unless(same: bool) -> mlua::Result<()> {
    if same {
        Ok(())
    } else {
        Err(mlua::Error::runtime("changed"))
    }
}

/// Whether a value read off the stack converts to exactly `old`.
fn same_raw(v: Raw<'_>, old: &Value) -> bool {
    match (v, old) {
        (Raw::Bool(b), Value::Bool(o)) => b == *o,
        (Raw::Integer(i), Value::Int(o)) => i == *o,
        (Raw::Number(n), old) => number_value(n).identical(old),
        (Raw::Str(s), Value::Str(o)) => s == o.as_bytes(),
        (Raw::Table(t), old @ (Value::List(_) | Value::Map(_))) => same_table(t, old),
        _ => false,
    }
}

/// Converts a value read off the VM's stack, without charging: its weight (what
/// [`from_lua`] would charge) comes back beside it.
pub fn from_raw(value: Raw<'_>) -> mlua::Result<(Value, usize)> {
    let mut walk = Walk { weight: 0, path: Vec::new() };
    let converted = walk.raw_value(value)?;
    Ok((converted, walk.weight))
}

/// A whole number from a Lua argument (a seat, an id): no table, so nothing to charge.
pub fn number(value: &LuaValue) -> Option<i64> {
    match value {
        LuaValue::Integer(i) => Some(*i),
        LuaValue::Number(n) if n.fract() == 0.0 && n.abs() < EXACT => Some(*n as i64),
        _ => None,
    }
}

fn number_value(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < EXACT {
        Value::Int(n as i64)
    } else {
        Value::Num(n)
    }
}

/// One conversion: the bytes built so far and the tables being converted (the path
/// from the root, to find a table inside itself).
struct Walk {
    weight: usize,
    path: Vec<*const c_void>,
}

impl Walk {
    fn value(&mut self, value: &LuaValue) -> mlua::Result<Value> {
        let converted = match value {
            LuaValue::Nil => Value::Nil,
            LuaValue::Boolean(b) => Value::Bool(*b),
            LuaValue::Integer(i) => Value::Int(*i),
            LuaValue::Number(n) => number_value(*n),
            LuaValue::String(s) => Value::Str(s.to_str()?.to_string()),
            LuaValue::Table(t) => return self.table(t),
            other => return Err(unstorable(other.type_name())),
        };
        self.add(converted.weight())?;
        Ok(converted)
    }

    fn add(&mut self, bytes: usize) -> mlua::Result<()> {
        self.weight = self.weight.saturating_add(bytes);
        if self.weight > MAX_VALUE_BYTES {
            return Err(mlua::Error::runtime(format!(
                "a value too large to store in the game state: more than {} MiB once converted (a table reached many times over, through shared references, is copied each time)",
                MAX_VALUE_BYTES >> 20
            )));
        }
        Ok(())
    }

    /// A table, walked on the VM's stack ([`raw`]): contexts and option values
    /// convert without a reference per key and value.
    fn table(&mut self, t: &Table) -> mlua::Result<Value> {
        let lua = t.weak_lua().try_upgrade().ok_or_else(|| mlua::Error::runtime("the script VM is gone"))?;
        self.enter(t.to_pointer())?;
        let mut entries = Vec::new();
        raw::each_field(&lua, t, |k, v| self.entry(&mut entries, k, v))?;
        self.leave(entries)
    }

    fn nested(&mut self, t: TableAt<'_>) -> mlua::Result<Value> {
        self.enter(t.pointer())?;
        let mut entries = Vec::new();
        t.each_field(|k, v| self.entry(&mut entries, k, v))?;
        self.leave(entries)
    }

    fn enter(&mut self, here: *const c_void) -> mlua::Result<()> {
        if self.path.contains(&here) {
            return Err(mlua::Error::runtime("a table that contains itself cannot be stored in the game state"));
        }
        if self.path.len() >= MAX_DEPTH {
            return Err(mlua::Error::runtime(format!("a table nested more than {MAX_DEPTH} deep cannot be stored in the game state")));
        }
        self.path.push(here);
        Ok(())
    }

    fn leave(&mut self, entries: Vec<(Key, Value)>) -> mlua::Result<Value> {
        self.path.pop();
        self.add(std::mem::size_of::<Value>())?;
        Ok(shape(entries))
    }

    fn entry(&mut self, entries: &mut Vec<(Key, Value)>, k: Raw<'_>, v: Raw<'_>) -> mlua::Result<()> {
        let key = key(k)?;
        self.add(key.weight())?;
        let value = self.raw_value(v)?;
        entries.push((key, value));
        Ok(())
    }

    /// [`Walk::value`] of a value read off the stack.
    fn raw_value(&mut self, v: Raw<'_>) -> mlua::Result<Value> {
        let converted = match v {
            Raw::Nil => Value::Nil,
            Raw::Bool(b) => Value::Bool(b),
            Raw::Integer(i) => Value::Int(i),
            Raw::Number(n) => number_value(n),
            Raw::Str(s) => Value::Str(raw::text(s)?.to_owned()),
            Raw::Table(t) => return self.nested(t),
            Raw::Other(name) => return Err(unstorable(name)),
        };
        self.add(converted.weight())?;
        Ok(converted)
    }
}

fn unstorable(type_name: &str) -> mlua::Error {
    mlua::Error::runtime(format!("a {type_name} cannot be stored in the game state (only nil, booleans, numbers, strings and tables)"))
}

fn key(k: Raw<'_>) -> mlua::Result<Key> {
    Ok(match k {
        Raw::Str(s) => Key::Str(raw::text(s)?.into()),
        Raw::Integer(i) => Key::Int(i),
        Raw::Number(n) if n.fract() == 0.0 && n.abs() < EXACT => Key::Int(n as i64),
        Raw::Number(n) => {
            return Err(mlua::Error::runtime(format!(
                "table keys stored in the game state must be strings or whole numbers within ±2^53, not {n}"
            )))
        }
        other => {
            return Err(mlua::Error::runtime(format!(
                "table keys stored in the game state must be strings or whole numbers, not {}",
                other.type_name()
            )))
        }
    })
}

/// A list when the keys are exactly 1..n, otherwise a map with every key.
fn shape(mut entries: Vec<(Key, Value)>) -> Value {
    let n = entries.len() as i64;
    // A table's keys are distinct, so n integer keys all within 1..=n are exactly 1..n.
    let is_list = n > 0 && entries.iter().all(|(k, _)| matches!(k, Key::Int(i) if (1..=n).contains(i)));
    if !is_list {
        return Value::map(entries);
    }
    entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Value::List(entries.into_iter().map(|(_, v)| v).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(lua: &Lua, code: &str) -> mlua::Result<Value> {
        let v: LuaValue = lua.load(code).eval()?;
        from_lua(&v, &Budget::unmetered())
    }

    fn int_map(entries: &[(Key, Value)]) -> Value {
        Value::map(entries.to_vec())
    }

    /// `unchanged` says yes exactly when converting would give an identical value.
    #[test]
    fn unchanged_agrees_with_converting() {
        let lua = Lua::new();
        let tables = [
            "{}",
            "{1, 2, 3}",
            "{a = 1, b = 'x', c = {1, {d = true}}}",
            "{[1] = 'a', [3] = 'c'}",
            "{0.5, -0.0, 2^60}",
            "{x = {}, y = {y = {y = 'deep'}}}",
            "{[2] = 1, [1] = 2, name = 'n'}",
        ];
        let values: Vec<Value> = tables.iter().map(|code| convert(&lua, &format!("return {code}")).unwrap()).collect();
        for (i, code) in tables.iter().enumerate() {
            let table: LuaValue = lua.load(format!("return {code}")).eval().unwrap();
            for (j, value) in values.iter().enumerate() {
                assert_eq!(unchanged(&lua, &table, value).unwrap(), i == j, "table {code} against the value of {}", tables[j]);
            }
        }
        // Values from_lua never makes: an empty list, a map keyed exactly 1..n.
        let empty: LuaValue = lua.load("return {}").eval().unwrap();
        assert!(!unchanged(&lua, &empty, &Value::List(Vec::new())).unwrap());
        let list: LuaValue = lua.load("return {7}").eval().unwrap();
        assert!(!unchanged(&lua, &list, &Value::Map(vec![(Key::Int(1), Value::Int(7))])).unwrap());
        // One field changed, added or taken away, at any depth.
        let base = convert(&lua, "return {a = 1, b = {c = 'x', d = {1, 2}}}").unwrap();
        for changed in ["{a = 2, b = {c = 'x', d = {1, 2}}}", "{a = 1, b = {c = 'x', d = {1, 2, 3}}}", "{a = 1, b = {c = 'x'}}", "{a = 1, b = {c = 'y', d = {1, 2}}}", "{a = 1, e = 0, b = {c = 'x', d = {1, 2}}}"] {
            let table: LuaValue = lua.load(format!("return {changed}")).eval().unwrap();
            assert!(!unchanged(&lua, &table, &base).unwrap(), "{changed}");
        }
    }

    #[test]
    fn lists_and_maps_round_trip() {
        let lua = Lua::new();
        let v = Value::map(vec![
            (Key::Str("list".into()), Value::List(vec![Value::Int(1), Value::Str("x".into())])),
            (Key::Int(3), Value::Bool(true)),
            (Key::Str("half".into()), Value::Num(0.5)),
        ]);
        let budget = Budget::unmetered();
        let back = from_lua(&to_lua(&lua, &v, &budget).unwrap(), &budget).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn tables_with_holes_keep_every_key() {
        let lua = Lua::new();
        assert_eq!(
            convert(&lua, "{1, nil, 3, [100] = 5}").unwrap(),
            int_map(&[(Key::Int(1), Value::Int(1)), (Key::Int(3), Value::Int(3)), (Key::Int(100), Value::Int(5))])
        );
        assert_eq!(
            convert(&lua, "{1, nil, 3, [0] = 5}").unwrap(),
            int_map(&[(Key::Int(0), Value::Int(5)), (Key::Int(1), Value::Int(1)), (Key::Int(3), Value::Int(3))])
        );
        assert_eq!(
            convert(&lua, "{[2] = 'b', [3] = 'c'}").unwrap(),
            int_map(&[(Key::Int(2), Value::Str("b".into())), (Key::Int(3), Value::Str("c".into()))])
        );
    }

    #[test]
    fn named_keys_beside_a_list_are_kept() {
        let lua = Lua::new();
        assert_eq!(
            convert(&lua, "{10, nil, 30, name = 'x'}").unwrap(),
            int_map(&[
                (Key::Int(1), Value::Int(10)),
                (Key::Int(3), Value::Int(30)),
                (Key::Str("name".into()), Value::Str("x".into())),
            ])
        );
        assert_eq!(convert(&lua, "{10, 20, name = 'x'}").unwrap().get("name"), Some(&Value::Str("x".into())));
    }

    #[test]
    fn keys_exactly_one_to_n_make_a_list_in_key_order() {
        let lua = Lua::new();
        assert_eq!(convert(&lua, "{[3] = 'c', [1] = 'a', [2] = 'b'}").unwrap(), Value::List(vec![
            Value::Str("a".into()),
            Value::Str("b".into()),
            Value::Str("c".into()),
        ]));
        assert_eq!(convert(&lua, "{}").unwrap(), Value::Map(vec![]));
    }

    #[test]
    fn inexact_or_fractional_keys_are_refused() {
        let lua = Lua::new();
        assert!(convert(&lua, "{[1e300] = 1, [2e300] = 2}").is_err(), "both would become the same key");
        assert!(convert(&lua, "{[0.5] = 1}").is_err());
        assert!(convert(&lua, "{[true] = 1}").is_err());
    }

    #[test]
    fn a_table_inside_itself_is_refused() {
        let lua = Lua::new();
        let error = convert(&lua, "(function() local t = {} t.self = {t} return t end)()").unwrap_err();
        assert!(error.to_string().contains("contains itself"), "{error}");
    }

    #[test]
    fn a_table_shared_twice_is_copied_but_sharing_cannot_explode() {
        let lua = Lua::new();
        let shared = convert(&lua, "(function() local a = {1} return {a, a} end)()").unwrap();
        assert_eq!(shared, Value::List(vec![Value::List(vec![Value::Int(1)]), Value::List(vec![Value::Int(1)])]));
        let error = convert(&lua, "(function() local t = {} for i = 1, 40 do t = {t, t} end return t end)()").unwrap_err();
        assert!(error.to_string().contains("too large"), "{error}");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let lua = Lua::new();
        let error = convert(&lua, "(function() local t = {} for i = 1, 100 do t = {t} end return t end)()").unwrap_err();
        assert!(error.to_string().contains("nested more than"), "{error}");
    }

    #[test]
    fn functions_cannot_be_stored() {
        let lua = Lua::new();
        let f: LuaValue = lua.load("return function() end").eval().unwrap();
        assert!(from_lua(&f, &Budget::unmetered()).is_err());
    }
}
