//! Saves, loads and replays.
//!
//! A save holds the setup (pack, seats, seed, variants), the list of accepted
//! choices, the hash of the state they lead to, and the state itself. Replaying
//! the choices from the seed must reproduce the hash exactly.
//!
//! A save may come from anyone, so nothing in it is trusted: it is read only up to
//! [`MAX_SAVE_BYTES`], and [`resume`] continues a game by replaying its setup and
//! choices, then refuses the save unless the stored state is exactly where they
//! lead. An edited state (a score raised, a hidden card changed) is refused even
//! with its hash recomputed, and the error never prints the hash that would make a
//! forgery pass. Any damage to a save is an error value, never a panic.

use crate::content::Ruleset;
use crate::game::{Game, GameError};
use crate::state::{Act, GameState, Setup};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

mod ron_hash;
pub(crate) use ron_hash::agrees_with_ron;
pub use ron_hash::ron_hash;

/// Current save format.
pub const FORMAT: u32 = 1;

/// The largest save read, in bytes. A long game of the largest pack saves a few
/// MiB; a file far beyond that is not a save, and reading it whole would let a file
/// exhaust memory.
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

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
    #[error("replaying the save's choices does not reach the state it stores: the save was edited or damaged, or written by another version of the pack")]
    HashMismatch,
    #[error("the stored state does not match where the save's choices lead: the save was edited or damaged, or written by another version of the pack")]
    StateMismatch,
    #[error("{path} is too large to be a save ({size} bytes; at most {MAX_SAVE_BYTES})")]
    TooLarge { path: String, size: u64 },
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A stable 64-bit FNV-1a hash of the state's canonical serialisation: its compact
/// RON text (should RON ever refuse it, the Debug form still distinguishes states,
/// where a constant fallback would make every hash equal). See [`ron_hash`].
pub fn state_hash(state: &GameState) -> String {
    ron_hash(state)
}

/// A stable 64-bit FNV-1a hash of `text`, as 16 hex digits.
pub fn text_hash(text: &str) -> String {
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
        history: game.state.history.iter().cloned().collect(),
        hash: state_hash(&game.state),
        state: game.state.clone(),
    }
}

/// Writes the save of `game` to `path`, readable by its owner only: a save holds
/// every secret of the game.
pub fn write(game: &Game, path: &Path) -> Result<(), ReplayError> {
    let text = ron::ser::to_string_pretty(&save(game), ron::ser::PrettyConfig::default().compact_arrays(true))
        .map_err(|e| ReplayError::Corrupt { path: path.display().to_string(), message: e.to_string() })?;
    let failed = |source| ReplayError::Write { path: path.display().to_string(), source };
    let mut file = owner_only(path).map_err(failed)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(failed)
}

/// Creates (or truncates) `path` with owner-only permissions where the system has them.
fn owner_only(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(0o600);
        let file = options.open(path)?;
        // `mode` applies only to a file created now; an older save keeps its bits.
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        Ok(file)
    }
    #[cfg(not(unix))]
    options.open(path)
}

pub fn read(path: &Path) -> Result<SaveFile, ReplayError> {
    let shown = || path.display().to_string();
    let size = std::fs::metadata(path).map_err(|source| ReplayError::Read { path: shown(), source })?.len();
    if size > MAX_SAVE_BYTES {
        return Err(ReplayError::TooLarge { path: shown(), size });
    }
    let mut text = String::new();
    let file = std::fs::File::open(path).map_err(|source| ReplayError::Read { path: shown(), source })?;
    // The size may grow between the look and the read: read no more than the cap.
    std::io::Read::read_to_string(&mut std::io::Read::take(file, MAX_SAVE_BYTES + 1), &mut text)
        .map_err(|source| ReplayError::Read { path: shown(), source })?;
    if text.len() as u64 > MAX_SAVE_BYTES {
        return Err(ReplayError::TooLarge { path: shown(), size: text.len() as u64 });
    }
    let save: SaveFile = ron::from_str(&text).map_err(|e| ReplayError::Corrupt { path: path.display().to_string(), message: e.to_string() })?;
    if save.format != FORMAT {
        return Err(ReplayError::Corrupt { path: path.display().to_string(), message: format!("format {} is not supported (expected {FORMAT})", save.format) });
    }
    if !is_pack_id(&save.setup.pack) {
        return Err(ReplayError::Corrupt { path: shown(), message: "its pack is not a pack id (a save names its pack by id, never by path)".into() });
    }
    if save.state.setup.as_ref() != &save.setup || !save.state.history.iter().eq(save.history.iter()) {
        return Err(ReplayError::Corrupt { path: path.display().to_string(), message: "the stored state does not match the stored setup and history".into() });
    }
    Ok(save)
}

/// Whether `name` can be a pack's id: letters, digits, `-` and `_` only, so a save
/// cannot send the loader to a path.
fn is_pack_id(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
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
    if state_hash(&game.state) != save.hash {
        return Err(ReplayError::HashMismatch);
    }
    Ok(game)
}

/// Continues a saved game: replays its setup and choices, and accepts the save only
/// if the stored state is exactly the state they lead to (the stored state is never
/// used itself, so an edited one cannot be played on).
pub fn resume(rules: Arc<Ruleset>, save: SaveFile) -> Result<Game, ReplayError> {
    let game = replay(rules, &save)?;
    if state_hash(&game.state) != state_hash(&save.state) {
        return Err(ReplayError::StateMismatch);
    }
    if state_hash(&save.state) != save.hash {
        return Err(ReplayError::HashMismatch);
    }
    Ok(game)
}
