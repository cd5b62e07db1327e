//! The ISMCTS bot: information-set Monte Carlo tree search (single observer).
//!
//! Each iteration re-deals what the seat does not know (a fresh [`determinize`] of
//! its sample), walks down the tree by UCB over the answers of whoever must decide
//! (other seats' turns included, each scored by its own reward), adds the first
//! answer not tried yet, plays random answers for at most `playout` more decisions,
//! scores the position with the pack's evaluation and backs the rewards up. Before
//! the first iteration every root answer gets `prior` virtual visits worth its value
//! one answer ahead, so the search starts from the heuristic bot's opinion.
//!
//! - Tree nodes stand for the sequence of answers from the root. An answer is keyed
//!   by its option labels, because option lists may differ between samples; UCB
//!   counts how often an answer was *available* rather than how often its parent
//!   was visited (SO-ISMCTS with availability counts).
//! - Other seats' answers to a *simultaneous* decision are random and kept out of
//!   the tree: in a tree they would be chosen knowing ours.
//! - Forced answers (one legal answer) are played without a node.
//! - A reward is in `0..=1`: at the end of a game, 1 for the winner and a little for
//!   the places behind; before it, a logistic of how much the seat's *lead* (its
//!   evaluation minus the best other seat's) changed since the root position, on a
//!   scale set by the size of the evaluations at the root ([`Reward`]).
//!
//! Why the change of lead rather than the lead itself: the answers compared at a node
//! all start from the same root, so subtracting the root's lead moves every answer's
//! reward by the same amount before the logistic and keeps their order. What it
//! changes is where they fall on the curve. A logistic of the lead itself is flat once
//! a seat leads or trails by a few scales (in a game scored in hundreds of points, a
//! lead of 50 gives every answer a reward of about 0 or 1), so the search could no
//! longer tell a good answer from a bad one and played almost at random. Centred on
//! the root, the rewards of a non-final position stay near ½, where the logistic is
//! steepest, whatever the score; and a won game's 1 stays clearly above them, so a
//! seat far ahead also sees that ending the game is worth more than dragging it on.
//!
//! The search stops at `iterations` or at the wall-clock `think` budget (checked
//! between decisions of a playout, so a decision overruns it by at most one act).
//! Without `think` the search is a pure function of the information and the seed.

use super::answers::answer_key;
use super::heuristic::relative;
use super::{candidates, is_forced, random_choice, scores, settle, Bot, Information, LoopGuard, THINK_SHARE};
use crate::content::Ruleset;
use crate::flow::{Choice, Decision};
use crate::game::Game;
use crate::state::Seat;
use crate::view::determinize;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Settings of the search.
#[derive(Clone, Copy, Debug)]
pub struct IsmctsConfig {
    /// Wall-clock budget of one decision (`None`: iterations only).
    pub think: Option<Duration>,
    /// Most iterations per decision.
    pub iterations: usize,
    /// Real decisions (more than one answer) played at random after leaving the tree
    /// before the position is scored; forced answers and the rest of a half-answered
    /// simultaneous decision do not count.
    pub playout: usize,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Most answers considered per decision.
    pub width: usize,
    /// Virtual visits given to each answer at the root, valued by a one-answer-ahead
    /// evaluation (the heuristic bot's), before the search starts (0: none).
    pub prior: u32,
}

impl Default for IsmctsConfig {
    fn default() -> IsmctsConfig {
        // Short playouts and a seeded root: with the base pack's evaluation, which
        // foresees the round's scoring, 24-game tournaments against heuristic and
        // random bots (seed 1, 200 ms) gave ISMCTS 15 wins with playouts of 16 and no
        // prior, 16 with a prior of 8, 19 with playouts of 4 and the prior, 17 with no
        // playout at all: random play mostly adds noise to a good evaluation.
        IsmctsConfig { think: Some(Duration::from_millis(200)), iterations: 1_000_000, playout: 4, exploration: 0.7, width: 16, prior: 8 }
    }
}

/// Acts the root's one-answer-ahead evaluation may play after the answer.
const SETTLE_ACTS: usize = 24;
/// Steps one iteration may take in all, a guard against a flow that never ends.
const MAX_STEPS: usize = 5_000;

#[derive(Clone, Debug)]
struct Edge {
    key: u64,
    child: usize,
    visits: u32,
    reward: f64,
    available: u32,
}

#[derive(Clone, Debug, Default)]
struct Node {
    edges: Vec<Edge>,
}

/// The ISMCTS bot.
#[derive(Clone, Debug)]
pub struct Ismcts {
    pub config: IsmctsConfig,
    nodes: Vec<Node>,
    guard: LoopGuard,
    /// Answers allowed at the root (the loop guard's choice).
    root: Vec<u64>,
    /// Iterations run by the last decision (for tests and tuning).
    pub last_iterations: usize,
}

impl Ismcts {
    pub fn new(config: IsmctsConfig) -> Ismcts {
        Ismcts { config, nodes: Vec::new(), guard: LoopGuard::default(), root: Vec::new(), last_iterations: 0 }
    }

    fn iterate(&mut self, rules: &Arc<Ruleset>, info: &Information, reward: &Reward, deadline: Option<Instant>, rng: &mut ChaCha8Rng) {
        let seat = info.seat();
        let mut game = Game::from_state(rules.clone(), determinize(info.sample(), &rules.manifest.secrets, seat, rng));
        let mut path: Vec<(usize, usize, Seat)> = Vec::new();
        let mut node = 0usize;
        let mut in_tree = true;
        let mut playout = 0usize;
        for step in 0..MAX_STEPS {
            if game.is_over() {
                break;
            }
            if step > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let Some(pending) = game.pending() else { break };
            let simultaneous = pending.simultaneous;
            let half_answered = simultaneous && pending.answers.iter().any(Option::is_some);
            let actor = if step == 0 { Some(seat) } else { pending.waiting_seats().first().copied() };
            let Some(actor) = actor else { break };
            let Some(decision) = game.decision_for(actor).cloned() else { break };
            let forced = is_forced(&decision);
            // Only real choices count towards the playout; forced answers and the rest
            // of a half-answered simultaneous decision are played through.
            if !in_tree && !forced && !half_answered && playout >= self.config.playout {
                break;
            }
            let choice = if forced {
                candidates(&decision, 1).remove(0)
            } else if !in_tree || (simultaneous && actor != seat) {
                playout += usize::from(!in_tree);
                random_choice(&decision, rng)
            } else {
                let (edge, choice) = self.select(node, &decision, step == 0, rng);
                path.push((node, edge, actor));
                let e = &self.nodes[node].edges[edge];
                if e.visits == 0 {
                    in_tree = false;
                }
                node = e.child;
                choice
            };
            if game.act(actor, choice).is_err() {
                break;
            }
        }
        let rewards = reward.rewards(&mut game);
        for (n, e, actor) in path {
            let edge = &mut self.nodes[n].edges[e];
            edge.visits += 1;
            edge.reward += rewards.get(actor as usize).copied().unwrap_or(0.0);
        }
    }

    /// Gives every root answer `prior` virtual visits worth its value one answer
    /// ahead (after forced answers and guessed simultaneous ones).
    fn seed_root(
        &mut self,
        rules: &Arc<Ruleset>,
        info: &Information,
        decision: &Decision,
        answers: &[Choice],
        (reward, deadline): (&Reward, Option<Instant>),
        rng: &mut ChaCha8Rng,
    ) {
        let seat = info.seat();
        let guesses: u64 = rng.random();
        let prior = self.config.prior;
        for answer in answers {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break; // the answers left start untried, as without a prior
            }
            let mut game = Game::from_state(rules.clone(), info.sample().clone());
            if game.act(seat, answer.clone()).is_err() {
                continue;
            }
            settle(&mut game, seat, SETTLE_ACTS, &mut <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(guesses));
            let value = reward.rewards(&mut game).get(seat as usize).copied().unwrap_or(0.5);
            let child = self.nodes.len();
            self.nodes.push(Node::default());
            let key = answer_key(decision, answer);
            self.nodes[0].edges.push(Edge { key, child, visits: prior, reward: prior as f64 * value, available: prior });
        }
    }

    /// Picks an answer at `node`: an untried one at random, else the best by UCB
    /// among those available in this sample. Returns the edge index and the answer.
    fn select(&mut self, node: usize, decision: &Decision, root: bool, rng: &mut ChaCha8Rng) -> (usize, Choice) {
        let answers = candidates(decision, self.config.width);
        let mut available: Vec<(usize, Choice)> = Vec::with_capacity(answers.len());
        for answer in answers {
            let key = answer_key(decision, &answer);
            if root && !self.root.contains(&key) {
                continue;
            }
            let index = match self.nodes[node].edges.iter().position(|e| e.key == key) {
                Some(i) => i,
                None => {
                    let child = self.nodes.len();
                    self.nodes.push(Node::default());
                    self.nodes[node].edges.push(Edge { key, child, visits: 0, reward: 0.0, available: 0 });
                    self.nodes[node].edges.len() - 1
                }
            };
            self.nodes[node].edges[index].available += 1;
            available.push((index, answer));
        }
        let edges = &self.nodes[node].edges;
        let untried: Vec<usize> = (0..available.len()).filter(|&i| edges[available[i].0].visits == 0).collect();
        let pick = if !untried.is_empty() {
            untried[rng.random_range(0..untried.len())]
        } else {
            let c = self.config.exploration;
            let ucb = |i: usize| {
                let e = &edges[available[i].0];
                let v = e.visits as f64;
                e.reward / v + c * ((e.available as f64).ln() / v).sqrt()
            };
            (0..available.len()).max_by(|&a, &b| ucb(a).total_cmp(&ucb(b))).unwrap_or(0)
        };
        available.swap_remove(pick)
    }
}

impl Bot for Ismcts {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn choose(&mut self, rules: &Arc<Ruleset>, info: &Information, rng: &mut ChaCha8Rng) -> Choice {
        let start = Instant::now();
        let Some(decision) = info.decision() else { return Choice::Pass };
        let answers = candidates(decision, self.config.width);
        self.last_iterations = 0;
        if is_forced(decision) || answers.len() == 1 {
            return answers[0].clone();
        }
        let position = LoopGuard::position(info);
        let answers = self.guard.filter(position, decision, answers);
        if answers.len() == 1 {
            self.guard.record(position, decision, &answers[0]);
            return answers[0].clone();
        }
        self.root = answers.iter().map(|a| answer_key(decision, a)).collect();
        let deadline = self.config.think.map(|t| start + t.mul_f64(THINK_SHARE));
        let reward = Reward::at_root(&mut Game::from_state(rules.clone(), info.sample().clone()));
        self.nodes.clear();
        self.nodes.push(Node::default());
        if self.config.prior > 0 {
            self.seed_root(rules, info, decision, &answers, (&reward, deadline), rng);
        }
        for i in 0..self.config.iterations {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate(rules, info, &reward, deadline, rng);
            self.last_iterations = i + 1;
        }
        let root = &self.nodes[0];
        let best = root.edges.iter().max_by(|a, b| {
            a.visits.cmp(&b.visits).then((a.reward / a.visits.max(1) as f64).total_cmp(&(b.reward / b.visits.max(1) as f64)))
        });
        let choice = best.and_then(|b| answers.iter().find(|a| answer_key(decision, a) == b.key)).cloned().unwrap_or_else(|| answers[0].clone());
        self.guard.record(position, decision, &choice);
        choice
    }
}

/// How a position is rewarded, fixed at the root of one decision's search (see the
/// module documentation): every seat's lead at the root and the logistic's scale.
#[derive(Clone, Debug)]
struct Reward {
    /// Each seat's evaluation minus the best other seat's, at the root.
    root_leads: Vec<f64>,
    /// A tenth of the mean size of the root's evaluations, at least 1.
    scale: f64,
}

impl Reward {
    fn at_root(game: &mut Game) -> Reward {
        let s = scores(game);
        let scale = (0.1 * s.iter().map(|x| x.abs()).sum::<f64>() / s.len().max(1) as f64).max(1.0);
        Reward { root_leads: (0..s.len()).map(|i| relative(&s, i)).collect(), scale }
    }

    /// Rewards in `0..=1` for every seat: the ranking's once the game is over, else a
    /// logistic of the change of each seat's lead since the root.
    fn rewards(&self, game: &mut Game) -> Vec<f64> {
        let n = game.state.seat_count();
        if let Some(outcome) = &game.state.outcome {
            let mut out = vec![0.0; n];
            for (place, &s) in outcome.ranking.iter().enumerate() {
                if let Some(r) = out.get_mut(s as usize) {
                    *r = if place == 0 { 1.0 } else { 0.25 * (n - 1 - place) as f64 / (n - 1).max(1) as f64 };
                }
            }
            return out;
        }
        let s = scores(game);
        (0..n).map(|i| lead_reward(self.root_leads.get(i).copied().unwrap_or(0.0), relative(&s, i), self.scale)).collect()
    }
}

/// The reward of a non-final position to a seat that led by `root_lead` at the root
/// and leads by `lead` now: a logistic of the change, ½ when the lead is unchanged.
fn lead_reward(root_lead: f64, lead: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-(lead - root_lead) / scale).exp())
}

#[cfg(test)]
mod tests {
    use super::lead_reward;

    #[test]
    fn rewards_tell_answers_apart_at_any_lead() {
        // Two answers 10 points apart, scale 10: as far apart when the seat leads by
        // 150 or trails by 150 as when the game is even.
        for root in [-150.0, 0.0, 150.0] {
            let gap = lead_reward(root, root + 10.0, 10.0) - lead_reward(root, root, 10.0);
            assert!(gap > 0.2, "at a root lead of {root} the rewards differ by only {gap}");
        }
        assert_eq!(lead_reward(150.0, 150.0, 10.0), 0.5, "an unchanged lead is worth a half");
        assert!(lead_reward(150.0, 140.0, 10.0) < 0.5, "losing ground is worth less than a half");
    }
}
