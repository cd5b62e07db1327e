//! `orrery loadtest`: many games at once through a real server's public API.
//!
//! Starts `orrery serve` as a child process (its own database in a temporary
//! directory), then plays `--games` games at once over HTTP, every seat a random
//! player in this process that waits `--think-ms` between its decisions, as people
//! and bots do. It reports the games played, the latency of an act as the client
//! sees it (request sent to answer read: the server's work, queueing and the
//! network, but no thinking), errors, lost choices (an acknowledged choice missing
//! from its seat's record at its place afterwards) and the server's peak RSS.

use super::hub::Glance;
use crate::cli::CliError;
use orrery::bots::random_choice;
use orrery::flow::Choice;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Games played at once.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Pack id (default: $ORRERY_PACK, else the first pack under <root>/content).
    #[arg(long)]
    pub pack: Option<String>,
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Choices each game makes before it stops (games that end sooner stop there).
    #[arg(long, default_value_t = 60)]
    pub acts: usize,
    /// A player's pause between seeing its decision and answering it, in ms.
    #[arg(long, default_value_t = 250)]
    pub think_ms: u64,
    /// Worker threads of the server (default: its own default, the core count).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// What one game's client saw.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: Vec<String>,
    /// Acknowledged choices: (seat from 0, index, choice).
    acked: Vec<(usize, usize, Choice)>,
    lost: usize,
    finished: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let pack = match &args.pack {
        Some(p) => p.clone(),
        None => crate::cli::play::default_pack(root)?,
    };
    let dir = std::env::temp_dir().join(format!("orrery-loadtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let exe = std::env::current_exe()?;
    let mut command = Command::new(exe);
    command.arg("--root").arg(root).args(["serve", "--addr", "127.0.0.1:0", "--think-ms", "0", "--games-per-minute", "100000", "--rate", "1000", "--db"]).arg(dir.join("games.db"));
    if let Some(w) = args.workers {
        command.args(["--workers", &w.to_string()]);
    }
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn()?;
    let pid = child.id();
    let mut lines = BufReader::new(child.stdout.take().ok_or_else(|| CliError::Usage("no server output".into()))?).lines();
    let addr = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(rest) = line.strip_prefix("serving on http://") {
                    break rest.split('/').next().unwrap_or_default().to_owned();
                }
            }
            _ => {
                let _ = child.kill();
                return Err(CliError::Usage("the server did not start".into()));
            }
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let started = Instant::now();
    let tallies = runtime.block_on(async {
        let mut tasks = Vec::new();
        for g in 0..args.games {
            let addr = addr.clone();
            let (pack, players, acts, think) = (pack.clone(), args.players, args.acts, Duration::from_millis(args.think_ms));
            tasks.push(tokio::spawn(async move { play(&addr, &pack, players, acts, think, g as u64).await }));
        }
        let mut tallies = Vec::new();
        for t in tasks {
            tallies.push(t.await.unwrap_or_else(|e| Tally { errors: vec![format!("client task failed: {e}")], ..Tally::default() }));
        }
        tallies
    });
    let seconds = started.elapsed().as_secs_f64();
    let peak_rss_kib = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()));
    // utime + stime of the server, in clock ticks (fields 14 and 15 of stat).
    let server_cpu_seconds = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok().and_then(|s| {
        let fields: Vec<&str> = s.rsplit(')').next()?.split_whitespace().collect();
        let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    });
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);

    let mut latencies: Vec<Duration> = tallies.iter().flat_map(|t| t.latencies.iter().copied()).collect();
    latencies.sort();
    let pct = |p: f64| latencies.get(((latencies.len() as f64 - 1.0) * p).round() as usize).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    let errors: Vec<&String> = tallies.iter().flat_map(|t| &t.errors).collect();
    let lost: usize = tallies.iter().map(|t| t.lost).sum();
    let report = json!({
        "pack": pack,
        "games": args.games,
        "players": args.players,
        "think_ms": args.think_ms,
        "acts": latencies.len(),
        "games_finished": tallies.iter().filter(|t| t.finished).count(),
        "seconds": seconds,
        "acts_per_second": latencies.len() as f64 / seconds.max(1e-9),
        "act_ms_p50": pct(0.5),
        "act_ms_p99": pct(0.99),
        "act_ms_max": pct(1.0),
        "errors": errors.len(),
        "error_examples": errors.iter().take(5).collect::<Vec<_>>(),
        "lost_choices": lost,
        "server_peak_rss_mib": peak_rss_kib.map(|k| k as f64 / 1024.0),
        "server_cpu_seconds": server_cpu_seconds,
    });
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{} games of {} at once ({} seats, {} ms to think), {:.1} s", args.games, pack, args.players, args.think_ms, seconds)?;
        writeln!(out, "acts: {} ({:.0}/s); act latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", latencies.len(), report["acts_per_second"].as_f64().unwrap_or(0.0), pct(0.5), pct(0.99), pct(1.0))?;
        writeln!(
            out,
            "errors: {}; lost choices: {lost}; server peak RSS: {}; server CPU: {}",
            errors.len(),
            peak_rss_kib.map_or("?".into(), |k| format!("{:.0} MiB", k as f64 / 1024.0)),
            server_cpu_seconds.map_or("?".into(), |s| format!("{s:.1} s"))
        )?;
        for e in errors.iter().take(5) {
            writeln!(out, "  error: {e}")?;
        }
    }
    Ok(if errors.is_empty() && lost == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// One game from creation to its end or to `acts` choices.
async fn play(addr: &str, pack: &str, players: usize, acts: usize, think: Duration, index: u64) -> Tally {
    let mut tally = Tally::default();
    let seats = vec!["human"; players];
    let created = match request(addr, "POST", "/api/games", Some(&json!({ "pack": pack, "seats": seats, "seed": 1000 + index }))).await {
        Ok((200, v)) => v,
        Ok((status, v)) => {
            tally.errors.push(format!("create: {status} {v}"));
            return tally;
        }
        Err(e) => {
            tally.errors.push(format!("create: {e}"));
            return tally;
        }
    };
    let token = |v: &Value| v.as_str().and_then(|s| s.rsplit('/').next()).unwrap_or_default().to_owned();
    let tokens: Vec<String> = created["seats"].as_array().map(|a| a.iter().map(|s| token(&s["link"])).collect()).unwrap_or_default();
    let mut rng = ChaCha8Rng::seed_from_u64(index);
    let mut stalls = 0;
    // The seat to ask first: the one the game waited on last time (each glance says
    // whom the game waits on, so a wrong guess costs one more request).
    let mut ask = 0usize;
    while tally.acked.len() < acts {
        let glance: Glance = match get(addr, &format!("/api/play/{}/decision", tokens[ask])).await {
            Ok(g) => g,
            Err(e) => {
                tally.errors.push(e);
                break;
            }
        };
        if glance.over {
            tally.finished = true;
            break;
        }
        let seat = ask;
        let Some(decision) = glance.decision else {
            match glance.waiting.first() {
                Some(&next) => ask = next - 1,
                None => {
                    // The server is answering a forced decision: look again shortly.
                    stalls += 1;
                    if stalls > 200 {
                        tally.errors.push("the game waits on nobody".into());
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            }
            continue;
        };
        let mine = Glance { decision: None, ..glance };
        tokio::time::sleep(think).await;
        let choice = random_choice(&decision, &mut rng);
        let sent = Instant::now();
        let answer = request(addr, "POST", &format!("/api/play/{}/act", tokens[seat]), Some(&json!({ "seen": mine.choices, "choice": choice }))).await;
        let took = sent.elapsed();
        match answer {
            Ok((200, _)) => {
                tally.latencies.push(took);
                tally.acked.push((seat, mine.choices, choice));
            }
            // The game moved on (the server answered a forced decision meanwhile).
            Ok((409, _)) => continue,
            Ok((status, v)) => {
                tally.errors.push(format!("act: {status} {v}"));
                break;
            }
            Err(e) => {
                tally.errors.push(format!("act: {e}"));
                break;
            }
        }
    }
    // Every acknowledged choice must be in its seat's record, at its place.
    for (seat, token) in tokens.iter().enumerate() {
        let record = match request(addr, "GET", &format!("/api/play/{token}/record"), None).await {
            Ok((200, v)) => v,
            other => {
                tally.errors.push(format!("record: {other:?}"));
                continue;
            }
        };
        let stored: Vec<(usize, Choice)> = record["your_choices"]
            .as_array()
            .map(|a| a.iter().filter_map(|c| Some((c["index"].as_u64()? as usize, serde_json::from_value(c["choice"].clone()).ok()?))).collect())
            .unwrap_or_default();
        for (_, index, choice) in tally.acked.iter().filter(|(s, _, _)| *s == seat) {
            if !stored.contains(&(*index, choice.clone())) {
                tally.lost += 1;
            }
        }
    }
    tally
}

async fn get<T: serde::de::DeserializeOwned>(addr: &str, path: &str) -> Result<T, String> {
    match request(addr, "GET", path, None).await {
        Ok((200, v)) => serde_json::from_value(v).map_err(|e| format!("{path}: {e}")),
        Ok((status, v)) => Err(format!("{path}: {status} {v}")),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

/// One HTTP/1.1 request on a fresh connection; the status and the JSON body.
async fn request(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).await.map_err(|e| e.to_string())?;
    stream.write_all(body.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text.split_once("\r\n\r\n").ok_or("no answer")?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    let value = serde_json::from_str(rest).unwrap_or(Value::Null);
    Ok((status, value))
}
