//! The `orrery` command line: argument parsing, dispatch and error reporting.
//!
//! Each subcommand lives in its own module and returns an exit code or a
//! [`CliError`]. Output is written through `std::io::Write` handles rather than
//! `println!`, so a closed pipe (`orrery packs | head -1`) ends the program cleanly
//! instead of panicking. Errors go to stderr; a pack's errors are printed one per
//! line in `file:line:col: message` form so editors and other tools can open them at the right place.

mod api;
mod bench;
mod check;
mod explain;
mod pack;
mod packs;
mod plain;
mod play;
mod printable;
mod prompt;
mod saves;
mod screen;
mod seats;
mod tui;
mod new;
mod template;
mod replay;
mod report_html;
mod scenario_run;
mod serve;
mod simulate;
mod svg;
mod tournament;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use thiserror::Error;

/// A rules engine for data-driven board games.
#[derive(Debug, Parser)]
#[command(name = "orrery", version, about)]
pub struct Cli {
    /// Directory holding `content/` and `scripts/` (default: $ORRERY_ROOT, else the
    /// nearest ancestor of the current directory that has both).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lists the packs under <root>/content.
    Packs(packs::Args),
    /// Loads a pack and its scripts and reports every error.
    Check(check::Args),
    /// Plays many seeded games with bots and reports how they went.
    Simulate(simulate::Args),
    /// Plays a game at the terminal, with human and bot seats.
    Play(play::Args),
    /// Measures the kernel on one core: decisions per second, µs per decision, `g`
    /// calls, allocations, snapshot cost and ISMCTS iterations per second.
    Bench(bench::Args),
    /// Serves games to play together in the browser (lobby, seat links, bots).
    Serve(serve::Args),
    /// Plays many games at once through a real server and reports act latency,
    /// errors, lost choices and the server's memory.
    Loadtest(serve::loadtest::Args),
    /// Plays bots against each other and reports their strength.
    Tournament(tournament::Args),
    /// Replays a saved game from its seed and choices.
    Replay(replay::Args),
    /// Runs scenario files (a position, some choices, some checks).
    Scenario(scenario_run::Args),
    /// Prints the scripting API reference, or writes type definitions for editors.
    Api(api::Args),
    /// Starts a new pack from a template that a pack ships.
    New(new::Args),
}

/// Why a command failed.
#[derive(Debug, Error)]
pub enum CliError {
    /// The pack does not load; one `file:line:col: message` line per error.
    #[error("{0}")]
    Content(#[from] orrery::content::ContentErrors),
    #[error("{0}")]
    Script(#[from] orrery::script::ScriptError),
    #[error("{0}")]
    Game(#[from] orrery::game::GameError),
    #[error("{0}")]
    Replay(#[from] orrery::replay::ReplayError),
    #[error("{0}")]
    Sim(#[from] orrery::sim::SimError),
    /// The command line asks for something that cannot be done.
    #[error("{0}")]
    Usage(String),
    #[error("cannot write the output: {0}")]
    Output(#[from] std::io::Error),
}

/// Parses the command line, runs the command and turns the result into an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let mut err = std::io::stderr().lock();
            let _ = match &e {
                CliError::Content(_) => writeln!(err, "{e}"),
                _ => writeln!(err, "error: {e}"),
            };
            ExitCode::FAILURE
        }
    }
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let root = cli.root.unwrap_or_else(orrery::content::find_root);
    let mut out = std::io::stdout().lock();
    match cli.command {
        Command::Packs(args) => packs::run(&root, &args, &mut out),
        Command::Check(args) => check::run(&root, &args, &mut out),
        Command::Simulate(args) => simulate::run(&root, &args, &mut out),
        Command::Bench(args) => bench::run(&root, &args, &mut out),
        Command::Play(args) => {
            let mut input = std::io::stdin().lock();
            play::run(&root, &args, &mut input, &mut out)
        }
        Command::Replay(args) => replay::run(&root, &args, &mut out),
        Command::Serve(args) => serve::run(&root, &args, &mut out),
        Command::Loadtest(args) => serve::loadtest::run(&root, &args, &mut out),
        Command::Tournament(args) => tournament::run(&root, &args, &mut out),
        Command::Scenario(args) => scenario_run::run(&root, &args, &mut out),
        Command::Api(args) => api::run(&args, &mut out),
        Command::New(args) => new::run(&root, &args, &mut out),
    }
}
