//! The HTTP surface of `orrery serve`: the embedded client's files and the JSON API.
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the lobby |
//! | `GET /play/{token}` | a seat's (or a spectator's) game page |
//! | `GET /api/packs` | the packs, their player counts, variants and bot strengths |
//! | `POST /api/games` | create a game: `{pack, seats: ["human", "ismcts:strong", …], variants?, seed?}` |
//! | `GET /api/play/{token}` | the token's page data ([`super::page::Page`]); `?rules=false` leaves out the rules and map key |
//! | `GET /api/play/{token}/decision` | where the game stands and the token's decision, unlabelled ([`super::hub::Glance`]) |
//! | `POST /api/play/{token}/act` | a choice: `{seen, choice}` (`seen`: the page's `choices`) |
//! | `POST /api/play/{token}/undo` | take back the seat's last choice |
//! | `GET /api/play/{token}/events` | server-sent events, `moved` whenever the game changed |
//! | `GET /api/play/{token}/record` | what the seat may take home: its choices and the log it saw |
//!
//! Every failure is `{"error": "…"}` with a 4xx status and changes nothing. Bodies
//! are capped at [`MAX_BODY`]; each token has a request rate, and each address a
//! rate of unknown links tried and of games created ([`RateLimits`]), beyond which
//! requests get 429 until the bucket refills. Responses are gzipped for clients that
//! take it, except the event stream.

use super::hub::HubError;
use super::store::GameRecord;
use super::{token, Server};
use crate::cli::seats;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use orrery::flow::Choice;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The largest request body accepted (a choice is a few dozen bytes).
pub const MAX_BODY: usize = 16 * 1024;
/// Unknown links one address may try in a burst, and per second after it.
const MISSES_BURST: f64 = 30.0;
const MISSES_PER_SECOND: f64 = 1.0;

const LOBBY: &str = include_str!("client/lobby.html");
const GAME: &str = include_str!("client/game.html");
const APP_JS: &str = include_str!("client/game.js");
const DIAGRAMS_JS: &str = include_str!("client/diagrams.js");
const LOBBY_JS: &str = include_str!("client/lobby.js");
const STYLE: &str = include_str!("client/style.css");

pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(|| async { Html(LOBBY) }))
        .route("/play/{token}", get(game_page))
        .route("/game.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], APP_JS) }))
        .route("/diagrams.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], DIAGRAMS_JS) }))
        .route("/lobby.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], LOBBY_JS) }))
        .route("/style.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }))
        .route("/api/packs", get(packs))
        .route("/api/games", post(create))
        .route("/api/play/{token}", get(page))
        .route("/api/play/{token}/decision", get(glance))
        .route("/api/play/{token}/act", post(act))
        .route("/api/play/{token}/undo", post(undo))
        .route("/api/play/{token}/events", get(events))
        .route("/api/play/{token}/record", get(record))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // gzip where the client takes it (a page with a map shrinks about 5 times);
        // the default predicate leaves the live-update stream uncompressed, so its
        // events are not held back in a buffer.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(server)
}

/// A refusal: status and reason, sent as `{"error": reason}`.
pub struct Refusal(StatusCode, String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<HubError> for Refusal {
    fn from(e: HubError) -> Refusal {
        let status = match &e {
            HubError::NoGame => StatusCode::NOT_FOUND,
            HubError::Spectator | HubError::NotYourTurn => StatusCode::FORBIDDEN,
            HubError::Stale { .. } => StatusCode::CONFLICT,
            HubError::Refused(_) | HubError::NoUndo(_) => StatusCode::UNPROCESSABLE_ENTITY,
            HubError::Store(_) | HubError::Gone => StatusCode::SERVICE_UNAVAILABLE,
        };
        Refusal(status, e.to_string())
    }
}

fn refuse(status: StatusCode, why: impl Into<String>) -> Refusal {
    Refusal(status, why.into())
}

/// Token buckets per token and per address.
#[derive(Default)]
pub struct RateLimits {
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimits {
    /// Takes one request from `key`'s bucket (`burst` deep, refilled at `rate`/s).
    fn take(&self, key: &str, burst: f64, rate: f64) -> Result<(), Refusal> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 100_000 {
            // Forget idle buckets rather than grow without bound under a flood of
            // made-up tokens.
            let now = Instant::now();
            buckets.retain(|_, (_, at)| now.duration_since(*at).as_secs_f64() < 60.0);
        }
        let now = Instant::now();
        let (level, at) = buckets.entry(key.to_owned()).or_insert((burst, now));
        *level = (*level + now.duration_since(*at).as_secs_f64() * rate).min(burst);
        *at = now;
        if *level < 1.0 {
            return Err(refuse(StatusCode::TOO_MANY_REQUESTS, "too many requests: slow down"));
        }
        *level -= 1.0;
        Ok(())
    }
}

/// The access a token grants, after charging the token's bucket. A link that opens
/// no game is charged to the address instead, so that guessing tokens is slow as
/// well as hopeless.
fn admit(server: &Server, token: &str, from: SocketAddr) -> Result<super::Access, Refusal> {
    let Some(access) = server.access(token) else {
        server.limits.take(&format!("miss {}", from.ip()), MISSES_BURST, MISSES_PER_SECOND)?;
        return Err(refuse(StatusCode::NOT_FOUND, "no game has this link"));
    };
    server.limits.take(&format!("token {token}"), server.rate * 3.0, server.rate)?;
    Ok(access)
}

async fn game_page(State(server): State<Arc<Server>>, Path(token): Path<String>) -> Response {
    if server.access(&token).is_none() {
        return (StatusCode::NOT_FOUND, Html("<!doctype html><title>Orrery</title><p>No game has this link. <a href=\"/\">Back to the lobby</a>.</p>")).into_response();
    }
    Html(GAME).into_response()
}

async fn packs(State(server): State<Arc<Server>>) -> Json<serde_json::Value> {
    let list: Vec<serde_json::Value> = server
        .packs
        .iter()
        .map(|rules| {
            let mut d = crate::cli::packs::describe(rules);
            d["bots"] = json!(["random", "heuristic", "ismcts"]);
            d["strengths"] = strengths(server.budget);
            d
        })
        .collect();
    Json(json!(list))
}

/// A searching bot's strengths as the lobby offers them, each with what it means
/// on this server.
fn strengths(budget: orrery::bots::Budget) -> serde_json::Value {
    use crate::cli::seats::Strength;
    let list: Vec<serde_json::Value> = [Strength::Quick, Strength::Normal, Strength::Strong]
        .into_iter()
        .map(|strength| {
            let scaled = strength.scale(budget);
            let effort = match scaled.think {
                Some(t) => format!("thinks up to {:.2} s a decision", t.as_secs_f64()),
                None => format!("{} searches a decision", scaled.iterations),
            };
            json!({ "id": strength.name(), "name": format!("{} ({effort})", strength.name()) })
        })
        .collect();
    json!(list)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pack: String,
    seats: Vec<String>,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
}

async fn create(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, body: Result<Json<NewGame>, axum::extract::rejection::JsonRejection>) -> Result<Json<serde_json::Value>, Refusal> {
    server.limits.take(&format!("create {}", from.ip()), server.games_per_minute, server.games_per_minute / 60.0)?;
    let Json(new) = body.map_err(|e| refuse(e.status(), format!("unreadable request: {}", e.body_text())))?;
    let rules = server.pack(&new.pack).cloned().ok_or_else(|| refuse(StatusCode::BAD_REQUEST, format!("no pack `{}` here", new.pack)))?;
    let players = seats::parse(&new.seats.join(",")).map_err(|e| refuse(StatusCode::BAD_REQUEST, e.to_string()))?;
    let (min, max) = rules.manifest.players;
    if players.len() < min as usize || players.len() > max as usize {
        return Err(refuse(StatusCode::BAD_REQUEST, format!("{} plays with {min} to {max} seats, not {}", rules.manifest.name, players.len())));
    }
    let random = || token().map_err(|e| refuse(StatusCode::SERVICE_UNAVAILABLE, format!("no random source: {e}")));
    let seed = match new.seed {
        Some(s) => s,
        None => u64::from_str_radix(&random()?[..16], 16).unwrap_or_default(),
    };
    let record = GameRecord {
        id: random()?[..16].to_owned(),
        pack: new.pack.clone(),
        variants: new.variants.clone(),
        seed,
        players: seats::spec(&players),
        seat_tokens: (0..players.len()).map(|_| random()).collect::<Result<_, _>>()?,
        spectator_token: random()?,
        created: std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64),
    };
    // Set up first (a refused set-up stores nothing), then store, then let bots play.
    server.hub.host(record.clone(), rules, Vec::new()).await.map_err(|e| refuse(StatusCode::BAD_REQUEST, e.to_string()))?;
    if let Err(e) = server.store.create(&record) {
        server.hub.forget(&record.id).await;
        return Err(refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()));
    }
    server.admit(&record);
    server.hub.start_bots(&record.id);
    let seats: Vec<serde_json::Value> = players
        .iter()
        .enumerate()
        .map(|(i, p)| json!({ "seat": i + 1, "player": p.name(), "link": p.is_human().then(|| format!("/play/{}", record.seat_tokens[i])) }))
        .collect();
    Ok(Json(json!({ "game": record.id, "seats": seats, "spectator": format!("/play/{}", record.spectator_token) })))
}

/// What a page request may leave out.
#[derive(Debug, Deserialize)]
struct PageQuery {
    /// `false`: without the rules and the map key, which never change during a game,
    /// for a client that has them from its first load.
    rules: Option<bool>,
}

async fn page(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>, query: Result<Query<PageQuery>, axum::extract::rejection::QueryRejection>) -> Result<Json<super::page::Page>, Refusal> {
    let Query(query) = query.map_err(|e| refuse(e.status(), format!("unreadable request: {}", e.body_text())))?;
    let access = admit(&server, &token, from)?;
    let seat = access.seat;
    let with_rules = query.rules.unwrap_or(true);
    Ok(Json(server.hub.on(&access.game.clone(), move |w| w.page(&access.game, seat, with_rules)).await??))
}

async fn glance(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>) -> Result<Json<super::hub::Glance>, Refusal> {
    let access = admit(&server, &token, from)?;
    let seat = access.seat;
    Ok(Json(server.hub.on(&access.game.clone(), move |w| w.glance(&access.game, seat)).await??))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    seen: usize,
    choice: Choice,
}

async fn act(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>, body: Result<Json<ActRequest>, axum::extract::rejection::JsonRejection>) -> Result<Json<serde_json::Value>, Refusal> {
    let access = admit(&server, &token, from)?;
    let Json(request) = body.map_err(|e| refuse(e.status(), format!("unreadable choice: {}", e.body_text())))?;
    let seat = access.seat.ok_or(HubError::Spectator)?;
    let game = access.game.clone();
    server.hub.on(&game, move |w| w.act(&access.game, seat, request.seen, request.choice)).await??;
    Ok(Json(json!({ "ok": true })))
}

async fn undo(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>) -> Result<Json<serde_json::Value>, Refusal> {
    let access = admit(&server, &token, from)?;
    let seat = access.seat.ok_or(HubError::Spectator)?;
    let game = access.game.clone();
    server.hub.on(&game, move |w| w.undo(&access.game, seat)).await??;
    Ok(Json(json!({ "ok": true })))
}

async fn record(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>) -> Result<Response, Refusal> {
    let access = admit(&server, &token, from)?;
    let seat = access.seat;
    let game = access.game.clone();
    let record = server.hub.on(&game, move |w| w.record(&access.game, seat)).await??;
    let name = format!("attachment; filename=\"orrery-{game}.json\"");
    Ok(([(header::CONTENT_DISPOSITION, name)], Json(record)).into_response())
}

async fn events(State(server): State<Arc<Server>>, ConnectInfo(from): ConnectInfo<SocketAddr>, Path(token): Path<String>) -> Result<Response, Refusal> {
    let access = admit(&server, &token, from)?;
    let moved = server.hub.watch(&access.game).ok_or(HubError::NoGame)?;
    // The first event tells the page where the game is; then one per change
    // (changes in quick succession may arrive as one: the page fetches the newest).
    let stream = futures_util::stream::unfold((moved, true), |(mut moved, first)| async move {
        if !first && moved.changed().await.is_err() {
            return None;
        }
        let n = *moved.borrow_and_update();
        Some((Ok::<_, std::convert::Infallible>(Event::default().event("moved").data(n.to_string())), (moved, false)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}
