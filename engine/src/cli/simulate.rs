//! `orrery simulate`: many seeded games with bots, summarised for people or as JSON.
//!
//! The work is [`orrery::sim::simulate`]; this module checks the arguments, makes
//! sure one game can be set up at all (so a wrong player count is one clear error
//! rather than a thousand identical ones), and prints the [`orrery::sim::Report`].

use super::{pack, CliError};
use orrery::game::Game;
use orrery::sim::{simulate, Report};
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
    /// Seats per game.
    #[arg(long)]
    pub players: usize,
    /// Number of games; game i uses seed + i.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bot type for every seat (only `random` for now).
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// A variant to play with (repeatable).
    #[arg(long = "variant", value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: available parallelism, at most 2).
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    if args.bots != "random" {
        return Err(CliError::Usage(format!("unknown bot `{}`: only `random` is available", args.bots)));
    }
    let rules = pack::load(root, &args.pack)?;
    // Fails early, with the kernel's own message, on a bad player count or variant.
    Game::new(rules.clone(), args.players, args.seed, args.variants.clone())?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_DEFAULT_THREADS))
        .max(1);
    let report = simulate(rules, args.players, args.games, args.seed, &args.variants, threads);
    if args.json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Usage(format!("cannot encode the report: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        summary(&report, threads, out)?;
    }
    Ok(if report.errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn summary(r: &Report, threads: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let variants = if r.variants.is_empty() { "none".to_owned() } else { r.variants.join(", ") };
    writeln!(out, "{}: {} games, {} players, seed {}, variants: {variants}", r.pack, r.games, r.players, r.seed)?;
    writeln!(out, "finished {}, errors {}", r.finished, r.errors)?;
    writeln!(
        out,
        "decisions {} ({:.1} per game); {:.1} games/s on {threads} thread(s), {:.2} s",
        r.decisions, r.decisions_per_game, r.games_per_second, r.seconds
    )?;
    let per_seat = |values: Vec<String>| values.iter().enumerate().map(|(i, v)| format!("{}: {v}", i + 1)).collect::<Vec<_>>().join("  ");
    writeln!(out, "wins by seat:  {}", per_seat(r.wins_by_seat.iter().map(ToString::to_string).collect()))?;
    writeln!(out, "mean score:    {}", per_seat(r.mean_score_by_seat.iter().map(|s| format!("{s:.2}")).collect()))?;
    for message in &r.error_messages {
        writeln!(out, "error: {message}")?;
    }
    if r.errors > r.error_messages.len() {
        writeln!(out, "... and {} more errors", r.errors - r.error_messages.len())?;
    }
    Ok(())
}
