//! The holder of an index derived from a state's entities (by kind, by place, by
//! owner): never saved, never compared, shared by the state's copies.
//!
//! Bots and rollbacks copy states thousands of times a second, so a copy shares its
//! original's index rather than copying it. The index is built on first use; a state
//! that alone holds a built index keeps it up to date in place as its entities
//! change, and a state that shares one forgets it on its first change instead of
//! copying it (building it again when next asked costs less than copying it now).

use std::sync::{Arc, OnceLock};

/// A derived index; cloning shares it.
#[derive(Debug)]
pub struct Derived<T>(Arc<OnceLock<T>>);

impl<T> Derived<T> {
    /// The index, built by `build` if this state has none yet.
    pub fn get_or_build(&self, build: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(build)
    }

    /// Applies `change` in place when this state alone holds a built index; forgets a
    /// shared one.
    pub fn update(&mut self, change: impl FnOnce(&mut T)) {
        match Arc::get_mut(&mut self.0) {
            Some(lock) => {
                if let Some(index) = lock.get_mut() {
                    change(index);
                }
            }
            None => *self = Derived::default(),
        }
    }

    /// Forgets the index, shared or not.
    pub fn forget(&mut self) {
        *self = Derived::default();
    }
}

impl<T> Default for Derived<T> {
    fn default() -> Derived<T> {
        Derived(Arc::new(OnceLock::new()))
    }
}

impl<T> Clone for Derived<T> {
    fn clone(&self) -> Derived<T> {
        Derived(Arc::clone(&self.0))
    }
}

/// Derived data: two states are equal whatever their indexes hold.
impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Derived<T>) -> bool {
        true
    }
}
