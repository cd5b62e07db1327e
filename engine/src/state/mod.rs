//! `GameState`: the whole of one running game as plain data.
//!
//! Seats, entities, variables, the board, the random generator, the flow stack, the
//! pending decision and the log all live here, so a game clones, saves, loads and
//! replays by copying this struct. Nothing in it knows what game is being played;
//! scripts give the names meaning. Large immutable parts (the board) sit behind an
//! `Arc`, so a clone copies only what play changes.
//!
//! Two invariants hold whatever a script does, because only these methods change
//! what they guard: no entity is inside itself, directly or through others
//! ([`GameState::move_entity`]), and the state's size is counted as it grows, up to
//! a declared maximum ([`footprint`]).

mod chunks;
mod derived;
mod entity;
mod footprint;
mod knowledge;
mod kind_index;
mod owner_index;
mod place_index;
mod vars;
mod writes;

pub use chunks::Chunks;
pub use entity::{Entity, EntityId, Location, Seat, SeatMask, MAX_SEATS};
pub use footprint::{Footprint, StateFull, MAX_STATE_BYTES, STATE_FULL};
pub use vars::Vars;
pub use writes::VarsAt;

use crate::board::Board;
use crate::flow::{Choice, Frame, Pending};
use crate::sym::Sym;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use thiserror::Error;

/// How many containers deep an entity may be (a token in a stack in a box: 2).
pub const MAX_NESTING: usize = 64;

/// Why an entity cannot go where it was sent.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("entity {0} does not exist")]
    NoSuchEntity(EntityId),
    #[error("entity {entity} cannot be put inside itself or inside something it holds (it holds entity {into})")]
    IntoItself { entity: EntityId, into: EntityId },
    #[error("entities can be nested at most {MAX_NESTING} containers deep")]
    TooDeep,
}

/// The kernel's random generator: seeded ChaCha, serialisable with the state.
///
/// Serialised by hand as (seed, stream, word position split in two `u64`s): the
/// generator's own serde form uses a `u128`, which RON cannot write.
#[derive(Clone, Debug, PartialEq)]
pub struct Rng(pub ChaCha8Rng);

impl Default for Rng {
    fn default() -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(0))
    }
}

#[derive(Serialize, Deserialize)]
struct RngParts {
    seed: [u8; 32],
    stream: u64,
    word_pos_high: u64,
    word_pos_low: u64,
}

impl Serialize for Rng {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let pos = self.0.get_word_pos();
        RngParts {
            seed: self.0.get_seed(),
            stream: self.0.get_stream(),
            word_pos_high: (pos >> 64) as u64,
            word_pos_low: pos as u64,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Rng {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rng, D::Error> {
        let parts = RngParts::deserialize(d)?;
        let mut rng = ChaCha8Rng::from_seed(parts.seed);
        rng.set_stream(parts.stream);
        rng.set_word_pos(((parts.word_pos_high as u128) << 64) | parts.word_pos_low as u128);
        Ok(Rng(rng))
    }
}

/// A line of the game log, public or visible to some seats only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Shared rather than owned: a state copied for a rollback shares the log's last
    /// chunk, and the first line an act writes copies that chunk, every line of it
    /// (about ten allocations an act when each line owned its text).
    pub text: Arc<str>,
    /// `None` for public entries.
    pub to: Option<SeatMask>,
}

/// One accepted action: who chose what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Act {
    pub seat: Seat,
    pub choice: Choice,
}

/// How the game ended: final scores and the ranking the rules decided (ties broken).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<i64>,
    /// Seats from first place to last.
    pub ranking: Vec<Seat>,
}

/// Settings fixed when the game was created.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub pack: String,
    pub seats: usize,
    pub seed: u64,
    pub variants: Vec<String>,
}

/// The whole state of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub setup: Arc<Setup>,
    pub seats: Vec<Vars>,
    pub globals: Vars,
    /// Symmetric variables per unordered pair of seats, indexed by [`GameState::pair_index`].
    pub pairs: Vec<Vars>,
    pub entities: Chunks<Entity>,
    pub board: Arc<Board>,
    pub rng: Rng,
    pub flow: Vec<Frame>,
    pub pending: Option<Arc<Pending>>,
    pub log: Chunks<LogEntry>,
    pub history: Chunks<Act>,
    pub outcome: Option<Outcome>,
    /// Source of [`Entity::order`] values.
    pub next_order: u32,
    /// Seats played on another seat's behalf: `controllers[s] = Some(c)` means seat
    /// `c` answers seat `s`'s decisions and sees what `s` knows.
    #[serde(default)]
    pub controllers: Vec<Option<Seat>>,
    /// Entities by kind, for queries (derived: not saved).
    #[serde(skip)]
    kinds: kind_index::KindIndex,
    /// Entities by location, for queries (derived: not saved).
    #[serde(skip)]
    places: place_index::PlaceIndex,
    /// Entities by kind and owner, for queries (derived: not saved).
    #[serde(skip)]
    owners: owner_index::OwnerIndex,
    /// The state's counted size (derived: not saved, see [`GameState::recount`]).
    #[serde(skip)]
    size: Footprint,
}

impl GameState {
    /// A fresh state for `setup.seats` seats, seeded from `setup.seed`.
    pub fn new(setup: Setup) -> GameState {
        let n = setup.seats;
        GameState {
            seats: vec![Vars::default(); n],
            pairs: vec![Vars::default(); n * n.saturating_sub(1) / 2],
            rng: Rng(ChaCha8Rng::seed_from_u64(setup.seed)),
            setup: Arc::new(setup),
            ..GameState::default()
        }
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Index of the unordered pair {a, b} (a != b) in `pairs`.
    pub fn pair_index(&self, a: Seat, b: Seat) -> Option<usize> {
        let n = self.seats.len();
        let (lo, hi) = if a < b { (a as usize, b as usize) } else { (b as usize, a as usize) };
        if lo == hi || hi >= n {
            return None;
        }
        // Pairs are laid out row by row: (0,1) (0,2) .. (0,n-1) (1,2) ..
        Some(lo * (2 * n - lo - 1) / 2 + (hi - lo - 1))
    }

    /// Adds an entity and returns its id.
    pub fn create(&mut self, kind: Sym, face: Sym, owner: Option<Seat>, at: Location, hidden: bool) -> EntityId {
        let id = self.entities.len() as EntityId;
        let order = self.bump_order();
        self.kinds.clear();
        let known_by = match (hidden, owner) {
            (true, Some(seat)) => SeatMask::one(seat),
            _ => SeatMask::NONE,
        };
        let entity = Entity { kind, face, owner, at, order, hidden, known_by, seen_by: known_by, props: Vars::default() };
        self.resize(0, footprint::entity_weight(&entity));
        self.entities.push(entity);
        self.places.created(id, at);
        self.owners.created(id, kind, owner);
        id
    }

    /// Gives entity `id` to `owner` (`None`: to nobody). The only way an entity's
    /// owner changes after it is made, so that the index by owner follows.
    pub fn set_owner(&mut self, id: EntityId, owner: Option<Seat>) {
        let e = &mut self.entities[id as usize];
        let from = std::mem::replace(&mut e.owner, owner);
        let kind = e.kind;
        self.owners.changed(id, kind, from, owner);
    }

    /// The ids of the entities of `kind` owned by `owner` (`None`: unowned),
    /// ascending, or `None` when the index cannot tell: then look at them all.
    pub fn ids_of_kind_owned(&self, kind: Sym, owner: Option<Seat>) -> Option<&[EntityId]> {
        self.owners.ids(&self.entities, kind, owner)
    }

    /// The ids of the entities of `kind`, ascending, or `None` when the index cannot
    /// tell (entities were pushed by hand): then look at them all.
    pub fn ids_of_kind(&self, kind: Sym) -> Option<&[EntityId]> {
        self.kinds.ids(&self.entities, kind)
    }

    /// A copy to roll back to. Like `clone`, but the indexes by location and by
    /// owner stay with this state alone, so its changes keep updating them in place
    /// rather than dropping indexes they share (see `place_index`); the copy, if it
    /// is ever restored, builds its own when asked.
    pub fn rollback_copy(&self) -> GameState {
        let mut copy = self.clone();
        copy.places = place_index::PlaceIndex::default();
        copy.owners = owner_index::OwnerIndex::default();
        copy
    }

    /// The ids of the entities directly at `at` (not inside entities there),
    /// ascending, or `None` when the index cannot tell: then look at them all.
    pub fn ids_at(&self, at: Location) -> Option<&[EntityId]> {
        self.places.ids(&self.entities, at)
    }

    /// Moves an entity, placing it on top of whatever is already there. Refused
    /// (and nothing changes) when `to` is inside the entity itself or nested too deep.
    pub fn move_entity(&mut self, id: EntityId, to: Location) -> Result<(), MoveError> {
        self.check_move(id, to)?;
        let order = self.bump_order();
        let e = &mut self.entities[id as usize];
        let from = std::mem::replace(&mut e.at, to);
        e.order = order;
        self.places.moved(id, from, to);
        Ok(())
    }

    /// Moves an entity under whatever is already there (a card to the bottom of a
    /// deck). Refused like [`GameState::move_entity`].
    pub fn move_entity_to_bottom(&mut self, id: EntityId, to: Location) -> Result<(), MoveError> {
        self.check_move(id, to)?;
        let there: Vec<EntityId> = match self.ids_at(to) {
            Some(ids) => ids.to_vec(),
            None => (0..self.entities.len() as EntityId).filter(|&i| self.entities[i as usize].at == to).collect(),
        };
        let lowest = there.iter().map(|&i| self.entities[i as usize].order).min();
        let order = match lowest {
            Some(0) => {
                // Make room below the current bottom.
                for &i in &there {
                    self.entities[i as usize].order += 1;
                }
                self.next_order += 1;
                0
            }
            Some(low) => low - 1,
            None => self.bump_order(),
        };
        let e = &mut self.entities[id as usize];
        let from = std::mem::replace(&mut e.at, to);
        e.order = order;
        self.places.moved(id, from, to);
        Ok(())
    }

    /// Whether `id` may go to `to`: both exist, and `to` is neither inside `id` nor
    /// more than [`MAX_NESTING`] containers deep. The walk up from `to` is bounded, so
    /// it ends even on a corrupt state whose containers form a loop.
    fn check_move(&self, id: EntityId, to: Location) -> Result<(), MoveError> {
        if id as usize >= self.entities.len() {
            return Err(MoveError::NoSuchEntity(id));
        }
        let Location::In(outer) = to else { return Ok(()) };
        let mut cursor = outer;
        for _ in 0..MAX_NESTING {
            if cursor == id {
                return Err(MoveError::IntoItself { entity: id, into: outer });
            }
            match self.entities.get(cursor as usize).map(|e| e.at) {
                Some(Location::In(next)) => cursor = next,
                Some(_) => return Ok(()),
                None => return Err(MoveError::NoSuchEntity(cursor)),
            }
        }
        Err(MoveError::TooDeep)
    }

    fn bump_order(&mut self) -> u32 {
        self.next_order += 1;
        self.next_order
    }

    /// The board cell an entity is on, following containers outwards.
    pub fn cell_of(&self, id: EntityId) -> Option<crate::board::CellId> {
        let mut current = id;
        for _ in 0..=MAX_NESTING {
            match self.entities.get(current as usize)?.at {
                Location::Cell(c) => return Some(c),
                Location::In(outer) => current = outer,
                _ => return None,
            }
        }
        None
    }

    /// Who answers `seat`'s decisions.
    pub fn actor_for(&self, seat: Seat) -> Seat {
        self.controllers.get(seat as usize).copied().flatten().unwrap_or(seat)
    }

    /// Whether `viewer` sees what `seat` knows (itself, or a seat it controls).
    pub fn speaks_for(&self, viewer: Seat, seat: Seat) -> bool {
        viewer == seat || self.controllers.get(seat as usize).copied().flatten() == Some(viewer)
    }

    /// Appends a log line.
    pub fn log(&mut self, text: String, to: Option<SeatMask>) {
        let entry = LogEntry { text: text.into(), to };
        self.resize(0, footprint::log_weight(&entry));
        self.log.push(entry);
    }

    /// Records an accepted choice.
    pub fn record(&mut self, seat: Seat, choice: Choice) {
        let act = Act { seat, choice };
        self.resize(0, footprint::act_weight(&act));
        self.history.push(act);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_index_is_dense_and_symmetric() {
        let state = GameState::new(Setup { seats: 5, ..Setup::default() });
        let mut seen = Vec::new();
        for a in 0..5u8 {
            for b in 0..5u8 {
                if a != b {
                    assert_eq!(state.pair_index(a, b), state.pair_index(b, a));
                    seen.push(state.pair_index(a, b).unwrap());
                }
            }
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
        assert_eq!(state.pair_index(2, 2), None);
    }

    #[test]
    fn state_round_trips_through_ron_with_the_rng_position() {
        use rand::Rng as _;
        let mut state = GameState::new(Setup { seats: 3, seed: 42, ..Setup::default() });
        let _: u64 = state.rng.0.random();
        state.create(Sym::new("token"), Sym::new("x"), Some(1), Location::Nowhere, true);
        let text = ron::to_string(&state).expect("a state serialises");
        let mut back: GameState = ron::from_str(&text).expect("and deserialises");
        assert_eq!(back, state);
        let (a, b): (u64, u64) = (back.rng.0.random(), state.rng.0.random());
        assert_eq!(a, b, "the generator continues from the same position");
    }

    #[test]
    fn moving_to_the_bottom_goes_under_everything() {
        let mut state = GameState::new(Setup { seats: 2, ..Setup::default() });
        let deck = Location::Zone { zone: Sym::new("deck"), seat: None };
        let a = state.create(Sym::new("card"), Sym::new("a"), None, deck, true);
        let b = state.create(Sym::new("card"), Sym::new("b"), None, deck, true);
        let c = state.create(Sym::new("card"), Sym::new("c"), None, Location::Nowhere, true);
        state.move_entity_to_bottom(c, deck).unwrap();
        let mut order: Vec<_> = [a, b, c].into_iter().map(|i| (state.entities[i as usize].order, i)).collect();
        order.sort();
        assert_eq!(order.iter().map(|o| o.1).collect::<Vec<_>>(), vec![c, a, b]);
    }

    #[test]
    fn no_move_puts_an_entity_inside_itself() {
        let mut state = GameState::new(Setup { seats: 2, ..Setup::default() });
        let a = state.create(Sym::new("box"), Sym::new("a"), None, Location::Nowhere, false);
        let b = state.create(Sym::new("box"), Sym::new("b"), None, Location::In(a), false);
        let c = state.create(Sym::new("box"), Sym::new("c"), None, Location::In(b), false);
        let before = state.clone();
        assert_eq!(state.move_entity(a, Location::In(c)), Err(MoveError::IntoItself { entity: a, into: c }));
        assert_eq!(state.move_entity_to_bottom(a, Location::In(b)), Err(MoveError::IntoItself { entity: a, into: b }));
        assert_eq!(state.move_entity(a, Location::In(a)), Err(MoveError::IntoItself { entity: a, into: a }));
        assert_eq!(ron::to_string(&state).unwrap(), ron::to_string(&before).unwrap(), "a refused move changes nothing");
        assert_eq!(state.move_entity(c, Location::In(a)), Ok(()), "moving out of the way is fine");
        assert_eq!(state.move_entity(9, Location::Nowhere), Err(MoveError::NoSuchEntity(9)));
    }

    #[test]
    fn nesting_is_bounded_and_the_walk_ends_on_a_corrupt_loop() {
        let mut state = GameState::new(Setup { seats: 2, ..Setup::default() });
        let mut outer = state.create(Sym::new("box"), Sym::new("x"), None, Location::Cell(0), false);
        for _ in 0..MAX_NESTING - 1 {
            outer = state.create(Sym::new("box"), Sym::new("x"), None, Location::In(outer), false);
        }
        let loose = state.create(Sym::new("box"), Sym::new("x"), None, Location::Nowhere, false);
        assert_eq!(state.move_entity(loose, Location::In(outer)), Ok(()));
        assert_eq!(state.cell_of(loose), Some(0), "the deepest allowed entity still finds its cell");
        let other = state.create(Sym::new("box"), Sym::new("x"), None, Location::Nowhere, false);
        assert_eq!(state.move_entity(other, Location::In(loose)), Err(MoveError::TooDeep));
        // A save edited into a loop of containers: the check ends instead of spinning.
        let (p, q) = (other, loose);
        state.entities[p as usize].at = Location::In(q);
        state.entities[q as usize].at = Location::In(p);
        let fresh = state.create(Sym::new("box"), Sym::new("x"), None, Location::Nowhere, false);
        assert!(state.move_entity(fresh, Location::In(p)).is_err());
        assert_eq!(state.cell_of(p), None);
    }

    #[test]
    fn cell_of_follows_containers() {
        let mut state = GameState::new(Setup { seats: 2, ..Setup::default() });
        let outer = state.create(Sym::new("stack"), Sym::new("x"), None, Location::Cell(7), false);
        let inner = state.create(Sym::new("token"), Sym::new("y"), None, Location::In(outer), true);
        assert_eq!(state.cell_of(inner), Some(7));
    }
}
