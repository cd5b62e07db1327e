//! `orrery bench`: the kernel's cost per decision, pack by pack, on this thread.
//!
//! The measuring is [`orrery::sim::bench`]; this module picks the packs (by default
//! every pack that is a game of its own, layers left out), prints a table, or one
//! JSON object per pack for scripts (`engine/perf/compare.sh`).

use super::{pack, CliError};
use orrery::content;
use orrery::sim::bench::{bench, BenchSettings, PackBench};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack to measure (repeatable; default: every pack that is not a layer).
    #[arg(long = "pack", value_name = "PACK")]
    pub packs: Vec<String>,
    /// Seats per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Random games per pack; game i uses seed + i.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Iteration budget of each timed ISMCTS decision (0: no ISMCTS timing).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub iterations: usize,
    /// ISMCTS decisions timed per pack.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub ismcts_decisions: usize,
    /// One JSON object per pack and line instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let packs = if args.packs.is_empty() { game_packs(root) } else { args.packs.clone() };
    if packs.is_empty() {
        return Err(CliError::Usage(format!("no packs under {}", root.join("content").display())));
    }
    let settings = BenchSettings {
        seats: args.players,
        games: args.games.max(1),
        seed: args.seed,
        iterations: args.iterations,
        ismcts_decisions: args.ismcts_decisions,
    };
    let mut results = Vec::new();
    for id in &packs {
        let rules = pack::load(root, id)?;
        results.push(bench(rules, &settings)?);
    }
    let rss = peak_rss_kib();
    if args.json {
        for r in &results {
            let mut value = serde_json::to_value(r).map_err(|e| CliError::Usage(format!("cannot encode: {e}")))?;
            value["peak_rss_kib"] = rss.into();
            writeln!(out, "{value}")?;
        }
    } else {
        table(&results, rss, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every pack under the root that is a game rather than a layer on another pack.
fn game_packs(root: &Path) -> Vec<String> {
    content::discover(root)
        .iter()
        .filter(|dir| content::load(dir).is_ok_and(|r| r.manifest.extends.is_none()))
        .filter_map(|dir| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect()
}

fn table(results: &[PackBench], rss: Option<u64>, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "one thread; random play; times of Game::new and Game::act only")?;
    let rows: [(&str, &dyn Fn(&PackBench) -> String); 14] = [
        ("seats, games", &|r| format!("{}, {}", r.seats, r.games)),
        ("decisions", &|r| r.decisions.to_string()),
        ("decisions/s", &|r| format!("{:.0}", r.decisions_per_second)),
        ("games/s", &|r| format!("{:.2}", r.games_per_second)),
        ("µs/decision median", &|r| format!("{:.1}", r.us_per_decision_median)),
        ("µs/decision p99", &|r| format!("{:.1}", r.us_per_decision_p99)),
        ("g calls/decision", &|r| format!("{:.1}", r.g_calls_per_decision)),
        ("Lua steps/decision", &|r| format!("{:.0}", r.lua_steps_per_decision)),
        ("allocations/decision", &|r| r.allocations_per_decision.map_or("unknown".into(), |a| format!("{a:.0}"))),
        ("snapshot µs (median)", &|r| format!("{:.2}", r.snapshot_us_median)),
        ("entities at snapshot", &|r| r.snapshot_entities.to_string()),
        ("script VM creation s", &|r| format!("{:.3}", r.vm_seconds)),
        ("ISMCTS iterations", &|r| r.ismcts_iterations.to_string()),
        ("ISMCTS iterations/s", &|r| format!("{:.0}", r.ismcts_iterations_per_second)),
    ];
    let width = rows.iter().map(|(name, _)| name.chars().count()).max().unwrap_or(0);
    write!(out, "{:width$}", "")?;
    for r in results {
        write!(out, "  {:>14}", r.pack)?;
    }
    writeln!(out)?;
    for (name, cell) in rows {
        write!(out, "{name:width$}", width = width)?;
        for r in results {
            write!(out, "  {:>14}", cell(r))?;
        }
        writeln!(out)?;
    }
    for r in results {
        writeln!(out, "\n{}: time of the acts by the flow step that asked (dearest first)", r.pack)?;
        writeln!(out, "  {:32} {:>9} {:>7} {:>9} {:>9}", "step", "decisions", "share", "µs mean", "µs max")?;
        for s in r.by_step.iter().take(12) {
            writeln!(out, "  {:32} {:>9} {:>6.1}% {:>9.1} {:>9.1}", s.step, s.decisions, s.share, s.us_mean, s.us_max)?;
        }
    }
    match rss {
        Some(kib) => writeln!(out, "peak resident memory of the process: {:.1} MiB", kib as f64 / 1024.0)?,
        None => writeln!(out, "peak resident memory of the process: unknown")?,
    }
    Ok(())
}

/// The process's peak resident memory in KiB (`VmHWM`), where the system tells it.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
