//! Bots: players that choose from what their seat knows.
//!
//! A bot never touches the real [`GameState`]. The front end hands it an
//! [`Information`]: the seat's [`View`] plus a full state *sampled* from that view by
//! the kernel ([`determinize`]: unknown faces re-dealt, other seats' secret answers
//! withdrawn, the generator, the history and others' private log lines scrubbed).
//! [`Information::new`] is the only way to build one, so whatever a bot computes is a
//! function of its seat's knowledge and its own random generator. Searching bots
//! sample again from that sample: re-dealing the unknown faces of a sample gives the
//! same distribution as re-dealing them from the real state.
//!
//! Three bots:
//! - [`Random`]: uniform over the legal answers ([`random_choice`]);
//! - [`Heuristic`]: greedy, one answer ahead, scored by the pack's `evaluate` function;
//! - [`Ismcts`]: information-set Monte Carlo tree search with truncated playouts.
//!
//! [`tournament`] plays bots against each other and reports their strength.

mod answers;
mod heuristic;
mod ismcts;
pub mod tournament;

pub use answers::{candidates, is_forced};
pub use heuristic::Heuristic;
pub use ismcts::{Ismcts, IsmctsConfig};
pub use tournament::Settings as TournamentSettings;

use crate::content::Ruleset;
use crate::flow::{Choice, Decision, DecisionKind};
use crate::game::Game;
use crate::state::{GameState, Location, Seat};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use crate::view::{determinize, view, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;

/// What a bot may know when it decides: its seat's view and a state sampled from it.
#[derive(Clone, Debug)]
pub struct Information {
    seat: Seat,
    view: View,
    sample: GameState,
}

impl Information {
    /// The knowledge of `seat` in `game`: its view and one determinization of it, in
    /// which the other seats' open decisions of a simultaneous question are asked again
    /// ([`Game::reask_others`]): the real ones may name what those seats hold.
    pub fn new(game: &Game, seat: Seat, rng: &mut impl Rng) -> Information {
        let secrets = &game.rules.manifest.secrets;
        let mut sample = Game::from_state(game.rules.clone(), determinize(&game.state, secrets, seat, rng));
        sample.reask_others(seat);
        Information { seat, view: view(&game.state, secrets, Some(seat)), sample: sample.state }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn view(&self) -> &View {
        &self.view
    }

    /// A full state consistent with the view (never the real one).
    pub fn sample(&self) -> &GameState {
        &self.sample
    }

    /// The decision the seat must answer now (its first open one), if any.
    pub fn decision(&self) -> Option<&Decision> {
        self.view.decisions.first()
    }
}

/// A player that answers decisions from an [`Information`].
pub trait Bot: Send {
    /// The bot's name as `--seats` spells it.
    fn name(&self) -> &'static str;

    /// An answer to the seat's open decision. `rng` is the bot's own randomness.
    /// A bot always answers: if its search fails it falls back to a random answer.
    fn choose(&mut self, rules: &Arc<Ruleset>, info: &Information, rng: &mut ChaCha8Rng) -> Choice;
}

/// Uniform over the legal answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Bot for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _rules: &Arc<Ruleset>, info: &Information, rng: &mut ChaCha8Rng) -> Choice {
        info.decision().map_or(Choice::Pass, |d| random_choice(d, rng))
    }
}

/// The kinds of bot, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Heuristic,
    Ismcts,
}

impl BotKind {
    pub const NAMES: &'static str = "random, heuristic, ismcts";

    pub fn parse(name: &str) -> Option<BotKind> {
        match name.trim() {
            "random" => Some(BotKind::Random),
            "heuristic" | "greedy" => Some(BotKind::Heuristic),
            "ismcts" | "mcts" => Some(BotKind::Ismcts),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Ismcts => "ismcts",
        }
    }

    /// A bot of this kind; `budget` bounds a searching bot's decisions.
    pub fn build(self, budget: Budget) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(Random),
            BotKind::Heuristic => Box::new(Heuristic::with_think(budget.think)),
            BotKind::Ismcts => Box::new(Ismcts::new(IsmctsConfig { think: budget.think, iterations: budget.iterations, ..IsmctsConfig::default() })),
        }
    }
}

/// Share of its wall-clock budget a thinking bot plans to use. The rest is room for
/// the work in flight when the time runs out and for the machine: on a loaded
/// 2-core machine a thread is sometimes held up for about 100 ms (a plain busy loop
/// in two threads sees it about once a minute), and a decision must still end within
/// its budget plus 10%.
pub(crate) const THINK_SHARE: f64 = 0.5;

/// How much a searching bot may think on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time (`None`: no clock, so the bot's answers are reproducible).
    pub think: Option<Duration>,
    /// Search iterations.
    pub iterations: usize,
}

impl Budget {
    /// Iterations used when there is no clock and none are given.
    pub const DEFAULT_ITERATIONS: usize = 400;

    /// A wall-clock budget (iterations practically unbounded).
    pub fn millis(ms: u64) -> Budget {
        Budget { think: Some(Duration::from_millis(ms)), iterations: 1_000_000 }
    }

    /// An iteration budget without a clock.
    pub fn iterations(n: usize) -> Budget {
        Budget { think: None, iterations: n }
    }

    /// From command-line values: `think_ms` 0 means no clock.
    pub fn from_args(think_ms: u64, iterations: Option<usize>) -> Budget {
        match (think_ms, iterations) {
            (0, n) => Budget::iterations(n.unwrap_or(Budget::DEFAULT_ITERATIONS)),
            (ms, Some(n)) => Budget { iterations: n, ..Budget::millis(ms) },
            (ms, None) => Budget::millis(ms),
        }
    }
}

/// Asks `bot` for `seat`'s answer in `game`. The bot gets only the seat's
/// [`Information`]; its randomness is seeded from `seed`, the seat and how far the
/// game has gone, so a bot with an iteration budget answers the same in a replayed
/// or reloaded game.
pub fn ask(bot: &mut dyn Bot, game: &Game, seat: Seat, seed: u64) -> Choice {
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, game.state.history.len() as u64, seat as u64));
    let info = Information::new(game, seat, &mut rng);
    bot.choose(&game.rules, &info, &mut rng)
}

/// Mixes three numbers into one seed (splitmix64 steps).
pub fn mix(a: u64, b: u64, c: u64) -> u64 {
    let mut x = a ^ b.rotate_left(21) ^ c.rotate_left(42) ^ 0x9e37_79b9_7f4a_7c15;
    for _ in 0..2 {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^= x >> 31;
    }
    x
}

/// Picks uniformly among the legal answers of a decision.
pub fn random_choice(decision: &Decision, rng: &mut impl Rng) -> Choice {
    let total = decision.answer_count();
    let pick = rng.random_range(0..total.max(1));
    if decision.pass.is_some() && pick == total - 1 {
        return Choice::Pass;
    }
    match decision.kind {
        DecisionKind::One => Choice::Pick(pick),
        DecisionKind::Number { min, .. } => Choice::Number(min + pick as i64),
        DecisionKind::Many { min, max } => {
            let count = rng.random_range(min..=max);
            let mut indices: Vec<usize> = (0..decision.options.len()).collect();
            for i in 0..count {
                let j = rng.random_range(i..indices.len());
                indices.swap(i, j);
            }
            indices.truncate(count);
            indices.sort();
            Choice::PickMany(indices)
        }
    }
}

/// Remembers, per position the bot has been in, the answers it gave there, so that
/// a bot back in the same position (a loop of free moves that undo each other) tries
/// something else. A position is what the seat knows: its view without the log and
/// without the contents of stacks (which may be re-made from other pieces), and the
/// decision asked.
///
/// That alone does not stop a walk through many distinct positions (five
/// markers can be swapped into 120 arrangements), so the guard also counts the free
/// actions (options marked `free`) the bot took in a row: after
/// [`FREE_ACTIONS_IN_A_ROW`] it offers only the other answers, until it takes one of
/// them in a decision that had free actions.
#[derive(Clone, Debug, Default)]
pub struct LoopGuard {
    seen: HashMap<u64, Vec<u64>>,
    free_in_a_row: usize,
}

/// Positions remembered before the guard starts afresh.
const GUARD_POSITIONS: usize = 4096;

/// Free actions a bot takes in a row before it must do something else.
pub const FREE_ACTIONS_IN_A_ROW: usize = 6;

/// Whether `choice` picks a free option of `decision`.
fn is_free(decision: &Decision, choice: &Choice) -> bool {
    match choice {
        Choice::Pick(i) => decision.options.get(*i).is_some_and(|o| o.free),
        Choice::PickMany(list) => !list.is_empty() && list.iter().all(|i| decision.options.get(*i).is_some_and(|o| o.free)),
        _ => false,
    }
}

impl LoopGuard {
    /// The position `info` stands for.
    pub fn position(info: &Information) -> u64 {
        let v = &info.view;
        let mut h = DefaultHasher::new();
        for e in &v.entities {
            if matches!(e.at, Location::In(_)) || matches!(e.at, Location::Zone { seat: None, .. }) {
                continue;
            }
            (e.kind.as_str(), e.face.map(|f| f.as_str()), e.owner, e.at).hash(&mut h);
            if !e.props.is_empty() {
                format!("{:?}", e.props).hash(&mut h);
            }
        }
        format!("{:?}{:?}{:?}", v.seat_vars, v.globals, v.pairs).hash(&mut h);
        if let Some(d) = info.decision() {
            answers::fingerprint(d).hash(&mut h);
        }
        h.finish()
    }

    /// `answers` without those already given in `position`, and without free
    /// actions once the bot took enough in a row; each filter only applies if it
    /// leaves some answer.
    pub fn filter(&self, position: u64, decision: &Decision, answers: Vec<Choice>) -> Vec<Choice> {
        let answers = if self.free_in_a_row >= FREE_ACTIONS_IN_A_ROW { keep_some(answers, |a| !is_free(decision, a)) } else { answers };
        let Some(given) = self.seen.get(&position) else { return answers };
        keep_some(answers, |a| !given.contains(&answers::answer_key(decision, a)))
    }

    pub fn record(&mut self, position: u64, decision: &Decision, choice: &Choice) {
        if self.seen.len() >= GUARD_POSITIONS {
            self.seen.clear();
        }
        self.seen.entry(position).or_default().push(answers::answer_key(decision, choice));
        // Decisions without free actions (a sub-menu of one) leave the count alone.
        if decision.options.iter().any(|o| o.free) {
            self.free_in_a_row = if is_free(decision, choice) { self.free_in_a_row + 1 } else { 0 };
        }
    }
}

/// The answers `keep` accepts, or all of them if it accepts none.
fn keep_some(answers: Vec<Choice>, keep: impl Fn(&Choice) -> bool) -> Vec<Choice> {
    if answers.iter().any(&keep) {
        answers.into_iter().filter(|a| keep(a)).collect()
    } else {
        answers
    }
}

/// Plays forced answers (decisions with one legal answer) and, in a simultaneous
/// pending, random answers for seats other than `seat`, so that the effect of an
/// answer shows before it is scored. Stops after `limit` acts or when a seat has a
/// real choice to make.
pub(crate) fn settle(game: &mut Game, seat: Seat, limit: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..limit {
        let Some(pending) = game.pending() else { return };
        let simultaneous = pending.simultaneous;
        let waiting = pending.waiting_seats();
        let pick = waiting.iter().copied().find_map(|s| {
            let d = game.decision_for(s)?;
            if is_forced(d) {
                Some((s, candidates(d, 1).remove(0)))
            } else if simultaneous && s != seat {
                Some((s, random_choice(d, rng)))
            } else {
                None
            }
        });
        let Some((s, choice)) = pick else { return };
        if game.act(s, choice).is_err() {
            return;
        }
    }
}

/// Scores for every seat in a sampled game: the pack's evaluation, or the final
/// scores once it is over, or zeros when the pack has no evaluation.
pub(crate) fn scores(game: &mut Game) -> Vec<f64> {
    if let Some(outcome) = &game.state.outcome {
        return outcome.scores.iter().map(|&s| s as f64).collect();
    }
    match game.evaluate() {
        Ok(Some(scores)) => scores,
        _ => vec![0.0; game.state.seat_count()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::OptionItem;
    use crate::value::Value;

    #[test]
    fn random_choices_are_always_legal() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for kind in [DecisionKind::One, DecisionKind::Many { min: 1, max: 3 }, DecisionKind::Number { min: -2, max: 2 }] {
            for pass in [false, true] {
                let d = Decision {
                    seat: 0,
                    prompt: String::new(),
                    rule: None,
                    help: None,
                    kind: kind.clone(),
                    options: (0..4).map(|i| OptionItem { label: i.to_string(), value: Value::Int(i), free: false }).collect(),
                    pass: pass.then(String::new),
                    key: None,
                    labels: None,
                };
                for _ in 0..200 {
                    let c = random_choice(&d, &mut rng);
                    assert!(d.accept(&c).is_ok(), "{c:?} for {kind:?}");
                }
            }
        }
    }

    /// A menu of two free actions (which undo each other) and one that ends the turn.
    fn menu() -> Decision {
        Decision {
            seat: 0,
            prompt: "Your turn".into(),
            rule: None,
            help: None,
            kind: DecisionKind::One,
            options: vec![
                OptionItem { label: "Swap A and B".into(), value: Value::Int(0), free: true },
                OptionItem { label: "Swap A and C".into(), value: Value::Int(1), free: true },
                OptionItem { label: "End the turn".into(), value: Value::Int(2), free: false },
            ],
            pass: None,
            key: None,
            labels: None,
        }
    }

    #[test]
    fn after_enough_free_actions_in_a_row_only_the_others_are_offered() {
        let d = menu();
        let all = candidates(&d, 16);
        let mut guard = LoopGuard::default();
        for i in 0..FREE_ACTIONS_IN_A_ROW {
            // Every position is new: a walk through many arrangements.
            let answers = guard.filter(i as u64, &d, all.clone());
            assert!(answers.contains(&Choice::Pick(0)), "free actions are offered at first");
            guard.record(i as u64, &d, &Choice::Pick(i % 2));
        }
        assert_eq!(guard.filter(999, &d, all.clone()), vec![Choice::Pick(2)], "then only the turn's end");
        guard.record(999, &d, &Choice::Pick(2));
        assert_eq!(guard.filter(1000, &d, all.clone()), all, "ending the turn starts the count afresh");
    }

    #[test]
    fn a_decision_without_free_actions_leaves_the_count_alone() {
        let d = menu();
        let mut sub = menu();
        sub.options.iter_mut().for_each(|o| o.free = false);
        let mut guard = LoopGuard::default();
        for i in 0..FREE_ACTIONS_IN_A_ROW {
            guard.record(i as u64, &d, &Choice::Pick(0));
            guard.record(100 + i as u64, &sub, &Choice::Pick(1));
        }
        assert_eq!(guard.filter(999, &d, candidates(&d, 16)), vec![Choice::Pick(2)]);
        let only_free = vec![Choice::Pick(0), Choice::Pick(1)];
        assert_eq!(guard.filter(999, &d, only_free.clone()), only_free, "never leaves a bot without an answer");
    }

    #[test]
    fn bot_names_parse_back() {
        for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Ismcts] {
            assert_eq!(BotKind::parse(kind.name()), Some(kind));
        }
        assert_eq!(BotKind::parse("clever"), None);
    }

    #[test]
    fn mixed_seeds_differ_by_each_input() {
        assert_ne!(mix(1, 2, 3), mix(1, 2, 4));
        assert_ne!(mix(1, 2, 3), mix(1, 3, 3));
        assert_ne!(mix(1, 2, 3), mix(2, 2, 3));
    }
}
