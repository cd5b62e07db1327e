//! Small helpers for reading fixed-shape RON structs (the manifest, the schema) from
//! parsed nodes, with positioned errors.

use super::ron_reader::{Field, Node, NodeValue, Pos};
use super::ids;
use super::ContentError;
use crate::state::MAX_SEATS;

/// The fields of one struct, taken one by one by name.
pub struct Fields<'a> {
    pub file: &'a str,
    pub pos: Pos,
    fields: Vec<&'a Field>,
}

/// Checks that `node` is `name(...)` (or an unnamed struct) whose fields are all in
/// `allowed` and include every name in `required`.
pub fn expect_struct<'a>(
    file: &'a str,
    node: &'a Node,
    name: &str,
    allowed: &[&str],
    required: &[&str],
) -> Result<Fields<'a>, ContentError> {
    let NodeValue::Struct { name: tag, fields } = &node.value else {
        return Err(ContentError::new(file, node.pos, format!("expected `{name}(...)`, found {}", node.value.type_name())));
    };
    if let Some(tag) = tag {
        if tag != name {
            return Err(ContentError::new(file, node.pos, format!("expected `{name}(...)`, found `{tag}(...)`")));
        }
    }
    let mut given = vec![false; allowed.len()];
    for field in fields {
        if let Some(i) = allowed.iter().position(|a| *a == field.name) {
            if std::mem::replace(&mut given[i], true) {
                return Err(ContentError::new(file, field.pos, format!("field `{}` is given twice in {name}", field.name)));
            }
        }
        if !allowed.contains(&field.name.as_str()) {
            return Err(ContentError::new(
                file,
                field.pos,
                format!("unknown field `{}` in {name} (expected one of: {})", field.name, allowed.join(", ")),
            ));
        }
    }
    for req in required {
        if !fields.iter().any(|f| f.name == *req) {
            return Err(ContentError::new(file, node.pos, format!("missing field `{req}` in {name}")));
        }
    }
    Ok(Fields { file, pos: node.pos, fields: fields.iter().collect() })
}

impl<'a> Fields<'a> {
    /// The field's value, left in place.
    pub fn peek(&self, name: &str) -> Option<&'a Node> {
        self.fields.iter().find(|f| f.name == name).map(|f| &f.value)
    }

    pub fn take(&mut self, name: &str) -> Option<&'a Node> {
        let i = self.fields.iter().position(|f| f.name == name)?;
        Some(&self.fields.remove(i).value)
    }

    pub fn text(&mut self, name: &str) -> Result<String, ContentError> {
        match self.take(name) {
            Some(node) => text(self.file, node),
            None => Err(ContentError::new(self.file, self.pos, format!("missing field `{name}`"))),
        }
    }

    /// A text field that is an id (see [`ids::id_problem`]).
    pub fn id(&mut self, name: &str) -> Result<String, ContentError> {
        let pos = self.peek(name).map_or(self.pos, |n| n.pos);
        let id = self.text(name)?;
        match ids::id_problem(&id) {
            Some(why) => Err(ContentError::new(self.file, pos, format!("`{name}`: {why}"))),
            None => Ok(id),
        }
    }

    pub fn opt_text(&mut self, name: &str) -> Result<Option<String>, ContentError> {
        match self.take(name) {
            None => Ok(None),
            Some(node) => match &node.value {
                NodeValue::Ident(s) if s == "None" => Ok(None),
                NodeValue::Some(inner) => text(self.file, inner).map(Some),
                _ => text(self.file, node).map(Some),
            },
        }
    }

    pub fn text_list(&mut self, name: &str) -> Result<Vec<String>, ContentError> {
        match self.take(name) {
            None => Ok(Vec::new()),
            Some(node) => match &node.value {
                NodeValue::List(items) => items.iter().map(|n| text(self.file, n)).collect(),
                other => Err(ContentError::new(self.file, node.pos, format!("expected a list of strings, found {}", other.type_name()))),
            },
        }
    }

    pub fn range(&mut self, name: &str) -> Result<Option<(usize, usize)>, ContentError> {
        let Some(node) = self.take(name) else { return Ok(None) };
        let node = match &node.value {
            NodeValue::Ident(s) if s == "None" => return Ok(None),
            NodeValue::Some(inner) => inner.as_ref(),
            _ => node,
        };
        match &node.value {
            NodeValue::Tuple { name: None, items } if items.len() == 2 => match (&items[0].value, &items[1].value) {
                (NodeValue::Int(_), NodeValue::Int(b)) if *b > MAX_SEATS as i64 => {
                    Err(ContentError::new(self.file, node.pos, format!("at most {MAX_SEATS} seats: a game keeps what each seat knows in {MAX_SEATS}-bit sets")))
                }
                (NodeValue::Int(a), NodeValue::Int(b)) if *a >= 1 && a <= b => Ok(Some((*a as usize, *b as usize))),
                _ => Err(ContentError::new(self.file, node.pos, "expected (min, max) with 1 <= min <= max".into())),
            },
            other => Err(ContentError::new(self.file, node.pos, format!("expected (min, max), found {}", other.type_name()))),
        }
    }
}

pub fn text(file: &str, node: &Node) -> Result<String, ContentError> {
    match &node.value {
        NodeValue::Str(s) => Ok(s.clone()),
        other => Err(ContentError::new(file, node.pos, format!("expected a string, found {}", other.type_name()))),
    }
}
