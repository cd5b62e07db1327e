//! `orrery api`: the scripting reference, printed as text or written as editor type
//! definitions.
//!
//! Everything comes from the kernel's own tables (`orrery::script::reference`), which
//! the kernel's tests hold to the registered `g` methods and the real sandbox, so
//! what this prints is what scripts get.

use super::CliError;
use orrery::script::reference;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which editor the definitions are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DefsFormat {
    /// A luau-lsp definitions file (`declare class Game ... end`).
    Luau,
    /// A lua-language-server `---@meta` file.
    LuaLs,
}

impl DefsFormat {
    fn default_file(self) -> &'static str {
        match self {
            DefsFormat::Luau => "orrery.d.luau",
            DefsFormat::LuaLs => "orrery.d.lua",
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write type definitions for editors instead of printing the reference: to FILE
    /// (`-` for standard output), by default orrery.d.luau (orrery.d.lua for lua-ls).
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub defs: Option<Option<PathBuf>>,
    /// The definitions' format.
    #[arg(long, value_enum, default_value = "luau", requires = "defs")]
    pub defs_format: DefsFormat,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let Some(file) = &args.defs else {
        write!(out, "{}", reference::markdown())?;
        return Ok(ExitCode::SUCCESS);
    };
    let text = match args.defs_format {
        DefsFormat::Luau => reference::luau_defs(),
        DefsFormat::LuaLs => reference::lua_ls_defs(),
    };
    if file.as_ref().is_some_and(|f| f.as_os_str() == "-") {
        write!(out, "{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let file = file.clone().unwrap_or_else(|| PathBuf::from(args.defs_format.default_file()));
    std::fs::write(&file, text).map_err(|e| CliError::Usage(format!("cannot write {}: {e}", file.display())))?;
    writeln!(out, "wrote {}", file.display())?;
    match args.defs_format {
        DefsFormat::Luau => {
            writeln!(out, "point luau-lsp at it, e.g. in .vscode/settings.json:")?;
            writeln!(out, "  \"luau-lsp.types.definitionFiles\": {{ \"@orrery\": \"{}\" }},", file.display())?;
            writeln!(out, "  \"files.associations\": {{ \"*.lua\": \"luau\" }}")?;
        }
        DefsFormat::LuaLs => {
            writeln!(out, "point lua-language-server at it: keep it in the workspace or add it to `Lua.workspace.library`")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
