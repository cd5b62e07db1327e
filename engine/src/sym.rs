//! Interned names.
//!
//! Kinds, faces, variable names and zone names repeat across thousands of entities, so
//! they are stored as a 4-byte [`Sym`] pointing into a process-wide table. The numeric
//! value of a `Sym` depends on interning order, so it must never decide an outcome:
//! anything that orders by name compares the strings ([`Sym::as_str`]). Serialised
//! forms always carry the string, so saves are portable between processes.
//!
//! Interned names are never freed, so names that scripts and saves bring are
//! bounded: each at most [`MAX_NAME_LEN`] bytes, and together at most
//! [`MAX_NAME_TABLE_BYTES`] ([`Sym::try_new`]); and a look-up never interns
//! ([`Sym::find`]): a name nobody stored cannot be in the state. Only the kernel and
//! content, whose size is bounded where they are read, use the unchecked
//! [`Sym::new`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::sync::{OnceLock, RwLock};

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sym(u32);

/// The longest name a script or a save may intern, in bytes.
pub const MAX_NAME_LEN: usize = 1024;
/// How much memory the names interned in one process may take, counting each
/// name's text and its entries in the table ([`NAME_OVERHEAD`]): far more than any
/// pack's names, far less than what a script minting a new name per loop turn
/// would leave behind.
pub const MAX_NAME_TABLE_BYTES: usize = 64 * 1024 * 1024;
/// What the table spends on each name besides its text: the leaked box, the map
/// entry and the list entry.
const NAME_OVERHEAD: usize = 64;

/// Why a name could not be interned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name of {0} bytes is longer than the {MAX_NAME_LEN} a name may have")]
    TooLong(usize),
    #[error(
        "too many distinct names: variable, kind, face and zone names are kept for the life of the process, and they already take {} MiB; build names from a fixed set rather than a new one per turn",
        MAX_NAME_TABLE_BYTES >> 20
    )]
    TableFull,
}

struct Interner {
    // A fast hasher with a per-process random seed: names come from scripts and
    // saves, so one that anyone could make collide would let them slow every look-up.
    ids: HashMap<&'static str, u32, foldhash::fast::RandomState>,
    names: Vec<&'static str>,
    /// The memory the names take, as [`MAX_NAME_TABLE_BYTES`] counts it.
    bytes: usize,
}

/// Slots of [`Sym::find_cached`]'s cache.
const CACHE_SLOTS: usize = 512;

thread_local! {
    /// [`Sym::find_cached`]'s cache: where a text looked up lay, the name it found
    /// (the table's copy) and its symbol.
    static FOUND: [Cell<(usize, &'static str, Option<Sym>)>; CACHE_SLOTS] = const { [const { Cell::new((0, "", None)) }; CACHE_SLOTS] };
}

fn interner() -> &'static RwLock<Interner> {
    static TABLE: OnceLock<RwLock<Interner>> = OnceLock::new();
    TABLE.get_or_init(|| RwLock::new(Interner { ids: HashMap::default(), names: Vec::new(), bytes: 0 }))
}

impl Sym {
    /// Interns `name` (leaking one copy of it the first time it is seen), whatever
    /// its length and however full the table: for the kernel's and content's names.
    pub fn new(name: &str) -> Sym {
        Sym::intern(name, false).unwrap_or_else(|_| unreachable!("an unchecked intern never fails"))
    }

    /// Interns a name that a script or a save brings, within the limits.
    pub fn try_new(name: &str) -> Result<Sym, NameError> {
        if name.len() > MAX_NAME_LEN {
            return Err(NameError::TooLong(name.len()));
        }
        Sym::intern(name, true)
    }

    /// The symbol of `name` if it was ever interned, without interning it.
    pub fn find(name: &str) -> Option<Sym> {
        interner().read().unwrap_or_else(|e| e.into_inner()).ids.get(name).map(|&id| Sym(id))
    }

    /// [`Sym::find`] through a small cache of this thread's last look-ups, keyed by
    /// where the text lies: the names scripts pass (a filter's kind, a variable's
    /// name) are the VM's interned strings, read at the same address call after call.
    /// A hit is checked by comparing the text itself, so an address reused for other
    /// text only misses.
    pub fn find_cached(name: &str) -> Option<Sym> {
        let address = name.as_ptr() as usize;
        let slot = (address >> 4) % CACHE_SLOTS;
        let (cached_at, cached_name, cached) = FOUND.with(|found| found[slot].get());
        if cached_at == address && cached_name == name {
            return cached;
        }
        let sym = Sym::find(name)?;
        // The table's own copy of the name, which lives as long as the process.
        FOUND.with(|found| found[slot].set((address, sym.as_str(), Some(sym))));
        Some(sym)
    }

    fn intern(name: &str, checked: bool) -> Result<Sym, NameError> {
        if let Some(sym) = Sym::find(name) {
            return Ok(sym);
        }
        let mut table = interner().write().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = table.ids.get(name) {
            return Ok(Sym(id));
        }
        let bytes = table.bytes + name.len() + NAME_OVERHEAD;
        if checked && bytes > MAX_NAME_TABLE_BYTES {
            return Err(NameError::TableFull);
        }
        let stored: &'static str = Box::leak(name.to_owned().into_boxed_str());
        let id = table.names.len() as u32;
        table.names.push(stored);
        table.ids.insert(stored, id);
        table.bytes = bytes;
        Ok(Sym(id))
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
        Sym::try_new(&name).map_err(serde::de::Error::custom)
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
    fn finding_a_name_never_interns_it() {
        assert_eq!(Sym::find("never-interned-by-anyone"), None);
        assert_eq!(Sym::find("never-interned-by-anyone"), None);
        let s = Sym::new("interned-once");
        assert_eq!(Sym::find("interned-once"), Some(s));
    }

    #[test]
    fn names_from_scripts_and_saves_are_bounded() {
        assert_eq!(Sym::try_new(&"x".repeat(MAX_NAME_LEN + 1)), Err(NameError::TooLong(MAX_NAME_LEN + 1)));
        assert!(Sym::try_new(&"y".repeat(MAX_NAME_LEN)).is_ok());
        let long = format!("\"{}\"", "z".repeat(MAX_NAME_LEN + 1));
        assert!(ron::from_str::<Sym>(&long).is_err(), "a save cannot intern an overlong name");
    }

    #[test]
    fn order_follows_the_string() {
        let z = Sym::new("zz-order");
        let a = Sym::new("aa-order");
        assert!(a < z);
    }
}
