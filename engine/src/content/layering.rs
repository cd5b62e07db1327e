//! Pack layering: a pack that `extends` another is laid over it.
//!
//! The layer's manifest, schema, definitions and scripts are merged onto the base
//! pack's, each by its id: a definition of the same kind and id, a variant, a step
//! or a script module of the same name replaces the base's (in the base's place, so
//! orders stay stable); anything new is added after the base's. The layer's schema
//! may add kinds and records, and add fields to the base's kinds and records, but a
//! field it adds to an existing kind must be optional (the base's entries do not
//! have it) and a field the base declares keeps its type (the base's entries were
//! checked against it).

use super::manifest::Parsed;
use super::ron_reader::Pos;
use super::ruleset::{Def, Manifest, Ruleset, ScriptSource, Secrets};
use super::schema::{FieldTypes, Schema, Type};
use super::ContentError;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The most packs one chain of `extends` may stack, the base included. Real layers
/// are a handful deep; the cap keeps a hostile chain from recursing without end
/// (each layer is loaded by a nested call).
pub const MAX_LAYERS: usize = 16;

/// Where the pack `id` that `dir` extends lives: beside `dir` (same `content/`
/// directory), else in the Orrery root (`$ORRERY_ROOT` or the current directory's),
/// else in the checkout the running `orrery` belongs to. The last one lets a homebrew
/// pack kept in a directory of its own extend the packs that ship with Orrery. A
/// candidate that is a symbolic link is passed over.
pub fn base_dir(dir: &Path, id: &str) -> Option<PathBuf> {
    let sibling = dir.parent().map(|p| p.to_path_buf());
    let roots = [super::find_root(), shipped_root()].map(|r| r.join("content"));
    sibling
        .into_iter()
        .chain(roots)
        .map(|content| content.join(id))
        // A base is read from a directory of its own, never through a symbolic link
        // (a stranger's pack must not reach outside the root it came in).
        .filter(|candidate| !candidate.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()))
        .find(|candidate| candidate.join("pack.ron").is_file())
        .map(|found| found.canonicalize().unwrap_or(found))
}

/// The root of the checkout holding the running executable (`target/<profile>/orrery`
/// lives under it), else the one this crate was built from.
fn shipped_root() -> PathBuf {
    let has_packs = |dir: &Path| dir.join("content").is_dir() && dir.join("scripts").is_dir();
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().find(|d| has_packs(d)).map(Path::to_path_buf))
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}

/// The manifest of `layer` laid over `base`'s.
pub fn manifest(base: &Manifest, layer: Parsed) -> Manifest {
    let Parsed { manifest: mut m, has_players, has_start, .. } = layer;
    if !has_players {
        m.players = base.players;
    }
    if !has_start {
        m.start = base.start.clone();
    }
    m.variants = by_id(&base.variants, m.variants, |v| v.id.clone());
    m.steps = by_id(&base.steps, m.steps, |s| s.id.clone());
    m.evaluate = m.evaluate.or_else(|| base.evaluate.clone());
    m.report = m.report.or_else(|| base.report.clone());
    m.summary = m.summary.or_else(|| base.summary.clone());
    m.diagrams = m.diagrams.or_else(|| base.diagrams.clone());
    m.secrets = Secrets::union(&base.secrets, &m.secrets);
    m
}

/// `base`'s items with `layer`'s replacing those of the same id, then the new ones.
/// Ids are found through a map, so laying a large layer over a large base stays linear.
fn by_id<T: Clone>(base: &[T], layer: Vec<T>, id: impl Fn(&T) -> String) -> Vec<T> {
    let mut out = base.to_vec();
    let mut at: HashMap<String, usize> = HashMap::with_capacity(out.len());
    for (i, item) in out.iter().enumerate() {
        at.entry(id(item)).or_insert(i);
    }
    for item in layer {
        match at.entry(id(&item)) {
            Entry::Occupied(slot) => out[*slot.get()] = item,
            Entry::Vacant(slot) => {
                slot.insert(out.len());
                out.push(item);
            }
        }
    }
    out
}

/// `layer`'s schema laid over `base`; errors name `file` (the layer's schema.ron).
pub fn schema(base: &Schema, layer: Schema, file: &str, errors: &mut Vec<ContentError>) -> Schema {
    let mut out = base.clone();
    merge_field_maps(&mut out.records, layer.records, "record", file, errors);
    merge_field_maps(&mut out.kinds, layer.kinds, "kind", file, errors);
    errors.extend(out.undeclared_records(file));
    out
}

fn merge_field_maps(
    into: &mut BTreeMap<String, FieldTypes>,
    layer: BTreeMap<String, FieldTypes>,
    what: &str,
    file: &str,
    errors: &mut Vec<ContentError>,
) {
    for (name, fields) in layer {
        let Some(existing) = into.get_mut(&name) else {
            into.insert(name, fields);
            continue;
        };
        for (field, ty) in fields {
            match existing.iter().find(|(f, _)| *f == field) {
                Some((_, old)) if *old == ty => {}
                Some((_, old)) => errors.push(ContentError::new(
                    file,
                    Pos::default(),
                    format!("field `{name}.{field}` is declared by the base pack as {}; a layer cannot change it to {}", old.describe(), ty.describe()),
                )),
                None if !matches!(ty, Type::Opt(_)) => errors.push(ContentError::new(
                    file,
                    Pos::default(),
                    format!("field `{name}.{field}` added to the base pack's {what} must be optional, `Opt(...)`: the base's entries do not have it"),
                )),
                None => existing.push((field, ty)),
            }
        }
    }
}

/// `layer`'s definitions laid over `base`'s, by kind and id.
pub fn definitions(base: &BTreeMap<String, Vec<Def>>, layer: BTreeMap<String, Vec<Def>>) -> BTreeMap<String, Vec<Def>> {
    let mut out = base.clone();
    for (kind, defs) in layer {
        let list = out.entry(kind).or_default();
        *list = by_id(list, defs, |d| d.id.clone());
    }
    out
}

/// `layer`'s script modules laid over `base`'s, by module name.
pub fn scripts(base: &[ScriptSource], layer: Vec<ScriptSource>) -> Vec<ScriptSource> {
    by_id(base, layer, |s| s.module.clone())
}

/// The ids of the packs from the bottom layer to `top`.
pub fn layers(base: Option<&Ruleset>, top: &str) -> Vec<String> {
    let mut out = base.map(|b| b.layers.clone()).unwrap_or_default();
    out.push(top.to_owned());
    out
}
