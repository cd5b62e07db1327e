//! Conversions between Lua values and kernel [`Value`]s.
//!
//! Written by hand rather than through serde: contexts cross this boundary on every
//! step call, and a direct walk avoids the intermediate representation. Tables that
//! are sequences 1..n become lists; other tables become maps with string or integer
//! keys. Functions, userdata and threads cannot be kept in the state and are errors.

use crate::value::{Key, Value};
use mlua::{Lua, Table, Value as LuaValue};

/// Depth beyond which a table is assumed to be cyclic.
const MAX_DEPTH: usize = 64;

pub fn to_lua(lua: &Lua, value: &Value) -> mlua::Result<LuaValue> {
    Ok(match value {
        Value::Nil => LuaValue::Nil,
        Value::Bool(b) => LuaValue::Boolean(*b),
        Value::Int(i) => LuaValue::Number(*i as f64),
        Value::Num(n) => LuaValue::Number(*n),
        Value::Str(s) => LuaValue::String(lua.create_string(s)?),
        Value::List(items) => {
            let t = lua.create_table_with_capacity(items.len(), 0)?;
            for (i, item) in items.iter().enumerate() {
                t.raw_set(i + 1, to_lua(lua, item)?)?;
            }
            LuaValue::Table(t)
        }
        Value::Map(entries) => {
            let t = lua.create_table_with_capacity(0, entries.len())?;
            for (k, v) in entries {
                let v = to_lua(lua, v)?;
                match k {
                    Key::Int(i) => t.raw_set(*i as f64, v)?,
                    Key::Str(s) => t.raw_set(s.as_str(), v)?,
                }
            }
            LuaValue::Table(t)
        }
    })
}

pub fn from_lua(value: &LuaValue) -> mlua::Result<Value> {
    from_lua_depth(value, 0)
}

fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Value::Int(n as i64)
    } else {
        Value::Num(n)
    }
}

fn from_lua_depth(value: &LuaValue, depth: usize) -> mlua::Result<Value> {
    Ok(match value {
        LuaValue::Nil => Value::Nil,
        LuaValue::Boolean(b) => Value::Bool(*b),
        LuaValue::Integer(i) => Value::Int(*i as i64),
        LuaValue::Number(n) => number(*n),
        LuaValue::String(s) => Value::Str(s.to_str()?.to_string()),
        LuaValue::Table(t) => table_to_value(t, depth)?,
        other => {
            return Err(mlua::Error::runtime(format!(
                "a {} cannot be stored in the game state (only nil, booleans, numbers, strings and tables)",
                other.type_name()
            )))
        }
    })
}

fn table_to_value(t: &Table, depth: usize) -> mlua::Result<Value> {
    if depth > MAX_DEPTH {
        return Err(mlua::Error::runtime("table nested too deeply (a cycle?) to be stored in the game state"));
    }
    let len = t.raw_len();
    let mut entries = Vec::new();
    let mut count = 0usize;
    for pair in t.clone().pairs::<LuaValue, LuaValue>() {
        let (k, v) = pair?;
        count += 1;
        let key = match k {
            LuaValue::String(s) => Key::Str(s.to_str()?.to_string()),
            LuaValue::Integer(i) => Key::Int(i as i64),
            LuaValue::Number(n) if n.fract() == 0.0 => Key::Int(n as i64),
            other => {
                return Err(mlua::Error::runtime(format!(
                    "table keys stored in the game state must be strings or integers, not {}",
                    other.type_name()
                )))
            }
        };
        entries.push((key, from_lua_depth(&v, depth + 1)?));
    }
    if len > 0 && count == len {
        let mut items = vec![Value::Nil; len];
        for (k, v) in entries {
            if let Key::Int(i) = k {
                items[(i - 1) as usize] = v;
            }
        }
        return Ok(Value::List(items));
    }
    Ok(Value::map(entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_maps_round_trip() {
        let lua = Lua::new();
        let v = Value::map(vec![
            (Key::Str("list".into()), Value::List(vec![Value::Int(1), Value::Str("x".into())])),
            (Key::Int(3), Value::Bool(true)),
            (Key::Str("half".into()), Value::Num(0.5)),
        ]);
        let back = from_lua(&to_lua(&lua, &v).unwrap()).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn functions_cannot_be_stored() {
        let lua = Lua::new();
        let f: LuaValue = lua.load("return function() end").eval().unwrap();
        assert!(from_lua(&f).is_err());
    }
}
