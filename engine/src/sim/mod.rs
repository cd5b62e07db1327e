//! Many seeded games with bots, for testing, measuring and balancing.
//!
//! Game `i` uses the seed `seed + i` and depends on nothing else, so games can run on
//! any number of worker threads (each with its own script VM, since a VM belongs to
//! one thread) and the report is still the same: workers take the next game index
//! from a shared counter (games differ widely in length, so fixed shares would leave
//! a thread idle), reduce each finished game to a small summary, and the summaries
//! are tallied in game order ([`balance`]).
//!
//! After a game ends, the pack's `report` function describes each seat
//! ([`seat_report`]); a failing or malformed report is a bug in the pack, not a
//! game that went wrong, so it stops the whole run with [`SimError`], reported for
//! the first such game in game order whatever the thread count.
//!
//! [`contracts`] plays seeded random games of any pack and checks the kernel's
//! promises after every act.

mod balance;
pub mod bench;
pub mod contracts;
mod seat_report;

pub use balance::{Axis, Bin, Fingerprint, Histogram, LabelStats, Length, Report};
pub use seat_report::SeatReport;

use crate::bots::{ask, mix, random_choice, Bot, BotKind, Budget};
use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::state::Seat;
use balance::{Ending, Finished, GameSummary};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

/// Decisions one game may take before it is reported as not finishing.
pub const MAX_DECISIONS: usize = 200_000;

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameRun {
    pub seed: u64,
    pub decisions: usize,
    pub result: Result<Game, (GameError, Game)>,
    /// Wall-clock seconds spent in the kernel: creating the game and its acts, not
    /// the bots' choices or the checks between acts.
    pub kernel_seconds: f64,
}

/// Why a run produced no report.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SimError {
    /// The pack's `report` function failed (the script error names file and line).
    #[error("the report function failed in game {game} (seed {seed}): {error}")]
    Report { game: usize, seed: u64, error: GameError },
    /// The `report` function returned something that is not a seat report.
    #[error("the report function `{function}` returned a bad value for seat {seat} in game {game} (seed {seed}): {message}")]
    Shape { game: usize, seed: u64, function: String, seat: usize, message: String },
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Seats with a player (variants may add more).
    pub seats: usize,
    pub games: usize,
    pub seed: u64,
    pub variants: Vec<String>,
    /// The bot of each seat, seat 1 first; the list repeats over further seats, so
    /// one kind plays every seat.
    pub bots: Vec<BotKind>,
    /// What a searching bot may spend on one decision.
    pub budget: Budget,
    /// Worker threads.
    pub jobs: usize,
}

impl Settings {
    /// Random bots on every seat, without a clock.
    pub fn random(seats: usize, games: usize, seed: u64, jobs: usize) -> Settings {
        Settings {
            seats,
            games,
            seed,
            variants: Vec::new(),
            bots: vec![BotKind::Random],
            budget: Budget::iterations(Budget::DEFAULT_ITERATIONS),
            jobs,
        }
    }

    fn uses_budget(&self) -> bool {
        self.bots.iter().any(|b| *b != BotKind::Random)
    }
}

/// The generator the random bot draws from in the game of `seed` (one for all seats).
fn random_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15)
}

/// A game with random bots on every seat, played one act at a time: the same game,
/// act for act, as [`play_random`] plays with the same seed.
pub struct RandomWalk {
    pub game: Game,
    rng: ChaCha8Rng,
}

impl RandomWalk {
    /// Creates the game, run up to its first decision.
    pub fn new(rules: Arc<Ruleset>, seats: usize, seed: u64, variants: &[String]) -> Result<RandomWalk, GameError> {
        Ok(RandomWalk { game: Game::new(rules, seats, seed, variants.to_vec())?, rng: random_rng(seed) })
    }

    /// Answers the first waiting seat's decision at random; `Ok(false)` once the game
    /// is over. On an error the game is as it was before the act.
    pub fn act(&mut self) -> Result<bool, GameError> {
        if self.game.is_over() {
            return Ok(false);
        }
        let stuck = || GameError::Flow("not over, but nothing to decide".into());
        let seat = self.game.pending().and_then(|p| p.waiting_seats().first().copied()).ok_or_else(stuck)?;
        let choice = random_choice(self.game.decision_for(seat).ok_or_else(stuck)?, &mut self.rng);
        self.game.act(seat, choice)?;
        Ok(true)
    }
}

/// Plays one game with random bots, calling `check` after every action.
pub fn play_random(rules: Arc<Ruleset>, seats: usize, seed: u64, variants: &[String], check: impl FnMut(&Game) -> Result<(), String>) -> GameRun {
    play(rules, seats, seed, variants, &[BotKind::Random], Budget::iterations(0), check)
}

/// Plays one game with `bots` (seat `s` is played by `bots[s % bots.len()]`),
/// calling `check` after every action.
///
/// Random seats draw from one generator seeded by `seed` directly, without building
/// the seat's [`crate::bots::Information`]: a random bot reads only the decision, and
/// sampling a hidden state for it would cost most of a random game's time.
pub fn play(
    rules: Arc<Ruleset>,
    seats: usize,
    seed: u64,
    variants: &[String],
    bots: &[BotKind],
    budget: Budget,
    mut check: impl FnMut(&Game) -> Result<(), String>,
) -> GameRun {
    let mut rng = random_rng(seed);
    let bot_seed = mix(seed, 0x7369_6d75, 0);
    let started = Instant::now();
    let created = Game::new(rules.clone(), seats, seed, variants.to_vec());
    let mut kernel_seconds = started.elapsed().as_secs_f64();
    let mut game = match created {
        Ok(g) => g,
        Err(e) => {
            let empty = Game::from_state(rules, Default::default());
            return GameRun { seed, decisions: 0, result: Err((e, empty)), kernel_seconds };
        }
    };
    let kinds: Vec<BotKind> = (0..game.state.seat_count()).map(|s| bots.get(s % bots.len().max(1)).copied().unwrap_or(BotKind::Random)).collect();
    let mut players: Vec<Option<Box<dyn Bot>>> = kinds.iter().map(|k| (*k != BotKind::Random).then(|| k.build(budget))).collect();
    let mut decisions = 0;
    while !game.is_over() {
        if decisions >= MAX_DECISIONS {
            let e = GameError::Flow(format!("no end after {MAX_DECISIONS} decisions"));
            return GameRun { seed, decisions, result: Err((e, game)), kernel_seconds };
        }
        let Some(pending) = game.pending() else {
            let e = GameError::Flow("not over, but nothing to decide".into());
            return GameRun { seed, decisions, result: Err((e, game)), kernel_seconds };
        };
        let seat: Seat = pending.waiting_seats()[0];
        let choice = match players.get_mut(seat as usize).and_then(Option::as_mut) {
            Some(bot) => ask(bot.as_mut(), &game, seat, bot_seed),
            None => random_choice(game.decision_for(seat).expect("waiting seat has a decision"), &mut rng),
        };
        let started = Instant::now();
        let acted = game.act(seat, choice);
        kernel_seconds += started.elapsed().as_secs_f64();
        if let Err(e) = acted {
            return GameRun { seed, decisions, result: Err((e, game)), kernel_seconds };
        }
        decisions += 1;
        if let Err(message) = check(&game) {
            return GameRun { seed, decisions, result: Err((GameError::Flow(format!("invariant broken: {message}")), game)), kernel_seconds };
        }
    }
    GameRun { seed, decisions, result: Ok(game), kernel_seconds }
}

/// Plays game `index` and reduces it to its summary; `Err` when the pack's report
/// function fails on it. Never inlined: `engine/perf/instructions.sh` counts a
/// game's whole cost by this function's name.
#[inline(never)]
fn play_summary(rules: &Arc<Ruleset>, settings: &Settings, index: usize) -> Result<GameSummary, SimError> {
    let seed = settings.seed + index as u64;
    let run = play(rules.clone(), settings.seats, seed, &settings.variants, &settings.bots, settings.budget, |_| Ok(()));
    // Taken before the pack's report function runs on the game.
    let fingerprint = match &run.result {
        Ok(game) => Fingerprint::of(seed, game, None),
        Err((e, game)) => Fingerprint::of(seed, game, Some(&e.to_string())),
    };
    let ending = match run.result {
        Err((e, _)) => Ending::Failed(e.to_string()),
        Ok(mut game) => {
            let (scores, winner) = game.state.outcome.as_ref().map_or((Vec::new(), None), |o| (o.scores.clone(), o.ranking.first().copied()));
            let usage = game
                .state
                .globals
                .iter()
                .filter_map(|(name, value)| Some((name.as_str().strip_prefix("usage.")?.to_owned(), value.as_int()?)))
                .collect();
            let values = game.report().map_err(|error| SimError::Report { game: index, seed, error })?.unwrap_or_default();
            let seats = values
                .iter()
                .enumerate()
                .map(|(s, v)| {
                    SeatReport::from_value(v).map_err(|message| SimError::Shape {
                        game: index,
                        seed,
                        function: rules.manifest.report.clone().unwrap_or_default(),
                        seat: s + 1,
                        message,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ending::Finished(Finished { scores, winner, usage, seats })
        }
    };
    Ok(GameSummary { index, seed, decisions: run.decisions, ending, fingerprint, kernel_seconds: run.kernel_seconds })
}

/// Plays the games on `settings.jobs` threads; `progress` is called after each game
/// with the number of games done so far.
pub fn run(rules: Arc<Ruleset>, settings: &Settings, progress: &(dyn Fn(usize) + Sync)) -> Result<Report, SimError> {
    let start = Instant::now();
    let jobs = settings.jobs.clamp(1, settings.games.max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    // The lowest game index whose report failed: later games are not started, so
    // every game before it is played and the error reported is the same on any
    // number of threads.
    let failed = AtomicUsize::new(usize::MAX);
    let mut results: Vec<Result<GameSummary, SimError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    // The thread's script VM is made before the first game, so that
                    // the games' kernel time is what each game costs; a pack whose
                    // VM cannot be made fails in every game, with the reason.
                    let _ = crate::game::host_for(&rules);
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= settings.games || i > failed.load(Ordering::Relaxed) {
                            return out;
                        }
                        let summary = play_summary(&rules, settings, i);
                        if summary.is_err() {
                            failed.fetch_min(i, Ordering::Relaxed);
                        }
                        out.push(summary);
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    results.sort_by_key(|r| match r {
        Ok(s) => s.index,
        Err(SimError::Report { game, .. } | SimError::Shape { game, .. }) => *game,
    });
    let summaries = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let seconds = start.elapsed().as_secs_f64();
    let mut report = Report {
        pack: rules.manifest.id.clone(),
        players: settings.seats,
        variants: settings.variants.clone(),
        seed: settings.seed,
        games: settings.games,
        bots: settings.bots.iter().map(|b| b.name().to_owned()).collect(),
        think_ms: settings.uses_budget().then_some(settings.budget.think).flatten().map(|t| t.as_secs_f64() * 1000.0),
        iterations: settings.bots.contains(&BotKind::Ismcts).then_some(settings.budget.iterations),
        jobs,
        seconds,
        games_per_second: settings.games as f64 / seconds.max(1e-9),
        wins_by_seat: vec![0; settings.seats],
        mean_score_by_seat: vec![0.0; settings.seats],
        ..Report::default()
    };
    balance::tally(&mut report, &summaries);
    Ok(report)
}
