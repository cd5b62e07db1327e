//! The web client in headless Chromium (Debian's `chromium` and `chromium-driver`,
//! driven over WebDriver by fantoccini): a newcomer's path through the lobby and a
//! game, a reload, and a second seat's page that must never show the first seat's
//! secrets. Screenshots of the lobby, the board and a decision are written under
//! `target/browser-artifacts/` (test artifacts, not committed).
//!
//! Without chromedriver on the machine the test says so and passes, unless
//! `ORRERY_BROWSER=1` (set by `.ci/run`) asks for it, when it fails.

use crate::common::tmp;
use crate::serve::{first_answer, Server};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// Chromedriver in a process group of its own, so that dropping it (also when a
/// test fails) takes the Chromium processes it started along.
struct Driver(Child);

impl Driver {
    fn start(port: u16) -> Driver {
        use std::os::unix::process::CommandExt;
        Driver(Command::new(CHROMEDRIVER).arg(format!("--port={port}")).process_group(0).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("chromedriver starts"))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (`process_group(0)`); a failed spawn
        // never makes a Driver, so the id is never 0 or 1.
        if let Ok(group) = libc::pid_t::try_from(self.0.id()) {
            if group > 1 {
                // SAFETY: killpg only sends a signal; the group is the one started here.
                unsafe { libc::killpg(group, libc::SIGKILL) };
            }
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("its address").port()
}

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../browser-artifacts");
    std::fs::create_dir_all(&dir).expect("make the artifacts directory");
    dir
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(artifacts().join(name), png).expect("write the screenshot");
}

/// Whether the page draws a pack's diagrams.
async fn has_diagrams(c: &Client) -> bool {
    c.execute("return document.querySelectorAll('figure.diagram svg').length > 0", vec![]).await.ok().and_then(|v| v.as_bool()) == Some(true)
}

/// Screenshots of a pack's diagrams: your seat's card with its own, the shared ones,
/// and both again at a phone's width; every diagram must be drawn at a legible size.
async fn diagram_screenshots(c: &Client, pack: &str) {
    let sizes: Value = c
        .execute("return [...document.querySelectorAll('figure.diagram svg')].map(s => s.getBoundingClientRect().width)", vec![])
        .await
        .expect("the diagrams' widths");
    let widths: Vec<f64> = sizes.as_array().expect("a list").iter().filter_map(Value::as_f64).collect();
    assert!(widths.iter().all(|w| *w >= 150.0), "{pack}: a diagram drawn too small: {widths:?}");
    for (width, name) in [(1366, "laptop"), (412, "phone")] {
        c.set_window_size(width, 900).await.expect("resize the window");
        for (selector, part) in [(".seat-card.mine figure.diagram", "seat"), (".diagrams-card", "shared"), (".diagrams-card figure.diagram:last-child", "last")] {
            c.execute(&format!("document.querySelector('{selector}')?.scrollIntoView()"), vec![]).await.expect("scroll");
            screenshot(c, &format!("{pack}-diagrams-{part}-{name}.png")).await;
        }
    }
    c.set_window_size(1366, 900).await.expect("resize the window back");
    c.execute("window.scrollTo(0, 0)", vec![]).await.expect("scroll back");
}

/// Waits until `script` (JavaScript returning a boolean) holds.
async fn wait_for(c: &Client, script: &str, what: &str) {
    let start = Instant::now();
    loop {
        if c.execute(script, vec![]).await.ok().and_then(|v| v.as_bool()) == Some(true) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn choices(c: &Client) -> u64 {
    c.execute("return Number(document.body.dataset.choices || -1)", vec![]).await.ok().and_then(|v| v.as_i64()).unwrap_or(-1).max(-1) as u64
}

/// Answers the page's decision by clicking, as a person would: the first option (or
/// the first few and Confirm, or a number and Choose, or Pass), then waits for the
/// game to move. `false` if the page was redrawn under the click (another seat moved
/// meanwhile): nothing was chosen, and the caller looks again.
async fn click_decision(c: &Client) -> bool {
    let before = choices(c).await;
    let kind: String = c.execute("return document.querySelector('#decision .confirm') ? 'many' : (document.getElementById('number') ? 'number' : (document.querySelector('#decision .option') ? 'one' : 'pass'))", vec![]).await.expect("script").as_str().unwrap_or("one").to_owned();
    let clicked = match kind.as_str() {
        "many" => {
            let min: u64 = c.execute("return Number((document.querySelector('#decision .confirm').textContent.match(/from (\\d+)/) || [0, 0])[1])", vec![]).await.expect("script").as_u64().unwrap_or(0);
            let mut ok = true;
            for i in 0..min {
                let buttons = c.find_all(Locator::Css("#decision .options .option")).await.expect("options");
                ok &= match buttons.get(i as usize) {
                    Some(b) => b.clone().click().await.is_ok(),
                    None => false,
                };
            }
            ok && click(c, "#decision .confirm").await
        }
        "number" => click(c, "#decision .options button").await,
        "one" => click(c, "#decision .options .option").await,
        _ => click(c, "#decision .pass").await,
    };
    if clicked {
        wait_for(c, &format!("return Number(document.body.dataset.choices) > {before}"), "the game to move after a click").await;
    }
    clicked
}

/// Clicks the first element `css` finds; `false` if it is gone or went stale.
async fn click(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.click().await.is_ok(),
        Err(_) => false,
    }
}

/// A headless Chromium session through the chromedriver listening on `port`.
async fn open_browser(port: u16) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), json!({ "binary": CHROMIUM, "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1366,900"] }));
    let start = Instant::now();
    loop {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new()).capabilities(caps.clone()).connect(&format!("http://127.0.0.1:{port}")).await {
            Ok(c) => return c,
            Err(e) => {
                assert!(start.elapsed() < Duration::from_secs(20), "cannot reach chromedriver: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// Whether this machine can run the browser tests (see the module's doc).
/// Browser tests run one at a time: on a 2-core machine, several Chromiums and their
/// servers at once starve each other past the tests' waits (a click not answered in
/// 30 s), while the rest of the suite still runs beside them.
fn one_browser_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A test that failed while holding it leaves it poisoned; the next may still run.
    ALONE.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn browser_present() -> bool {
    if Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    assert!(std::env::var("ORRERY_BROWSER").map_or(true, |v| v != "1"), "ORRERY_BROWSER=1 but {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)");
    eprintln!("browser test skipped: no {CHROMEDRIVER} (apt-get install chromium chromium-driver; .ci/run does)");
    false
}

/// In the lobby: chooses `pack`, one seat per entry of `seats` (`human`, `random`,
/// `ismcts:strong`…) and `seed`, creates the game and returns its links (people's
/// seats, then the spectator's).
async fn create_in_lobby(c: &Client, base: &str, pack: &str, seats: &[&str], seed: u64, shot: Option<&str>) -> Vec<String> {
    c.goto(&format!("{base}/")).await.expect("open the lobby");
    wait_for(c, "return document.querySelectorAll('#pack option').length > 0", "the packs").await;
    c.execute(&format!("const p = document.getElementById('pack'); p.value = '{pack}'; p.dispatchEvent(new Event('change'));"), vec![]).await.expect("choose the pack");
    loop {
        let rows = c.find_all(Locator::Css("#seats .seat-row")).await.expect("seat rows").len();
        let by = if rows < seats.len() { "add-seat" } else if rows > seats.len() { "remove-seat" } else { break };
        c.find(Locator::Id(by)).await.expect("a seat button").click().await.expect("change the seats");
    }
    for (seat, player) in seats.iter().enumerate() {
        let (kind, strength) = player.split_once(':').unwrap_or((player, "normal"));
        c.execute(
            &format!("const row = document.querySelectorAll('#seats .seat-row')[{seat}]; const k = row.querySelector('.seat-kind'); k.value = '{kind}'; k.dispatchEvent(new Event('change')); row.querySelector('.seat-strength-choice').value = '{strength}';"),
            vec![],
        )
        .await
        .expect("choose a seat's player");
    }
    c.find(Locator::Id("seed")).await.expect("the seed box").send_keys(&seed.to_string()).await.expect("type a seed");
    if let Some(name) = shot {
        c.execute("window.scrollTo(0, 0)", vec![]).await.expect("scroll to the top");
        screenshot(c, name).await;
    }
    c.find(Locator::Id("start")).await.expect("the create button").click().await.expect("create the game");
    wait_for(c, "return !document.getElementById('created').hidden", "the links").await;
    c.execute("return [...document.querySelectorAll('#links a')].map(a => a.href)", vec![])
        .await
        .expect("the links")
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a link").to_owned())
        .collect()
}

#[test]
fn browser_plays_reloads_and_keeps_seats_apart() {
    if !browser_present() {
        return;
    }
    let _alone = one_browser_at_a_time();
    let server = Server::start(&tmp("browser.db"));
    let port = free_port();
    let _driver = Driver::start(port);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let c = open_browser(port).await;
        let base = format!("http://{}", server.addr);

        // The lobby: Galactic Era, seats 1 and 2 people, a random bot and a quick
        // searching bot, a seed.
        let links = create_in_lobby(&c, &base, "galactic-era", &["human", "human", "random", "ismcts:quick"], 7, Some("lobby.png")).await;
        assert_eq!(links.len(), 3, "two seat links and a spectator link: {links:?}");
        let listed: String = c.execute("return document.getElementById('links').innerText", vec![]).await.expect("the list").as_str().unwrap_or("").to_owned();
        assert!(listed.contains("quick"), "the links list names the bot's strength: {listed}");
        screenshot(&c, "lobby-links.png").await;

        // Seat 1 plays by clicking.
        c.goto(&links[0]).await.expect("open seat 1");
        wait_for(&c, "return document.body.dataset.choices !== undefined && document.querySelector('#board svg') !== null", "the board").await;
        screenshot(&c, "board.png").await;
        let seat1 = links[0].rsplit('/').next().expect("a token").to_owned();
        let seat2 = links[1].rsplit('/').next().expect("a token").to_owned();
        let mut clicked = 0;
        for _ in 0..60 {
            if clicked >= 6 {
                break;
            }
            // Seat 2 is a person too: answer its decisions through the API so that the
            // game reaches seat 1 again.
            let other = server.page(&seat2);
            if !other["decision"].is_null() {
                let (status, _) = server.json("POST", &format!("/api/play/{seat2}/act"), Some(&json!({ "seen": other["choices"], "choice": first_answer(&other["decision"]) })));
                assert_eq!(status, 200);
                continue;
            }
            if server.page(&seat1)["decision"].is_null() {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            c.refresh().await.expect("reload");
            wait_for(&c, "return document.querySelector('#decision h2') !== null", "seat 1's decision").await;
            if clicked == 0 {
                screenshot(&c, "decision.png").await;
            }
            if click_decision(&c).await {
                clicked += 1;
            }
        }
        assert!(clicked >= 6, "seat 1 made {clicked} choices by clicking");

        // A reload shows the same game, and play goes on from it.
        let before = choices(&c).await;
        c.refresh().await.expect("reload");
        wait_for(&c, &format!("return Number(document.body.dataset.choices) >= {before}"), "the page after a reload").await;

        // Seat 2's page never shows what only seat 1 holds.
        let mine = server.page(&seat1);
        let theirs = {
            let mut p = server.page(&seat2);
            p["rules"] = Value::Null;
            p["legend"] = Value::Null;
            p.to_string()
        };
        let secrets: Vec<String> = mine["zones"]
            .as_array()
            .expect("zones")
            .iter()
            .filter(|z| z["seat"] == json!(1))
            .flat_map(|z| z["items"].as_array().cloned().unwrap_or_default())
            .filter_map(|i| i.as_str().map(str::to_owned))
            .filter(|name| !name.starts_with(|c: char| c.is_ascii_digit()) && name != "?" && !theirs.contains(name.as_str()))
            .collect();
        assert!(!secrets.is_empty(), "seat 1 holds something seat 2 does not know");
        c.goto(&links[1]).await.expect("open seat 2");
        wait_for(&c, "return document.body.dataset.choices !== undefined", "seat 2's page").await;
        for tab in ["Log", "You", "Seats", "Cell"] {
            let _ = c.execute(&format!("[...document.querySelectorAll('#tabs button')].find(b => b.textContent === '{tab}')?.click()"), vec![]).await;
            let text: String = c.execute("return document.body.innerText", vec![]).await.expect("the page text").as_str().unwrap_or("").to_owned();
            for s in &secrets {
                assert!(!text.contains(s.as_str()), "seat 2's page ({tab} tab) shows seat 1's secret {s}");
            }
        }
        screenshot(&c, "seat2.png").await;
        c.close().await.expect("close the browser");
    });
}

/// Steps a xorshift state: the tests' stand-in for a random bot's draws.
fn next_random(random: &mut u64) {
    *random ^= *random << 13;
    *random ^= *random >> 7;
    *random ^= *random << 17;
}

/// Answers the page's decision by clicking an option drawn from `random` (a
/// xorshift state), as a random bot would: a fixed pattern can circle for ever
/// (negotiate, offer, ask, negotiate again…).
async fn click_varied(c: &Client, random: &mut u64) {
    next_random(random);
    let before = choices(c).await;
    let options = c.find_all(Locator::Css("#decision .options .option")).await.expect("options");
    let many = c.find(Locator::Css("#decision .confirm")).await.is_ok();
    if options.is_empty() || many || *random % 5 == 4 && c.find(Locator::Css("#decision .pass")).await.is_ok() {
        click_decision(c).await;
        return;
    }
    // A redraw under the click (another seat moved) chooses nothing: look again.
    if options[(*random >> 8) as usize % options.len()].clone().click().await.is_ok() {
        wait_for(c, &format!("return Number(document.body.dataset.choices) > {before}"), "the game to move after a click").await;
    }
}

/// Whether the page shows the game-over screen.
async fn over(c: &Client) -> bool {
    c.execute("return document.getElementById('over').open", vec![]).await.expect("script").as_bool() == Some(true)
}

/// Whether the page asks this seat something.
async fn asked(c: &Client) -> bool {
    c.execute("return !!document.querySelector('#decision h2')", vec![]).await.expect("script").as_bool() == Some(true)
}

/// People play whole games by clicking — one against bots for every pack the
/// browser must carry (Space Gate Odyssey, whose random games are long, has its own
/// test below), and two friends in two browser windows with a bot — and each sees
/// the game-over screen with the ranking.
#[test]
fn browser_plays_every_pack_to_the_end() {
    if !browser_present() {
        return;
    }
    let _alone = one_browser_at_a_time();
    let server = Server::start(&tmp("browser-end.db"));
    let port = free_port();
    let _driver = Driver::start(port);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let first = open_browser(port).await;
        let friend = open_browser(port).await;
        let base = format!("http://{}", server.addr);
        for (pack, players) in [
            ("galactic-era", vec!["human", "random", "random", "random"]),
            ("space-opera", vec!["human", "random", "random"]),
            ("space-opera", vec!["human", "human", "random"]),
            ("twilight-imperium-4", vec!["human", "random", "random"]),
        ] {
            let links = create_in_lobby(&first, &base, pack, &players, 11, None).await;
            let people = players.iter().filter(|p| **p == "human").count();
            let windows = [&first, &friend];
            for (window, link) in windows.iter().zip(&links[..people]) {
                window.goto(link).await.expect("open a seat");
                wait_for(window, "return document.body.dataset.choices !== undefined", "the game page").await;
            }
            let start = Instant::now();
            let mut clicks = 0;
            let mut random = 0x9e37_79b9_7f4a_7c15_u64;
            loop {
                let mut ended = 0;
                for window in &windows[..people] {
                    if over(window).await {
                        ended += 1;
                    } else if asked(window).await {
                        click_varied(window, &mut random).await;
                        clicks += 1;
                    }
                }
                if ended == people {
                    break;
                }
                assert!(start.elapsed() < Duration::from_secs(600), "{pack}: no end after {clicks} clicks in 10 minutes");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            for window in &windows[..people] {
                let ranking: Vec<Value> = window.execute("return [...document.querySelectorAll('#over .ranking li')].map(li => li.innerText)", vec![]).await.expect("the ranking").as_array().cloned().unwrap_or_default();
                assert_eq!(ranking.len(), players.len(), "{pack}: the game-over screen ranks every seat: {ranking:?}");
            }
            screenshot(&first, &format!("{pack}-{people}-people-over.png")).await;
            eprintln!("{pack}, {people} people: played to the end in the browser with {clicks} clicks in {:.0} s", start.elapsed().as_secs_f64());
        }
        first.close().await.expect("close the browser");
        friend.close().await.expect("close the second window");
    });
}

/// A random answer to a decision as `GET /api/play/{token}/decision` gives it, drawn
/// from `random` (a xorshift state) as the random bot would draw it.
fn random_answer(decision: &Value, random: &mut u64) -> orrery::flow::Choice {
    use orrery::flow::Choice;
    next_random(random);
    let options = decision["options"].as_array().map_or(0, Vec::len);
    let may_pass = !decision["pass"].is_null();
    if let Some(many) = decision["kind"].get("Many") {
        return Choice::PickMany((0..many["min"].as_u64().expect("min") as usize).collect());
    }
    if let Some(number) = decision["kind"].get("Number") {
        return Choice::Number(number["min"].as_i64().expect("min"));
    }
    if options == 0 || may_pass && *random % 5 == 4 {
        Choice::Pass
    } else {
        Choice::Pick((*random >> 8) as usize % options)
    }
}

/// Space Gate Odyssey's short game in the browser, to its game-over screen. A whole
/// game by random clicks is about a thousand choices of its person, so the first part
/// is answered through the API (at random, as a random bot would) until two of the
/// three exoplanets have closed; the last exoplanet, the end and the final scoring are
/// played by clicking in the page.
#[test]
fn browser_finishes_a_space_gate_odyssey_game() {
    if !browser_present() {
        return;
    }
    let _alone = one_browser_at_a_time();
    let server = Server::start(&tmp("browser-sgo.db"));
    let port = free_port();
    let _driver = Driver::start(port);
    let (status, created) = server.json("POST", "/api/games", Some(&json!({ "pack": "space-gate-odyssey", "seats": ["human", "random"], "variants": ["short_game"], "seed": 5 })));
    assert_eq!(status, 200, "{created}");
    let link = created["seats"][0]["link"].as_str().expect("the person's link").to_owned();
    let token = link.rsplit('/').next().expect("a token").to_owned();
    let two_closed = |server: &Server| {
        server.page(&token)["seats"][0]["facts"].as_array().expect("facts").iter().any(|f| f.as_str() == Some("Exoplanets closed: 2 of 3"))
    };
    let mut random = 0x2545_f491_4f6c_dd1d_u64;
    let mut answered = 0;
    loop {
        let (status, glance) = server.json("GET", &format!("/api/play/{token}/decision"), None);
        assert_eq!(status, 200, "{glance}");
        assert!(glance["over"] != json!(true), "the game ended before its last exoplanet");
        if glance["decision"].is_null() {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        if answered % 10 == 0 && two_closed(&server) {
            break;
        }
        let choice = random_answer(&glance["decision"], &mut random);
        let (status, answer) = server.json("POST", &format!("/api/play/{token}/act"), Some(&json!({ "seen": glance["choices"], "choice": choice })));
        assert_eq!(status, 200, "{answer}");
        answered += 1;
        assert!(answered < 5_000, "two exoplanets still open after {answered} choices");
    }
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let c = open_browser(port).await;
        c.goto(&format!("http://{}{link}", server.addr)).await.expect("open the seat");
        wait_for(&c, "return document.body.dataset.choices !== undefined", "the game page").await;
        let start = Instant::now();
        let mut clicks = 0;
        while !over(&c).await {
            if asked(&c).await {
                click_varied(&c, &mut random).await;
                clicks += 1;
            }
            assert!(start.elapsed() < Duration::from_secs(600), "no end after {clicks} clicks in 10 minutes");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let ranking: Vec<Value> = c.execute("return [...document.querySelectorAll('#over .ranking li')].map(li => li.innerText)", vec![]).await.expect("the ranking").as_array().cloned().unwrap_or_default();
        assert_eq!(ranking.len(), 2, "the game-over screen ranks both seats: {ranking:?}");
        screenshot(&c, "space-gate-odyssey-over.png").await;
        eprintln!("space-gate-odyssey: {answered} choices through the API, then the end in the browser with {clicks} clicks in {:.0} s", start.elapsed().as_secs_f64());
        c.close().await.expect("close the browser");
    });
}

/// A pack that draws diagrams (a station of square tiles, small graphs): after 30 clicks
/// of a game in the browser, every seat's own diagrams sit in its card and the others in
/// the wide Diagrams card, each drawn at a legible width, at a laptop's and a phone's
/// width (screenshots `space-gate-odyssey-diagrams-*.png`). Space Gate Odyssey is not
/// in `browser_plays_every_pack_to_the_end`: a game by random clicks takes about 2,000
/// clicks of its person (6,200 decisions a 3-seat random game), over 15 minutes here;
/// `browser_finishes_a_space_gate_odyssey_game` plays its end.
#[test]
fn browser_draws_a_packs_diagrams() {
    if !browser_present() {
        return;
    }
    let _alone = one_browser_at_a_time();
    let server = Server::start(&tmp("browser-diagrams.db"));
    let port = free_port();
    let _driver = Driver(Command::new(CHROMEDRIVER).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("chromedriver starts"));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let c = open_browser(port).await;
        let base = format!("http://{}", server.addr);
        let pack = "space-gate-odyssey";
        let links = create_in_lobby(&c, &base, pack, &["human", "random", "random"], 11, None).await;
        c.goto(&links[0]).await.expect("open the seat");
        wait_for(&c, "return document.body.dataset.choices !== undefined", "the game page").await;
        let mut random = 0x9e37_79b9_7f4a_7c15_u64;
        let mut clicks = 0;
        let start = Instant::now();
        while clicks < 30 && !over(&c).await {
            if asked(&c).await {
                click_varied(&c, &mut random).await;
                clicks += 1;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "{pack}: 30 clicks take over 2 minutes");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(has_diagrams(&c).await, "{pack}: the page draws the diagrams");
        let mine: Value = c.execute("return document.querySelectorAll('.seat-card.mine figure.diagram-grid svg').length", vec![]).await.expect("count");
        assert_eq!(mine, json!(1), "{pack}: your station sits in your card");
        let shared: Value = c.execute("return document.querySelectorAll('.diagrams-card figure.diagram-graph svg').length", vec![]).await.expect("count");
        assert!(shared.as_u64().is_some_and(|n| n >= 5), "{pack}: the rooms, 3 exoplanets or more and the wheel: {shared}");
        diagram_screenshots(&c, pack).await;
        c.close().await.expect("close the browser");
    });
}
