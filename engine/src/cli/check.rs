//! `orrery check PACK`: finds every problem of a pack in one run.
//!
//! Four stages, each reporting everything it finds. A later stage runs only when
//! the ones before found nothing, because it needs what they build and would
//! otherwise repeat their errors as consequences:
//!
//! 1. content: every RON and schema error (`content::load`); if the content fails,
//!    the scripts are still compiled on their own, so a Lua syntax error is not
//!    hidden behind a RON typo;
//! 2. scripts: every module's lint findings, syntax error or failing top level, every
//!    step handler, and every `module.function` a definition or `pack.ron` names,
//!    each at the place that names it;
//! 3. games: a few short seeded games with random choices ([`play`]), reporting each
//!    distinct runtime error once with its script line and the game it happened in;
//! 4. determinism: the same games played again on this thread and on a fresh one
//!    ([`determinism`]), which must agree after every act, reporting the first
//!    difference with the game, the act and the step that ran it.
//!
//! Errors go to stderr, one per line, starting `file:line[:col]: `. Warnings (ids that
//! look alike, definitions players meet without a name or explanation:
//! [`glossary::warnings`], decisions the games met without help) go to stderr too, as `warning: file:line:col: ...`, before the `ok:`
//! line on stdout (which counts them); they do not fail the check.

mod determinism;
mod places;
mod play;

use super::{pack, CliError};
use orrery::content::{self, glossary, Ruleset, ScriptSource};
use orrery::game::GameError;
use orrery::script::{LoadError, ScriptError, ScriptHost};
use places::PackPlaces;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack id under <root>/content, or a path to a pack directory.
    pub pack: String,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let dir = pack::dir(root, &args.pack)?;
    match check(&dir) {
        Ok((summary, warnings)) => {
            let mut err = std::io::stderr().lock();
            for line in warnings {
                writeln!(err, "{}", printable(&line))?;
            }
            writeln!(out, "{}", printable(&summary))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(lines) => {
            let mut err = std::io::stderr().lock();
            for line in lines {
                writeln!(err, "{}", printable(&line))?;
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The `ok: ...` line and the warning lines, or every error line.
pub fn check(dir: &Path) -> Result<(String, Vec<String>), Vec<String>> {
    let rules = match content::load(dir) {
        Ok(rules) => Arc::new(rules),
        Err(errors) => {
            let mut lines: Vec<String> = errors.0.iter().map(ToString::to_string).collect();
            lines.extend(scripts_alone(dir));
            return Err(lines);
        }
    };
    let places = PackPlaces::read(&rules);
    let lines = script_problems(&rules, &places);
    if !lines.is_empty() {
        return Err(lines);
    }
    // The determinism stage's other run starts now, to play alongside the games stage.
    let unhelped = std::thread::scope(|scope| {
        let other = determinism::OtherRun::start(scope, &rules, play::setups(&rules));
        let found = play::play(&rules, &places);
        if !found.errors.is_empty() {
            return Err(found.errors);
        }
        let lines = other.compare(&rules, &places, &found.played);
        if !lines.is_empty() {
            return Err(lines);
        }
        Ok(found.warnings)
    })?;
    let m = &rules.manifest;
    let definitions: usize = rules.defs.values().map(Vec::len).sum();
    // Ids that look alike, then what players would meet unexplained: definitions, and
    // decisions the games met without help.
    let mut warnings: Vec<String> = rules.warnings.iter().chain(&glossary::warnings(&rules)).map(|w| format!("warning: {w}")).collect();
    warnings.extend(unhelped);
    let warned = match warnings.len() {
        0 => String::new(),
        1 => ", 1 warning".to_owned(),
        n => format!(", {n} warnings"),
    };
    let summary = format!(
        "ok: {} {} ({definitions} definitions in {} kinds, {} scripts, {} steps{warned})",
        m.id,
        m.version,
        rules.defs.len(),
        rules.scripts.len(),
        m.steps.len()
    );
    Ok((summary, warnings))
}

/// Stage 2: what loading the scripts finds, then every script function the content
/// names that does not exist.
fn script_problems(rules: &Ruleset, places: &PackPlaces) -> Vec<String> {
    let (host, errors) = match ScriptHost::load(rules) {
        Ok(loaded) => loaded,
        Err(e) => return vec![format!("{}: cannot start the script VM: {e}", places.file)],
    };
    let mut lines: Vec<String> = errors
        .iter()
        .map(|problem| match problem {
            LoadError::Step { step, error } => format!("{}: step \"{step}\": {}", places.step(step), error.message),
            LoadError::Module { .. } => module_line(problem, &rules.scripts),
        })
        .collect();
    let modules: HashSet<&str> = rules.scripts.iter().map(|s| s.module.as_str()).collect();
    let known = |path: &str| path.split('.').next().is_some_and(|m| modules.contains(m));
    let missing = |path: &str| -> Option<String> {
        if host.is_broken(path) || host.function(path).is_ok() {
            return None;
        }
        Some(if known(path) {
            format!("no script function \"{path}\"")
        } else {
            format!("no script function \"{path}\": the pack has no script module `{}`", path.split('.').next().unwrap_or_default())
        })
    };
    for (file, pos, entry, path) in &rules.script_refs {
        if let Some(why) = missing(path) {
            lines.push(format!("{file}:{}:{}: {entry}: {why}", pos.line.max(1), pos.col.max(1)));
        }
    }
    let m = &rules.manifest;
    for (field, path) in [("evaluate", &m.evaluate), ("report", &m.report), ("summary", &m.summary), ("diagrams", &m.diagrams)] {
        if let Some(why) = path.as_deref().and_then(missing) {
            lines.push(format!("{}: {field}: {why}", places.field(field)));
        }
    }
    lines
}

/// A module's load problem: `scripts/<pack>/<file>.lua:<line>: message (loading module m)`.
fn module_line(problem: &LoadError, scripts: &[ScriptSource]) -> String {
    let LoadError::Module { module, error } = problem else { return problem.to_string() };
    let file = scripts.iter().find(|s| &s.module == module).map_or_else(|| format!("{module}.lua"), |s| s.display.clone());
    located(error, &file, &format!("loading module {module}"))
}

/// `location: message (context)`, with `fallback` when the error has no location.
fn located(error: &ScriptError, fallback: &str, context: &str) -> String {
    format!("{}: {} ({context})", error.location.as_deref().unwrap_or(fallback), error.message)
}

/// A game error as one line: script errors at their script line (or, without one,
/// at the step that ran), other errors at the `start` of `pack.ron`.
fn game_line(error: &GameError, places: &PackPlaces, game: &str) -> String {
    match error {
        GameError::Script(e) => {
            let step = e.hook.strip_prefix("step ").map(|s| s.split('.').next().unwrap_or(s));
            let fallback = step.map_or_else(|| places.file.clone(), |id| places.step(id));
            located(e, &fallback, &format!("while running {}; {game}", e.hook))
        }
        // A flow with no step to blame: point at where it starts.
        other => format!("{}: {other} ({game})", places.field("start")),
    }
}

/// The scripts `pack.ron` lists, compiled without the content (which did not load):
/// their lint findings and syntax errors. Nothing if `pack.ron` itself is unreadable.
fn scripts_alone(dir: &Path) -> Vec<String> {
    let sources = content::listed_scripts(dir);
    orrery::script::source_errors(&sources).iter().map(|p| module_line(p, &sources)).collect()
}

/// `line` with every control character written as `\u{..}`: a message may quote
/// what a script produced, and a terminal must not obey an escape code in it.
fn printable(line: &str) -> String {
    if !line.chars().any(char::is_control) {
        return line.to_owned();
    }
    line.chars().map(|c| if c.is_control() { c.escape_unicode().to_string() } else { c.to_string() }).collect()
}
