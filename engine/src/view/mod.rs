//! What one seat knows: views and determinization.
//!
//! [`view`] copies the state with every face the seat does not know replaced by
//! `None`, keeps only the log lines meant for that seat, and shows only that seat's
//! own open decisions (other seats' secret answers are never included). Front ends
//! and bots work from views alone.
//!
//! [`determinize`] is the inverse a searching bot needs: a full state that agrees
//! with everything the seat knows, where the faces the seat does not know are dealt
//! again at random among the entities of the same kind that the seat cannot tell
//! apart (a deck, the face-down tokens of one pool), and other seats' unrevealed
//! simultaneous answers are withdrawn so that they are decided again in the search.
//! The sampled state also gets a fresh random generator, no history and only the
//! seat's own log, so nothing secret leaks through those side doors. Packs must keep
//! secrets in hidden faces or pending answers, never in frame contexts.

use crate::board::Board;
use crate::flow::Decision;
use crate::state::{EntityId, GameState, Location, Outcome, Seat, Vars};
use crate::sym::Sym;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// An entity as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntityView {
    pub id: EntityId,
    pub kind: Sym,
    /// `None` when the seat does not know the face.
    pub face: Option<Sym>,
    pub owner: Option<Seat>,
    pub at: Location,
    pub order: u32,
    pub props: Vars,
}

/// A seat's redacted copy of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// `None` for a spectator, who sees only public information.
    pub seat: Option<Seat>,
    pub seat_vars: Vec<Vars>,
    pub globals: Vars,
    pub pairs: Vec<Vars>,
    pub entities: Vec<EntityView>,
    pub board: Arc<Board>,
    /// This seat's open decisions.
    pub decisions: Vec<Decision>,
    /// Seats the game is waiting on.
    pub waiting: Vec<Seat>,
    pub log: Vec<String>,
    pub outcome: Option<Outcome>,
}

/// The view of `seat` (or a spectator's view for `None`).
pub fn view(state: &GameState, seat: Option<Seat>) -> View {
    // A seat also knows what the seats it controls know.
    let knows_as = |e: &crate::state::Entity, s: Seat| (0..state.seat_count() as Seat).any(|o| state.speaks_for(s, o) && e.known_by.has(o));
    let knows = |e: &crate::state::Entity| !e.hidden || seat.is_some_and(|s| knows_as(e, s));
    let entities = state
        .entities
        .iter()
        .enumerate()
        .map(|(i, e)| EntityView {
            id: i as EntityId,
            kind: e.kind,
            face: knows(e).then_some(e.face),
            owner: e.owner,
            at: e.at,
            order: e.order,
            props: e.props.clone(),
        })
        .collect();
    let (decisions, waiting) = match &state.pending {
        Some(p) => (
            (0..p.decisions.len())
                .filter(|&i| Some(p.actor(i)) == seat && p.answers[i].is_none())
                .map(|i| p.decisions[i].clone())
                .collect(),
            p.waiting_seats(),
        ),
        None => (Vec::new(), Vec::new()),
    };
    let log = state
        .log
        .iter()
        .filter(|l| l.to.is_none_or(|mask| seat.is_some_and(|s| (0..state.seat_count() as Seat).any(|o| state.speaks_for(s, o) && mask.has(o)))))
        .map(|l| l.text.clone())
        .collect();
    View {
        seat,
        seat_vars: state.seats.clone(),
        globals: state.globals.clone(),
        pairs: state.pairs.clone(),
        entities,
        board: state.board.clone(),
        decisions,
        waiting,
        log,
        outcome: state.outcome.clone(),
    }
}

/// A full state consistent with what `seat` knows, the unknown re-dealt at random.
pub fn determinize(state: &GameState, seat: Seat, rng: &mut impl Rng) -> GameState {
    let mut out = state.clone();
    let mut pools: BTreeMap<Sym, Vec<usize>> = BTreeMap::new();
    for (i, e) in state.entities.iter().enumerate() {
        let known = (0..state.seat_count() as Seat).any(|o| state.speaks_for(seat, o) && (e.known_by.has(o) || e.seen_by.has(o)));
        if e.hidden && !known {
            pools.entry(e.kind).or_default().push(i);
        }
    }
    for ids in pools.values() {
        let mut faces: Vec<Sym> = ids.iter().map(|&i| state.entities[i].face).collect();
        // Sorted first, so the sample depends only on the multiset of unknown faces
        // (which the seat may know), never on where they actually lie.
        faces.sort();
        for i in (1..faces.len()).rev() {
            let j = rng.random_range(0..=i);
            faces.swap(i, j);
        }
        for (&i, face) in ids.iter().zip(faces) {
            out.entities[i].face = face;
        }
    }
    if let Some(p) = &mut out.pending {
        if p.simultaneous {
            for i in 0..p.decisions.len() {
                if p.actor(i) != seat {
                    p.answers[i] = None;
                }
            }
        }
    }
    // Side doors: the generator would predict future draws, the history holds other
    // seats' answers (secret ones included) and the log holds others' private lines.
    out.rng = crate::state::Rng(rand_chacha::ChaCha8Rng::seed_from_u64(rng.random()));
    out.history.clear();
    out.log.retain(|l| l.to.is_none_or(|mask| mask.has(seat)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Setup;
    use rand::SeedableRng;

    fn state_with_cards() -> GameState {
        let mut s = GameState::new(Setup { seats: 2, ..Setup::default() });
        let deck = Location::Zone { zone: Sym::new("deck"), seat: None };
        for face in ["a", "b", "c", "d"] {
            s.create(Sym::new("card"), Sym::new(face), None, deck, true);
        }
        let hand = Location::Zone { zone: Sym::new("hand"), seat: Some(0) };
        s.create(Sym::new("card"), Sym::new("e"), Some(0), hand, true);
        s
    }

    #[test]
    fn view_hides_unknown_faces_only() {
        let s = state_with_cards();
        let v0 = view(&s, Some(0));
        let v1 = view(&s, Some(1));
        assert_eq!(v0.entities[4].face, Some(Sym::new("e")));
        assert_eq!(v1.entities[4].face, None);
        assert!(v0.entities[..4].iter().all(|e| e.face.is_none()));
    }

    #[test]
    fn determinize_scrubs_side_doors() {
        let mut s = state_with_cards();
        s.log("secret".into(), Some(crate::state::SeatMask::one(0)));
        s.record(0, crate::flow::Choice::Pick(1));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let d = determinize(&s, 1, &mut rng);
        assert!(d.history.is_empty());
        assert!(d.log.is_empty());
        assert_ne!(d.rng, s.rng);
    }

    #[test]
    fn determinize_depends_only_on_what_the_seat_knows() {
        let a = state_with_cards();
        let mut b = a.clone();
        // Deal the deck the seat cannot see in another order.
        let faces: Vec<Sym> = b.entities[..4].iter().map(|e| e.face).collect();
        for (i, e) in b.entities[..4].iter_mut().enumerate() {
            e.face = faces[(i + 1) % 4];
        }
        assert_ne!(a, b);
        let da = determinize(&a, 1, &mut rand_chacha::ChaCha8Rng::seed_from_u64(8));
        let db = determinize(&b, 1, &mut rand_chacha::ChaCha8Rng::seed_from_u64(8));
        assert_eq!(da, db);
    }

    #[test]
    fn determinize_keeps_known_faces_and_the_multiset() {
        let s = state_with_cards();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let d = determinize(&s, 1, &mut rng);
        let mut faces: Vec<&str> = d.entities.iter().map(|e| e.face.as_str()).collect();
        faces.sort();
        assert_eq!(faces, vec!["a", "b", "c", "d", "e"]);
        let d0 = determinize(&s, 0, &mut rng);
        assert_eq!(d0.entities[4].face, Sym::new("e"), "seat 0 knows its own card");
    }
}
