//! Reads `pack.ron`, the manifest of a pack.

use super::reader::{expect_struct, Fields};
use super::ron_reader::{Node, NodeValue};
use super::ruleset::{Manifest, StepDef, VariantDef};
use super::ContentError;

const FIELDS: &[&str] = &["id", "name", "version", "players", "extends", "variants", "files", "scripts", "start", "steps", "evaluate", "report"];

pub fn parse(file: &str, root: &Node) -> Result<Manifest, ContentError> {
    let mut f = expect_struct(file, root, "Pack", FIELDS, &["id", "name", "version", "players", "start"])?;
    let players = f.range("players")?.expect("required field checked above");
    let variants = list(&mut f, "variants", |file, node| {
        let mut v = expect_struct(file, node, "Variant", &["id", "name", "description", "group", "players", "requires", "extra_seats"], &["id", "name", "description"])?;
        let extra_seats = match v.take("extra_seats") {
            None => 0,
            Some(n) => match n.value {
                super::ron_reader::NodeValue::Int(k) if (0..=8).contains(&k) => k as usize,
                _ => return Err(ContentError::new(file, n.pos, "extra_seats must be an integer from 0 to 8".into())),
            },
        };
        Ok(VariantDef {
            id: v.text("id")?,
            name: v.text("name")?,
            description: v.text("description")?,
            group: v.opt_text("group")?,
            players: v.range("players")?,
            requires: v.text_list("requires")?,
            extra_seats,
        })
    })?;
    let steps = list(&mut f, "steps", |file, node| {
        let mut s = expect_struct(file, node, "Step", &["id", "handler", "source"], &["id", "handler"])?;
        Ok(StepDef { id: s.text("id")?, handler: s.text("handler")?, source: s.opt_text("source")? })
    })?;
    Ok(Manifest {
        id: f.text("id")?,
        name: f.text("name")?,
        version: f.text("version")?,
        players,
        extends: f.opt_text("extends")?,
        variants,
        files: f.text_list("files")?,
        scripts: f.text_list("scripts")?,
        start: f.text("start")?,
        steps,
        evaluate: f.opt_text("evaluate")?,
        report: f.opt_text("report")?,
    })
}

fn list<T>(
    f: &mut Fields<'_>,
    name: &str,
    each: impl Fn(&str, &Node) -> Result<T, ContentError>,
) -> Result<Vec<T>, ContentError> {
    let file = f.file;
    match f.take(name) {
        None => Ok(Vec::new()),
        Some(node) => match &node.value {
            NodeValue::List(items) => items.iter().map(|n| each(file, n)).collect(),
            other => Err(ContentError::new(file, node.pos, format!("expected a list, found {}", other.type_name()))),
        },
    }
}
