//! `orrery scenario FILE...`: runs scenario files and prints one verdict per file.
//!
//! Each file prints `ok: <name>` or `FAIL: <name>: <why>` (and its warnings, on
//! stderr); the command fails if any file failed. Packs are loaded once per pack and shared by every file that uses them.

use orrery::scenario::{parse, run as run_one};
use super::{pack, CliError};
use orrery::content::Ruleset;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Scenario files (RON).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let mut packs: HashMap<String, Arc<Ruleset>> = HashMap::new();
    let mut failed = 0;
    for file in &args.files {
        let shown = file.display().to_string();
        let verdict = std::fs::read_to_string(file)
            .map_err(|e| (shown.clone(), format!("cannot read: {e}")))
            .and_then(|text| parse(&text).map_err(|e| (shown.clone(), format!("not a scenario: {e}"))))
            .and_then(|scenario| {
                let rules = match packs.get(&scenario.pack) {
                    Some(r) => r.clone(),
                    None => {
                        let r = pack::load(root, &scenario.pack).map_err(|e| (scenario.name.clone(), format!("pack {}: {e}", scenario.pack)))?;
                        packs.insert(scenario.pack.clone(), r.clone());
                        r
                    }
                };
                run_one(rules, &scenario).map(|warnings| (scenario.name.clone(), warnings)).map_err(|why| (scenario.name.clone(), why))
            });
        match verdict {
            Ok((name, warnings)) => {
                for w in warnings {
                    eprintln!("warning: {shown}: {w}");
                }
                writeln!(out, "ok: {name}")?
            }
            Err((name, why)) => {
                failed += 1;
                writeln!(out, "FAIL: {name}: {}", why.replace('\n', "\n    "))?;
            }
        }
    }
    Ok(if failed > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
