//! Saves, loads and replays.
//!
//! A save holds the setup (pack, seats, seed, variants), the list of accepted
//! choices, the hash of the state they lead to, and the state itself. Replaying
//! the choices from the seed must reproduce the hash exactly; loading the stored
//! state lets a game continue without replaying. Any damage to a save is an error
//! value, never a panic.

use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::state::{Act, GameState, Setup};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

/// Current save format.
pub const FORMAT: u32 = 1;

/// A saved game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    pub pack_version: String,
    pub setup: Setup,
    pub history: Vec<Act>,
    /// [`state_hash`] of `state`.
    pub hash: String,
    pub state: GameState,
}

/// Why a save could not be written, read or verified.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot write {path}: {source}")]
    Write { path: String, source: std::io::Error },
    #[error("{path} is not a valid save file: {message}")]
    Corrupt { path: String, message: String },
    #[error("the save is for pack {save}, not {pack}")]
    WrongPack { save: String, pack: String },
    #[error("replaying choice {index} failed: {error}")]
    Diverged { index: usize, error: GameError },
    #[error("replay reached state hash {got}, the save says {expected}")]
    HashMismatch { expected: String, got: String },
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A stable 64-bit FNV-1a hash of the state's canonical serialisation.
pub fn state_hash(state: &GameState) -> String {
    // RON of the state; if it ever failed, the Debug form still distinguishes states
    // (a constant fallback would make every hash equal).
    let text = ron::to_string(state).unwrap_or_else(|e| format!("{e}: {state:?}"));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.as_bytes() {
        hash ^= *byte as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Builds the save of a game.
pub fn save(game: &Game) -> SaveFile {
    SaveFile {
        format: FORMAT,
        pack_version: game.rules.manifest.version.clone(),
        setup: (*game.state.setup).clone(),
        history: game.state.history.clone(),
        hash: state_hash(&game.state),
        state: game.state.clone(),
    }
}

pub fn write(game: &Game, path: &Path) -> Result<(), ReplayError> {
    let text = ron::ser::to_string_pretty(&save(game), ron::ser::PrettyConfig::default().compact_arrays(true))
        .map_err(|e| ReplayError::Corrupt { path: path.display().to_string(), message: e.to_string() })?;
    std::fs::write(path, text).map_err(|source| ReplayError::Write { path: path.display().to_string(), source })
}

pub fn read(path: &Path) -> Result<SaveFile, ReplayError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReplayError::Read { path: path.display().to_string(), source })?;
    let save: SaveFile = ron::from_str(&text).map_err(|e| ReplayError::Corrupt { path: path.display().to_string(), message: e.to_string() })?;
    if save.format != FORMAT {
        return Err(ReplayError::Corrupt { path: path.display().to_string(), message: format!("format {} is not supported (expected {FORMAT})", save.format) });
    }
    if save.state.setup.as_ref() != &save.setup || save.state.history != save.history {
        return Err(ReplayError::Corrupt { path: path.display().to_string(), message: "the stored state does not match the stored setup and history".into() });
    }
    Ok(save)
}

/// Replays a save's choices from its seed and returns the resulting game.
pub fn replay(rules: Arc<Ruleset>, save: &SaveFile) -> Result<Game, ReplayError> {
    if save.setup.pack != rules.manifest.id {
        return Err(ReplayError::WrongPack { save: save.setup.pack.clone(), pack: rules.manifest.id.clone() });
    }
    let extra: usize = save.setup.variants.iter().filter_map(|v| rules.variant(v)).map(|v| v.extra_seats).sum();
    let players = save.setup.seats.saturating_sub(extra);
    let mut game = Game::new(rules, players, save.setup.seed, save.setup.variants.clone())?;
    for (index, act) in save.history.iter().enumerate() {
        game.act(act.seat, act.choice.clone()).map_err(|error| ReplayError::Diverged { index, error })?;
    }
    Ok(game)
}

/// Replays and checks that the replay reaches the saved hash.
pub fn verify(rules: Arc<Ruleset>, save: &SaveFile) -> Result<Game, ReplayError> {
    let game = replay(rules, save)?;
    let got = state_hash(&game.state);
    if got != save.hash {
        return Err(ReplayError::HashMismatch { expected: save.hash.clone(), got });
    }
    Ok(game)
}

/// Continues a save from its stored state (checked against its hash).
pub fn resume(rules: Arc<Ruleset>, save: SaveFile) -> Result<Game, ReplayError> {
    if save.setup.pack != rules.manifest.id {
        return Err(ReplayError::WrongPack { save: save.setup.pack.clone(), pack: rules.manifest.id.clone() });
    }
    let got = state_hash(&save.state);
    if got != save.hash {
        return Err(ReplayError::HashMismatch { expected: save.hash, got });
    }
    let mut state = save.state;
    state.recount(); // its size was not saved
    Ok(Game::from_state(rules, state))
}
