//! Autosaves of games played at the terminal: where they go, and the latest one.
//!
//! A game autosaves to `<dir>/autosave-<pack>-<seed>.ron` (one file per game,
//! overwritten as it goes), with a `.seats` file beside it naming who played each
//! seat, so `orrery play --continue` resumes the most recently written one with the
//! same players. The directory is `$ORRERY_SAVE_DIR`, else `$XDG_STATE_HOME/orrery`,
//! else `~/.local/state/orrery`. A save is written to a temporary file and renamed,
//! so an interrupted write never leaves a half save behind.

use super::seats::{spec, Player};
use super::CliError;
use orrery::game::Game;
use orrery::replay::{self, ReplayError};
use std::path::{Path, PathBuf};

const PREFIX: &str = "autosave-";

/// The autosave directory.
pub fn dir() -> PathBuf {
    if let Some(d) = std::env::var_os("ORRERY_SAVE_DIR") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_STATE_HOME") {
        return PathBuf::from(d).join("orrery");
    }
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(".local/state/orrery"),
        None => PathBuf::from(".orrery"),
    }
}

/// Where one game autosaves.
#[derive(Clone, Debug)]
pub struct Autosave {
    pub path: PathBuf,
    players: String,
}

impl Autosave {
    pub fn new(dir: &Path, game: &Game, players: &[Player]) -> Autosave {
        let setup = &game.state.setup;
        let name: String = setup.pack.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
        Autosave { path: dir.join(format!("{PREFIX}{name}-{}.ron", setup.seed)), players: spec(players) }
    }

    /// Writes the game (and who plays it).
    pub fn write(&self, game: &Game) -> Result<(), ReplayError> {
        let shown = self.path.display().to_string();
        if let Some(parent) = self.path.parent() {
            std::fs::create_dir_all(parent).map_err(|source| ReplayError::Write { path: shown.clone(), source })?;
        }
        let tmp = self.path.with_extension("ron.tmp");
        replay::write(game, &tmp)?;
        std::fs::rename(&tmp, &self.path).map_err(|source| ReplayError::Write { path: shown.clone(), source })?;
        std::fs::write(seats_file(&self.path), &self.players).map_err(|source| ReplayError::Write { path: shown, source })
    }
}

fn seats_file(save: &Path) -> PathBuf {
    save.with_extension("seats")
}

/// The players recorded beside a save, if any.
pub fn players_of(save: &Path) -> Option<String> {
    std::fs::read_to_string(seats_file(save)).ok().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// The most recently written autosave in `dir` of a game that has not ended: a
/// finished game keeps its autosave (to replay it), but there is nothing in it to
/// continue. A save that cannot be read is not skipped: continuing it reports why.
pub fn latest(dir: &Path) -> Result<PathBuf, CliError> {
    let none = || CliError::Usage(format!("no unfinished game to continue in {} (start one with `orrery play`)", dir.display()));
    let entries = std::fs::read_dir(dir).map_err(|_| none())?;
    let mut saves: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with(PREFIX) && name.ends_with(".ron")
        })
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    // Newest first; the name breaks a tie of times, so the choice never depends on
    // the order the directory lists its files in.
    saves.sort_by(|a, b| b.cmp(a));
    saves.into_iter().map(|(_, p)| p).find(|p| !is_finished(p)).ok_or_else(none)
}

/// Whether the save at `path` holds a game that has ended.
fn is_finished(path: &Path) -> bool {
    replay::read(path).is_ok_and(|save| save.state.outcome.is_some())
}
