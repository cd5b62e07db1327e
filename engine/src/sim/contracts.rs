//! The kernel's contracts, checked on any pack by playing seeded random games.
//!
//! Like OpenSpiel's random-simulation test, one suite holds every pack to the
//! promises the kernel makes to front ends and bots, so no pack needs a checker of
//! its own (its rules' invariants are its own business). After every act of a
//! random game:
//!
//! - a running game waits on some seat, and each waiting seat has a legal answer;
//! - every option of an open decision has a label, or its decision's labeller makes
//!   one without an error;
//! - every seat's public summary (the pack's `summary`) is made without an error, and
//!   at every position whose views are checked, the pack's diagrams (`diagrams`);
//! - entities are never destroyed, and each keeps its id and kind (ids stay stable); new
//!   ones may only be added after them (a setup that asks its questions first, such as
//!   which faction a seat plays, makes its pieces once they are answered);
//! - an illegal answer is refused and leaves the state byte-identical;
//! - acting on a clone gives the same state as acting on the game;
//! - no view holds a secret of its viewer's: the faces it does not know, the private
//!   variables and props of others, other seats' open decisions and secret answers.
//!   This is checked on the *serialized* view (what a front end or a network peer
//!   receives): every such secret is overwritten with a marker in a copy of the
//!   state, and the copy's view must be byte-identical to the real one and must not
//!   contain the marker, whatever fields a view has or grows;
//! - no variable or prop anyone sees names a face its viewer does not know (a pack
//!   copying a secret into a public value);
//! - a determinized state looks, to its seat, exactly like the real one.
//!
//! Every `replay_every` acts, and at the end, the game replayed from its seed and
//! choices must reach the same state and hash, and the state's hash must be that of
//! its RON text (the hash is written without the text, see `replay::ron_hash`).

use crate::bots::random_choice;
use crate::content::{Ruleset, Secrets};
use crate::flow::{Choice, DecisionKind, Pending};
use crate::game::Game;
use crate::state::{GameState, Seat};
use crate::sym::Sym;
use crate::value::Value;
use crate::view::{determinize, view};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// What a secret is overwritten with in the probing copy; no pack writes it.
const MARKER: &str = "<<orrery-secret>>";
/// An answer no decision offers, standing in for another seat's secret answer.
const MARKER_CHOICE: Choice = Choice::Number(-7_777_777_777);

/// How hard to look.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Acts after which the game stops checking (a game may be long).
    pub max_acts: usize,
    /// Acts between two replays from the seed.
    pub replay_every: usize,
    /// Check views every this many acts (1: after every act).
    pub views_every: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { max_acts: 20_000, replay_every: 250, views_every: 1 }
    }
}

impl Settings {
    /// Cheaper checks for a quick run: views every few acts (they cost most), and
    /// only a game's first 1,500 acts. A random player's game is usually far shorter
    /// (a few hundred acts), but where every small step is a decision of its own a
    /// random game can take thousands; its end is checked by scenarios, and whole
    /// games by the soak run.
    pub fn quick() -> Settings {
        Settings { views_every: 3, max_acts: 1_500, ..Settings::default() }
    }
}

/// A broken contract: which, where, and the game as it stood.
#[derive(Debug)]
pub struct Violation {
    pub acts: usize,
    pub message: String,
    /// The game as it stood (`None` when it did not start).
    pub game: Option<Box<Game>>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.game {
            Some(game) => {
                let s = &game.state.setup;
                write!(f, "{} seats {} seed {} variants {:?}, after {} acts: {}", s.pack, s.seats, s.seed, s.variants, self.acts, self.message)
            }
            None => write!(f, "{}", self.message),
        }
    }
}

/// Plays one seeded random game of `rules`, checking every contract and then
/// `also` (a pack's own invariants, say) after every act; returns the finished (or,
/// at `max_acts`, unfinished) game.
pub fn play(
    rules: Arc<Ruleset>,
    seats: usize,
    seed: u64,
    variants: &[String],
    settings: Settings,
    mut also: impl FnMut(&Game) -> Result<(), String>,
) -> Result<Game, Violation> {
    let mut game =
        Game::new(rules, seats, seed, variants.to_vec()).map_err(|e| Violation { acts: 0, message: format!("the game does not start: {e}"), game: None })?;
    let mut kinds: Vec<Sym> = game.state.entities.iter().map(|e| e.kind).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc0_47ac_75);
    let fail = |acts: usize, game: &Game, message: String| Violation { acts, message, game: Some(Box::new(game.clone())) };
    position(&game, &mut rng, true).and_then(|()| also(&game)).map_err(|m| fail(0, &game, m))?;
    let mut acts = 0;
    while !game.is_over() && acts < settings.max_acts {
        let waiting = game.pending().map(Pending::waiting_seats).unwrap_or_default();
        let seat = waiting[rng.random_range(0..waiting.len())];
        let decision = game.decision_for(seat).expect("checked by `position`").clone();
        let choice = random_choice(&decision, &mut rng);
        let mut copy = game.clone();
        game.act(seat, choice.clone()).map_err(|e| fail(acts, &game, format!("a random legal answer was refused ({choice:?} by seat {}): {e}", seat + 1)))?;
        copy.act(seat, choice).map_err(|e| fail(acts, &game, format!("the clone refused the answer the game accepted: {e}")))?;
        acts += 1;
        if copy.state != game.state {
            return Err(fail(acts, &game, "acting on a clone gave another state than acting on the game".into()));
        }
        let now = &game.state.entities;
        if now.len() < kinds.len() {
            return Err(fail(acts, &game, format!("entities were destroyed: {} before the act, {} after", kinds.len(), now.len())));
        }
        if let Some(i) = kinds.iter().zip(now.iter()).position(|(k, e)| *k != e.kind) {
            return Err(fail(acts, &game, format!("entity {i} changed its kind from {} to {}", kinds[i], now[i].kind)));
        }
        let known = kinds.len();
        kinds.extend(now.iter().skip(known).map(|e| e.kind));
        let views = acts % settings.views_every.max(1) == 0;
        position(&game, &mut rng, views).and_then(|()| also(&game)).map_err(|m| fail(acts, &game, m))?;
        if acts % settings.replay_every.max(1) == 0 {
            replays_to_the_same_state(&game).map_err(|m| fail(acts, &game, m))?;
        }
    }
    replays_to_the_same_state(&game).map_err(|m| fail(acts, &game, m))?;
    Ok(game)
}

/// The contracts of one position; with `views`, those of every seat's view too,
/// and of one seat's determinization (the seat changes from position to position).
pub fn position(game: &Game, rng: &mut ChaCha8Rng, views: bool) -> Result<(), String> {
    legal_answers_exist(game, rng)?;
    labels_are_made(game)?;
    summaries_are_made(game)?;
    refused_answer_changes_nothing(game)?;
    asked_again_alike(game)?;
    if views {
        // Pictures for front ends, made as often as the views are checked.
        game.diagrams().map_err(|e| format!("the diagrams cannot be made: {e}"))?;
        let secrets = &game.rules.manifest.secrets;
        let state = &game.state;
        for viewer in (0..state.seat_count() as Seat).map(Some).chain([None]) {
            view_keeps_secrets(state, secrets, viewer)?;
            values_name_no_unknown_face(state, secrets, viewer)?;
        }
        let seat = (state.history.len() % state.seat_count()) as Seat;
        determinized_looks_the_same(state, secrets, seat, rng)?;
    }
    Ok(())
}

fn legal_answers_exist(game: &Game, rng: &mut ChaCha8Rng) -> Result<(), String> {
    if game.is_over() {
        return Ok(());
    }
    let pending = game.pending().ok_or("a running game has no pending decision")?;
    let waiting = pending.waiting_seats();
    if waiting.is_empty() {
        return Err("a decision is pending but no seat is waiting".into());
    }
    for seat in waiting {
        let decision = game.decision_for(seat).ok_or_else(|| format!("seat {} waits without a decision", seat + 1))?;
        let countable = decision.answer_count() > 0 || matches!(decision.kind, DecisionKind::Many { min: 0, .. });
        if !countable || decision.accept(&random_choice(decision, rng)).is_err() {
            return Err(format!("seat {}'s decision \"{}\" has no legal answer", seat + 1, decision.prompt));
        }
    }
    Ok(())
}

/// Every open decision's options can be labelled for a person, without an error and
/// with no empty label (`Game::labelled` runs the labeller on a copy of the state,
/// so it cannot change the game; `tests/kernel_labels.rs` checks that).
fn labels_are_made(game: &Game) -> Result<(), String> {
    let Some(pending) = game.pending() else { return Ok(()) };
    for seat in pending.waiting_seats() {
        let Some(decision) = game.decision_for(seat) else { continue };
        let shown = game.labelled(decision).map_err(|e| format!("seat {}'s decision \"{}\" cannot be labelled: {e}", seat + 1, decision.prompt))?;
        if let Some(o) = shown.options.iter().find(|o| o.label.is_empty()) {
            return Err(format!("seat {}'s decision \"{}\" has an option without a label (value {})", seat + 1, decision.prompt, o.value));
        }
    }
    Ok(())
}

/// Every seat's public summary (the pack's `summary`, if it names one) is made
/// without an error, with no empty label or value.
fn summaries_are_made(game: &Game) -> Result<(), String> {
    let summaries = game.seat_summaries().map_err(|e| format!("a seat's summary cannot be made: {e}"))?;
    for (seat, facts) in summaries.iter().enumerate() {
        if let Some((label, value)) = facts.iter().find(|(label, value)| label.trim().is_empty() || value.trim().is_empty()) {
            return Err(format!("seat {}'s summary has an empty label or value: {label:?}: {value:?}", seat + 1));
        }
    }
    Ok(())
}

/// A simultaneous question is asked again, alike, of the same state: bots rebuild the
/// other seats' decisions in their samples that way ([`Game::reask_others`]), which
/// needs a step's `run` to ask the same of the same state.
fn asked_again_alike(game: &Game) -> Result<(), String> {
    let Some(pending) = game.pending().filter(|p| p.simultaneous) else { return Ok(()) };
    let seat = pending.actor(0);
    if (0..pending.decisions.len()).all(|i| game.state.speaks_for(seat, pending.actor(i))) {
        return Ok(());
    }
    let mut probe = game.clone();
    if !probe.reask_others(seat) || probe.state.pending != game.state.pending {
        let step = game.state.flow.get(pending.frame).map_or("?", |f| f.step.as_str());
        return Err(format!(
            "the simultaneous question of step `{step}` is not asked again alike: its `run`, called again on the same state, must return the same decisions (bots ask it again in their samples)"
        ));
    }
    Ok(())
}

/// An answer out of range, and an answer from a seat nobody waits on, are refused
/// and leave the state exactly as it was.
fn refused_answer_changes_nothing(game: &Game) -> Result<(), String> {
    let Some(pending) = game.pending() else { return Ok(()) };
    let waiting = pending.waiting_seats();
    let seat = waiting[0];
    let decision = game.decision_for(seat).ok_or("a waiting seat has no decision")?;
    let mut attempts = vec![(seat, Choice::Pick(decision.options.len() + 1)), (seat, MARKER_CHOICE)];
    if let Some(idle) = (0..game.state.seat_count() as Seat).find(|s| !waiting.contains(s)) {
        attempts.push((idle, Choice::Pick(0)));
    }
    for (seat, choice) in attempts {
        let mut probe = game.clone();
        if probe.act(seat, choice.clone()).is_ok() {
            return Err(format!("the illegal answer {choice:?} by seat {} was accepted", seat + 1));
        }
        // Equal states serialize to the same bytes (every serialized field takes
        // part in the comparison), so this is the byte-identity promised.
        if probe.state != game.state {
            return Err(format!("the refused answer {choice:?} by seat {} changed the state", seat + 1));
        }
    }
    Ok(())
}

/// `state` with every secret of `viewer`'s overwritten by [`MARKER`].
pub fn with_secrets_marked(state: &GameState, secrets: &Secrets, viewer: Option<Seat>) -> GameState {
    let mut out = state.clone();
    let marker = Sym::new(MARKER);
    for (real, e) in state.entities.iter().zip(out.entities.iter_mut()) {
        if !state.knows_face(viewer, real) {
            e.face = marker;
        }
        if !state.sees_private_props(viewer, real) {
            for s in &secrets.props {
                if real.props.get(s.name).is_some() {
                    e.props.set(s.name, Value::Str(MARKER.into()));
                }
            }
        }
    }
    for (s, vars) in out.seats.iter_mut().enumerate() {
        if !state.sees_private_of(viewer, s as Seat) {
            for secret in &secrets.seat_vars {
                if vars.get(secret.name).is_some() {
                    vars.set(secret.name, Value::Str(MARKER.into()));
                }
            }
        }
    }
    if let Some(p) = &mut out.pending {
        let p = Arc::make_mut(p);
        for i in 0..p.decisions.len() {
            let actor = p.actor(i);
            if viewer.is_some_and(|v| v == actor) {
                continue;
            }
            let d = &mut Arc::make_mut(&mut p.decisions)[i];
            d.prompt = MARKER.into();
            d.help = Some(MARKER.into());
            for o in &mut d.options {
                o.label = MARKER.into();
                o.value = Value::Str(MARKER.into());
            }
            if p.simultaneous && p.answers[i].is_some() {
                p.answers[i] = Some(MARKER_CHOICE);
            }
        }
    }
    out
}

/// A pack must not copy a secret face into a value everyone sees: no variable or prop
/// of the view holds, as a whole string, the face of an entity the viewer does not
/// know, unless that face is also one the viewer may see elsewhere. Faces of a few
/// characters or digits only ("3", "A") are too common to tell and are skipped.
fn values_name_no_unknown_face(state: &GameState, secrets: &Secrets, viewer: Option<Seat>) -> Result<(), String> {
    use std::collections::BTreeSet;
    let seen: BTreeSet<Sym> = state.entities.iter().filter(|e| state.knows_face(viewer, e) || viewer.is_some_and(|v| state.has_seen_face(v, e))).map(|e| e.face).collect();
    let unknown: BTreeSet<Sym> = state
        .entities
        .iter()
        .filter(|e| !seen.contains(&e.face))
        .map(|e| e.face)
        .filter(|f| f.as_str().chars().count() >= 4 && !f.as_str().chars().all(|c| c.is_ascii_digit()))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let v = view(state, secrets, viewer);
    let mut values: Vec<(String, &Value)> = Vec::new();
    for (s, vars) in v.seat_vars.iter().enumerate() {
        values.extend(vars.iter().map(|(k, val)| (format!("seat {}'s variable {k}", s + 1), val)));
    }
    values.extend(v.globals.iter().map(|(k, val)| (format!("global {k}"), val)));
    for e in &v.entities {
        values.extend(e.props.iter().map(|(k, val)| (format!("prop {k} of entity {}", e.id), val)));
    }
    for (place, value) in values {
        if let Some(face) = named_face(value, &unknown) {
            return Err(format!("{} can read the secret face `{face}` in {place}", who(viewer)));
        }
    }
    Ok(())
}

/// The first string in `value` (at any depth) that is one of `faces`.
fn named_face<'a>(value: &'a Value, faces: &std::collections::BTreeSet<Sym>) -> Option<&'a str> {
    match value {
        Value::Str(s) => faces.iter().any(|f| f.as_str() == s).then_some(s.as_str()),
        Value::List(items) => items.iter().find_map(|v| named_face(v, faces)),
        Value::Map(entries) => entries.iter().find_map(|(_, v)| named_face(v, faces)),
        _ => None,
    }
}

/// The serialized form of a view, as a front end or a network peer receives it.
fn bytes(v: &crate::view::View) -> Result<String, String> {
    serde_json::to_string(v).map_err(|e| format!("a view does not serialize: {e}"))
}

fn who(viewer: Option<Seat>) -> String {
    viewer.map_or("the spectator".to_owned(), |s| format!("seat {}", s + 1))
}

fn view_keeps_secrets(state: &GameState, secrets: &Secrets, viewer: Option<Seat>) -> Result<(), String> {
    views_keep_secrets(state, secrets, viewer, view)
}

/// The check behind [`view_keeps_secrets`], for any way of making views.
fn views_keep_secrets(
    state: &GameState,
    secrets: &Secrets,
    viewer: Option<Seat>,
    view: impl Fn(&GameState, &Secrets, Option<Seat>) -> crate::view::View,
) -> Result<(), String> {
    let real = bytes(&view(state, secrets, viewer))?;
    let marked = bytes(&view(&with_secrets_marked(state, secrets, viewer), secrets, viewer))?;
    if marked.contains(MARKER) {
        return Err(format!("{}'s view shows one of its secrets (a hidden face, another seat's private value, open decision or secret answer)", who(viewer)));
    }
    if real != marked {
        return Err(format!("{}'s view changes when only what it may not know changes", who(viewer)));
    }
    Ok(())
}

fn determinized_looks_the_same(state: &GameState, secrets: &Secrets, seat: Seat, rng: &mut ChaCha8Rng) -> Result<(), String> {
    let sample = determinize(state, secrets, seat, rng);
    if sample.entities.len() != state.entities.len() {
        return Err("determinize changed the number of entities".into());
    }
    for (i, (real, sampled)) in state.entities.iter().zip(&sample.entities).enumerate() {
        if real.kind != sampled.kind || real.at != sampled.at || real.owner != sampled.owner {
            return Err(format!("determinize for seat {} moved or changed entity {i}", seat + 1));
        }
    }
    let (mut a, mut b) = (view(state, secrets, Some(seat)), view(&sample, secrets, Some(seat)));
    // Who is still to answer is public, but the sample withdraws others' secret
    // answers so that a search decides them again.
    a.waiting.clear();
    b.waiting.clear();
    if bytes(&a)? != bytes(&b)? {
        return Err(format!("a determinized state looks different to seat {} than the real one", seat + 1));
    }
    Ok(())
}

/// Replays the game's choices from its seed and compares state and hash.
pub fn replays_to_the_same_state(game: &Game) -> Result<(), String> {
    let replayed = crate::replay::verify(game.rules.clone(), &crate::replay::save(game)).map_err(|e| format!("replaying from the seed: {e}"))?;
    if replayed.state != game.state {
        return Err(format!("replaying {} choices from the seed gives another state", game.state.history.len()));
    }
    crate::replay::agrees_with_ron(&game.state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Secret;
    use crate::state::{Location, Setup};

    /// Two seats: seat 1 holds a hidden card and a private variable.
    fn state_with_secrets() -> (GameState, Secrets) {
        let mut s = GameState::new(Setup { seats: 2, ..Setup::default() });
        s.create(Sym::new("card"), Sym::new("ace"), Some(1), Location::Zone { zone: Sym::new("hand"), seat: Some(1) }, true);
        s.seats[1].set(Sym::new("bid"), Value::Int(7));
        s.seats[1].set(Sym::new("score"), Value::Int(3));
        (s, Secrets { seat_vars: vec![Secret { name: Sym::new("bid"), sample: Value::Int(0) }], props: Vec::new() })
    }

    #[test]
    fn the_kernel_views_keep_every_secret() {
        let (s, secrets) = state_with_secrets();
        for viewer in [Some(0), Some(1), None] {
            view_keeps_secrets(&s, &secrets, viewer).unwrap();
        }
        let v = view(&s, &secrets, Some(0));
        assert_eq!(v.seat_vars[1].get(Sym::new("bid")), None, "another seat's private variable is left out");
        assert_eq!(v.seat_vars[1].get(Sym::new("score")), Some(&Value::Int(3)), "a public one is shown");
        assert_eq!(view(&s, &secrets, Some(1)).seat_vars[1].get(Sym::new("bid")), Some(&Value::Int(7)), "the seat sees its own");
    }

    #[test]
    fn a_view_that_shows_a_hidden_face_breaks_the_contract() {
        let (s, secrets) = state_with_secrets();
        let leaky = |state: &GameState, secrets: &Secrets, viewer: Option<Seat>| {
            let mut v = view(state, secrets, viewer);
            v.entities[0].face = Some(state.entities[0].face);
            v
        };
        let err = views_keep_secrets(&s, &secrets, Some(0), leaky).unwrap_err();
        assert!(err.contains("shows one of its secrets"), "{err}");
    }

    #[test]
    fn a_view_that_shows_a_private_variable_breaks_the_contract() {
        let (s, secrets) = state_with_secrets();
        let leaky = |state: &GameState, _: &Secrets, viewer: Option<Seat>| view(state, &Secrets::default(), viewer);
        assert!(views_keep_secrets(&s, &secrets, Some(0), leaky).is_err());
        assert!(views_keep_secrets(&s, &secrets, Some(1), leaky).is_ok(), "its own seat may see it");
    }

    #[test]
    fn a_public_value_naming_a_secret_face_breaks_the_contract() {
        let (mut s, secrets) = state_with_secrets();
        s.entities[0].face = Sym::new("queen");
        values_name_no_unknown_face(&s, &secrets, Some(0)).unwrap();
        s.globals.set(Sym::new("last_drawn"), Value::List(vec![Value::Str("queen".into())]));
        let err = values_name_no_unknown_face(&s, &secrets, Some(0)).unwrap_err();
        assert!(err.contains("secret face `queen` in global last_drawn"), "{err}");
        values_name_no_unknown_face(&s, &secrets, Some(1)).expect("its owner knows it");
    }

    #[test]
    fn a_sample_holds_the_declared_value_for_others_private_variables() {
        let (s, secrets) = state_with_secrets();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let sample = determinize(&s, &secrets, 0, &mut rng);
        assert_eq!(sample.seats[1].get(Sym::new("bid")), Some(&Value::Int(0)));
        assert_eq!(determinize(&s, &secrets, 1, &mut rng).seats[1].get(Sym::new("bid")), Some(&Value::Int(7)));
        determinized_looks_the_same(&s, &secrets, 0, &mut rng).unwrap();
    }
}
