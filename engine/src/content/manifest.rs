//! Reads `pack.ron`, the manifest of a pack.

use super::reader::{expect_struct, text, Fields};
use super::ron_reader::{Node, NodeValue, Pos};
use super::ruleset::{Manifest, Secret, Secrets, StepDef, VariantDef};
use crate::sym::Sym;
use crate::value::Value;
use super::ids;
use super::ContentError;

pub const FIELDS: &[&str] = &["id", "name", "version", "players", "extends", "variants", "files", "scripts", "start", "steps", "evaluate", "report", "summary", "diagrams", "secrets"];

/// A parsed manifest and what a layer leaves to the pack beneath it.
pub struct Parsed {
    pub manifest: Manifest,
    /// Where `extends` is written (for errors about the base pack).
    pub extends_pos: Pos,
    /// Whether `players` was given (a layer may inherit it).
    pub has_players: bool,
    /// Whether `start` was given (a layer may inherit it).
    pub has_start: bool,
    /// Where things are written, for errors found after parsing.
    pub at: Positions,
}

/// Positions in `pack.ron` of the manifest's parts (the struct's own position for
/// parts not written).
#[derive(Clone, Debug, Default)]
pub struct Positions {
    pub start: Pos,
    /// One per entry of `files`, in order.
    pub files: Vec<Pos>,
    /// One per entry of `scripts`, in order.
    pub scripts: Vec<Pos>,
    /// One per step, in order.
    pub steps: Vec<Pos>,
    /// One per variant, in order.
    pub variants: Vec<Pos>,
}

pub fn parse(file: &str, root: &Node) -> Result<Parsed, ContentError> {
    let mut f = expect_struct(file, root, "Pack", FIELDS, &["id", "name", "version"])?;
    let extends_node = f.take("extends");
    let extends_pos = extends_node.map_or(f.pos, |n| n.pos);
    let extends = match extends_node {
        None => None,
        Some(node) => match &node.value {
            NodeValue::Ident(s) if s == "None" => None,
            NodeValue::Some(inner) => Some(pack_id(file, inner)?),
            _ => Some(pack_id(file, node)?),
        },
    };
    if let Some(node) = f.peek("id") {
        pack_id(file, node)?;
    }
    // A pack of its own must say how many play and where a game starts; a layer
    // inherits both from the pack it extends.
    if extends.is_none() {
        for required in ["players", "start"] {
            if f.peek(required).is_none() {
                return Err(ContentError::new(file, f.pos, format!("missing field `{required}` in Pack")));
            }
        }
    }
    let players = f.range("players")?;
    if players.is_none() && extends.is_none() {
        return Err(ContentError::new(file, f.pos, "`players` must be (min, max)".into()));
    }
    let has_start = f.peek("start").is_some();
    let mut at = Positions { start: f.peek("start").map_or(f.pos, |n| n.pos), ..Positions::default() };
    at.files = item_positions(f.peek("files"));
    at.scripts = item_positions(f.peek("scripts"));
    at.steps = item_positions(f.peek("steps"));
    at.variants = item_positions(f.peek("variants"));
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
            id: v.id("id")?,
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
        Ok(StepDef { id: s.id("id")?, handler: s.text("handler")?, source: s.opt_text("source")? })
    })?;
    let secrets = match f.take("secrets") {
        None => Secrets::default(),
        Some(node) => secrets(file, node)?,
    };
    let manifest = Manifest {
        id: f.text("id")?,
        name: f.text("name")?,
        version: f.text("version")?,
        players: players.unwrap_or((1, 1)),
        extends,
        variants,
        files: f.text_list("files")?,
        scripts: f.text_list("scripts")?,
        start: if has_start { f.text("start")? } else { String::new() },
        steps,
        evaluate: f.opt_text("evaluate")?,
        report: f.opt_text("report")?,
        summary: f.opt_text("summary")?,
        diagrams: f.opt_text("diagrams")?,
        secrets,
    };
    Ok(Parsed { manifest, extends_pos, has_players: players.is_some(), has_start, at })
}

/// The text of `node`, checked to be a pack id: it names the pack's directories, so
/// it must not lead anywhere else (`../..`, `/etc`).
fn pack_id(file: &str, node: &Node) -> Result<String, ContentError> {
    let id = text(file, node)?;
    match ids::pack_id_problem(&id) {
        Some(why) => Err(ContentError::new(file, node.pos, why)),
        None => Ok(id),
    }
}

/// `Secrets(seat_vars: [..], props: [..])`, each entry a name or
/// `Secret(name: "x", sample: 0)`.
fn secrets(file: &str, node: &Node) -> Result<Secrets, ContentError> {
    let mut f = expect_struct(file, node, "Secrets", &["seat_vars", "props"], &[])?;
    let entry = |file: &str, node: &Node| -> Result<Secret, ContentError> {
        if let NodeValue::Str(name) = &node.value {
            return Ok(Secret { name: Sym::new(name), sample: Value::Nil });
        }
        let mut s = expect_struct(file, node, "Secret", &["name", "sample"], &["name"])?;
        let name = Sym::new(&s.text("name")?);
        let sample = s.take("sample").map_or(Value::Nil, super::schema::any_value);
        Ok(Secret { name, sample })
    };
    Ok(Secrets { seat_vars: list(&mut f, "seat_vars", entry)?, props: list(&mut f, "props", entry)? })
}

/// The position of each item of a list field (none if it is not a list).
fn item_positions(node: Option<&Node>) -> Vec<Pos> {
    match node.map(|n| &n.value) {
        Some(NodeValue::List(items)) => items.iter().map(|n| n.pos).collect(),
        _ => Vec::new(),
    }
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
