//! Plain data values shared by frames, decisions, variables and scripts.
//!
//! Everything a script hands the kernel to keep (a frame's context, an option's value,
//! a variable) becomes a [`Value`], so it can be cloned, saved and hashed like the rest
//! of the state. Maps keep their keys sorted so two equal values serialise identically,
//! whatever order a script built them in.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A map key: scripts index tables by strings or by integers (seats, ids).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Key {
    Int(i64),
    /// Inline up to 24 bytes, as nearly every key is: no allocation per key.
    Str(CompactString),
}

impl Key {
    /// The bytes a map entry's key adds to its value's [`Value::weight`].
    pub fn weight(&self) -> usize {
        std::mem::size_of::<Key>() + if let Key::Str(s) = self { s.len() } else { 0 }
    }
}

/// A serialisable value.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub enum Value {
    #[default]
    Nil,
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
    List(Vec<Value>),
    /// Sorted by key, no duplicates.
    Map(Vec<(Key, Value)>),
}

impl Value {
    /// Whether two values are the same to the bit, as their saved forms are: unlike
    /// `==`, `0.0` and `-0.0` differ and a NaN is identical to itself.
    pub fn identical(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Num(a), Value::Num(b)) => a.to_bits() == b.to_bits(),
            (Value::List(a), Value::List(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.identical(y)),
            (Value::Map(a), Value::Map(b)) => a.len() == b.len() && a.iter().zip(b).all(|((ka, va), (kb, vb))| ka == kb && va.identical(vb)),
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b) && a == b,
        }
    }

    /// Builds a map, sorting the entries by key (later duplicates win).
    pub fn map(mut entries: Vec<(Key, Value)>) -> Value {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                std::mem::swap(later, earlier);
                true
            } else {
                false
            }
        });
        Value::Map(entries)
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Num(n) if n.fract() == 0.0 => Some(*n as i64),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// About how many bytes the value occupies in memory: its own slot, the text of
    /// its strings and, for lists and maps, every entry. The state's size limit counts
    /// this ([`crate::state::MAX_STATE_BYTES`]).
    pub fn weight(&self) -> usize {
        std::mem::size_of::<Value>()
            + match self {
                Value::Str(s) => s.len(),
                Value::List(items) => items.iter().map(Value::weight).sum(),
                Value::Map(entries) => entries.iter().map(|(k, v)| k.weight() + v.weight()).sum(),
                Value::Nil | Value::Bool(_) | Value::Int(_) | Value::Num(_) => 0,
            }
    }

    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Nil | Value::Bool(false))
    }

    /// Looks up a string key in a map value.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries
                // As `Key`'s order: every integer key before every string key.
                .binary_search_by(|(k, _)| match k {
                    Key::Int(_) => std::cmp::Ordering::Less,
                    Key::Str(s) => s.as_str().cmp(key),
                })
                .ok()
                .map(|i| &entries[i].1),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => f.write_str("nil"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Num(n) => write!(f, "{n}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Value::Map(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match k {
                        Key::Int(n) => write!(f, "{n}: {v}")?,
                        Key::Str(s) => write!(f, "{s}: {v}")?,
                    }
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_sorts_and_dedups_keys() {
        let v = Value::map(vec![
            (Key::Str("b".into()), Value::Int(1)),
            (Key::Str("a".into()), Value::Int(2)),
            (Key::Str("b".into()), Value::Int(3)),
        ]);
        assert_eq!(v.get("a"), Some(&Value::Int(2)));
        assert_eq!(v.get("b"), Some(&Value::Int(3)));
        if let Value::Map(entries) = &v {
            assert_eq!(entries.len(), 2);
        }
    }

    #[test]
    fn weight_counts_every_entry_and_string() {
        let slot = std::mem::size_of::<Value>();
        assert_eq!(Value::Int(3).weight(), slot);
        assert_eq!(Value::Str("abcd".into()).weight(), slot + 4);
        let list = Value::List(vec![Value::Int(1), Value::Str("xy".into())]);
        assert_eq!(list.weight(), 3 * slot + 2);
        let map = Value::map(vec![(Key::Str("k".into()), Value::Nil)]);
        assert_eq!(map.weight(), 2 * slot + std::mem::size_of::<Key>() + 1);
    }

    #[test]
    fn integral_numbers_read_as_ints() {
        assert_eq!(Value::Num(4.0).as_int(), Some(4));
        assert_eq!(Value::Num(4.5).as_int(), None);
    }
}
