//! `Chunks<T>`: a growable list stored as shared chunks, copied on write.
//!
//! A game state is copied on every act (the copy is what a refused act rolls back
//! to) and on every step of a bot's search. Stored as one `Vec`, its hundreds of
//! entities were copied each time although an act changes a handful. Here the items
//! live in chunks of [`CHUNK`] behind `Arc`s, and changing an item copies only its
//! chunk, and only when a copy still shares it (`Arc::make_mut`).
//!
//! The full chunks are themselves shared as one list, beside the last, partly filled
//! chunk (the tail): copying the whole list costs two counts, not one per chunk, and
//! a list that only grows (the log, the history) leaves its full chunks shared with
//! every copy, writing to the tail alone and to the list of full chunks once per
//! [`CHUNK`] items. (One count per chunk was about a hundred atomic counts an act,
//! made on the copy and again on its drop.) Reading costs one more index step than
//! a `Vec`.
//!
//! It serialises as the plain sequence of its items, exactly as a `Vec` does, so
//! saves and state hashes do not know the difference.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

/// Items per chunk: small enough that copying a changed chunk is cheap, large enough
/// that copying the list of chunks is.
pub const CHUNK: usize = 32;

/// A list of `T` in copy-on-write chunks; see the module documentation.
#[derive(Clone)]
pub struct Chunks<T> {
    /// The full chunks, [`CHUNK`] items each, in order.
    full: Arc<Vec<Arc<Vec<T>>>>,
    /// The items after them: fewer than [`CHUNK`].
    tail: Arc<Vec<T>>,
    len: usize,
}

impl<T> Default for Chunks<T> {
    fn default() -> Chunks<T> {
        Chunks { full: Arc::new(Vec::new()), tail: Arc::new(Vec::new()), len: 0 }
    }
}

impl<T: Clone> Chunks<T> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, index: usize) -> Option<&T> {
        if index >= self.len {
            return None;
        }
        Some(match self.full.get(index / CHUNK) {
            Some(chunk) => &chunk[index % CHUNK],
            None => &self.tail[index % CHUNK],
        })
    }

    /// The item at `index` to change, copying its chunk (and the list of full
    /// chunks) first if a copy of the list still shares it.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        if index >= self.len {
            return None;
        }
        let chunk = index / CHUNK;
        Some(if chunk < self.full.len() {
            &mut Arc::make_mut(&mut Arc::make_mut(&mut self.full)[chunk])[index % CHUNK]
        } else {
            &mut Arc::make_mut(&mut self.tail)[index % CHUNK]
        })
    }

    pub fn push(&mut self, item: T) {
        let tail = Arc::make_mut(&mut self.tail);
        tail.push(item);
        if tail.len() == CHUNK {
            let full = std::mem::replace(&mut self.tail, Arc::new(Vec::with_capacity(CHUNK)));
            Arc::make_mut(&mut self.full).push(full);
        }
        self.len += 1;
    }

    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).and_then(|i| self.get(i))
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.tail.is_empty() {
            // The last full chunk becomes the tail.
            self.tail = Arc::make_mut(&mut self.full).pop()?;
        }
        let item = Arc::make_mut(&mut self.tail).pop();
        self.len -= usize::from(item.is_some());
        item
    }

    pub fn clear(&mut self) {
        *self = Chunks::default();
    }

    /// Keeps the items `keep` accepts, in order (rebuilding the list).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        *self = self.iter().filter(|item| keep(item)).cloned().collect();
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.full.iter().flat_map(|c| c.iter()).chain(self.tail.iter())
    }

    /// Every item to change: unshares every chunk, so prefer [`Chunks::get_mut`]
    /// when only some items change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> + '_ {
        let full = Arc::make_mut(&mut self.full).iter_mut().flat_map(|c| Arc::make_mut(c).iter_mut());
        full.chain(Arc::make_mut(&mut self.tail).iter_mut())
    }

    /// Whether `self` and `other` share every chunk: then they are equal without
    /// comparing items.
    fn shares_all(&self, other: &Chunks<T>) -> bool {
        let full_shared = Arc::ptr_eq(&self.full, &other.full)
            || (self.full.len() == other.full.len() && self.full.iter().zip(other.full.iter()).all(|(a, b)| Arc::ptr_eq(a, b)));
        self.len == other.len && full_shared && Arc::ptr_eq(&self.tail, &other.tail)
    }
}

impl<T: Clone> Index<usize> for Chunks<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        let len = self.len;
        self.get(index).unwrap_or_else(|| panic!("index {index} out of range for a list of {len}"))
    }
}

impl<T: Clone> IndexMut<usize> for Chunks<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        let len = self.len;
        self.get_mut(index).unwrap_or_else(|| panic!("index {index} out of range for a list of {len}"))
    }
}

impl<T: Clone> FromIterator<T> for Chunks<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Chunks<T> {
        let mut list = Chunks::default();
        for item in items {
            list.push(item);
        }
        list
    }
}

impl<T: Clone> From<Vec<T>> for Chunks<T> {
    fn from(items: Vec<T>) -> Chunks<T> {
        items.into_iter().collect()
    }
}

impl<'a, T: Clone> IntoIterator for &'a Chunks<T> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<T: Clone + PartialEq> PartialEq for Chunks<T> {
    fn eq(&self, other: &Chunks<T>) -> bool {
        self.shares_all(other) || (self.len == other.len && self.iter().eq(other.iter()))
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for Chunks<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone + Serialize> Serialize for Chunks<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Clone + Deserialize<'de>> Deserialize<'de> for Chunks<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chunks<T>, D::Error> {
        Ok(Vec::<T>::deserialize(d)?.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_like_a_vec_across_chunks() {
        let mut list: Chunks<usize> = (0..3 * CHUNK + 5).collect();
        assert_eq!(list.len(), 3 * CHUNK + 5);
        assert_eq!(list[CHUNK + 1], CHUNK + 1);
        list[2 * CHUNK] = 7;
        assert_eq!(list.get(2 * CHUNK), Some(&7));
        assert_eq!(list.get(3 * CHUNK + 5), None);
        assert_eq!(list.iter().rev().next(), Some(&(3 * CHUNK + 4)));
    }

    #[test]
    fn a_copy_is_unchanged_by_writes_to_the_original() {
        let mut list: Chunks<String> = (0..100).map(|i| i.to_string()).collect();
        let copy = list.clone();
        list[40] = "changed".into();
        for item in list.iter_mut().take(3) {
            item.push('!');
        }
        list.push("new".into());
        assert_eq!(list.pop().as_deref(), Some("new"));
        assert_eq!(list.last().map(String::as_str), Some("99"));
        list.retain(|s| s != "1!");
        assert_eq!(list.len(), 99);
        assert_eq!(copy[40], "40");
        assert_eq!(copy[0], "0");
        assert_eq!(copy.len(), 100);
        assert_ne!(list, copy);
        let mut other = copy.clone();
        other[0] = "x".into();
        // Only the written chunks were copied: the others are still shared.
        assert!(Arc::ptr_eq(&other.full[2], &copy.full[2]));
    }

    #[test]
    fn a_copy_of_a_growing_list_shares_its_full_chunks() {
        let mut list: Chunks<u32> = (0..70).collect();
        let copy = list.clone();
        list.push(70);
        assert!(Arc::ptr_eq(&list.full, &copy.full), "a push into the tail leaves the full chunks shared");
        for i in 71..100 {
            list.push(i);
        }
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), (0..100).collect::<Vec<_>>());
        assert_eq!(copy.iter().copied().collect::<Vec<_>>(), (0..70).collect::<Vec<_>>());
        assert_eq!(list.iter().rev().nth(30), Some(&69));
        // Popping back across chunk boundaries, to an empty list.
        while list.len() > 63 {
            list.pop();
        }
        assert_eq!((list.last(), list.get(63), list[32]), (Some(&62), None, 32));
        assert_eq!(list.iter().count(), 63);
        while list.pop().is_some() {}
        assert!(list.is_empty() && list.iter().next().is_none());
        assert_eq!(copy.len(), 70);
    }

    #[test]
    fn serialises_exactly_as_a_vec() {
        let items: Vec<u32> = (0..70).collect();
        let list: Chunks<u32> = items.clone().into();
        assert_eq!(ron::to_string(&list).unwrap(), ron::to_string(&items).unwrap());
        let back: Chunks<u32> = ron::from_str(&ron::to_string(&items).unwrap()).unwrap();
        assert_eq!(back, list);
    }
}
