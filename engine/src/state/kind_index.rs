//! Which entities are of each kind, so a query naming a kind looks only at those.
//!
//! An entity's kind never changes and entities are never deleted, so the index only
//! goes stale when an entity is created. It is built on first use and shared by every
//! clone of the state (bots clone states thousands of times a second); creating an
//! entity gives the state a fresh, unbuilt index. It is derived data: never saved,
//! never compared.

use super::chunks::Chunks;
use super::derived::Derived;
use super::entity::{Entity, EntityId};
use crate::sym::Sym;
use rustc_hash::FxHashMap;

/// The index; cloning shares it (see [`Derived`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KindIndex(Derived<Built>);

#[derive(Debug)]
struct Built {
    /// How many entities there were when the index was built.
    entities: usize,
    /// Keyed by a small integer on every query: a fast hash, as the place index.
    ids: FxHashMap<Sym, Vec<EntityId>>,
}

impl KindIndex {
    /// The ids of `kind`'s entities, ascending; `None` if the index no longer covers
    /// `entities` (they were added to without [`KindIndex::clear`]), so the caller
    /// looks at every entity instead.
    pub fn ids<'a>(&'a self, entities: &Chunks<Entity>, kind: Sym) -> Option<&'a [EntityId]> {
        let built = self.0.get_or_build(|| {
            let mut ids: FxHashMap<Sym, Vec<EntityId>> = FxHashMap::default();
            for (id, e) in entities.iter().enumerate() {
                ids.entry(e.kind).or_default().push(id as EntityId);
            }
            Built { entities: entities.len(), ids }
        });
        if built.entities != entities.len() {
            return None;
        }
        Some(built.ids.get(&kind).map(Vec::as_slice).unwrap_or(&[]))
    }

    /// Forgets the index (an entity was created).
    pub fn clear(&mut self) {
        self.0.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{GameState, Location, Setup};

    #[test]
    fn lists_a_kinds_entities_and_follows_creation() {
        let mut state = GameState::new(Setup { pack: "t".into(), seats: 2, seed: 1, variants: vec![] });
        let (a, b) = (Sym::new("a"), Sym::new("b"));
        state.create(a, a, None, Location::Nowhere, false);
        state.create(b, b, None, Location::Nowhere, false);
        state.create(a, a, None, Location::Nowhere, false);
        assert_eq!(state.ids_of_kind(a), Some(&[0, 2][..]));
        let clone = state.clone();
        state.create(b, b, None, Location::Nowhere, false);
        assert_eq!(state.ids_of_kind(b), Some(&[1, 3][..]));
        assert_eq!(clone.ids_of_kind(b), Some(&[1][..]), "a clone keeps its own entities' index");
        assert_eq!(state.ids_of_kind(Sym::new("c")), Some(&[][..]));
    }

    #[test]
    fn a_stale_index_says_so_instead_of_answering() {
        let mut state = GameState::new(Setup { pack: "t".into(), seats: 2, seed: 1, variants: vec![] });
        let a = Sym::new("a");
        state.create(a, a, None, Location::Nowhere, false);
        assert!(state.ids_of_kind(a).is_some());
        let copy = state.entities[0].clone();
        state.entities.push(copy);
        assert_eq!(state.ids_of_kind(a), None);
    }
}
