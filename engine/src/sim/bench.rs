//! Measuring the kernel's cost per decision: what `orrery bench` reports.
//!
//! Seeded random games are played in the calling thread, every `Game::act` timed on
//! its own, so the figures are the kernel's and the pack's work and nothing else:
//! loading the pack and creating the script VM are timed apart (the first game on a
//! thread creates the VM), and the random bot's choice is left out. Counters come
//! from the kernel (`g` calls and Lua steps, [`crate::script::Tally`]) and from the
//! binary's counting allocator ([`crate::alloc_count`]). A snapshot is what an act
//! copies to roll back to, and what a bot's search copies: `Game::clone`, timed at
//! states along a game. ISMCTS is timed at a fixed iteration budget on positions
//! taken from random games.

use super::random_rng;
use crate::alloc_count;
use crate::bots::{ask, mix, random_choice, BotKind, Budget};
use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::script::Tally;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchSettings {
    pub seats: usize,
    /// Random games played (game i has seed `seed + i`).
    pub games: usize,
    pub seed: u64,
    /// The ISMCTS bot's iteration budget per decision.
    pub iterations: usize,
    /// Decisions the ISMCTS bot is timed on.
    pub ismcts_decisions: usize,
}

/// The figures of one pack.
#[derive(Clone, Debug, Serialize)]
pub struct PackBench {
    pub pack: String,
    pub seats: usize,
    pub games: usize,
    pub decisions: u64,
    /// Loading is the caller's; this is creating the script VM (the first game).
    pub vm_seconds: f64,
    /// Time inside `Game::new` and `Game::act`, VM creation left out.
    pub play_seconds: f64,
    pub decisions_per_second: f64,
    pub games_per_second: f64,
    pub us_per_decision_median: f64,
    pub us_per_decision_p99: f64,
    pub g_calls_per_decision: f64,
    pub lua_steps_per_decision: f64,
    /// `None` when the counting allocator is not installed (outside the binary).
    pub allocations_per_decision: Option<f64>,
    /// Median µs of one `Game::clone` at every 25th decision (at most 20 states).
    pub snapshot_us_median: f64,
    /// Entities in the largest state a snapshot was timed at.
    pub snapshot_entities: usize,
    pub ismcts_iterations: usize,
    pub ismcts_iterations_per_second: f64,
    /// Where the time of the acts went: by the flow step that asked the decision
    /// answered, dearest first — where a pack's author looks for slow rules.
    pub by_step: Vec<StepCost>,
}

/// The acts answering decisions asked by one flow step.
#[derive(Clone, Debug, Serialize)]
pub struct StepCost {
    pub step: String,
    pub decisions: u64,
    /// Share of all acts' time, in percent.
    pub share: f64,
    pub us_mean: f64,
    pub us_max: f64,
}

/// Plays and times `settings.games` random games of `rules`, then times ISMCTS.
pub fn bench(rules: Arc<Ruleset>, settings: &BenchSettings) -> Result<PackBench, GameError> {
    let vm_start = Instant::now();
    crate::game::host_for(&rules)?;
    let vm_seconds = vm_start.elapsed().as_secs_f64();

    let mut act_us: Vec<f64> = Vec::new();
    let mut steps: std::collections::BTreeMap<String, (u64, f64, f64)> = Default::default();
    let mut play_seconds = 0.0;
    let mut snapshots: Vec<f64> = Vec::new();
    let mut snapshot_entities = 0;
    let (tally, allocations) = (Tally::now(), alloc_count::allocations());
    let mut allocations_in_acts: Option<u64> = allocations.map(|_| 0);
    for index in 0..settings.games {
        let seed = settings.seed.wrapping_add(index as u64);
        let mut rng = random_rng(seed);
        let start = Instant::now();
        let mut game = Game::new(rules.clone(), settings.seats, seed, Vec::new())?;
        play_seconds += start.elapsed().as_secs_f64();
        while !game.is_over() && act_us.len() < u32::MAX as usize {
            let seat = game.pending().and_then(|p| p.waiting_seats().first().copied()).ok_or_else(|| GameError::Flow("not over, but nothing to decide".into()))?;
            let choice = random_choice(game.decision_for(seat).ok_or_else(|| GameError::Flow("no decision".into()))?, &mut rng);
            let step = asking_step(&game);
            let before = alloc_count::allocations();
            let start = Instant::now();
            game.act(seat, choice)?;
            let took = start.elapsed().as_secs_f64();
            if let (Some(total), Some(b), Some(a)) = (allocations_in_acts.as_mut(), before, alloc_count::allocations()) {
                // Less the one allocation `allocations` itself makes.
                *total += a.saturating_sub(b).saturating_sub(1);
            }
            play_seconds += took;
            act_us.push(took * 1e6);
            let cost = steps.entry(step).or_default();
            *cost = (cost.0 + 1, cost.1 + took * 1e6, cost.2.max(took * 1e6));
            if act_us.len() % 25 == 0 && snapshots.len() < 20 {
                snapshots.push(snapshot_us(&game));
                snapshot_entities = snapshot_entities.max(game.state.entities.len());
            }
        }
    }
    let decisions = act_us.len() as u64;
    let per = |n: u64| if decisions == 0 { 0.0 } else { n as f64 / decisions as f64 };
    let used = Tally::now();
    let (ismcts_iterations_per_second, _) = ismcts_rate(&rules, settings)?;
    let mut sorted = act_us.clone();
    sorted.sort_by(f64::total_cmp);
    Ok(PackBench {
        pack: rules.manifest.id.clone(),
        seats: settings.seats,
        games: settings.games,
        decisions,
        vm_seconds,
        play_seconds,
        decisions_per_second: decisions as f64 / play_seconds.max(1e-9),
        games_per_second: settings.games as f64 / play_seconds.max(1e-9),
        us_per_decision_median: quantile(&sorted, 0.5),
        us_per_decision_p99: quantile(&sorted, 0.99),
        g_calls_per_decision: per(used.g_calls - tally.g_calls),
        lua_steps_per_decision: per(used.lua_steps - tally.lua_steps),
        allocations_per_decision: allocations_in_acts.map(per),
        snapshot_us_median: median(&mut snapshots),
        snapshot_entities,
        ismcts_iterations: settings.iterations,
        ismcts_iterations_per_second,
        by_step: step_costs(steps),
    })
}

/// The name of the flow step whose decision is pending.
fn asking_step(game: &Game) -> String {
    let frame = game.pending().and_then(|p| game.state.flow.get(p.frame));
    frame.map_or_else(|| "?".to_owned(), |f| f.step.as_str().to_owned())
}

/// The steps' costs, dearest first.
fn step_costs(steps: std::collections::BTreeMap<String, (u64, f64, f64)>) -> Vec<StepCost> {
    let total: f64 = steps.values().map(|c| c.1).sum();
    let mut costs: Vec<StepCost> = steps
        .into_iter()
        .map(|(step, (decisions, us, max))| StepCost {
            step,
            decisions,
            share: if total > 0.0 { 100.0 * us / total } else { 0.0 },
            us_mean: us / decisions.max(1) as f64,
            us_max: max,
        })
        .collect();
    costs.sort_by(|a, b| b.share.total_cmp(&a.share));
    costs
}

/// Median µs of one `Game::clone` of `game`, over enough copies to time.
fn snapshot_us(game: &Game) -> f64 {
    const COPIES: u32 = 1000;
    let start = Instant::now();
    for _ in 0..COPIES {
        std::hint::black_box(game.clone());
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(COPIES)
}

/// ISMCTS iterations per second (the median over the timed decisions), and how many
/// decisions were timed: positions every few decisions along seeded random games.
fn ismcts_rate(rules: &Arc<Ruleset>, settings: &BenchSettings) -> Result<(f64, usize), GameError> {
    if settings.ismcts_decisions == 0 || settings.iterations == 0 {
        return Ok((0.0, 0));
    }
    let mut rates = Vec::new();
    let mut bot = BotKind::Ismcts.build(Budget::iterations(settings.iterations));
    let mut seed = settings.seed;
    while rates.len() < settings.ismcts_decisions {
        let mut rng = random_rng(seed);
        let mut game = Game::new(rules.clone(), settings.seats, seed, Vec::new())?;
        let mut step = 0u64;
        while !game.is_over() && rates.len() < settings.ismcts_decisions {
            let seat = game.pending().and_then(|p| p.waiting_seats().first().copied()).ok_or_else(|| GameError::Flow("nothing to decide".into()))?;
            let decision = game.decision_for(seat).ok_or_else(|| GameError::Flow("no decision".into()))?;
            // A decision with one answer is not searched: time only real choices.
            let timed = step % 7 == 3 && decision.answer_count() > 1;
            let choice = if timed {
                let start = Instant::now();
                let choice = ask(bot.as_mut(), &game, seat, mix(seed, step, 0));
                rates.push(settings.iterations as f64 / start.elapsed().as_secs_f64().max(1e-9));
                choice
            } else {
                random_choice(decision, &mut rng)
            };
            game.act(seat, choice)?;
            step += 1;
        }
        seed = seed.wrapping_add(1);
    }
    let n = rates.len();
    Ok((median(&mut rates), n))
}

/// The value below which a fraction `q` of `sorted` lies (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    quantile(values, 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&values, 0.5), 50.0);
        assert_eq!(quantile(&values, 0.99), 99.0);
        assert_eq!(quantile(&values, 1.0), 100.0);
        assert_eq!(quantile(&[7.0], 0.99), 7.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
    }
}
