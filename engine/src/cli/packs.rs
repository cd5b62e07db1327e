//! `orrery packs`: one line (or one JSON object) per pack under `<root>/content`;
//! with `--pack P`, that pack's variants, each with what it changes, grouped as they
//! exclude each other, so a player can choose with `--variant` without reading
//! `pack.ron`.
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
    /// Describe this pack's variants, one per line with what it changes.
    #[arg(long, value_name = "PACK")]
    pub pack: Option<String>,
}

pub fn run(root: &Path, args: &Args, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let mut entries = Vec::new();
    for dir in content::discover(root) {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        entries.push((name, content::load(&dir)));
    }
    if let Some(id) = &args.pack {
        let Some((_, result)) = entries.iter().find(|(dir, _)| dir == id) else {
            let known: Vec<&str> = entries.iter().map(|(dir, _)| dir.as_str()).collect();
            return Err(CliError::Usage(format!("no pack `{id}` under {} (packs: {})", root.join("content").display(), known.join(", "))));
        };
        let rules = result.as_ref().map_err(|errors| CliError::Usage(format!("pack `{id}` does not load: {} errors; see `orrery check {id}`", errors.0.len())))?;
        if args.json {
            writeln!(out, "{}", describe(rules))?;
        } else {
            write!(out, "{}", variants(rules))?;
        }
        return Ok(ExitCode::SUCCESS);
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

/// A pack's variants for a person choosing: ungrouped first, then each group of
/// variants that exclude each other, every variant with its name and description.
fn variants(rules: &Ruleset) -> String {
    let m = &rules.manifest;
    let mut text = format!("{} ({}), {}-{} players\n", m.name, m.id, m.players.0, m.players.1);
    if m.variants.is_empty() {
        text.push_str("no variants: `orrery play --pack ");
        text.push_str(&m.id);
        text.push_str("` plays the rules as written\n");
        return text;
    }
    text.push_str(&format!("variants (choose with `orrery play --pack {} --variant ID`, repeated for several):\n", m.id));
    let mut groups: Vec<Option<&str>> = Vec::new();
    for v in &m.variants {
        if !groups.contains(&v.group.as_deref()) {
            groups.push(v.group.as_deref());
        }
    }
    groups.sort_by_key(|g| g.is_some());
    for group in groups {
        if group.is_some() {
            text.push_str("\n  at most one of:\n");
        }
        for v in m.variants.iter().filter(|v| v.group.as_deref() == group) {
            let mut notes = Vec::new();
            if let Some((a, b)) = v.players {
                notes.push(if a == b { format!("{a} players") } else { format!("{a}-{b} players") });
            }
            if !v.requires.is_empty() {
                notes.push(format!("needs {}", v.requires.join(", ")));
            }
            let notes = if notes.is_empty() { String::new() } else { format!(" [{}]", notes.join("; ")) };
            text.push_str(&format!("  {:<26} {}: {}{notes}\n", v.id, v.name, v.description));
        }
    }
    text
}

/// `id  name  [(extends base)]  players min-max  variants: a, b`
fn line(rules: &Ruleset) -> String {
    let m = &rules.manifest;
    let variants: Vec<&str> = m.variants.iter().map(|v| v.id.as_str()).collect();
    let variants = if variants.is_empty() { "none".to_owned() } else { format!("{} (`orrery packs --pack {}` describes them)", variants.join(", "), m.id) };
    let layers = match &m.extends {
        Some(_) => format!("  (extends {})", rules.layers[..rules.layers.len() - 1].iter().rev().cloned().collect::<Vec<_>>().join(" > ")),
        None => String::new(),
    };
    format!("{}  {}{layers}  players {}-{}  variants: {variants}", m.id, m.name, m.players.0, m.players.1)
}

pub fn describe(rules: &Ruleset) -> serde_json::Value {
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
