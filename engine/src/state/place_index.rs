//! Entities by location, for queries: derived from the entities, never saved.
//!
//! A query naming a zone, a container or a cell would otherwise look at every
//! entity. The index is built on first use and then kept up to date by the moves
//! themselves while this state alone holds it; a state that shares it with a copy
//! (the copy an act rolls back to, a bot's search) forgets it on its first move
//! instead of copying it, and builds a fresh one on its next query. Only
//! [`super::GameState`]'s own methods change where an entity is, and each tells the
//! index.

use super::chunks::Chunks;
use super::derived::Derived;
use super::entity::{Entity, EntityId, Location};
use rustc_hash::FxHashMap;

/// The index; cloning shares it (see [`Derived`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlaceIndex(Derived<Places>);

#[derive(Debug)]
struct Places {
    /// How many entities there were when it was built (a check against staleness).
    entities: usize,
    /// Ids at each location, ascending.
    ids: FxHashMap<Location, Vec<EntityId>>,
}

impl PlaceIndex {
    /// The ids of the entities directly at `at`, ascending; `None` when the index
    /// cannot tell (entities were pushed by hand).
    pub fn ids<'a>(&'a self, entities: &Chunks<Entity>, at: Location) -> Option<&'a [EntityId]> {
        let places = self.0.get_or_build(|| {
            let mut ids: FxHashMap<Location, Vec<EntityId>> = FxHashMap::default();
            for (id, e) in entities.iter().enumerate() {
                ids.entry(e.at).or_default().push(id as EntityId);
            }
            Places { entities: entities.len(), ids }
        });
        if places.entities != entities.len() {
            return None;
        }
        Some(places.ids.get(&at).map(Vec::as_slice).unwrap_or(&[]))
    }

    /// Entity `id` moved from `from` to `to`.
    pub fn moved(&mut self, id: EntityId, from: Location, to: Location) {
        if from == to {
            return;
        }
        self.0.update(|places| {
            if let Some(list) = places.ids.get_mut(&from) {
                if let Ok(i) = list.binary_search(&id) {
                    list.remove(i);
                }
            }
            let list = places.ids.entry(to).or_default();
            if let Err(i) = list.binary_search(&id) {
                list.insert(i, id);
            }
        });
    }

    /// Entity `id`, the newest, was created at `at`.
    pub fn created(&mut self, id: EntityId, at: Location) {
        self.0.update(|places| {
            places.ids.entry(at).or_default().push(id);
            places.entities += 1;
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::state::{GameState, Location, Setup};
    use crate::sym::Sym;

    fn ids(state: &GameState, at: Location) -> Vec<u32> {
        state.ids_at(at).expect("an index").to_vec()
    }

    #[test]
    fn follows_moves_and_creations_in_a_state_and_in_its_copies() {
        let mut state = GameState::new(Setup { pack: "t".into(), seats: 2, seed: 1, variants: vec![] });
        let t = Sym::new("token");
        let (a, b) = (Location::Cell(1), Location::Zone { zone: Sym::new("pool"), seat: Some(0) });
        let x = state.create(t, t, None, a, false);
        let y = state.create(t, t, None, a, false);
        assert_eq!(ids(&state, a), vec![x, y]);
        state.move_entity(x, b).unwrap();
        assert_eq!((ids(&state, a), ids(&state, b)), (vec![y], vec![x]));
        let copy = state.clone();
        state.move_entity(y, b).unwrap();
        let z = state.create(t, t, None, b, false);
        assert_eq!(ids(&state, b), vec![x, y, z]);
        assert_eq!(ids(&copy, b), vec![x], "the copy keeps its own places");
        assert_eq!(ids(&copy, a), vec![y]);
        state.move_entity_to_bottom(z, a).unwrap();
        assert_eq!((ids(&state, a), ids(&state, b)), (vec![z], vec![x, y]));
        assert_eq!(ids(&state, Location::Nowhere), Vec::<u32>::new());
        // A rollback copy holds no index of its own yet; restored, it builds a right one.
        let backup = state.rollback_copy();
        state.move_entity(z, b).unwrap();
        assert_eq!(ids(&state, b), vec![x, y, z]);
        assert_eq!((ids(&backup, a), ids(&backup, b)), (vec![z], vec![x, y]));
    }
}
