//! `orrery check PACK`: loads a pack the way a game would and reports every error.
//!
//! Three layers are checked in order, each only if the one before passed, because
//! later layers need the earlier ones: the RON content against the pack's schema
//! (`content::load`), then the scripts (creating the script host compiles every module
//! and resolves every step handler), then every script function a definition names.

use super::{pack, CliError};
use orrery::content;
use orrery::game::host_for;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack id under <root>/content, or a path to a pack directory.
    pub pack: String,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let dir = pack::dir(root, &args.pack)?;
    match check(&dir) {
        Ok(summary) => {
            writeln!(out, "{summary}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(lines) => {
            let mut err = std::io::stderr().lock();
            for line in lines {
                writeln!(err, "{line}")?;
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The `ok: ...` line, or every error line.
pub fn check(dir: &Path) -> Result<String, Vec<String>> {
    let rules = content::load(dir).map_err(|errors| errors.0.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let host = host_for(&rules).map_err(|e| vec![e.to_string()])?;
    let missing: Vec<String> = rules
        .script_refs
        .iter()
        .filter(|(_, _, _, path)| host.function(path).is_err())
        .map(|(file, pos, entry, path)| format!("{file}:{}:{}: {entry}: no script function \"{path}\"", pos.line.max(1), pos.col.max(1)))
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let m = &rules.manifest;
    let definitions: usize = rules.defs.values().map(Vec::len).sum();
    Ok(format!(
        "ok: {} {} ({definitions} definitions in {} kinds, {} scripts, {} steps)",
        m.id,
        m.version,
        rules.defs.len(),
        rules.scripts.len(),
        m.steps.len()
    ))
}
