//! Entities — every piece, token and card — and where they are.
//!
//! An entity has a public `kind` (what its back shows: "a card", "a token of this
//! pool") and a `face` (which one it is). A hidden entity's face is known only to the
//! seats in `known_by`; `seen_by` remembers every seat that has ever seen the face, so
//! a bot's sampled world agrees with what it was shown. Entities are never deleted:
//! pieces leave play by moving to [`Location::Nowhere`] or to a zone, which keeps ids
//! stable and lets tests check that pieces are conserved.

use super::vars::Vars;
use crate::board::CellId;
use crate::sym::Sym;
use serde::{Deserialize, Serialize};

/// A seat index, 0-based inside the kernel (scripts see 1-based seats).
pub type Seat = u8;
/// An index into [`super::GameState::entities`].
pub type EntityId = u32;

/// The most seats a game may have: what a [`SeatMask`] can hold. Packs and setups
/// asking for more are refused where they are read, so no seat ever aliases another.
pub const MAX_SEATS: usize = 64;

/// A set of seats as a bit mask (up to [`MAX_SEATS`] seats).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatMask(pub u64);

impl SeatMask {
    pub const NONE: SeatMask = SeatMask(0);
    pub fn all(seats: usize) -> SeatMask {
        SeatMask(if seats >= 64 { u64::MAX } else { (1u64 << seats) - 1 })
    }
    pub fn one(seat: Seat) -> SeatMask {
        SeatMask(1u64 << seat)
    }
    pub fn has(self, seat: Seat) -> bool {
        self.0 & (1u64 << seat) != 0
    }
    pub fn with(self, seat: Seat) -> SeatMask {
        SeatMask(self.0 | (1u64 << seat))
    }
    pub fn without(self, seat: Seat) -> SeatMask {
        SeatMask(self.0 & !(1u64 << seat))
    }
    pub fn union(self, other: SeatMask) -> SeatMask {
        SeatMask(self.0 | other.0)
    }
}

/// Where an entity is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    /// Out of play (returned to the box, destroyed, not yet placed).
    Nowhere,
    /// On a board cell.
    Cell(CellId),
    /// In a named zone (deck, hand, reserve, track), optionally belonging to a seat.
    Zone { zone: Sym, seat: Option<Seat> },
    /// Inside another entity (a token in a stack, a card attached to another).
    In(EntityId),
}

/// One piece, token or card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub kind: Sym,
    pub face: Sym,
    pub owner: Option<Seat>,
    pub at: Location,
    /// Position among the entities sharing a location: higher is nearer the top.
    pub order: u32,
    pub hidden: bool,
    pub known_by: SeatMask,
    pub seen_by: SeatMask,
    pub props: Vars,
}
