//! Where `orrery serve` keeps its games: one narrow trait, [`GameStore`], and its
//! SQLite implementation, [`SqliteStore`].
//!
//! A game is stored as what replays it — its set-up, who plays each seat, the seats'
//! secret tokens and the list of accepted choices — never as a state: a state is
//! rebuilt by replaying (seed and choices), and the hash kept with each choice proves
//! the replay reached the same place. Every choice is committed before the server
//! acknowledges it, so a crash loses nothing a player was told was done.
//!
//! Several server instances could share one database through this trait (Postgres,
//! say): the games table is the directory of games, the choices table is append-only
//! per game with `(game, idx)` unique, so two instances racing to append the same
//! index fail cleanly instead of forking the game (see ARCHITECTURE.md, "Serving").

use orrery::flow::Choice;
use orrery::state::Seat;
use rusqlite::{params, Connection};
use std::path::Path;
use std::sync::Mutex;
use thiserror::Error;

/// Why the store failed.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("stored game {game} is unreadable: {why}")]
    Corrupt { game: String, why: String },
    #[error("choice {index} of game {game} was already stored (another writer?)")]
    Conflict { game: String, index: usize },
}

/// Everything that creates a game again, as the lobby asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's public id (not a secret: it names the game, it grants nothing).
    pub id: String,
    pub pack: String,
    pub variants: Vec<String>,
    pub seed: u64,
    /// Who plays each seat (`human`, or a bot kind), in the `--seats` form.
    pub players: String,
    /// One secret token per seat (bots' seats have one too, unused) and one for
    /// spectators.
    pub seat_tokens: Vec<String>,
    pub spectator_token: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
}

/// One accepted choice, with the hash of the state it led to at checkpoints (empty
/// between them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChoice {
    pub seat: Seat,
    pub choice: Choice,
    pub hash: String,
}

/// The narrow interface the server needs from storage.
pub trait GameStore: Send + Sync {
    /// Stores a new game before any choice.
    fn create(&self, game: &GameRecord) -> Result<(), StoreError>;
    /// Appends the choice at `index` (0-based); fails if that index is taken.
    fn append(&self, game: &str, index: usize, choice: &StoredChoice) -> Result<(), StoreError>;
    /// Forgets every choice from `index` on (an undo).
    fn truncate(&self, game: &str, index: usize) -> Result<(), StoreError>;
    /// Every stored game with its choices, oldest game first.
    fn load_all(&self) -> Result<Vec<(GameRecord, Vec<StoredChoice>)>, StoreError>;
}

/// SQLite in one file, created on first start.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        // WAL with `synchronous = NORMAL`: a committed transaction survives the
        // process being killed (it is in the log the OS holds), which is what a
        // restart after `kill -9` needs; only a power cut may lose the last commits.
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA foreign_keys = ON;
             CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 pack TEXT NOT NULL,
                 variants TEXT NOT NULL,
                 seed TEXT NOT NULL,
                 players TEXT NOT NULL,
                 seat_tokens TEXT NOT NULL,
                 spectator_token TEXT NOT NULL,
                 created INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS choices (
                 game TEXT NOT NULL REFERENCES games(id),
                 idx INTEGER NOT NULL,
                 seat INTEGER NOT NULL,
                 choice TEXT NOT NULL,
                 hash TEXT NOT NULL,
                 PRIMARY KEY (game, idx)
             );",
        )?;
        restrict_to_owner(path);
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-written transaction
        // (SQLite rolls it back), so the connection stays usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The database holds every game's secret tokens and seeds: only its owner may read it.
fn restrict_to_owner(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for p in [path.to_path_buf(), path.with_extension("db-wal"), path.with_extension("db-shm")] {
            if p.exists() {
                let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600));
            }
        }
    }
}

impl GameStore for SqliteStore {
    fn create(&self, game: &GameRecord) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, pack, variants, seed, players, seat_tokens, spectator_token, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                game.id,
                game.pack,
                game.variants.join(","),
                game.seed.to_string(),
                game.players,
                game.seat_tokens.join(","),
                game.spectator_token,
                game.created
            ],
        )?;
        Ok(())
    }

    fn append(&self, game: &str, index: usize, choice: &StoredChoice) -> Result<(), StoreError> {
        let text = serde_json::to_string(&choice.choice).map_err(|e| StoreError::Corrupt { game: game.into(), why: e.to_string() })?;
        let result = self.conn().execute(
            "INSERT INTO choices (game, idx, seat, choice, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game, index as i64, choice.seat as i64, text, choice.hash],
        );
        match result {
            Ok(_) => Ok(()),
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                Err(StoreError::Conflict { game: game.into(), index })
            }
            Err(e) => Err(e.into()),
        }
    }

    fn truncate(&self, game: &str, index: usize) -> Result<(), StoreError> {
        self.conn().execute("DELETE FROM choices WHERE game = ?1 AND idx >= ?2", params![game, index as i64])?;
        Ok(())
    }

    fn load_all(&self) -> Result<Vec<(GameRecord, Vec<StoredChoice>)>, StoreError> {
        let conn = self.conn();
        let mut games = conn.prepare("SELECT id, pack, variants, seed, players, seat_tokens, spectator_token, created FROM games ORDER BY created, id")?;
        let records = games
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, String>(4)?,
                    row.get::<_, String>(5)?,
                    row.get::<_, String>(6)?,
                    row.get::<_, i64>(7)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut choices = conn.prepare("SELECT idx, seat, choice, hash FROM choices WHERE game = ?1 ORDER BY idx")?;
        let mut out = Vec::new();
        for (id, pack, variants, seed, players, seat_tokens, spectator_token, created) in records {
            let corrupt = |why: String| StoreError::Corrupt { game: id.clone(), why };
            let seed = seed.parse::<u64>().map_err(|e| corrupt(format!("seed: {e}")))?;
            let rows = choices
                .query_map([&id], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?, row.get::<_, String>(2)?, row.get::<_, String>(3)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            let mut list = Vec::with_capacity(rows.len());
            for (expected, (idx, seat, choice, hash)) in rows.into_iter().enumerate() {
                if idx != expected as i64 {
                    return Err(corrupt(format!("choice {expected} is missing")));
                }
                let choice = serde_json::from_str(&choice).map_err(|e| corrupt(format!("choice {idx}: {e}")))?;
                let seat = Seat::try_from(seat).map_err(|_| corrupt(format!("choice {idx}: seat {seat}")))?;
                list.push(StoredChoice { seat, choice, hash });
            }
            let split = |s: &str| if s.is_empty() { Vec::new() } else { s.split(',').map(str::to_owned).collect() };
            let record = GameRecord {
                id: id.clone(),
                pack,
                variants: split(&variants),
                seed,
                players,
                seat_tokens: split(&seat_tokens),
                spectator_token,
                created,
            };
            out.push((record, list));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> GameRecord {
        GameRecord {
            id: id.into(),
            pack: "p".into(),
            variants: vec!["a".into(), "b".into()],
            seed: u64::MAX,
            players: "human,random".into(),
            seat_tokens: vec!["t1".into(), "t2".into()],
            spectator_token: "s".into(),
            created: 5,
        }
    }

    #[test]
    fn games_and_choices_come_back_as_stored() {
        let dir = std::env::temp_dir().join(format!("orrery-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            store.create(&record("g1")).unwrap();
            for (i, choice) in [Choice::Pick(2), Choice::PickMany(vec![0, 3]), Choice::Number(-4), Choice::Pass].into_iter().enumerate() {
                store.append("g1", i, &StoredChoice { seat: (i % 2) as Seat, choice, hash: format!("h{i}") }).unwrap();
            }
            assert!(matches!(store.append("g1", 3, &StoredChoice { seat: 0, choice: Choice::Pass, hash: "x".into() }), Err(StoreError::Conflict { .. })));
            store.truncate("g1", 3).unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let all = store.load_all().unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].0, record("g1"));
        assert_eq!(all[0].1.len(), 3);
        assert_eq!(all[0].1[1].choice, Choice::PickMany(vec![0, 3]));
        assert_eq!(all[0].1[2].choice, Choice::Number(-4));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
