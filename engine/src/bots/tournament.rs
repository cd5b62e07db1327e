//! Tournaments: bots against bots over many seeded games, with their strength.
//!
//! The bots are *entries* in the order given (`ismcts,heuristic,random,random` is
//! four entries). Game `i` uses seed `seed + i` and rotates the entries over the
//! seats by `i` places, so every entry plays every seat equally often when the
//! number of games is a multiple of the number of seats. Games run on several
//! threads, each with its own script VM. Per entry the report gives wins with a 95%
//! Wilson interval, the mean final score, and decision times (95th percentile and
//! maximum, over every decision the entry was asked).

use super::{ask, mix, BotKind, Budget};
use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::state::Seat;
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Decisions one game may take before it is abandoned as not finishing.
const MAX_DECISIONS: usize = 100_000;

/// What to play.
#[derive(Clone, Debug)]
pub struct Settings {
    pub entries: Vec<BotKind>,
    pub games: usize,
    pub seed: u64,
    pub variants: Vec<String>,
    /// What a searching bot may spend on one decision.
    pub budget: Budget,
    pub threads: usize,
}

/// One entry's results.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EntryReport {
    /// The bot kind, numbered when it appears more than once (`random#2`).
    pub bot: String,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    pub win_low: f64,
    pub win_high: f64,
    /// Mean of the entry's final score (the game's outcome scores).
    pub mean_score: f64,
    pub decisions: usize,
    /// 95th percentile of the time to decide, in milliseconds.
    pub p95_decision_ms: f64,
    pub max_decision_ms: f64,
    /// The wall-clock budget the entry was given, if it thinks (ismcts, heuristic).
    pub budget_ms: Option<f64>,
    /// Decisions that took longer than the budget plus 10%.
    pub over_budget: usize,
}

/// The whole tournament.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub pack: String,
    pub seats: usize,
    pub games: usize,
    pub finished: usize,
    pub errors: usize,
    pub error_messages: Vec<String>,
    pub seed: u64,
    pub think_ms: Option<f64>,
    /// Iteration budget of a searching bot's decision.
    pub iterations: usize,
    pub threads: usize,
    pub seconds: f64,
    pub entries: Vec<EntryReport>,
}

/// How one game went: per seat, the entry that played it, its score, whether it won,
/// and its decision times.
struct GameResult {
    seed: u64,
    result: Result<Vec<(usize, i64, bool)>, GameError>,
    times: Vec<(usize, Duration)>,
}

/// The entry playing `seat` in game `game` of a tournament of `n` entries.
pub fn entry_for(game: usize, seat: usize, n: usize) -> usize {
    (seat + game) % n
}

/// The 95% Wilson score interval of `wins` successes out of `n`.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (((centre - half) / denom).max(0.0), ((centre + half) / denom).min(1.0))
}

fn play_one(rules: &Arc<Ruleset>, settings: &Settings, index: usize) -> GameResult {
    let n = settings.entries.len();
    let seed = settings.seed + index as u64;
    let mut times = Vec::new();
    let mut game = match Game::new(rules.clone(), n, seed, settings.variants.clone()) {
        Ok(g) => g,
        Err(e) => return GameResult { seed, result: Err(e), times },
    };
    let entry_of: Vec<usize> = (0..n).map(|s| entry_for(index, s, n)).collect();
    let mut bots: Vec<_> = entry_of.iter().map(|&e| settings.entries[e].build(settings.budget)).collect();
    let bot_seed = mix(settings.seed, index as u64, 0x70_75_72_6e);
    let mut decisions = 0;
    while !game.is_over() {
        if decisions >= MAX_DECISIONS {
            return GameResult { seed, result: Err(GameError::Flow(format!("no end after {MAX_DECISIONS} decisions"))), times };
        }
        let Some(seat) = game.pending().and_then(|p| p.waiting_seats().first().copied()) else {
            return GameResult { seed, result: Err(GameError::Flow("not over, but nothing to decide".into())), times };
        };
        let start = Instant::now();
        let choice = ask(bots[seat as usize].as_mut(), &game, seat, bot_seed);
        times.push((entry_of[seat as usize], start.elapsed()));
        if let Err(e) = game.act(seat, choice) {
            return GameResult { seed, result: Err(e), times };
        }
        decisions += 1;
    }
    let outcome = game.state.outcome.clone().unwrap_or_else(|| crate::state::Outcome { scores: vec![0; n], ranking: Vec::new() });
    let winner: Option<Seat> = outcome.ranking.first().copied();
    let per_seat = (0..n).map(|s| (entry_of[s], outcome.scores.get(s).copied().unwrap_or(0), winner == Some(s as Seat))).collect();
    GameResult { seed, result: Ok(per_seat), times }
}

/// Plays the tournament; `progress` is called after each game with (done, total).
pub fn run(rules: Arc<Ruleset>, settings: &Settings, progress: &(dyn Fn(usize, usize) + Sync)) -> Report {
    let start = Instant::now();
    let threads = settings.threads.clamp(1, settings.games.max(1));
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<GameResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let rules = rules.clone();
                let done = &done;
                scope.spawn(move || {
                    (t..settings.games)
                        .step_by(threads)
                        .map(|i| {
                            let r = play_one(&rules, settings, i);
                            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, settings.games);
                            r
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    summarise(&rules, settings, threads, results, start.elapsed())
}

fn summarise(rules: &Ruleset, settings: &Settings, threads: usize, mut results: Vec<GameResult>, elapsed: Duration) -> Report {
    results.sort_by_key(|r| r.seed);
    let n = settings.entries.len();
    let mut entries: Vec<EntryReport> = settings
        .entries
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let same = settings.entries[..i].iter().filter(|k| *k == kind).count();
            let bot = if same == 0 { kind.name().to_owned() } else { format!("{}#{}", kind.name(), same + 1) };
            let budget_ms = (*kind != BotKind::Random).then_some(settings.budget.think).flatten().map(|t| t.as_secs_f64() * 1000.0);
            EntryReport { bot, budget_ms, ..EntryReport::default() }
        })
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut report = Report {
        pack: rules.manifest.id.clone(),
        seats: n,
        games: settings.games,
        seed: settings.seed,
        think_ms: settings.budget.think.map(|t| t.as_secs_f64() * 1000.0),
        iterations: settings.budget.iterations,
        threads,
        seconds: elapsed.as_secs_f64(),
        ..Report::default()
    };
    for r in &results {
        for (entry, t) in &r.times {
            times[*entry].push(t.as_secs_f64() * 1000.0);
        }
        match &r.result {
            Ok(per_seat) => {
                report.finished += 1;
                for &(entry, score, won) in per_seat {
                    let e = &mut entries[entry];
                    e.games += 1;
                    e.wins += usize::from(won);
                    e.mean_score += score as f64;
                }
            }
            Err(e) => {
                report.errors += 1;
                if report.error_messages.len() < 10 {
                    report.error_messages.push(format!("seed {}: {e}", r.seed));
                }
            }
        }
    }
    for (e, mut t) in entries.iter_mut().zip(times) {
        if e.games > 0 {
            e.mean_score /= e.games as f64;
            e.win_rate = e.wins as f64 / e.games as f64;
        }
        (e.win_low, e.win_high) = wilson(e.wins, e.games);
        t.sort_by(f64::total_cmp);
        e.decisions = t.len();
        if let Some(&max) = t.last() {
            e.max_decision_ms = max;
            e.p95_decision_ms = t[((t.len() as f64 * 0.95).ceil() as usize).saturating_sub(1).min(t.len() - 1)];
        }
        if let Some(budget) = e.budget_ms {
            e.over_budget = t.iter().filter(|&&x| x > budget * 1.1).count();
        }
    }
    report.entries = entries;
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate_and_narrows_with_games() {
        let (lo, hi) = wilson(30, 100);
        assert!(lo < 0.3 && 0.3 < hi);
        assert!((lo - 0.219).abs() < 0.005 && (hi - 0.396).abs() < 0.005, "{lo} {hi}");
        let (lo2, hi2) = wilson(300, 1000);
        assert!(hi2 - lo2 < hi - lo);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(wilson(0, 10).0, 0.0);
    }

    #[test]
    fn rotation_gives_every_entry_every_seat() {
        let n = 4;
        for seat in 0..n {
            let mut entries: Vec<usize> = (0..n).map(|g| entry_for(g, seat, n)).collect();
            entries.sort();
            assert_eq!(entries, vec![0, 1, 2, 3]);
        }
        for g in 0..n {
            let mut entries: Vec<usize> = (0..n).map(|s| entry_for(g, s, n)).collect();
            entries.sort();
            assert_eq!(entries, vec![0, 1, 2, 3], "each game seats every entry once");
        }
    }
}
