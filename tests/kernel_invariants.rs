//! The kernel-level invariants that must hold after every act, for any pack:
//! pieces are conserved, a running game always offers a legal answer, a view never
//! holds what its seat does not know, and a determinized state agrees with the
//! view it came from. Used by the random-play tests.

use orrery::bots::random_choice;
use orrery::flow::{Decision, DecisionKind};
use orrery::game::Game;
use orrery::state::{GameState, Seat};
use orrery::view::{determinize, view};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Checks every invariant of `game`; `entities` is the count after the first decision.
pub fn check(game: &Game, entities: usize, rng: &mut ChaCha8Rng) -> Result<(), String> {
    let state = &game.state;
    if state.entities.len() != entities {
        return Err(format!("entity count changed from {entities} to {}", state.entities.len()));
    }
    legal_answer_exists(game)?;
    for seat in 0..state.seat_count() as Seat {
        view_shows_only_known_faces(state, Some(seat))?;
        determinize_agrees_with_the_view(state, seat, rng)?;
        secret_answers_stay_secret(state, seat)?;
    }
    view_shows_only_known_faces(state, None)
}

/// Whether a decision has at least one answer the kernel accepts.
pub fn has_legal_answer(decision: &Decision, rng: &mut ChaCha8Rng) -> bool {
    let countable = decision.answer_count() > 0 || matches!(decision.kind, DecisionKind::Many { min: 0, .. });
    countable && decision.accept(&random_choice(decision, rng)).is_ok()
}

fn legal_answer_exists(game: &Game) -> Result<(), String> {
    if game.is_over() {
        return Ok(());
    }
    let pending = game.pending().ok_or("a running game has no pending decision")?;
    let waiting = pending.waiting_seats();
    if waiting.is_empty() {
        return Err("a decision is pending but no seat is waiting".into());
    }
    let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    for seat in waiting {
        let decision = game.decision_for(seat).ok_or_else(|| format!("seat {} waits without a decision", seat + 1))?;
        if !has_legal_answer(decision, &mut rng) {
            return Err(format!("seat {}'s decision \"{}\" has no legal answer", seat + 1, decision.prompt));
        }
    }
    Ok(())
}

/// A face is shown iff the entity is public or the seat knows it, and then truthfully.
fn view_shows_only_known_faces(state: &GameState, seat: Option<Seat>) -> Result<(), String> {
    let v = view(state, seat);
    let who = seat.map_or("the spectator".to_owned(), |s| format!("seat {}", s + 1));
    for (i, (e, shown)) in state.entities.iter().zip(&v.entities).enumerate() {
        let knows = !e.hidden || seat.is_some_and(|s| e.known_by.has(s));
        match shown.face {
            Some(face) if !knows => return Err(format!("{who} sees the face {face} of hidden entity {i}")),
            Some(face) if face != e.face => return Err(format!("{who} sees entity {i} as {face}, it is {}", e.face)),
            None if knows => return Err(format!("{who} knows entity {i} but its view hides it")),
            _ => {}
        }
    }
    if let Some(d) = v.decisions.iter().find(|d| Some(d.seat) != seat) {
        return Err(format!("{who}'s view holds seat {}'s decision", d.seat + 1));
    }
    let visible = state.log.iter().filter(|l| l.to.is_none_or(|m| seat.is_some_and(|s| m.has(s)))).count();
    if v.log.len() != visible {
        return Err(format!("{who}'s view has {} log lines, {visible} are visible to it", v.log.len()));
    }
    Ok(())
}

/// Faces per kind, sorted: what determinization must preserve.
fn faces_by_kind(state: &GameState) -> BTreeMap<&'static str, Vec<&'static str>> {
    let mut map: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for e in &state.entities {
        map.entry(e.kind.as_str()).or_default().push(e.face.as_str());
    }
    map.values_mut().for_each(|v| v.sort_unstable());
    map
}

fn determinize_agrees_with_the_view(state: &GameState, seat: Seat, rng: &mut ChaCha8Rng) -> Result<(), String> {
    let d = determinize(state, seat, rng);
    if d.entities.len() != state.entities.len() {
        return Err("determinize changed the number of entities".into());
    }
    for (i, (real, sampled)) in state.entities.iter().zip(&d.entities).enumerate() {
        if real.face_visible_to(seat) && real.face != sampled.face {
            return Err(format!("determinize for seat {} changed the known face of entity {i}", seat + 1));
        }
        if real.kind != sampled.kind || real.at != sampled.at || real.owner != sampled.owner {
            return Err(format!("determinize for seat {} moved or changed entity {i}", seat + 1));
        }
    }
    if faces_by_kind(state) != faces_by_kind(&d) {
        return Err(format!("determinize for seat {} changed the faces of a kind", seat + 1));
    }
    let (mut v1, mut v2) = (view(state, Some(seat)), view(&d, Some(seat)));
    v1.waiting.clear();
    v2.waiting.clear();
    if v1 != v2 {
        return Err(format!("the determinized state looks different to seat {} than the real one", seat + 1));
    }
    Ok(())
}

/// Withdrawing the other seats' secret answers must not change what `seat` sees
/// (beyond who is still waiting, which is public).
fn secret_answers_stay_secret(state: &GameState, seat: Seat) -> Result<(), String> {
    let Some(pending) = &state.pending else { return Ok(()) };
    if !pending.simultaneous {
        return Ok(());
    }
    let mut stripped = state.clone();
    if let Some(p) = &mut stripped.pending {
        for (d, a) in p.decisions.iter().zip(p.answers.iter_mut()) {
            if d.seat != seat {
                *a = None;
            }
        }
    }
    let (mut v1, mut v2) = (view(state, Some(seat)), view(&stripped, Some(seat)));
    v1.waiting.clear();
    v2.waiting.clear();
    if v1 != v2 {
        return Err(format!("seat {}'s view reveals another seat's secret answer", seat + 1));
    }
    Ok(())
}
