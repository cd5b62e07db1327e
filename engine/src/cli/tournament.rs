//! `orrery tournament`: bots against bots, with win rates and decision times.
//!
//! The work is [`orrery::bots::tournament`]; this module reads the arguments, checks
//! that one game can be set up, and prints the report as a table or as JSON.

use super::{pack, CliError};
use orrery::bots::tournament::{run as play, Report, Settings};
use orrery::bots::{BotKind, Budget};
use orrery::game::Game;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Threads used when `--threads` is not given: the machine's parallelism, at most this.
const MAX_DEFAULT_THREADS: usize = 2;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack id under <root>/content, or a path to a pack directory.
    #[arg(long)]
    pub pack: String,
    /// The bots, one per seat, comma-separated (random, heuristic, ismcts); seats
    /// rotate between games.
    #[arg(long, value_name = "BOTS")]
    pub seats: String,
    /// Number of games; game i uses seed + i.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Wall-clock budget of one ismcts or heuristic decision, in milliseconds (0: no clock,
    /// only the iteration budget, which makes games reproducible).
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub think_ms: u64,
    /// Iteration budget of one ismcts decision (default: unbounded with a clock,
    /// 400 without).
    #[arg(long, value_name = "N")]
    pub iterations: Option<usize>,
    /// A variant to play with (repeatable).
    #[arg(long = "variant", value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: available parallelism, at most 2).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print a line on stderr after each game.
    #[arg(long)]
    pub progress: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let entries = args
        .seats
        .split(',')
        .map(|s| BotKind::parse(s).ok_or_else(|| CliError::Usage(format!("unknown bot `{}` (bots: {})", s.trim(), BotKind::NAMES))))
        .collect::<Result<Vec<_>, _>>()?;
    let rules = pack::load(root, &args.pack)?;
    Game::new(rules.clone(), entries.len(), args.seed, args.variants.clone())?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_DEFAULT_THREADS))
        .max(1);
    let settings = Settings {
        entries,
        games: args.games,
        seed: args.seed,
        variants: args.variants.clone(),
        budget: Budget::from_args(args.think_ms, args.iterations),
        threads,
    };
    let show = args.progress;
    let report = play(rules, &settings, &move |done, total| {
        if show {
            eprintln!("game {done}/{total} done");
        }
    });
    if args.json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Usage(format!("cannot encode the report: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        table(&report, out)?;
    }
    Ok(if report.errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn table(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    let think = r.think_ms.map_or(format!("{} iterations, no clock", r.iterations), |t| format!("{t:.0} ms"));
    writeln!(out, "{}: {} games of {} seats, seed {}, think {think}, {} thread(s), {:.1} s", r.pack, r.games, r.seats, r.seed, r.threads, r.seconds)?;
    writeln!(out, "finished {}, errors {}", r.finished, r.errors)?;
    writeln!(out, "{:<12} {:>5} {:>5} {:>7} {:>17} {:>8} {:>9} {:>9} {:>9}", "bot", "games", "wins", "win %", "95% interval", "score", "p95 ms", "max ms", "over")?;
    for e in &r.entries {
        let over = e.budget_ms.map_or("-".to_owned(), |_| e.over_budget.to_string());
        writeln!(
            out,
            "{:<12} {:>5} {:>5} {:>6.1}% {:>7.1}% - {:>5.1}% {:>8.2} {:>9.1} {:>9.1} {:>9}",
            e.bot,
            e.games,
            e.wins,
            e.win_rate * 100.0,
            e.win_low * 100.0,
            e.win_high * 100.0,
            e.mean_score,
            e.p95_decision_ms,
            e.max_decision_ms,
            over
        )?;
    }
    for m in &r.error_messages {
        writeln!(out, "error: {m}")?;
    }
    Ok(())
}
