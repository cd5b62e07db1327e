//! `orrery serve` over real sockets: seats and spectators see and do only what their
//! link allows, bad requests change nothing, and a killed server resumes every game.
//!
//! The server runs as a child process (so it can be killed with SIGKILL), serving
//! the real packs; a small HTTP/1.1 client below speaks to it.

use crate::common::{repo, tmp};
use orrery::content;
use orrery::flow::Choice;
use orrery::game::Game;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

/// A running server and where it listens.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    /// A server for tests that make requests far faster than people do.
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &["--rate", "100000"])
    }

    pub fn start_with(db: &Path, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .args(["--root", repo().to_str().expect("utf-8 path"), "serve", "--addr", "127.0.0.1:0", "--think-ms", "0", "--iterations", "5", "--workers", "2"])
            .args(options)
            .arg("--db")
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("orrery serve starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout is piped")).lines();
        let addr = loop {
            let line = lines.next().expect("the server says where it listens").expect("readable output");
            if let Some(rest) = line.strip_prefix("serving on http://") {
                break rest.split('/').next().expect("an address").to_owned();
            }
        };
        // Keep reading its output so that it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { child, addr }
    }

    /// One request; returns the status and the body.
    pub fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).expect("connect to the server");
        let body = body.unwrap_or("");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        // A server refusing a huge body may close before reading it all.
        let _ = stream.write_all(request.as_bytes());
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(rest) } else { rest.to_owned() };
        (status, body)
    }

    pub fn json(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let (status, text) = self.call(method, path, body.map(|b| b.to_string()).as_deref());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub fn page(&self, token: &str) -> Value {
        let (status, page) = self.json("GET", &format!("/api/play/{token}"), None);
        assert_eq!(status, 200, "page of {token}: {page}");
        page
    }

    fn kill(mut self) {
        // SIGKILL: no chance to flush anything.
        self.child.kill().expect("kill the server");
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// A game of four seats, every one played by this test through its link.
struct Table {
    seats: Vec<String>,
    spectator: String,
    /// Every accepted choice, in order, to replay the game here.
    played: Vec<(usize, Choice)>,
}

fn create(server: &Server, pack: &str, seed: u64) -> Table {
    let (status, created) = server.json("POST", "/api/games", Some(&json!({ "pack": pack, "seats": ["human", "human", "human", "human"], "seed": seed })));
    assert_eq!(status, 200, "{created}");
    let token = |link: &Value| link.as_str().expect("a link").rsplit('/').next().expect("a token").to_owned();
    let seats: Vec<String> = created["seats"].as_array().expect("seats").iter().map(|s| token(&s["link"])).collect();
    assert!(seats.iter().all(|t| t.len() >= 32), "tokens carry at least 128 bits");
    Table { seats, spectator: token(&created["spectator"]), played: Vec::new() }
}

/// The first answer of a page's decision.
pub fn first_answer(decision: &Value) -> Choice {
    match decision["kind"].as_str() {
        Some("number") => Choice::Number(decision["min"].as_i64().expect("min")),
        Some("many") => Choice::PickMany((0..decision["min"].as_u64().expect("min") as usize).collect()),
        _ if decision["options"].as_array().is_some_and(|o| o.is_empty()) => Choice::Pass,
        _ => Choice::Pick(0),
    }
}

/// Plays `acts` choices, each seat answering its first option when asked.
fn play(server: &Server, table: &mut Table, acts: usize) {
    for _ in 0..acts {
        let Some((seat, page)) = table.seats.iter().enumerate().map(|(i, t)| (i, server.page(t))).find(|(_, p)| !p["decision"].is_null()) else {
            return;
        };
        let choice = first_answer(&page["decision"]);
        let (status, answer) = server.json("POST", &format!("/api/play/{}/act", table.seats[seat]), Some(&json!({ "seen": page["choices"], "choice": choice })));
        assert_eq!(status, 200, "seat {}: {answer}", seat + 1);
        table.played.push((seat, choice));
    }
}

/// The game as the server holds it, rebuilt here from the seed and the choices.
fn replayed(pack: &str, seed: u64, played: &[(usize, Choice)]) -> Game {
    let rules = Arc::new(content::load(&repo().join("content").join(pack)).expect("the pack loads"));
    let mut game = Game::new(rules, 4, seed, Vec::new()).expect("the game starts");
    for (seat, choice) in played {
        game.act(*seat as u8, choice.clone()).expect("the server's choices replay");
    }
    game
}

/// The display name of a face: its definition's `name` (of the entity's kind, else
/// the definition of that id under any kind, as a card's face names a card).
fn name_of(game: &Game, kind: &str, face: &str) -> Option<String> {
    let def = game.rules.def(kind, face).or_else(|| game.rules.defs.values().flatten().find(|d| d.id == face))?;
    def.value.get("name")?.as_str().map(str::to_owned)
}

#[test]
fn serve_shows_each_seat_only_its_own_secrets() {
    let server = Server::start(&tmp("serve-secrets.db"));
    let mut table = create(&server, "galactic-era", 11);
    play(&server, &mut table, 12);
    let game = replayed("galactic-era", 11, &table.played);
    let state = &game.state;
    for (seat, token) in table.seats.iter().enumerate() {
        let seat_u8 = seat as u8;
        let page = server.call("GET", &format!("/api/play/{token}"), None).1;
        let record = server.call("GET", &format!("/api/play/{token}/record"), None).1;
        // Whatever was told privately to another seat reaches neither this seat's page
        // nor the record it may download.
        let seen: Vec<&str> = state.log.iter().filter(|l| state.sees_log(Some(seat_u8), l)).map(|l| &*l.text).collect();
        for line in state.log.iter().filter(|l| l.to.is_some() && !state.sees_log(Some(seat_u8), l) && !seen.contains(&&*l.text)) {
            assert!(!page.contains(&*line.text), "seat {}'s page shows another seat's private line: {}", seat + 1, line.text);
            assert!(!record.contains(&*line.text), "seat {}'s record holds another seat's private line: {}", seat + 1, line.text);
        }
        // Nor does the name of any face the seat does not know (one it knows through
        // another piece of the same face is not a secret). The page's Rules tab and
        // map legend name every definition of the game, so they are left out.
        let knows = |e: &orrery::state::Entity| state.knows_face(Some(seat_u8), e) || state.has_seen_face(seat_u8, e);
        let known: Vec<(String, String)> = state.entities.iter().filter(|e| knows(e)).map(|e| (e.kind.to_string(), e.face.to_string())).collect();
        let secrets: Vec<String> = state
            .entities
            .iter()
            .filter(|e| !knows(e) && !known.contains(&(e.kind.to_string(), e.face.to_string())))
            .filter_map(|e| name_of(&game, e.kind.as_str(), e.face.as_str()))
            .collect();
        assert!(!secrets.is_empty(), "seat {} has secrets to keep at this point", seat + 1);
        let mut shown: Value = serde_json::from_str(&page).expect("the page is JSON");
        shown["rules"] = Value::Null;
        shown["legend"] = Value::Null;
        let shown = shown.to_string();
        for name in &secrets {
            assert!(!shown.contains(&format!("\"{name}")) && !shown.contains(&format!(" {name}")), "seat {}'s page names a face it does not know: {name}", seat + 1);
            assert!(!record.contains(name.as_str()), "seat {}'s record names a face it does not know: {name}", seat + 1);
        }
        let record: Value = serde_json::from_str(&record).expect("the record is JSON");
        assert!(record["seed"].is_null(), "the seed decides every hidden draw: no record shows it while the game runs");
        let own: Vec<usize> = table.played.iter().enumerate().filter(|(_, (s, _))| *s == seat).map(|(i, _)| i).collect();
        let listed: Vec<usize> = record["your_choices"].as_array().expect("choices").iter().map(|c| c["index"].as_u64().expect("index") as usize).collect();
        assert_eq!(listed, own, "a record lists the seat's own choices only");
        // The page's decision is this seat's own, if any.
        let page: Value = serde_json::from_str(&page).expect("the page is JSON");
        assert_eq!(page["you"], json!(seat + 1));
        assert_eq!(page["decision"].is_null(), game.decision_for(seat_u8).is_none());
    }
    let watching = server.page(&table.spectator);
    assert!(watching["you"].is_null() && watching["decision"].is_null(), "a spectator has no seat and no decision");
    let watched = server.call("GET", &format!("/api/play/{}", table.spectator), None).1;
    let public: Vec<&str> = state.log.iter().filter(|l| l.to.is_none()).map(|l| &*l.text).collect();
    for line in state.log.iter().filter(|l| l.to.is_some() && !public.contains(&&*l.text)) {
        assert!(!watched.contains(&*line.text), "a spectator sees a private line: {}", line.text);
    }
}

#[test]
fn serve_refuses_bad_requests_and_changes_nothing() {
    // The default rate: a link may make 20 requests a second, 60 in a burst.
    let server = Server::start_with(&tmp("serve-refusals.db"), &[]);
    let mut table = create(&server, "galactic-era", 5);
    // Past the simultaneous set-up, to a point where exactly one seat is asked.
    for _ in 0..40 {
        let waiting: Vec<Value> = server.page(&table.spectator)["waiting"].as_array().expect("waiting").clone();
        if waiting.len() == 1 {
            break;
        }
        play(&server, &mut table, 1);
    }
    let watching = server.page(&table.spectator);
    let waiting = watching["waiting"][0].as_u64().expect("one seat is asked") as usize - 1;
    let other = (waiting + 1) % 4;
    let before: Vec<String> = table.seats.iter().map(|t| server.call("GET", &format!("/api/play/{t}"), None).1).collect();
    let seen = watching["choices"].clone();
    let act = |token: &str, body: &str| server.call("POST", &format!("/api/play/{token}/act"), Some(body)).0;
    let cases: Vec<(&str, u16, u16)> = vec![
        ("an option that does not exist", act(&table.seats[waiting], &json!({ "seen": seen, "choice": { "Pick": 9999 } }).to_string()), 422),
        ("another seat acting out of turn", act(&table.seats[other], &json!({ "seen": seen, "choice": { "Pick": 0 } }).to_string()), 403),
        ("a choice made on an old page", act(&table.seats[waiting], &json!({ "seen": 0, "choice": { "Pick": 0 } }).to_string()), 409),
        ("a seat named in the body", act(&table.seats[other], &json!({ "seen": seen, "seat": waiting + 1, "choice": { "Pick": 0 } }).to_string()), 422),
        ("a spectator acting", act(&table.spectator, &json!({ "seen": seen, "choice": { "Pick": 0 } }).to_string()), 403),
        ("garbage", act(&table.seats[waiting], "\u{0}\u{1}not json"), 400),
        ("an unknown link", act("0123456789abcdef0123456789abcdef", &json!({ "seen": seen, "choice": "Pass" }).to_string()), 404),
        ("a huge body", act(&table.seats[waiting], &format!("{{\"seen\": 0, \"choice\": \"{}\"}}", "x".repeat(200_000))), 413),
        ("a page asked for with a garbled query", server.call("GET", &format!("/api/play/{}?rules=maybe", table.seats[other]), None).0, 400),
    ];
    for (what, got, want) in &cases {
        assert_eq!(got, want, "{what}");
    }
    let after: Vec<String> = table.seats.iter().map(|t| server.call("GET", &format!("/api/play/{t}"), None).1).collect();
    assert_eq!(before, after, "refused requests leave every seat's page as it was");
    // A flood from one link is cut off.
    let statuses: Vec<u16> = (0..150).map(|_| server.call("GET", &format!("/api/play/{}", table.seats[other]), None).0).collect();
    assert!(statuses.contains(&429), "150 requests in a burst meet the rate limit");
}

/// A page is sent gzipped to a client that takes it, and without the rules and the
/// map key (which never change) once the client has them.
#[test]
fn serve_pages_are_compressed_and_rules_sent_once() {
    let server = Server::start(&tmp("serve-sizes.db"));
    let table = create(&server, "galactic-era", 8);
    let full = server.page(&table.seats[0]);
    assert!(full["rules"].as_array().is_some_and(|r| !r.is_empty()), "a first load has the rules");
    let (status, lean) = server.json("GET", &format!("/api/play/{}?rules=false", table.seats[0]), None);
    assert_eq!(status, 200);
    assert_eq!(lean["rules"], json!([]), "no rules when the client says it has them");
    assert_eq!(lean["legend"], json!([]));
    assert_eq!((&lean["decision"], &lean["log"], &lean["board"]), (&full["decision"], &full["log"], &full["board"]), "everything else is the same page");
    let mut stream = TcpStream::connect(&server.addr).expect("connect");
    let request = format!("GET /api/play/{} HTTP/1.1\r\nHost: {}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n", table.seats[0], server.addr);
    stream.write_all(request.as_bytes()).expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read");
    let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    assert!(head.contains("content-encoding: gzip"), "the page is gzipped: {head}");
    assert!(raw.len() * 3 < full.to_string().len(), "gzipped ({} bytes) against {} bytes plain", raw.len(), full.to_string().len());
}

#[test]
fn serve_resumes_every_game_after_a_kill() {
    let db = tmp("serve-resume.db");
    let _ = std::fs::remove_file(&db);
    let server = Server::start(&db);
    let mut tables = vec![create(&server, "galactic-era", 3), create(&server, "space-opera", 4)];
    for table in &mut tables {
        play(&server, table, 15);
    }
    // A bot game too: its choices are the server's own.
    let (status, bots) = server.json("POST", "/api/games", Some(&json!({ "pack": "space-opera", "seats": ["random", "random", "random", "random"], "seed": 9 })));
    assert_eq!(status, 200, "{bots}");
    let bot_watch = bots["spectator"].as_str().expect("a link").rsplit('/').next().expect("a token").to_owned();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let snapshot = |server: &Server| -> Vec<String> {
        let mut pages = Vec::new();
        for table in &tables {
            for token in table.seats.iter().chain([&table.spectator]) {
                let mut page = server.page(token);
                // Undo is offered only within a sitting (the states before a choice are
                // kept in memory); everything else must come back exactly.
                page["undo"] = Value::Null;
                pages.push(page.to_string());
            }
        }
        pages
    };
    let before = snapshot(&server);
    let bot_choices = server.page(&bot_watch)["choices"].as_u64().expect("choices");
    server.kill();
    let server = Server::start(&db);
    assert_eq!(snapshot(&server), before, "every seat's page is the same after the restart");
    assert!(server.page(&bot_watch)["choices"].as_u64().expect("choices") >= bot_choices, "the bot game kept every choice and goes on");
    // The games go on after the restart.
    for table in &mut tables {
        play(&server, table, 3);
    }
    let game = replayed("galactic-era", 3, &tables[0].played);
    assert_eq!(server.page(&tables[0].spectator)["choices"].as_u64(), Some(game.state.history.len() as u64));

    // A stored game that no longer replays to its hash is left out, the others resume.
    server.kill();
    {
        let db = rusqlite::Connection::open(&db).expect("open the database");
        let changed = db
            .execute("UPDATE choices SET hash = 'forged' WHERE rowid = (SELECT rowid FROM choices WHERE hash <> '' ORDER BY idx DESC LIMIT 1) ", [])
            .expect("forge a hash");
        assert_eq!(changed, 1, "some choice carries a hash");
    }
    let server = Server::start(&db);
    let open: Vec<u16> = tables.iter().map(|t| server.call("GET", &format!("/api/play/{}", t.spectator), None).0).chain([server.call("GET", &format!("/api/play/{bot_watch}"), None).0]).collect();
    assert_eq!(open.iter().filter(|s| **s == 404).count(), 1, "exactly the forged game is refused: {open:?}");
    assert_eq!(open.iter().filter(|s| **s == 200).count(), 2, "the other games resume: {open:?}");
}

#[test]
fn serve_pages_carry_the_packs_diagrams() {
    let server = Server::start(&tmp("serve-diagrams.db"));
    let mut table = create(&server, "space-gate-odyssey", 5);
    play(&server, &mut table, 12);
    let page = server.page(&table.spectator);
    let diagrams = page["diagrams"].as_array().expect("diagrams");
    // Each seat's station, a grid with the white starting module at (0, 0).
    for seat in 1..=4 {
        let station = diagrams.iter().find(|d| d["seat"] == json!(seat) && d["shape"] == "grid").unwrap_or_else(|| panic!("seat {seat}'s station: {diagrams:?}"));
        let cells = station["cells"].as_array().expect("cells");
        let start = cells.iter().find(|c| c["x"] == json!(0) && c["y"] == json!(0)).expect("the starting module");
        assert!(start["text"].as_str().is_some_and(|t| t.starts_with("St")), "{start}");
        assert!(start["edges"].as_array().is_some_and(|e| e.len() == 4), "{start}");
    }
    // The rooms, the exoplanets and the wheel, as graphs whose lines name their nodes.
    let graphs: Vec<&Value> = diagrams.iter().filter(|d| d["shape"] == "graph").collect();
    assert!(graphs.iter().any(|d| d["title"].as_str().is_some_and(|t| t.contains("control rooms"))), "{graphs:?}");
    assert!(graphs.iter().any(|d| d["title"].as_str().is_some_and(|t| t.contains("Influence Wheel"))), "{graphs:?}");
    assert!(graphs.len() >= 2 + 3, "at least 3 exoplanets in play: {}", graphs.len());
    for g in &graphs {
        let ids: Vec<&str> = g["nodes"].as_array().expect("nodes").iter().map(|n| n["id"].as_str().expect("an id")).collect();
        for link in g["links"].as_array().expect("links") {
            assert!(ids.contains(&link[0].as_str().expect("a")) && ids.contains(&link[1].as_str().expect("b")), "{link}");
        }
    }
    // A pack that draws nothing carries an empty list.
    let other = create(&server, "space-opera", 6);
    assert_eq!(server.page(&other.seats[0])["diagrams"], json!([]));
}

#[test]
fn serve_plays_each_pack_to_the_end() {
    use rand::SeedableRng;
    let server = Server::start(&tmp("serve-to-the-end.db"));
    for (pack, seed) in [("galactic-era", 21), ("space-opera", 22)] {
        let (status, created) = server.json("POST", "/api/games", Some(&json!({ "pack": pack, "seats": ["human", "random", "random", "random"], "seed": seed })));
        assert_eq!(status, 200, "{created}");
        let token = created["seats"][0]["link"].as_str().expect("a link").rsplit('/').next().expect("a token").to_owned();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut acts = 0;
        let page = loop {
            let (_, glance) = server.json("GET", &format!("/api/play/{token}/decision"), None);
            // Fetched after the glance: a decision it shows stays until the seat answers.
            let page = server.page(&token);
            if glance["over"] == json!(true) {
                break page;
            }
            match serde_json::from_value::<Option<orrery::flow::Decision>>(glance["decision"].clone()).expect("a decision or none") {
                Some(decision) => {
                    // Every label of the page's decision was made by the pack.
                    let labels = page["decision"]["options"].as_array().expect("options").iter().map(|o| o["label"].as_str().unwrap_or("").to_owned());
                    for label in labels {
                        assert!(!label.is_empty() && !label.contains("(no label:"), "{pack}: an option without its label: {label:?}");
                    }
                    let choice = orrery::bots::random_choice(&decision, &mut rng);
                    let (status, answer) = server.json("POST", &format!("/api/play/{token}/act"), Some(&json!({ "seen": glance["choices"], "choice": choice })));
                    assert!(status == 200 || status == 409, "{pack}: {status} {answer}");
                    acts += 1;
                }
                None => std::thread::sleep(std::time::Duration::from_millis(5)),
            }
            assert!(acts < 3000, "{pack}: the game does not end");
        };
        let ranking = page["outcome"].as_array().expect("the ranking");
        assert!(ranking.len() >= 4, "{pack}: a ranking line per seat: {ranking:?}");
        assert!(page["decision"].is_null() && page["waiting"].as_array().is_some_and(|w| w.is_empty()), "{pack}: nothing asked after the end");
    }
}

#[test]
fn loadtest_reports_no_errors_and_no_lost_choices() {
    // A small run of the load test (the full one is `orrery loadtest`: 200 games).
    let output = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["--root", repo().to_str().expect("utf-8 path"), "loadtest", "--games", "12", "--acts", "12", "--think-ms", "10", "--json"])
        .output()
        .expect("orrery loadtest runs");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("a JSON report: {}", String::from_utf8_lossy(&output.stdout)));
    assert!(output.status.success(), "{report}");
    assert_eq!(report["errors"], json!(0), "{report}");
    assert_eq!(report["lost_choices"], json!(0), "{report}");
    assert!(report["acts"].as_u64().unwrap_or(0) >= 12 * 12, "every game made its choices: {report}");
    assert!(report["act_ms_p99"].as_f64().is_some() && report["server_peak_rss_mib"].as_f64().is_some(), "{report}");
}
