//! The games stage of `orrery check`: a few short seeded games with random choices.
//!
//! Loading a pack proves its scripts compile, not that they run. So `check` plays
//! [`GAMES`] games, each with a different player count from the pack's range and
//! seed 1, 2, 3…, with the random bot of `orrery simulate` (the same games as
//! `orrery simulate --players N --seed S --games 1`, so a failure can be replayed
//! there). After every decision the pack's `evaluate` runs on a copy of the game,
//! and a finished game's `report` runs too. A game stops at its first error or
//! after [`DECISIONS`] decisions — a game still going then is not an error, the
//! check is a smoke test and must stay quick. Each distinct error (same script
//! line; same message when there is no line) is reported once, with the first game
//! that hit it. An error from the instruction budget, the memory limit or the state
//! size limit ends the stage: reaching a limit takes seconds, and the next games
//! nearly always hit the same one. The games that end without an error are handed
//! to the determinism stage ([`super::determinism`]), which plays them again.
//! Every decision met without a `help` is noted, once per step and question, for a
//! warning: a player pressing `?` there learns nothing.

use super::{game_line, PackPlaces};
use orrery::content::Ruleset;
use orrery::game::{Game, GameError};
use orrery::script::ScriptError;
use orrery::sim::play_random;
use orrery::state::GameState;
use std::sync::Arc;

/// Games played.
pub const GAMES: u64 = 3;
/// Decisions after which a game is stopped.
pub const DECISIONS: usize = 200;

/// A game played without error: its seats, its seed and the state it ended in
/// (after its last act, before the pack's `report` ran on it).
pub struct Played {
    pub seats: usize,
    pub seed: u64,
    pub state: GameState,
}

/// What the games stage found: one line per distinct error, the games that ended
/// without one, and a warning per decision met without help.
pub struct Findings {
    pub errors: Vec<String>,
    pub played: Vec<Played>,
    pub warnings: Vec<String>,
}

/// Plays the games.
pub fn play(rules: &Arc<Ruleset>, places: &PackPlaces) -> Findings {
    let mut seen: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    let mut played = Vec::new();
    // (step, prompt) of each decision met without help, in the order first met.
    let mut unhelped: Vec<(String, String)> = Vec::new();
    for (seats, seed) in setups(rules) {
        let (error, decision) = match one_game(rules, seats, seed, &mut unhelped) {
            Ok(state) => {
                played.push(Played { seats, seed, state });
                continue;
            }
            Err(failed) => failed,
        };
        let key = match &error {
            GameError::Script(ScriptError { location: Some(at), .. }) => at.clone(),
            other => other.to_string(),
        };
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let when = match decision {
            None => "at the start".to_owned(),
            Some(n) => format!("at decision {n}"),
        };
        lines.push(game_line(&error, places, &format!("game with {seats} seats, seed {seed}, {when}")));
        if matches!(&error, GameError::Script(e) if e.hit_limit()) {
            break;
        }
    }
    let warnings = unhelped
        .iter()
        .map(|(step, prompt)| format!("warning: {}: step \"{step}\": players meet the decision \"{prompt}\" without a `help` (say what it decides and what its options do)", places.step(step)))
        .collect();
    Findings { errors: lines, played, warnings }
}

/// The games played, as (seats, seed): each with a different player count from the
/// pack's range, and seeds 1, 2, 3….
pub fn setups(rules: &Ruleset) -> Vec<(usize, u64)> {
    let (min, max) = rules.manifest.players;
    (0..GAMES).map(|i| (min + i as usize % (max.saturating_sub(min) + 1), i + 1)).collect()
}

/// Plays one game; the state it ended in, or its first error and the decision it
/// came at (`None`: at the start).
fn one_game(rules: &Arc<Ruleset>, seats: usize, seed: u64, unhelped: &mut Vec<(String, String)>) -> Result<GameState, (GameError, Option<usize>)> {
    let mut decisions = 0;
    let mut side_error = None;
    let run = play_random(rules.clone(), seats, seed, &[], |game| {
        decisions += 1;
        if let (Some(pending), Some(frame)) = (game.pending(), game.state.flow.last()) {
            for seat in pending.waiting_seats() {
                let Some(d) = game.decision_for(seat).filter(|d| d.help.is_none()) else { continue };
                // A question is known by its words before any number or name in it.
                let question: String = d.prompt.split(|c: char| c.is_ascii_digit() || c == '(' || c == ':').next().unwrap_or_default().trim().to_owned();
                let key = (frame.step.to_string(), question);
                if !unhelped.contains(&key) {
                    unhelped.push(key);
                }
            }
        }
        // `evaluate` may change what it is given; it gets a copy.
        if let Err(e) = game.clone().evaluate() {
            side_error = Some(e);
            return Err(String::new());
        }
        // Ending the game early is the check's own choice, not an error.
        if decisions >= DECISIONS {
            return Err(String::new());
        }
        Ok(())
    });
    if let Some(e) = side_error {
        return Err((e, Some(decisions)));
    }
    match run.result {
        Ok(mut game) => {
            let state = game.state.clone();
            game.report().map(|_| state).map_err(|e| (e, Some(run.decisions)))
        }
        Err((_, game)) if decisions >= DECISIONS => Ok(game.state),
        Err((e, game)) => Err((e, started(&game).then_some(run.decisions + 1))),
    }
}

/// Whether a failed run got past creating the game (`play_random` hands back an
/// empty game when `Game::new` failed).
fn started(game: &Game) -> bool {
    game.state.setup.seats > 0
}
