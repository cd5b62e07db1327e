//! Random play: many seeded games with bots, for testing and measuring.
//!
//! Games are split across threads (each with its own script VM); game `i` uses the
//! seed `seed + i`, so a report is reproducible whatever the thread count.

use crate::bots::random_choice;
use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::state::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// Decisions one game may take before it is reported as not finishing.
pub const MAX_DECISIONS: usize = 200_000;

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameRun {
    pub seed: u64,
    pub decisions: usize,
    pub result: Result<Game, (GameError, Game)>,
}

/// Plays one game with random bots, calling `check` after every action.
pub fn play_random(
    rules: Arc<Ruleset>,
    seats: usize,
    seed: u64,
    variants: &[String],
    mut check: impl FnMut(&Game) -> Result<(), String>,
) -> GameRun {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut game = match Game::new(rules.clone(), seats, seed, variants.to_vec()) {
        Ok(g) => g,
        Err(e) => {
            let empty = Game::from_state(rules, Default::default());
            return GameRun { seed, decisions: 0, result: Err((e, empty)) };
        }
    };
    let mut decisions = 0;
    while !game.is_over() {
        if decisions >= MAX_DECISIONS {
            let e = GameError::Flow(format!("no end after {MAX_DECISIONS} decisions"));
            return GameRun { seed, decisions, result: Err((e, game)) };
        }
        let Some(pending) = game.pending() else {
            let e = GameError::Flow("not over, but nothing to decide".into());
            return GameRun { seed, decisions, result: Err((e, game)) };
        };
        let seat: Seat = pending.waiting_seats()[0];
        let decision = game.decision_for(seat).expect("waiting seat has a decision").clone();
        let choice = random_choice(&decision, &mut rng);
        if let Err(e) = game.act(seat, choice) {
            return GameRun { seed, decisions, result: Err((e, game)) };
        }
        decisions += 1;
        if let Err(message) = check(&game) {
            return GameRun { seed, decisions, result: Err((GameError::Flow(format!("invariant broken: {message}")), game)) };
        }
    }
    GameRun { seed, decisions, result: Ok(game) }
}

/// The summary `orrery simulate --json` prints.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub pack: String,
    pub players: usize,
    pub variants: Vec<String>,
    pub seed: u64,
    pub games: usize,
    pub finished: usize,
    pub errors: usize,
    pub error_messages: Vec<String>,
    pub decisions: usize,
    pub decisions_per_game: f64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// Games won (first in the ranking) by each seat, seat 1 first.
    pub wins_by_seat: Vec<usize>,
    pub mean_score_by_seat: Vec<f64>,
    /// Sums over finished games of every global integer variable named `usage.<what>`:
    /// packs count there how often each of their components was used.
    pub usage: std::collections::BTreeMap<String, i64>,
}

/// Plays `games` games with random bots on `threads` threads.
pub fn simulate(rules: Arc<Ruleset>, seats: usize, games: usize, seed: u64, variants: &[String], threads: usize) -> Report {
    let start = Instant::now();
    let threads = threads.clamp(1, games.max(1));
    let runs: Vec<GameRun> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let rules = rules.clone();
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads)
                        .map(|i| play_random(rules.clone(), seats, seed + i as u64, variants, |_| Ok(())))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let mut report = Report {
        pack: rules.manifest.id.clone(),
        players: seats,
        variants: variants.to_vec(),
        seed,
        games,
        seconds,
        wins_by_seat: vec![0; seats],
        mean_score_by_seat: vec![0.0; seats],
        ..Report::default()
    };
    for run in &runs {
        report.decisions += run.decisions;
        match &run.result {
            Ok(game) => {
                report.finished += 1;
                if let Some(outcome) = &game.state.outcome {
                    // Variants may add seats no player sits in: size the tallies to the game.
                    let n = outcome.scores.len();
                    if report.wins_by_seat.len() < n {
                        report.wins_by_seat.resize(n, 0);
                        report.mean_score_by_seat.resize(n, 0.0);
                    }
                    if let Some(&winner) = outcome.ranking.first() {
                        report.wins_by_seat[winner as usize] += 1;
                    }
                    for (i, s) in outcome.scores.iter().enumerate() {
                        report.mean_score_by_seat[i] += *s as f64;
                    }
                }
                for (name, value) in game.state.globals.iter() {
                    if let (Some(what), Some(n)) = (name.as_str().strip_prefix("usage."), value.as_int()) {
                        *report.usage.entry(what.to_owned()).or_default() += n;
                    }
                }
            }
            Err((e, _)) => {
                report.errors += 1;
                if report.error_messages.len() < 10 {
                    report.error_messages.push(format!("seed {}: {e}", run.seed));
                }
            }
        }
    }
    if report.finished > 0 {
        for m in &mut report.mean_score_by_seat {
            *m /= report.finished as f64;
        }
    }
    report.decisions_per_game = report.decisions as f64 / games.max(1) as f64;
    report.games_per_second = games as f64 / seconds.max(1e-9);
    report
}
