//! The determinism stage of `orrery check`: every game of the games stage, played
//! twice more, must be the same game.
//!
//! A seed and the choices must reproduce a game exactly, or saves do not replay and
//! `orrery simulate` depends on its thread count. A script breaks that when it keeps
//! state between calls or lets a memory address or the garbage collector decide
//! something, and either shows only when the VM has a different history. So each
//! game that [`super::play`] finished is played again on this thread, whose VM now
//! holds what the earlier games left behind, and once more on a thread of its own,
//! with a fresh VM that allocates elsewhere, in lockstep: after the start and after
//! every act the two states must be equal, and the last must equal the first run's.
//! The first difference is reported with the game (seats, seed), the act, the step
//! that ran it and what differs (the first differing log line, say).
//!
//! The sandbox closes every such door it knows (`script/freeze.rs`,
//! `script/stable.lua`, `script/lint.rs`); this stage is the backstop for what the
//! lint's heuristics miss. States are compared with `==` (a clone and a compare per
//! act, far cheaper than hashing each). The other thread ([`OtherRun`]) starts
//! before the games stage and plays alongside it, so the stage adds about the time
//! of one run on this thread.

use super::play::{Played, DECISIONS};
use super::PackPlaces;
use orrery::content::Ruleset;
use orrery::game::GameError;
use orrery::replay::state_hash;
use orrery::sim::RandomWalk;
use orrery::state::GameState;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;
use std::thread::Scope;

/// States the other thread may run ahead of this one: enough to build its VM and
/// play its first games while the games stage runs (a few MiB for the largest pack).
const AHEAD: usize = 64;

/// What the other thread reports after its start and after each act.
enum Event {
    /// The state after the start or the act.
    State(GameState),
    /// The start or the act failed.
    Failed(GameError),
    /// The game is over, or stopped after [`DECISIONS`] acts.
    End,
}

/// The run on a thread of its own. It starts before the games stage, so that its VM
/// is built and its first acts played while that stage runs; it stops when this is
/// dropped.
pub struct OtherRun {
    receiver: Receiver<Event>,
}

impl OtherRun {
    /// Starts playing `setups` (seats, seed), in order, on a new thread of `scope`.
    pub fn start<'scope>(scope: &'scope Scope<'scope, '_>, rules: &Arc<Ruleset>, setups: Vec<(usize, u64)>) -> OtherRun {
        let (sender, receiver) = sync_channel(AHEAD);
        let rules = rules.clone();
        scope.spawn(move || {
            for (seats, seed) in setups {
                // A send fails once the receiver is gone: a difference was found, or
                // an earlier stage failed.
                if !walk(&rules, seats, seed, &mut |seen| sender.send(owned(seen)).is_ok()) {
                    return;
                }
            }
        });
        OtherRun { receiver }
    }

    /// Plays each game of `first` again on this thread, in lockstep with the other
    /// thread; one line for the first difference, if any.
    pub fn compare(self, rules: &Arc<Ruleset>, places: &PackPlaces, first: &[Played]) -> Vec<String> {
        first.iter().find_map(|played| compare(rules, places, played, &self.receiver)).into_iter().collect()
    }
}

/// What one run reports after its start and after each act, to a consumer that
/// returns whether to go on: the state by reference, so this thread's run copies
/// nothing it does not keep.
enum Seen<'a> {
    State(&'a GameState),
    Failed(GameError),
    /// The game is over, or stopped after [`DECISIONS`] acts, in this state.
    End(&'a GameState),
}

/// Plays one game, passing each event to `report` until it returns false; whether
/// every event was taken.
fn walk(rules: &Arc<Ruleset>, seats: usize, seed: u64, report: &mut dyn FnMut(Seen) -> bool) -> bool {
    let mut walk = match RandomWalk::new(rules.clone(), seats, seed, &[]) {
        Ok(walk) => walk,
        Err(e) => return report(Seen::Failed(e)),
    };
    if !report(Seen::State(&walk.game.state)) {
        return false;
    }
    for _ in 0..DECISIONS {
        match walk.act() {
            Ok(true) => {
                if !report(Seen::State(&walk.game.state)) {
                    return false;
                }
            }
            Ok(false) => break,
            Err(e) => return report(Seen::Failed(e)),
        }
    }
    report(Seen::End(&walk.game.state))
}

/// The event the other thread sends for what it saw.
fn owned(seen: Seen) -> Event {
    match seen {
        Seen::State(state) => Event::State(state.clone()),
        Seen::Failed(e) => Event::Failed(e),
        Seen::End(_) => Event::End,
    }
}

/// Plays `played` again on this thread in lockstep with the other thread's events;
/// the line for the first difference, if any.
fn compare(rules: &Arc<Ruleset>, places: &PackPlaces, played: &Played, theirs: &Receiver<Event>) -> Option<String> {
    let first = &played.state;
    let mut act = 0usize;
    // The step that asked the decision the next act answers, to point at.
    let mut asking = places.field("start");
    let mut difference = None;
    walk(rules, played.seats, played.seed, &mut |mine| {
        let Ok(other) = theirs.recv() else {
            difference = Some("the run on another thread stopped without a result".to_owned());
            return false;
        };
        let when = if act == 0 { "its start".to_owned() } else { format!("act {act}") };
        let problem = match (&mine, &other) {
            (Seen::State(a), Event::State(b)) => {
                if differ(a, b) {
                    Some(format!("played again on this thread and on a fresh one, differs after {when}: {}", what_differs(a, b)))
                } else if act > 0 && first.history.get(act - 1).is_some_and(|choice| a.history.last() != Some(choice)) {
                    Some(format!("played again, makes a different choice at {when} than in its first run"))
                } else {
                    None
                }
            }
            (Seen::Failed(a), Event::Failed(b)) if a == b => Some(format!("played again, fails at {when}, which its first run did not: {a}")),
            (Seen::End(state), Event::End) if differ(state, first) => {
                Some(format!("played again, ends after act {} unlike its first run: {}", act - 1, what_differs(state, first)))
            }
            (Seen::End(_), Event::End) => None,
            _ => Some(format!(
                "played again on this thread and on a fresh one, goes different ways at {when}: {} on one run, {} on the other",
                seen_outcome(&mine),
                outcome(&other)
            )),
        };
        if problem.is_some() {
            difference = problem;
            return false;
        }
        if let Seen::State(state) = mine {
            asking = step_place(places, state).unwrap_or(asking.clone());
        }
        act += 1;
        true
    });
    difference.map(|problem| {
        format!(
            "{asking}: not deterministic: the game with {} seats, seed {}, {problem}; a seed and the choices must reproduce \
             a game exactly: does a script keep state between calls, or let an order follow memory addresses?",
            played.seats, played.seed
        )
    })
}

/// Whether two states differ. `==` alone would call equal states different when a
/// value is NaN, so a difference is confirmed on their serialised form.
fn differ(a: &GameState, b: &GameState) -> bool {
    a != b && state_hash(a) != state_hash(b)
}

/// What an event was, for a line that says two runs went different ways.
fn outcome(event: &Event) -> String {
    match event {
        Event::State(_) => "the game went on".into(),
        Event::Failed(e) => format!("it failed ({e})"),
        Event::End => "the game ended".into(),
    }
}

/// What this thread's run saw, as [`outcome`] says it.
fn seen_outcome(seen: &Seen) -> String {
    match seen {
        Seen::State(_) => "the game went on".into(),
        Seen::Failed(e) => format!("it failed ({e})"),
        Seen::End(_) => "the game ended".into(),
    }
}

/// Where the step asking the pending decision of `state` is declared.
fn step_place(places: &PackPlaces, state: &GameState) -> Option<String> {
    let frame = state.flow.get(state.pending.as_ref()?.frame)?;
    Some(places.step(frame.step.as_str()))
}

/// The first thing two states differ in: a log line (shown from both), else the
/// parts of the state that differ.
fn what_differs(a: &GameState, b: &GameState) -> String {
    let text = |s: &GameState, i: usize| s.log.get(i).map_or_else(|| "(no line)".to_owned(), |e| shorten(&e.text));
    if let Some(i) = (0..a.log.len().max(b.log.len())).find(|&i| a.log.get(i) != b.log.get(i)) {
        return format!("log line {} reads {:?} on one run and {:?} on the other", i + 1, text(a, i), text(b, i));
    }
    let parts = [
        ("the pending decision", a.pending != b.pending),
        ("the flow's frames and their ctx", a.flow != b.flow),
        ("global variables", a.globals != b.globals),
        ("seat variables", a.seats != b.seats),
        ("pair variables", a.pairs != b.pairs),
        ("entities", a.entities != b.entities),
        ("the random generator (a different number of draws)", a.rng != b.rng),
        ("the outcome", a.outcome != b.outcome),
        ("the choices", a.history != b.history),
    ];
    let differing: Vec<&str> = parts.iter().filter(|(_, differs)| *differs).map(|(name, _)| *name).collect();
    if differing.is_empty() {
        "the state".into()
    } else {
        differing.join(", ")
    }
}

/// At most 120 characters of a log line.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}
