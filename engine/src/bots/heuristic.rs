//! The heuristic bot: greedy, one answer ahead.
//!
//! For each candidate answer of its decision, the bot applies the answer to a copy
//! of its sampled state, lets forced answers and other seats' simultaneous answers
//! (guessed at random, the same guesses for every candidate) play out so the effect
//! shows, plays its own follow-up decisions if the answer opened some (up to `depth`
//! of them, each greedily), and scores the result with the pack's evaluation: its own
//! value minus the best other seat's. It takes the best, breaking ties at random. It
//! sees nothing beyond its own move, so plans that pay off later look like any other.
//!
//! With a wall-clock budget it stops trying answers when its share of the budget is
//! spent and takes the best found so far (answers are tried in the decision's
//! order, so the first one is always scored).

use super::{candidates, is_forced, scores, settle, Bot, Information, LoopGuard, THINK_SHARE};
use crate::content::Ruleset;
use crate::flow::Choice;
use crate::game::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Acts [`settle`] may play after the candidate answer.
const SETTLE_ACTS: usize = 24;

/// The greedy bot. `width` bounds how many answers of one decision it tries.
#[derive(Clone, Debug)]
pub struct Heuristic {
    pub width: usize,
    /// How many of its own follow-up decisions an answer is played through.
    pub depth: usize,
    /// Answers tried at each follow-up decision.
    pub follow_width: usize,
    /// Wall-clock budget of one decision (`None`: no clock).
    pub think: Option<Duration>,
    guard: LoopGuard,
}

impl Default for Heuristic {
    fn default() -> Heuristic {
        Heuristic { width: 24, depth: 2, follow_width: 8, think: None, guard: LoopGuard::default() }
    }
}

impl Heuristic {
    /// A heuristic bot that answers within `think` (if given).
    pub fn with_think(think: Option<Duration>) -> Heuristic {
        Heuristic { think, ..Heuristic::default() }
    }

    fn out_of_time(deadline: Option<Instant>) -> bool {
        deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Plays the seat's own next decisions, if the answer opened some (a "which
    /// one?" after an action), greedily one answer ahead each, so that an answer is
    /// scored by what it leads to within the seat's turn.
    fn follow_up(&self, game: &mut Game, seat: crate::state::Seat, guesses: u64, deadline: Option<Instant>) {
        for _ in 0..self.depth {
            if Self::out_of_time(deadline) {
                return;
            }
            if game.pending().and_then(|p| p.waiting_seats().first().copied()) != Some(seat) {
                return;
            }
            let Some(decision) = game.decision_for(seat).cloned() else { return };
            let mut best: Option<(f64, Game)> = None;
            for answer in candidates(&decision, self.follow_width) {
                if best.is_some() && Self::out_of_time(deadline) {
                    break;
                }
                let mut next = game.clone();
                if next.act(seat, answer).is_err() {
                    continue;
                }
                settle(&mut next, seat, SETTLE_ACTS, &mut ChaCha8Rng::seed_from_u64(guesses));
                let value = relative(&scores(&mut next), seat as usize);
                if best.as_ref().is_none_or(|(b, _)| value > *b + 1e-9) {
                    best = Some((value, next));
                }
            }
            match best {
                Some((_, next)) => *game = next,
                None => return,
            }
        }
    }
}

impl Bot for Heuristic {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, rules: &Arc<Ruleset>, info: &Information, rng: &mut ChaCha8Rng) -> Choice {
        let Some(decision) = info.decision() else { return Choice::Pass };
        let answers = candidates(decision, self.width);
        if is_forced(decision) || answers.len() == 1 {
            return answers[0].clone();
        }
        let position = LoopGuard::position(info);
        let answers = self.guard.filter(position, decision, answers);
        let seat = info.seat();
        let guesses: u64 = rng.random();
        let deadline = self.think.map(|t| Instant::now() + t.mul_f64(THINK_SHARE));
        let mut best: Vec<(f64, &Choice)> = Vec::new();
        for answer in &answers {
            if !best.is_empty() && Self::out_of_time(deadline) {
                break;
            }
            let mut game = Game::from_state(rules.clone(), info.sample().clone());
            if game.act(seat, answer.clone()).is_err() {
                continue;
            }
            settle(&mut game, seat, SETTLE_ACTS, &mut ChaCha8Rng::seed_from_u64(guesses));
            self.follow_up(&mut game, seat, guesses, deadline);
            let value = relative(&scores(&mut game), seat as usize);
            match best.first() {
                Some((top, _)) if value < top - 1e-9 => {}
                Some((top, _)) if value <= top + 1e-9 => best.push((value, answer)),
                _ => best = vec![(value, answer)],
            }
        }
        let choice = match best.is_empty() {
            true => answers[rng.random_range(0..answers.len())].clone(),
            false => best[rng.random_range(0..best.len())].1.clone(),
        };
        self.guard.record(position, decision, &choice);
        choice
    }
}

/// A seat's score minus the best score among the other seats.
pub(crate) fn relative(scores: &[f64], seat: usize) -> f64 {
    let own = scores.get(seat).copied().unwrap_or(0.0);
    let best_other = scores.iter().enumerate().filter(|(i, _)| *i != seat).map(|(_, s)| *s).fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        own - best_other
    } else {
        own
    }
}
