//! The entries of a pack's definition files: reading them against the schema and
//! resolving the references between them.
//!
//! Everything here is linear in the number of entries (a pack may hold up to
//! [`limits::MAX_DEFINITIONS`]): duplicate ids and references are found through
//! hash sets built once, never by scanning the entries already read.

use super::ids::{self, Lookalikes};
use super::limits;
use super::ron_reader::{Node, NodeValue};
use super::ruleset::Def;
use super::schema::{Check, Pending, Schema, Target};
use super::ContentError;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The definitions of one layer as they are read, file after file.
pub struct Definitions {
    pub defs: BTreeMap<String, Vec<Def>>,
    /// The ids read so far, by kind, for finding one used twice.
    ids: HashMap<String, HashSet<String>>,
    /// Entries counted against [`limits::MAX_DEFINITIONS`], the base packs' included.
    count: usize,
    /// References and script paths to check once everything is read.
    pub pending: Vec<(String, Pending)>,
}

impl Definitions {
    /// No definitions yet, on top of a base with `base_count` of them.
    pub fn new(base_count: usize) -> Definitions {
        Definitions { defs: BTreeMap::new(), ids: HashMap::new(), count: base_count, pending: Vec::new() }
    }

    /// Reads the entries of one definition file (its parsed `node`, shown as `file`).
    pub fn read(&mut self, schema: &Schema, file: &str, node: &Node, errors: &mut Vec<ContentError>, lookalikes: &mut Lookalikes, warnings: &mut Vec<ContentError>) {
        let NodeValue::List(items) = &node.value else {
            errors.push(ContentError::new(file, node.pos, format!("a definition file holds a list of entries `[kind(id: \"...\", ...), ...]`, found {}", node.value.type_name())));
            return;
        };
        for item in items {
            let NodeValue::Struct { name: Some(kind), fields } = &item.value else {
                errors.push(ContentError::new(file, item.pos, format!("expected an entry `kind(id: \"...\", ...)`, found {}", item.value.type_name())));
                continue;
            };
            let id = fields.iter().find(|f| f.name == "id").and_then(|f| match &f.value.value {
                NodeValue::Str(s) => Some((s.clone(), f.value.pos)),
                _ => None,
            });
            let Some((id, id_pos)) = id else {
                errors.push(ContentError::new(file, item.pos, format!("{kind}: every entry needs `id: \"...\"`")));
                continue;
            };
            let entry = format!("{kind} \"{}\"", id.escape_debug());
            if self.count >= limits::MAX_DEFINITIONS {
                let message = format!("the pack has more than {} definitions (content::limits::MAX_DEFINITIONS, over all its layers); the entries from here on are not read", limits::MAX_DEFINITIONS);
                errors.push(ContentError::with_entry(file, item.pos, &entry, message));
                return;
            }
            self.count += 1;
            if let Some(why) = ids::id_problem(&id) {
                errors.push(ContentError::with_entry(file, id_pos, &entry, why));
                continue;
            }
            let Some(types) = schema.kinds.get(kind) else {
                let known: Vec<&str> = schema.kinds.keys().map(String::as_str).collect();
                errors.push(ContentError::with_entry(file, item.pos, &entry, format!("unknown kind `{kind}` (schema.ron declares: {})", known.join(", "))));
                continue;
            };
            if !self.ids.entry(kind.clone()).or_default().insert(id.clone()) {
                errors.push(ContentError::with_entry(file, item.pos, &entry, "this id is already used by another entry of the same kind".into()));
                continue;
            }
            let place = format!("{file}:{}:{}", item.pos.line, item.pos.col);
            if let Some(warning) = lookalikes.note(kind, &id, place) {
                warnings.push(ContentError::with_entry(file, id_pos, &entry, warning));
            }
            let mut check = Check { file, entry: entry.clone(), errors: &mut *errors, pending: &mut self.pending };
            let value = schema.check_fields(&mut check, item.pos, fields, types, true, &entry);
            self.defs.entry(kind.clone()).or_default().push(Def { kind: kind.clone(), id, file: file.to_owned(), pos: item.pos, value });
        }
    }
}

/// Checks every reference in `pending` against the (merged) definitions; returns the
/// script paths, to check once the scripts load.
pub fn resolve(
    defs: &BTreeMap<String, Vec<Def>>,
    pending: Vec<(String, Pending)>,
    errors: &mut Vec<ContentError>,
) -> Vec<(String, super::Pos, String, String)> {
    let known: HashMap<&str, HashSet<&str>> = defs.iter().map(|(kind, list)| (kind.as_str(), list.iter().map(|d| d.id.as_str()).collect())).collect();
    let mut scripts = Vec::new();
    for (file, p) in pending {
        match p.target {
            Target::Def { kind, id } => {
                if !known.get(kind.as_str()).is_some_and(|ids| ids.contains(id.as_str())) && errors.len() < limits::MAX_ERRORS {
                    errors.push(ContentError::with_entry(&file, p.pos, &p.entry, format!("no {kind} has the id \"{id}\"")));
                }
            }
            Target::Script(path) => scripts.push((file, p.pos, p.entry, path)),
        }
    }
    scripts
}
