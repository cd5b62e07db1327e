//! `orrery simulate`: many seeded games with bots, summarised for people, as JSON or
//! as an HTML balance report.
//!
//! The work is [`orrery::sim::run`]; this module checks the arguments, makes sure one
//! game can be set up at all (so a wrong player count is one clear error rather than
//! a thousand identical ones), shows progress, and prints the [`Report`]. The
//! progress bar is `indicatif`'s: it measures the rate and the time left over a
//! moving window, redraws at a bounded rate from any worker thread, and clears
//! itself — a hand-written `\r` line would have to redo all of that — and it is drawn
//! only when stderr is a terminal, so logs and pipes get no control characters.

use super::{pack, report_html, CliError};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use orrery::bots::{BotKind, Budget};
use orrery::game::Game;
use orrery::sim::{run as play, Report, Settings};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
    /// The bot of every seat (random, heuristic, ismcts), or a comma-separated list
    /// with one per seat.
    #[arg(long, value_name = "BOTS", default_value = "random")]
    pub bots: String,
    /// Wall-clock budget of one ismcts or heuristic decision, in milliseconds (0, the
    /// default: no clock, only the iteration budget, so the report is reproducible).
    #[arg(long, value_name = "MS", default_value_t = 0)]
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
    /// Worker threads, each with its own script VM (default: every core). The report
    /// does not depend on it.
    #[arg(long, short = 'j', alias = "threads", value_name = "N")]
    pub jobs: Option<usize>,
    /// Also write the report as a self-contained HTML page with charts.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    /// Sample where the pack's scripts spend their time and print the dearest
    /// functions after the report (on standard error).
    #[arg(long)]
    pub profile_scripts: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    if args.profile_scripts {
        // Before any VM is made: the profiler is built into a VM when it is created.
        orrery::script::profile::start(std::time::Duration::from_micros(100));
    }
    let bots = parse_bots(&args.bots, args.players)?;
    let rules = pack::load(root, &args.pack)?;
    // Fails early, with the kernel's own message, on a bad player count or variant.
    Game::new(rules.clone(), args.players, args.seed, args.variants.clone())?;
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let settings = Settings {
        seats: args.players,
        games: args.games,
        seed: args.seed,
        variants: args.variants.clone(),
        bots,
        budget: Budget::from_args(args.think_ms, args.iterations),
        jobs,
    };
    let bar = progress_bar(args.games);
    let result = play(rules, &settings, &|done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let report = result?;
    if let Some(path) = &args.report {
        std::fs::write(path, report_html::page(&report)).map_err(|e| CliError::Usage(format!("cannot write {}: {e}", path.display())))?;
    }
    if args.json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Usage(format!("cannot encode the report: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        summary(&report, out)?;
        if let Some(path) = &args.report {
            writeln!(out, "report written to {}", path.display())?;
        }
    }
    if args.profile_scripts {
        print_profile();
    }
    Ok(if report.errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The profiler's dearest script functions, on standard error (standard output may
/// be JSON).
fn print_profile() {
    let (rows, samples) = orrery::script::profile::report(40);
    eprintln!("script time by function ({samples} samples of the script stack, about one per 100 µs of script work; inclusive: on the stack, own: innermost)");
    eprintln!("{:>9} {:>7}  function", "inclusive", "own");
    for row in rows {
        eprintln!("{:>8.1}% {:>6.1}%  {}", row.inclusive, row.own, row.function);
    }
}

/// One bot kind for every seat, or one per seat.
fn parse_bots(text: &str, players: usize) -> Result<Vec<BotKind>, CliError> {
    let kinds = text
        .split(',')
        .map(|s| BotKind::parse(s).ok_or_else(|| CliError::Usage(format!("unknown bot `{}` (bots: {})", s.trim(), BotKind::NAMES))))
        .collect::<Result<Vec<_>, _>>()?;
    if kinds.len() != 1 && kinds.len() != players {
        return Err(CliError::Usage(format!("--bots names {} bots for {players} players: give one for every seat, or one per seat", kinds.len())));
    }
    Ok(kinds)
}

/// A bar on stderr when it is a terminal; a hidden one (which draws nothing) otherwise.
fn progress_bar(games: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games as u64);
    if let Ok(style) = ProgressStyle::with_template("{wide_bar} {pos}/{len} games, {rate}, ETA {eta}") {
        bar.set_style(style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} games/s", state.per_sec());
        }));
    }
    bar
}

fn summary(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    let variants = if r.variants.is_empty() { "none".to_owned() } else { r.variants.join(", ") };
    writeln!(out, "{}: {} games, {} players, seed {}, variants: {variants}, bots: {}", r.pack, r.games, r.players, r.seed, r.bots.join(","))?;
    writeln!(out, "finished {}, errors {}", r.finished, r.errors)?;
    writeln!(
        out,
        "decisions {} ({:.1} per game); {:.2} games/s on {} job(s), {:.2} s",
        r.decisions, r.decisions_per_game, r.games_per_second, r.jobs, r.seconds
    )?;
    writeln!(out, "kernel: {:.0} decisions/s ({:.2} s creating games and acting, bots and checks aside)", r.kernel_decisions_per_second, r.kernel_seconds)?;
    if let Some(rounds) = &r.length.rounds {
        writeln!(out, "rounds per game: min {}, mean {:.1}, max {}", rounds.min, rounds.mean, rounds.max)?;
    }
    let per_seat = |values: Vec<String>| values.iter().enumerate().map(|(i, v)| format!("{}: {v}", i + 1)).collect::<Vec<_>>().join("  ");
    writeln!(out, "wins by seat:  {}", per_seat(r.wins_by_seat.iter().map(ToString::to_string).collect()))?;
    writeln!(out, "mean score:    {}", per_seat(r.mean_score_by_seat.iter().map(|s| format!("{s:.2}")).collect()))?;
    if r.seats_reported > 0 {
        let sources: Vec<String> = r.sources.iter().map(|(n, v)| format!("{n} {v:.2}")).collect();
        writeln!(out, "score sources (mean {:.2}): {}", r.mean_score, sources.join(", "))?;
        if r.sources_mismatch > 0 {
            writeln!(out, "warning: in {} seat-games the sources do not add up to the score", r.sources_mismatch)?;
        }
    }
    for axis in &r.axes {
        writeln!(out)?;
        writeln!(out, "{:<20} {:>6} {:>6} {:>7} {:>17} {:>8}", axis.name, "games", "wins", "win %", "95% interval", "score")?;
        for l in &axis.labels {
            writeln!(
                out,
                "{:<20} {:>6} {:>6} {:>6.1}% {:>7.1}% - {:>5.1}% {:>8.2}",
                l.label,
                l.games,
                l.wins,
                l.win_rate * 100.0,
                l.win_low * 100.0,
                l.win_high * 100.0,
                l.mean_score
            )?;
        }
    }
    for message in &r.error_messages {
        writeln!(out, "error: {message}")?;
    }
    if r.errors > r.error_messages.len() {
        writeln!(out, "... and {} more errors", r.errors - r.error_messages.len())?;
    }
    Ok(())
}
