//! What one seat knows: views and determinization.
//!
//! [`view`] copies the state with every face the seat does not know replaced by
//! `None`, leaves out the private variables and props the seat may not see (the
//! pack's [`Secrets`]), keeps only the log lines meant for that seat, and shows only
//! that seat's own open decisions (other seats' secret answers are never included).
//! Front ends and bots work from views alone. Who may see what is decided by the
//! methods of `state::knowledge`, nowhere else.
//!
//! [`determinize`] is the inverse a searching bot needs: a full state that agrees
//! with everything the seat knows, where the faces the seat does not know are dealt
//! again at random among the entities of the same kind that the seat cannot tell
//! apart (a deck, the face-down tokens of one pool), and other seats' unrevealed
//! simultaneous answers are withdrawn so that they are decided again in the search.
//! The sampled state also gets a fresh random generator, no history and only the
//! seat's own log, so nothing secret leaks through those side doors; private
//! variables and props it may not see hold the pack's sample values. Packs must keep
//! secrets in hidden faces, private variables and props, or pending answers, never
//! in frame contexts or public variables.

pub mod diagram;

use crate::board::Board;
use crate::content::{Secret, Secrets};
use crate::flow::Decision;
use crate::state::{EntityId, GameState, Location, Outcome, Seat, Vars};
use crate::sym::Sym;
use crate::value::Value;
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

/// The view of `seat` (or a spectator's view for `None`) under the pack's `secrets`.
pub fn view(state: &GameState, secrets: &Secrets, seat: Option<Seat>) -> View {
    let entities = state
        .entities
        .iter()
        .enumerate()
        .map(|(i, e)| EntityView {
            id: i as EntityId,
            kind: e.kind,
            face: state.knows_face(seat, e).then_some(e.face),
            owner: e.owner,
            at: e.at,
            order: e.order,
            props: if secrets.props.is_empty() || state.sees_private_props(seat, e) {
                e.props.clone()
            } else {
                without(&e.props, |name| secrets.is_prop(name))
            },
        })
        .collect();
    let (decisions, waiting) = match &state.pending {
        Some(p) => (
            (0..p.decisions.len())
                .filter(|&i| Some(p.actor(i)) == seat && p.is_open(i))
                .map(|i| p.decisions[i].clone())
                .collect(),
            p.shown_waiting(seat, state.seat_count()),
        ),
        None => (Vec::new(), Vec::new()),
    };
    let log = state.log.iter().filter(|l| state.sees_log(seat, l)).map(|l| l.text.to_string()).collect();
    let seat_vars = state
        .seats
        .iter()
        .enumerate()
        .map(|(s, vars)| {
            if secrets.seat_vars.is_empty() || state.sees_private_of(seat, s as Seat) {
                vars.clone()
            } else {
                without(vars, |name| secrets.is_seat_var(name))
            }
        })
        .collect();
    View {
        seat,
        seat_vars,
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

/// The state as `seat` sees it, for checks written with the scripts' API (scenario
/// `View` steps): faces it does not know read `?`, the private values it may not
/// see are unset, only its log lines remain, and there is no history and no other
/// seat's secret answer. Unlike [`determinize`], nothing is guessed.
pub fn as_seen_by(state: &GameState, secrets: &Secrets, seat: Seat) -> GameState {
    let v = view(state, secrets, Some(seat));
    let mut out = state.clone();
    let unknown = Sym::new("?");
    for (e, seen) in out.entities.iter_mut().zip(v.entities) {
        e.face = seen.face.unwrap_or(unknown);
        e.props = seen.props;
    }
    out.seats = v.seat_vars;
    out.log.retain(|l| state.sees_log(Some(seat), l));
    out.history.clear();
    if let Some(p) = &mut out.pending {
        let p = Arc::make_mut(p);
        for i in 0..p.decisions.len() {
            if !state.speaks_for(seat, p.actor(i)) {
                if let Some(answer) = p.answers.get_mut(i) {
                    *answer = None;
                }
            }
        }
    }
    out
}

/// `vars` without the entries `secret` names.
fn without(vars: &Vars, secret: impl Fn(Sym) -> bool) -> Vars {
    let mut out = vars.clone();
    for (name, _) in vars.iter().filter(|(name, _)| secret(*name)) {
        out.set(*name, Value::Nil);
    }
    out
}

/// `vars` with each secret entry replaced by its sample value.
fn sampled(vars: &mut Vars, secrets: &[Secret]) {
    for s in secrets {
        if vars.get(s.name).is_some() {
            vars.set(s.name, s.sample.clone());
        }
    }
}

/// A full state consistent with what `seat` knows, the unknown re-dealt at random.
pub fn determinize(state: &GameState, secrets: &Secrets, seat: Seat, rng: &mut impl Rng) -> GameState {
    let mut out = state.clone();
    let mut pools: BTreeMap<Sym, Vec<usize>> = BTreeMap::new();
    for (i, e) in state.entities.iter().enumerate() {
        if e.hidden && !state.has_seen_face(seat, e) {
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
    // Private values the seat cannot see are replaced by what the pack says a
    // sample holds in their place.
    if !secrets.seat_vars.is_empty() {
        for (s, vars) in out.seats.iter_mut().enumerate() {
            if !state.sees_private_of(Some(seat), s as Seat) {
                sampled(vars, &secrets.seat_vars);
            }
        }
    }
    if !secrets.props.is_empty() {
        for (real, e) in state.entities.iter().zip(out.entities.iter_mut()) {
            if !state.sees_private_props(Some(seat), real) {
                sampled(&mut e.props, &secrets.props);
            }
        }
    }
    if let Some(p) = &mut out.pending {
        let p = Arc::make_mut(p);
        if p.simultaneous {
            for i in 0..p.decisions.len() {
                if !state.speaks_for(seat, p.actor(i)) {
                    if let Some(answer) = p.answers.get_mut(i) {
                    *answer = None;
                }
                }
            }
        }
    }
    // Side doors: the generator would predict future draws, the history holds other
    // seats' answers (secret ones included) and the log holds others' private lines.
    out.rng = crate::state::Rng(rand_chacha::ChaCha8Rng::seed_from_u64(rng.random()));
    out.history.clear();
    out.log.retain(|l| state.sees_log(Some(seat), l));
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
        let v0 = view(&s, &Secrets::default(), Some(0));
        let v1 = view(&s, &Secrets::default(), Some(1));
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
        let d = determinize(&s, &Secrets::default(), 1, &mut rng);
        assert!(d.history.is_empty());
        assert!(d.log.is_empty());
        assert_ne!(d.rng, s.rng);
    }

    #[test]
    fn determinize_depends_only_on_what_the_seat_knows() {
        let a = state_with_cards();
        let mut b = a.clone();
        // Deal the deck the seat cannot see in another order.
        let faces: Vec<Sym> = b.entities.iter().take(4).map(|e| e.face).collect();
        for (i, e) in b.entities.iter_mut().take(4).enumerate() {
            e.face = faces[(i + 1) % 4];
        }
        assert_ne!(a, b);
        let da = determinize(&a, &Secrets::default(), 1, &mut rand_chacha::ChaCha8Rng::seed_from_u64(8));
        let db = determinize(&b, &Secrets::default(), 1, &mut rand_chacha::ChaCha8Rng::seed_from_u64(8));
        assert_eq!(da, db);
    }

    #[test]
    fn determinize_keeps_known_faces_and_the_multiset() {
        let s = state_with_cards();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let d = determinize(&s, &Secrets::default(), 1, &mut rng);
        let mut faces: Vec<&str> = d.entities.iter().map(|e| e.face.as_str()).collect();
        faces.sort();
        assert_eq!(faces, vec!["a", "b", "c", "d", "e"]);
        let d0 = determinize(&s, &Secrets::default(), 0, &mut rng);
        assert_eq!(d0.entities[4].face, Sym::new("e"), "seat 0 knows its own card");
    }
}
