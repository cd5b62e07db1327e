//! `GameState`: the whole of one running game as plain data.
//!
//! Seats, entities, variables, the board, the random generator, the flow stack, the
//! pending decision and the log all live here, so a game clones, saves, loads and
//! replays by copying this struct. Nothing in it knows what game is being played;
//! scripts give the names meaning. Large immutable parts (the board) sit behind an
//! `Arc`, so a clone copies only what play changes.

mod entity;
mod knowledge;
mod kind_index;
mod vars;

pub use entity::{Entity, EntityId, Location, Seat, SeatMask, MAX_SEATS};
pub use vars::Vars;

use crate::board::Board;
use crate::flow::{Choice, Frame, Pending};
use crate::sym::Sym;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    pub text: String,
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
    pub entities: Vec<Entity>,
    pub board: Arc<Board>,
    pub rng: Rng,
    pub flow: Vec<Frame>,
    pub pending: Option<Pending>,
    pub log: Vec<LogEntry>,
    pub history: Vec<Act>,
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
        self.entities.push(Entity {
            kind,
            face,
            owner,
            at,
            order,
            hidden,
            known_by,
            seen_by: known_by,
            props: Vars::default(),
        });
        id
    }

    /// The ids of the entities of `kind`, ascending, or `None` when the index cannot
    /// tell (entities were pushed by hand): then look at them all.
    pub fn ids_of_kind(&self, kind: Sym) -> Option<&[EntityId]> {
        self.kinds.ids(&self.entities, kind)
    }

    /// Moves an entity, placing it on top of whatever is already there.
    pub fn move_entity(&mut self, id: EntityId, to: Location) {
        let order = self.bump_order();
        if let Some(e) = self.entities.get_mut(id as usize) {
            e.at = to;
            e.order = order;
        }
    }

    /// Moves an entity under whatever is already there (a card to the bottom of a deck).
    pub fn move_entity_to_bottom(&mut self, id: EntityId, to: Location) {
        let lowest = self.entities.iter().filter(|e| e.at == to).map(|e| e.order).min();
        let order = match lowest {
            Some(0) => {
                // Make room below the current bottom.
                for e in self.entities.iter_mut().filter(|e| e.at == to) {
                    e.order += 1;
                }
                self.next_order += 1;
                0
            }
            Some(low) => low - 1,
            None => self.bump_order(),
        };
        if let Some(e) = self.entities.get_mut(id as usize) {
            e.at = to;
            e.order = order;
        }
    }

    fn bump_order(&mut self) -> u32 {
        self.next_order += 1;
        self.next_order
    }

    /// The board cell an entity is on, following containers outwards.
    pub fn cell_of(&self, id: EntityId) -> Option<crate::board::CellId> {
        let mut current = id;
        for _ in 0..64 {
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
        self.log.push(LogEntry { text, to });
    }

    /// Records an accepted choice.
    pub fn record(&mut self, seat: Seat, choice: Choice) {
        self.history.push(Act { seat, choice });
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
        state.move_entity_to_bottom(c, deck);
        let mut order: Vec<_> = [a, b, c].into_iter().map(|i| (state.entities[i as usize].order, i)).collect();
        order.sort();
        assert_eq!(order.iter().map(|o| o.1).collect::<Vec<_>>(), vec![c, a, b]);
    }

    #[test]
    fn cell_of_follows_containers() {
        let mut state = GameState::new(Setup { seats: 2, ..Setup::default() });
        let outer = state.create(Sym::new("stack"), Sym::new("x"), None, Location::Cell(7), false);
        let inner = state.create(Sym::new("token"), Sym::new("y"), None, Location::In(outer), true);
        assert_eq!(state.cell_of(inner), Some(7));
    }
}
