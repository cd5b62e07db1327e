//! Interned names.
//!
//! Kinds, faces, variable names and zone names repeat across thousands of entities, so
//! they are stored as a 4-byte [`Sym`] pointing into a process-wide table. The numeric
//! value of a `Sym` depends on interning order, so it must never decide an outcome:
//! anything that orders by name compares the strings ([`Sym::as_str`]). Serialised
//! forms always carry the string, so saves are portable between processes.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;
use std::sync::{OnceLock, RwLock};

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sym(u32);

struct Interner {
    ids: HashMap<&'static str, u32>,
    names: Vec<&'static str>,
}

fn interner() -> &'static RwLock<Interner> {
    static TABLE: OnceLock<RwLock<Interner>> = OnceLock::new();
    TABLE.get_or_init(|| RwLock::new(Interner { ids: HashMap::new(), names: Vec::new() }))
}

impl Sym {
    /// Interns `name` (leaking one copy of it the first time it is seen).
    pub fn new(name: &str) -> Sym {
        if let Some(&id) = interner().read().unwrap_or_else(|e| e.into_inner()).ids.get(name) {
            return Sym(id);
        }
        let mut table = interner().write().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = table.ids.get(name) {
            return Sym(id);
        }
        let stored: &'static str = Box::leak(name.to_owned().into_boxed_str());
        let id = table.names.len() as u32;
        table.names.push(stored);
        table.ids.insert(stored, id);
        Sym(id)
    }

    /// The name, valid for the life of the process.
    pub fn as_str(self) -> &'static str {
        interner().read().unwrap_or_else(|e| e.into_inner()).names[self.0 as usize]
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<&str> for Sym {
    fn from(name: &str) -> Sym {
        Sym::new(name)
    }
}

impl PartialOrd for Sym {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Orders by the string, never by interning order.
impl Ord for Sym {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self.0 == other.0 {
            return std::cmp::Ordering::Equal;
        }
        self.as_str().cmp(other.as_str())
    }
}

impl Serialize for Sym {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Sym {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sym, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Sym::new(&name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_name_same_sym() {
        assert_eq!(Sym::new("alpha"), Sym::new("alpha"));
        assert_ne!(Sym::new("alpha"), Sym::new("beta"));
        assert_eq!(Sym::new("gamma").as_str(), "gamma");
    }

    #[test]
    fn order_follows_the_string() {
        let z = Sym::new("zz-order");
        let a = Sym::new("aa-order");
        assert!(a < z);
    }
}
