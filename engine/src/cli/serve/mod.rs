//! `orrery serve`: games played together in the browser.
//!
//! An HTTP server (axum) serves the web client embedded in the binary (`client/`:
//! plain HTML, CSS and JavaScript, no build step) and a JSON API. The lobby creates
//! a game and hands out one secret link per human seat and one for spectators; a
//! link's token (192 random bits) is the only key to a seat: whoever holds it sees
//! that seat's page and acts for that seat, nothing more. Pages are built from the
//! seat's view on the server ([`page`]); the client gets no state, seed or save.
//! Live updates are server-sent events that say "the game moved"; the page then
//! fetches itself again.
//!
//! Games live on worker threads ([`hub`]) and in a SQLite file ([`store`]): every
//! accepted choice is committed before it is acknowledged, and a restarted server
//! replays every stored game from its seed and choices, checking the state hash.
//! Requests are bounded (body size, a rate per token and per address) and every
//! refusal is a JSON error that changes nothing.

mod hub;
pub mod loadtest;
mod page;
mod routes;
mod store;

use super::{pack, saves, CliError};
use hub::Hub;
use orrery::bots::Budget;
use orrery::content::Ruleset;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use store::{GameStore, SqliteStore};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The games' database (SQLite, created on first start; default:
    /// games.db in the save directory, see `orrery play --help`).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Time an ismcts or heuristic bot may think per decision, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub think_ms: u64,
    /// Iteration budget of an ismcts bot per decision.
    #[arg(long, value_name = "N")]
    pub iterations: Option<usize>,
    /// Threads that run games (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Games one address may create per minute.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games_per_minute: u32,
    /// Requests one link may make per second (in bursts of three seconds' worth).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub rate: u32,
}

/// Who a token lets in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub game: String,
    /// `None` for a spectator.
    pub seat: Option<orrery::state::Seat>,
}

/// Everything the request handlers share.
pub struct Server {
    packs: Vec<Arc<Ruleset>>,
    hub: Hub,
    store: Arc<dyn GameStore>,
    tokens: std::sync::RwLock<HashMap<String, Access>>,
    limits: routes::RateLimits,
    games_per_minute: f64,
    rate: f64,
    /// A bot's think budget at normal strength (`--think-ms`, `--iterations`).
    budget: Budget,
}

impl Server {
    fn pack(&self, id: &str) -> Option<&Arc<Ruleset>> {
        self.packs.iter().find(|r| r.manifest.id == id)
    }

    fn access(&self, token: &str) -> Option<Access> {
        self.tokens.read().unwrap_or_else(|p| p.into_inner()).get(token).cloned()
    }

    fn admit(&self, record: &store::GameRecord) {
        let mut tokens = self.tokens.write().unwrap_or_else(|p| p.into_inner());
        for (i, t) in record.seat_tokens.iter().enumerate() {
            tokens.insert(t.clone(), Access { game: record.id.clone(), seat: Some(i as orrery::state::Seat) });
        }
        tokens.insert(record.spectator_token.clone(), Access { game: record.id.clone(), seat: None });
    }
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let packs = load_packs(root, out)?;
    let db = args.db.clone().unwrap_or_else(|| saves::dir().join("games.db"));
    if let Some(parent) = db.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let store: Arc<dyn GameStore> = Arc::new(SqliteStore::open(&db).map_err(|e| CliError::Usage(format!("{}: {e}", db.display())))?);
    let workers = args.workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let budget = Budget::from_args(args.think_ms, args.iterations);
    let server = Arc::new(Server { packs, hub: Hub::start(workers, store.clone(), budget), store, tokens: Default::default(), limits: Default::default(), games_per_minute: f64::from(args.games_per_minute.max(1)), rate: f64::from(args.rate.max(1)), budget });
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let resumed = resume(&server, out).await?;
        let listener = tokio::net::TcpListener::bind(&args.addr).await.map_err(|e| CliError::Usage(format!("cannot listen on {}: {e}", args.addr)))?;
        let addr = listener.local_addr()?;
        writeln!(out, "{resumed} games resumed from {}", db.display())?;
        writeln!(out, "serving on http://{addr}/ (Ctrl-C stops; games are kept)")?;
        out.flush()?;
        let app = routes::router(server.clone());
        axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok::<_, CliError>(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Every pack under the root that loads; a pack that does not is reported and left out.
fn load_packs(root: &Path, out: &mut dyn Write) -> Result<Vec<Arc<Ruleset>>, CliError> {
    let mut packs = Vec::new();
    for dir in orrery::content::discover(root) {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match pack::load(root, &name) {
            Ok(rules) => packs.push(rules),
            Err(e) => writeln!(out, "pack {name} left out: it does not load ({} line(s); see `orrery check {name}`)", e.to_string().lines().count())?,
        }
    }
    if packs.is_empty() {
        return Err(CliError::Usage(format!("no pack under {} loads", root.join("content").display())));
    }
    Ok(packs)
}

/// Hosts every stored game again; a game that cannot be replayed (its pack gone or
/// changed) is reported and left out, its record kept untouched in the store.
async fn resume(server: &Arc<Server>, out: &mut dyn Write) -> Result<usize, CliError> {
    let stored = server.store.load_all().map_err(|e| CliError::Usage(e.to_string()))?;
    let mut count = 0;
    for (record, choices) in stored {
        let Some(rules) = server.pack(&record.pack).cloned() else {
            writeln!(out, "game {} left out: pack {} is not here", record.id, record.pack)?;
            continue;
        };
        let id = record.id.clone();
        match server.hub.host(record.clone(), rules, choices).await {
            Ok(()) => {
                server.admit(&record);
                server.hub.start_bots(&id);
                count += 1;
            }
            Err(e) => writeln!(out, "game {id} left out: {e}")?,
        }
    }
    Ok(count)
}

/// A secret token: 192 bits from the operating system's random source, in hex.
fn token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
