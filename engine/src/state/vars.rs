//! Small named-value maps used for seat, global, pair and entity variables.
//!
//! Entries are kept sorted by name *string*, so a `Vars` serialises (and therefore
//! hashes) identically in every process, whatever order names were interned in.
//! Maps hold a handful of entries, so lookups are a linear scan by `Sym` equality.

use crate::sym::Sym;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A sorted map from names to values.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Vars(Arc<Vec<(Sym, Value)>>);

impl Vars {
    pub fn get(&self, name: Sym) -> Option<&Value> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    /// The integer value of `name`, 0 when unset or not an integer.
    pub fn int(&self, name: Sym) -> i64 {
        self.get(name).and_then(Value::as_int).unwrap_or(0)
    }

    /// Sets `name`; setting `Nil` removes it.
    pub fn set(&mut self, name: Sym, value: Value) {
        // The entries are shared with every copy of the state until one of them
        // changes (`Arc::make_mut` copies them then), so copying a state for a
        // rollback or a bot's search costs a count, not the values.
        match self.0.iter().position(|(k, _)| *k == name) {
            Some(i) if value == Value::Nil => {
                Arc::make_mut(&mut self.0).remove(i);
            }
            Some(i) if self.0[i].1 == value => {}
            Some(i) => Arc::make_mut(&mut self.0)[i].1 = value,
            None if value == Value::Nil => {}
            None => {
                let at = self.0.partition_point(|(k, _)| k.as_str() < name.as_str());
                Arc::make_mut(&mut self.0).insert(at, (name, value));
            }
        }
    }

    /// Adds `delta` to an integer variable and returns the new value; `None`, with
    /// the variable unchanged, when the sum does not fit in an `i64` (a script's
    /// error, not a value to wrap around).
    pub fn add(&mut self, name: Sym, delta: i64) -> Option<i64> {
        let new = self.int(name).checked_add(delta)?;
        self.set(name, Value::Int(new));
        Some(new)
    }

    pub fn iter(&self) -> impl Iterator<Item = &(Sym, Value)> {
        self.0.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_sorted_by_string_whatever_the_insertion_order() {
        let mut a = Vars::default();
        a.set(Sym::new("zeta-v"), Value::Int(1));
        a.set(Sym::new("alpha-v"), Value::Int(2));
        let mut b = Vars::default();
        b.set(Sym::new("alpha-v"), Value::Int(2));
        b.set(Sym::new("zeta-v"), Value::Int(1));
        assert_eq!(a, b);
    }

    #[test]
    fn add_and_remove() {
        let mut v = Vars::default();
        assert_eq!(v.add(Sym::new("n"), 3), Some(3));
        assert_eq!(v.add(Sym::new("n"), -5), Some(-2));
        v.set(Sym::new("n"), Value::Nil);
        assert!(v.is_empty());
    }

    #[test]
    fn add_refuses_to_overflow_and_leaves_the_value() {
        let mut v = Vars::default();
        assert_eq!(v.add(Sym::new("n"), i64::MAX), Some(i64::MAX));
        assert_eq!(v.add(Sym::new("n"), 1), None);
        assert_eq!(v.int(Sym::new("n")), i64::MAX);
        assert_eq!(v.add(Sym::new("m"), i64::MIN), Some(i64::MIN));
        assert_eq!(v.add(Sym::new("m"), -1), None);
    }
}
