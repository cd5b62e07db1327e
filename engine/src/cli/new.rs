//! `orrery new TEMPLATE NAME`: starts a new pack from a template that a pack ships
//! (see `template.rs`), then says what to run next.

use super::template::{self, Names, ScaffoldError};
use super::CliError;
use orrery::content;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The template, as a pack ships it in content/<pack>/templates/<TEMPLATE>/.
    pub template: String,
    /// The new pack's name; its id is the name in lowercase with dashes ("Zorg Hive" is zorg-hive).
    pub name: String,
    /// Where to write the pack (its content/<id> and scripts/<id>); default: the Orrery root.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// The pack whose template to use, when several packs have one of that name.
    #[arg(long, value_name = "PACK")]
    pub pack: Option<String>,
}

impl From<ScaffoldError> for CliError {
    fn from(e: ScaffoldError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let template = template::find(root, &args.template, args.pack.as_deref())?;
    let names = Names::new(&args.name)?;
    let dir = args.dir.clone().unwrap_or_else(|| root.to_path_buf());
    let files = template::plan(&template, &names, &dir)?;
    template::write(&files)?;

    writeln!(out, "new pack {} (\"{}\") from template {} of pack {}, in {}:", names.id, names.name, template.name, template.pack, dir.display())?;
    for f in &files {
        writeln!(out, "  {}", f.path.strip_prefix(&dir).unwrap_or(&f.path).display())?;
    }
    // Commands must name the directory when it is not the root they would find.
    let same_root = dir.canonicalize().ok().is_some_and(|d| root.canonicalize().ok() == Some(d));
    let orrery = if same_root { "orrery".to_owned() } else { format!("orrery --root {}", dir.display()) };
    let players = content::load(&dir.join("content").join(&names.id)).map_or_else(|_| "N".to_owned(), |r| r.manifest.players.0.to_string());
    writeln!(out, "next:")?;
    writeln!(out, "  {orrery} check {}", names.id)?;
    writeln!(out, "  {orrery} play --pack {}", names.id)?;
    writeln!(out, "  {orrery} simulate --pack {} --players {players} --games 20", names.id)?;
    Ok(ExitCode::SUCCESS)
}
