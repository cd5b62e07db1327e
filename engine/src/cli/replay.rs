//! `orrery replay FILE [--verify]`: replays a save from its seed and choices.
//!
//! The pack comes from the save's own setup. Without `--verify` the replay only has
//! to accept every choice; with it, the replay must also reach the saved state hash.

use super::{pack, CliError};
use orrery::replay::{read, replay, state_hash, verify};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A save written by `orrery play --save`.
    pub file: PathBuf,
    /// Also check that the replay reaches the saved state hash.
    #[arg(long)]
    pub verify: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let save = read(&args.file)?;
    let rules = pack::load(root, &save.setup.pack)?;
    if rules.manifest.version != save.pack_version {
        let _ = writeln!(
            std::io::stderr(),
            "warning: the save was made with {} {}, this is version {}",
            save.setup.pack,
            save.pack_version,
            rules.manifest.version
        );
    }
    let game = if args.verify { verify(rules, &save)? } else { replay(rules, &save)? };
    writeln!(out, "ok: {} choices replayed, state hash {}", save.history.len(), state_hash(&game.state))?;
    Ok(ExitCode::SUCCESS)
}
