//! The games a server hosts, each owned by one worker thread.
//!
//! A game runs pack scripts, and a script VM belongs to the thread that made it (the
//! kernel keeps one per thread and pack). So games are not shared between threads:
//! each lives on one of a few worker threads, picked by its id, and everything done
//! to it — acting, drawing a seat's scene, a bot's turn — is a job sent to that
//! worker. Jobs run one at a time per worker in the order they came, which also
//! orders the choices of one game. A bot plays one decision per job and queues the
//! next, so a thinking bot never holds up other games for more than one decision.
//!
//! Every accepted choice is appended to the store before the request that made it
//! is answered; if the store refuses, the game steps back to before the choice.

use super::page::{self, Page};
use super::store::{GameRecord, GameStore, StoreError, StoredChoice};
use crate::cli::play::undoable;
use crate::cli::seats::{self, Bots, Player};
use crate::cli::tui::present::Presentation;
use orrery::bots::{is_forced, Budget};
use orrery::content::Ruleset;
use orrery::flow::Choice;
use orrery::game::{Game, GameError};
use orrery::replay::state_hash;
use orrery::state::{GameState, Seat};
use std::collections::HashMap;
use std::sync::{mpsc, Arc, RwLock};
use thiserror::Error;
use tokio::sync::{oneshot, watch};

/// Why a request about a game failed; every one leaves the game as it was.
#[derive(Debug, Error)]
pub enum HubError {
    #[error("no such game")]
    NoGame,
    #[error("a spectator cannot act")]
    Spectator,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game has moved on since you looked ({seen} choices seen, {now} made): look again")]
    Stale { seen: usize, now: usize },
    #[error("{0}")]
    Refused(#[from] GameError),
    #[error("cannot take back: {0}")]
    NoUndo(String),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the server is shutting down")]
    Gone,
}

/// Every this many choices (and at the end of the game) the store keeps the hash of
/// the state a choice led to, which a restart's replay must reach. Hashing walks the
/// whole state (about as long as a hundred acts of a big game), so not every choice
/// pays for it.
const HASH_EVERY: usize = 16;

/// The hash to store with the choice just made: the state's at a checkpoint, else none.
fn checkpoint(game: &Game) -> String {
    if game.state.history.len() % HASH_EVERY == 0 || game.is_over() {
        state_hash(&game.state)
    } else {
        String::new()
    }
}

/// Where a game stands, for a program playing through the API.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Glance {
    pub choices: usize,
    /// Seats (from 1) the game waits on.
    pub waiting: Vec<usize>,
    pub over: bool,
    pub decision: Option<orrery::flow::Decision>,
}

/// A game on its worker.
struct Hosted {
    record: GameRecord,
    game: Game,
    players: Vec<Player>,
    bots: Bots,
    /// States before each of the last human choices, newest last (see `Table::undo`).
    undo: Vec<(Seat, GameState)>,
    moved: watch::Sender<u64>,
}

type Job = Box<dyn FnOnce(&mut Worker) + Send>;

/// One worker thread's games.
pub struct Worker {
    games: HashMap<String, Hosted>,
    store: Arc<dyn GameStore>,
    /// This worker's own queue, for the bots' next turns.
    me: mpsc::Sender<Job>,
    budget: Budget,
    presentations: HashMap<u64, Arc<Presentation>>,
}

/// The server's games: which worker holds each, and how to reach it.
pub struct Hub {
    workers: Vec<mpsc::Sender<Job>>,
    /// Each game's change counter, watched by its pages' live updates.
    moved: RwLock<HashMap<String, watch::Receiver<u64>>>,
}

impl Hub {
    /// Starts `threads` workers sharing `store`.
    pub fn start(threads: usize, store: Arc<dyn GameStore>, budget: Budget) -> Hub {
        let workers = (0..threads.max(1))
            .map(|i| {
                let (tx, rx) = mpsc::channel::<Job>();
                let mut worker = Worker { games: HashMap::new(), store: store.clone(), me: tx.clone(), budget, presentations: HashMap::new() };
                std::thread::Builder::new()
                    .name(format!("games-{i}"))
                    .spawn(move || {
                        for job in rx {
                            // A job that panics (a bug: the kernel refuses bad input
                            // with errors) must not take the worker's other games down
                            // with it; its request gets no answer, which the handler
                            // reports as an error.
                            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut worker))).is_err() {
                                eprintln!("a game job panicked on worker {i}; the worker goes on");
                            }
                        }
                    })
                    .expect("cannot start a worker thread");
                tx
            })
            .collect();
        Hub { workers, moved: RwLock::new(HashMap::new()) }
    }

    fn worker_of(&self, game: &str) -> &mpsc::Sender<Job> {
        // FNV-1a of the id: stable, so a game always goes to the same worker.
        let h = game.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
        &self.workers[(h % self.workers.len() as u64) as usize]
    }

    /// Runs `f` on the worker of `game` and waits for its answer.
    pub async fn on<R: Send + 'static>(&self, game: &str, f: impl FnOnce(&mut Worker) -> R + Send + 'static) -> Result<R, HubError> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |w| {
            let _ = tx.send(f(w));
        });
        self.worker_of(game).send(job).map_err(|_| HubError::Gone)?;
        rx.await.map_err(|_| HubError::Gone)
    }

    /// Hosts a game: a new one (no choices) or one read back from the store, whose
    /// choices are replayed and checked against the stored hashes.
    pub async fn host(&self, record: GameRecord, rules: Arc<Ruleset>, choices: Vec<StoredChoice>) -> Result<(), HubError> {
        let id = record.id.clone();
        let moved = self.on(&id, move |w| w.host(record, rules, choices)).await??;
        self.moved.write().unwrap_or_else(|p| p.into_inner()).insert(id, moved);
        Ok(())
    }

    /// Lets the bots of `game` start playing (once the game is safely stored).
    pub fn start_bots(&self, game: &str) {
        let id = game.to_owned();
        let _ = self.worker_of(game).send(Box::new(move |w: &mut Worker| w.schedule_bots(&id)));
    }

    /// Drops a hosted game (one the store refused to keep).
    pub async fn forget(&self, game: &str) {
        let id = game.to_owned();
        let _ = self.on(game, move |w| w.games.remove(&id)).await;
        self.moved.write().unwrap_or_else(|p| p.into_inner()).remove(game);
    }

    /// The change counter of `game`, for live updates.
    pub fn watch(&self, game: &str) -> Option<watch::Receiver<u64>> {
        self.moved.read().unwrap_or_else(|p| p.into_inner()).get(game).cloned()
    }
}

impl Worker {
    fn host(&mut self, record: GameRecord, rules: Arc<Ruleset>, choices: Vec<StoredChoice>) -> Result<watch::Receiver<u64>, HubError> {
        let players = seats::parse(&record.players).map_err(|e| StoreError::Corrupt { game: record.id.clone(), why: e.to_string() })?;
        let mut game = Game::new(rules, players.len(), record.seed, record.variants.clone())?;
        // Only the last stored hash is compared: a replay that diverged before it
        // cannot come back to the same state, and every later choice is checked as
        // legal when it is replayed, as when it was first made.
        let checked = choices.iter().rposition(|c| !c.hash.is_empty());
        for (i, stored) in choices.iter().enumerate() {
            game.act(stored.seat, stored.choice.clone())
                .map_err(|e| StoreError::Corrupt { game: record.id.clone(), why: format!("choice {i} does not replay: {e}") })?;
            if Some(i) == checked && state_hash(&game.state) != stored.hash {
                return Err(StoreError::Corrupt { game: record.id.clone(), why: format!("replay reaches another state after choice {i}") }.into());
            }
        }
        let bots = Bots::new(&players, self.budget, record.seed);
        let (moved, rx) = watch::channel(0);
        self.games.insert(record.id.clone(), Hosted { record, game, players, bots, undo: Vec::new(), moved });
        Ok(rx)
    }

    fn hosted(&mut self, id: &str) -> Result<&mut Hosted, HubError> {
        self.games.get_mut(id).ok_or(HubError::NoGame)
    }

    /// What `seat` (or a spectator, `None`) sees of the game now.
    pub fn page(&mut self, id: &str, seat: Option<Seat>, with_rules: bool) -> Result<Page, HubError> {
        let hosted = self.games.get(id).ok_or(HubError::NoGame)?;
        let rules = &hosted.game.rules;
        let present = self.presentations.entry(rules.uid).or_insert_with(|| Arc::new(Presentation::new(rules))).clone();
        let undo = seat.is_some_and(|s| hosted.undo.last().is_some_and(|(by, before)| *by == s && undoable(before, &hosted.game.state, s).is_ok()));
        Ok(page::build(&hosted.game, &hosted.players, &present, seat, undo, with_rules))
    }

    /// Where the game stands for `seat`, without the page around it: for programs
    /// that play through the API (the load test, other clients' bots). The decision
    /// is the seat's own, unlabelled.
    pub fn glance(&mut self, id: &str, seat: Option<Seat>) -> Result<Glance, HubError> {
        let hosted = self.games.get(id).ok_or(HubError::NoGame)?;
        let game = &hosted.game;
        Ok(Glance {
            choices: game.state.history.len(),
            waiting: game.pending().map(|p| p.shown_waiting(seat, game.state.seat_count()).iter().map(|s| *s as usize + 1).collect()).unwrap_or_default(),
            over: game.is_over(),
            decision: seat.and_then(|s| game.decision_for(s)).cloned(),
        })
    }

    /// `seat`'s choice, given when the seat had seen `seen` choices made.
    pub fn act(&mut self, id: &str, seat: Seat, seen: usize, choice: Choice) -> Result<(), HubError> {
        let store = self.store.clone();
        let hosted = self.hosted(id)?;
        let now = hosted.game.state.history.len();
        if seen != now {
            return Err(HubError::Stale { seen, now });
        }
        if hosted.game.decision_for(seat).is_none() {
            return Err(HubError::NotYourTurn);
        }
        let before = hosted.game.state.clone();
        hosted.game.act(seat, choice.clone())?;
        if let Err(e) = store.append(id, now, &StoredChoice { seat, choice, hash: checkpoint(&hosted.game) }) {
            hosted.game.state = before;
            return Err(e.into());
        }
        if hosted.undo.last().is_some_and(|(s, _)| *s != seat) {
            hosted.undo.clear();
        }
        hosted.undo.push((seat, before));
        hosted.moved.send_modify(|n| *n += 1);
        self.schedule_bots(id);
        Ok(())
    }

    /// Takes back `seat`'s last choice when nothing has happened since that the seat
    /// could not take back (another seat acting, a random draw, something revealed).
    pub fn undo(&mut self, id: &str, seat: Seat) -> Result<(), HubError> {
        let store = self.store.clone();
        let hosted = self.hosted(id)?;
        let Some((by, before)) = hosted.undo.last() else {
            return Err(HubError::NoUndo("nothing to take back since another seat acted".into()));
        };
        if *by != seat {
            return Err(HubError::NoUndo("the last choice was not yours".into()));
        }
        undoable(before, &hosted.game.state, seat).map_err(HubError::NoUndo)?;
        store.truncate(id, before.history.len())?;
        let (_, before) = hosted.undo.pop().expect("checked above");
        hosted.game.state = before;
        hosted.moved.send_modify(|n| *n += 1);
        Ok(())
    }

    /// What `seat` may take home: the set-up without the seed while the game runs
    /// (the seed decides every hidden draw), the seat's own choices, the log as it
    /// saw it, and the outcome.
    pub fn record(&mut self, id: &str, seat: Option<Seat>) -> Result<serde_json::Value, HubError> {
        let hosted = self.games.get(id).ok_or(HubError::NoGame)?;
        let state = &hosted.game.state;
        let view = hosted.game.view(seat);
        let choices: Vec<serde_json::Value> = state
            .history
            .iter()
            .enumerate()
            .filter(|(_, a)| Some(a.seat) == seat)
            .map(|(i, a)| serde_json::json!({ "index": i, "choice": a.choice }))
            .collect();
        Ok(serde_json::json!({
            "pack": state.setup.pack,
            "seats": state.setup.seats,
            "variants": state.setup.variants,
            "players": hosted.record.players,
            "seat": seat.map(|s| s as usize + 1),
            "seed": state.outcome.as_ref().map(|_| state.setup.seed.to_string()),
            "your_choices": choices,
            "log": view.log,
            "outcome": view.outcome,
        }))
    }

    /// Queues one bot turn if the game waits on a bot.
    fn schedule_bots(&mut self, id: &str) {
        let Some(hosted) = self.games.get(id) else { return };
        let waits_on_bot = hosted.game.pending().is_some_and(|p| p.waiting_seats().iter().any(|s| !hosted.players[*s as usize].is_human()));
        let waits_on_forced = hosted.game.pending().is_some_and(|p| p.waiting_seats().iter().any(|s| hosted.game.decision_for(*s).is_some_and(is_forced)));
        if waits_on_bot || waits_on_forced {
            let id = id.to_owned();
            let _ = self.me.send(Box::new(move |w: &mut Worker| w.bot_turn(&id)));
        }
    }

    /// One bot decision (or one decision with a single possible answer, made for its
    /// person, who had nothing to decide), then the next is queued.
    fn bot_turn(&mut self, id: &str) {
        let store = self.store.clone();
        let Some(hosted) = self.games.get_mut(id) else { return };
        let Some(pending) = hosted.game.pending() else { return };
        let waiting = pending.waiting_seats();
        let next = waiting.iter().copied().find(|s| !hosted.players[*s as usize].is_human()).map(|s| (s, None)).or_else(|| {
            waiting.iter().copied().find_map(|s| {
                let d = hosted.game.decision_for(s).filter(|d| is_forced(d))?;
                orrery::bots::candidates(d, 1).into_iter().next().map(|c| (s, Some(c)))
            })
        });
        let Some((seat, forced)) = next else { return };
        let forced_for_person = forced.is_some();
        let choice = match forced {
            Some(c) => c,
            None => match hosted.bots.answer(&hosted.game, seat) {
                Some(c) => c,
                None => return,
            },
        };
        let index = hosted.game.state.history.len();
        let before = hosted.game.state.clone();
        if hosted.game.act(seat, choice.clone()).is_err() {
            // A bot offers only legal answers; if the rules refuse one anyway the
            // game waits for a person to look rather than spin.
            return;
        }
        if store.append(id, index, &StoredChoice { seat, choice, hash: checkpoint(&hosted.game) }).is_err() {
            hosted.game.state = before;
            return;
        }
        if forced_for_person {
            // The person's own turn, answered for them: it may be taken back with
            // their choice before it, as at the terminal.
            if hosted.undo.last().is_some_and(|(s, _)| *s != seat) {
                hosted.undo.clear();
            }
            hosted.undo.push((seat, before));
        } else {
            hosted.undo.clear();
        }
        hosted.moved.send_modify(|n| *n += 1);
        self.schedule_bots(id);
    }
}

