//! Entities by kind and owner, for queries naming both: derived from the entities,
//! never saved.
//!
//! "A seat's pieces of a kind" is among the commonest questions scripts ask, and
//! the kind's list alone holds every seat's pieces and the unowned supply. Like the
//! index by location (`place_index`), this one is built on first use, kept up to
//! date in place by [`super::GameState::create`] and [`super::GameState::set_owner`]
//! (the only ways an entity gets an owner) while this state alone holds it, and
//! forgotten instead of copied when it is shared with a copy.

use super::chunks::Chunks;
use super::derived::Derived;
use super::entity::{Entity, EntityId};
use super::Seat;
use crate::sym::Sym;
use rustc_hash::FxHashMap;

/// The index; cloning shares it (see [`Derived`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OwnerIndex(Derived<Owned>);

#[derive(Debug)]
struct Owned {
    /// How many entities there were when it was built (a check against staleness).
    entities: usize,
    /// Ids of each kind and owner, ascending.
    ids: FxHashMap<(Sym, Option<Seat>), Vec<EntityId>>,
}

impl OwnerIndex {
    /// The ids of the entities of `kind` owned by `owner` (`None`: unowned),
    /// ascending; `None` when the index cannot tell (entities were pushed by hand).
    pub fn ids<'a>(&'a self, entities: &Chunks<Entity>, kind: Sym, owner: Option<Seat>) -> Option<&'a [EntityId]> {
        let owned = self.0.get_or_build(|| {
            let mut ids: FxHashMap<(Sym, Option<Seat>), Vec<EntityId>> = FxHashMap::default();
            for (id, e) in entities.iter().enumerate() {
                ids.entry((e.kind, e.owner)).or_default().push(id as EntityId);
            }
            Owned { entities: entities.len(), ids }
        });
        if owned.entities != entities.len() {
            return None;
        }
        let ids = owned.ids.get(&(kind, owner)).map(Vec::as_slice).unwrap_or(&[]);
        // Owners change only through `GameState::set_owner`; the tests' builds check
        // that nothing wrote one behind the index's back.
        debug_assert!(
            ids.iter().all(|&id| entities[id as usize].owner == owner)
                && entities.iter().filter(|e| e.kind == kind && e.owner == owner).count() == ids.len(),
            "the index by owner is stale: an owner was changed without GameState::set_owner"
        );
        Some(ids)
    }

    /// Entity `id` of `kind` passed from `from` to `to`.
    pub fn changed(&mut self, id: EntityId, kind: Sym, from: Option<Seat>, to: Option<Seat>) {
        if from == to {
            return;
        }
        self.0.update(|owned| {
            if let Some(list) = owned.ids.get_mut(&(kind, from)) {
                if let Ok(i) = list.binary_search(&id) {
                    list.remove(i);
                }
            }
            let list = owned.ids.entry((kind, to)).or_default();
            if let Err(i) = list.binary_search(&id) {
                list.insert(i, id);
            }
        });
    }

    /// Entity `id`, the newest, was created of `kind` for `owner`.
    pub fn created(&mut self, id: EntityId, kind: Sym, owner: Option<Seat>) {
        self.0.update(|owned| {
            owned.ids.entry((kind, owner)).or_default().push(id);
            owned.entities += 1;
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::state::{GameState, Location, Setup};
    use crate::sym::Sym;

    fn ids(state: &GameState, kind: Sym, owner: Option<usize>) -> Vec<u32> {
        state.ids_of_kind_owned(kind, owner.map(|s| s as u8)).expect("an index").to_vec()
    }

    #[test]
    fn follows_owners_and_creations_in_a_state_and_in_its_copies() {
        let mut state = GameState::new(Setup { pack: "t".into(), seats: 3, seed: 1, variants: vec![] });
        let (disc, ship) = (Sym::new("disc"), Sym::new("ship"));
        let a = state.create(disc, disc, Some(0), Location::Nowhere, false);
        let b = state.create(disc, disc, None, Location::Nowhere, false);
        let c = state.create(ship, ship, Some(0), Location::Nowhere, false);
        assert_eq!((ids(&state, disc, Some(0)), ids(&state, disc, None), ids(&state, ship, Some(0))), (vec![a], vec![b], vec![c]));
        state.set_owner(b, Some(0));
        assert_eq!(ids(&state, disc, Some(0)), vec![a, b]);
        assert_eq!(ids(&state, disc, None), Vec::<u32>::new());
        let copy = state.clone();
        state.set_owner(a, Some(2));
        let d = state.create(disc, disc, Some(2), Location::Nowhere, false);
        assert_eq!((ids(&state, disc, Some(0)), ids(&state, disc, Some(2))), (vec![b], vec![a, d]));
        assert_eq!((ids(&copy, disc, Some(0)), ids(&copy, disc, Some(2))), (vec![a, b], vec![]), "the copy keeps its own owners");
        // A rollback copy holds no index of its own yet; restored, it builds a right one.
        let backup = state.rollback_copy();
        state.set_owner(d, None);
        assert_eq!((ids(&state, disc, Some(2)), ids(&state, disc, None)), (vec![a], vec![d]));
        assert_eq!(ids(&backup, disc, Some(2)), vec![a, d]);
    }
}
