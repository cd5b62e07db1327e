//! `orrery packs`: one line (or one JSON object) per pack under `<root>/content`.
//!
//! The kernel exposes no manifest-only reader, so each pack is fully loaded; a pack
//! that fails to load is still listed, with its error count, so a broken pack never
//! hides the others.

use super::CliError;
use orrery::content::{self, Ruleset};
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print a JSON array instead of lines.
    #[arg(long)]
    pub json: bool,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let mut entries = Vec::new();
    for dir in content::discover(root) {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        entries.push((name, content::load(&dir)));
    }
    if args.json {
        let list: Vec<serde_json::Value> = entries.iter().map(|(dir, result)| match result {
            Ok(rules) => describe(rules),
            Err(errors) => json!({ "id": dir, "errors": errors.0.iter().map(ToString::to_string).collect::<Vec<_>>() }),
        }).collect();
        writeln!(out, "{}", serde_json::Value::Array(list))?;
        return Ok(ExitCode::SUCCESS);
    }
    if entries.is_empty() {
        writeln!(out, "no packs under {}", root.join("content").display())?;
    }
    for (dir, result) in &entries {
        match result {
            Ok(rules) => writeln!(out, "{}", line(rules))?,
            Err(errors) => writeln!(out, "{dir}  (does not load: {} errors; see `orrery check {dir}`)", errors.0.len())?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `id  name  [(extends base)]  players min-max  variants: a, b`
fn line(rules: &Ruleset) -> String {
    let m = &rules.manifest;
    let variants: Vec<&str> = m.variants.iter().map(|v| v.id.as_str()).collect();
    let variants = if variants.is_empty() { "none".to_owned() } else { variants.join(", ") };
    let layers = match &m.extends {
        Some(_) => format!("  (extends {})", rules.layers[..rules.layers.len() - 1].iter().rev().cloned().collect::<Vec<_>>().join(" > ")),
        None => String::new(),
    };
    format!("{}  {}{layers}  players {}-{}  variants: {variants}", m.id, m.name, m.players.0, m.players.1)
}

fn describe(rules: &Ruleset) -> serde_json::Value {
    let m = &rules.manifest;
    json!({
        "id": m.id,
        "name": m.name,
        "version": m.version,
        "extends": m.extends,
        "layers": rules.layers,
        "players": [m.players.0, m.players.1],
        "variants": m.variants.iter().map(|v| json!({
            "id": v.id,
            "name": v.name,
            "description": v.description,
            "group": v.group,
            "players": v.players.map(|(a, b)| vec![a, b]),
            "requires": v.requires,
        })).collect::<Vec<_>>(),
    })
}
