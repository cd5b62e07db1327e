//! Where things are in `pack.ron`, for pointing at the text that names a script.
//!
//! The manifest the content loader builds keeps values, not positions; `check`
//! re-reads `pack.ron` with the positioned reader to find the step handlers and
//! `evaluate`/`report` fields it reports on. In a layered pack a step or field may
//! come from a pack below, so the layers are searched from the top down (a base is
//! looked for beside the layer, where layering finds it first). A place not found
//! falls back to the start of the top `pack.ron` (the error is still reported, only
//! less precisely).

use orrery::content::ron_reader::{self, Node, NodeValue, Pos};
use orrery::content::Ruleset;
use std::path::Path;

/// Positions of the script names in one pack's `pack.ron` files, top layer first.
pub struct PackPlaces {
    /// `content/<pack>/pack.ron` of the top layer, as errors show it.
    pub file: String,
    /// Each layer's `pack.ron` as shown, and its parsed text.
    layers: Vec<(String, Option<Node>)>,
}

impl PackPlaces {
    pub fn read(rules: &Ruleset) -> PackPlaces {
        let dir = &rules.content_dir;
        let root = dir.parent().and_then(Path::parent);
        let top = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut ids: Vec<&str> = rules.layers.iter().rev().map(String::as_str).filter(|id| *id != top).collect();
        ids.insert(0, &top);
        let layers: Vec<(String, Option<Node>)> = ids
            .iter()
            .map(|id| {
                let path = dir.parent().map_or_else(|| dir.join("pack.ron"), |content| content.join(id).join("pack.ron"));
                let shown = root.and_then(|r| path.strip_prefix(r).ok()).unwrap_or(&path).to_string_lossy().replace('\\', "/");
                let node = std::fs::read_to_string(&path).ok().and_then(|text| ron_reader::parse(&text).ok());
                (shown, node)
            })
            .collect();
        PackPlaces { file: layers[0].0.clone(), layers }
    }

    /// `file:line:col` of the handler of step `id`.
    pub fn step(&self, id: &str) -> String {
        self.find(|node| match &field(node, "steps")?.value {
            NodeValue::List(items) => items
                .iter()
                .find(|s| field(s, "id").is_some_and(|n| matches!(&n.value, NodeValue::Str(s) if s == id)))
                .map(|s| field(s, "handler").map_or(s.pos, |h| h.pos)),
            _ => None,
        })
    }

    /// `file:line:col` of the value of a top-level field (inside its `Some(...)`).
    pub fn field(&self, name: &str) -> String {
        self.find(|node| {
            let value = field(node, name)?;
            match &value.value {
                NodeValue::Some(inner) => Some(inner.pos),
                NodeValue::Ident(none) if none == "None" => None,
                _ => Some(value.pos),
            }
        })
    }

    /// The first layer, from the top, where `at` finds a position.
    fn find(&self, at: impl Fn(&Node) -> Option<Pos>) -> String {
        let found = self.layers.iter().find_map(|(file, node)| Some((file, at(node.as_ref()?)?)));
        let (file, pos) = found.unwrap_or((&self.file, Pos::default()));
        format!("{file}:{}:{}", pos.line.max(1), pos.col.max(1))
    }
}

/// The value of field `name` of a struct node.
pub fn field<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    match &node.value {
        NodeValue::Struct { fields, .. } => fields.iter().find(|f| f.name == name).map(|f| &f.value),
        _ => None,
    }
}
