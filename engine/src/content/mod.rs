//! Content packs: discovery, loading and validation.
//!
//! A pack is `content/<id>/` (RON: `pack.ron`, `schema.ron`, definition files) plus
//! `scripts/<id>/` (Lua). Loading parses every file with positions, validates each
//! definition against the kinds the pack's own schema declares (unknown fields, wrong
//! types, missing fields, duplicate ids, dangling references), and reports *every*
//! error as `file:line:col: kind "id": message`. A pack that loads is an immutable
//! [`Ruleset`]; nothing here knows what game a pack describes.

mod layering;
mod manifest;
mod reader;
pub mod ron_reader;
mod ruleset;
pub mod schema;

pub use ron_reader::Pos;
pub use ruleset::{Def, Manifest, Ruleset, ScriptSource, Secret, Secrets, StepDef, VariantDef};

use ron_reader::NodeValue;
use schema::{Check, Schema, Target};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// One problem in a pack, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ContentError {
    pub file: String,
    pub pos: Pos,
    /// `kind "id"` of the entry, when the error is inside one.
    pub entry: Option<String>,
    pub message: String,
}

impl ContentError {
    pub fn new(file: &str, pos: Pos, message: String) -> ContentError {
        ContentError { file: file.to_owned(), pos, entry: None, message }
    }

    pub fn with_entry(file: &str, pos: Pos, entry: &str, message: String) -> ContentError {
        ContentError { file: file.to_owned(), pos, entry: Some(entry.to_owned()), message }
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.pos.line.max(1), self.pos.col.max(1))?;
        if let Some(entry) = &self.entry {
            write!(f, "{entry}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContentError {}

/// All the errors of a pack that failed to load.
#[derive(Debug, Clone, PartialEq)]
pub struct ContentErrors(pub Vec<ContentError>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ContentErrors {}

/// Finds the directory holding `content/` and `scripts/`: `$ORRERY_ROOT`, else the
/// nearest ancestor of the current directory that has both, else the source tree.
pub fn find_root() -> PathBuf {
    if let Ok(root) = std::env::var("ORRERY_ROOT") {
        return PathBuf::from(root);
    }
    if let Ok(cwd) = std::env::current_dir() {
        for dir in cwd.ancestors() {
            if dir.join("content").is_dir() && dir.join("scripts").is_dir() {
                return dir.to_path_buf();
            }
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The content directory of a pack given by id (under `root/content`) or by path.
pub fn pack_dir(root: &Path, pack: &str) -> PathBuf {
    let as_path = Path::new(pack);
    if as_path.join("pack.ron").is_file() {
        as_path.to_path_buf()
    } else {
        root.join("content").join(pack)
    }
}

/// Lists the packs under `root/content`, sorted by id.
pub fn discover(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("content"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.join("pack.ron").is_file()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// A path as shown in messages: relative to the repository root when possible.
fn display(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

fn read_node(root: &Path, path: &Path, errors: &mut Vec<ContentError>) -> Option<(String, ron_reader::Node)> {
    let shown = display(root, path);
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            errors.push(ContentError::new(&shown, Pos::default(), format!("cannot read the file: {e}")));
            return None;
        }
    };
    match ron_reader::parse(&text) {
        Ok(node) => Some((shown, node)),
        Err(e) => {
            errors.push(ContentError::new(&shown, e.pos, e.message));
            None
        }
    }
}

/// Loads and validates the pack in `dir` (`content/<id>`); scripts come from
/// `<dir>/../../scripts/<id>`. A pack that `extends` another is laid over it (see
/// [`layering`]).
pub fn load(dir: &Path) -> Result<Ruleset, ContentErrors> {
    load_layer(dir, &mut Vec::new())
}

/// Loads one layer; `below` holds the packs that extend this one, to catch cycles.
fn load_layer(dir: &Path, below: &mut Vec<PathBuf>) -> Result<Ruleset, ContentErrors> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let root = dir.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_else(|| dir.clone());
    let pack_file = display(&root, &dir.join("pack.ron"));
    let mut errors = Vec::new();

    let parsed = match read_node(&root, &dir.join("pack.ron"), &mut errors) {
        Some((file, node)) => match manifest::parse(&file, &node) {
            Ok(m) => Some(m),
            Err(e) => {
                errors.push(e);
                None
            }
        },
        None => None,
    };
    let base = match parsed.as_ref().and_then(|p| p.manifest.extends.clone().map(|id| (id, p.extends_pos))) {
        Some((id, pos)) => match load_base(&dir, &id, pos, &pack_file, below) {
            Ok(base) => Some(base),
            Err(e) => {
                errors.extend(e.0);
                return Err(finish(errors));
            }
        },
        None => None,
    };
    let errors_before_schema = errors.len();
    let schema_path = dir.join("schema.ron");
    let own_schema = match (&base, schema_path.is_file()) {
        // A layer may leave the schema entirely to its base.
        (Some(_), false) => Some(Schema::default()),
        _ => read_node(&root, &schema_path, &mut errors).map(|(file, node)| {
            let parsed = match base {
                Some(_) => Schema::parse_unchecked(&file, &node),
                None => Schema::parse(&file, &node),
            };
            parsed.unwrap_or_else(|e| {
                errors.extend(e);
                Schema::default()
            })
        }),
    };
    let schema = match (&base, own_schema) {
        (Some(b), Some(own)) => layering::schema(&b.schema, own, &display(&root, &schema_path), &mut errors),
        (_, own) => own.unwrap_or_default(),
    };
    let schema_failed = errors.len() > errors_before_schema;
    let Some(parsed) = parsed else { return Err(finish(errors)) };
    let own_id = parsed.manifest.id.clone();
    let at = parsed.at.clone();
    // Checked on this layer's own manifest: a base's were checked when it loaded,
    // and merging by id would hide a step declared twice.
    let mut step_ids: Vec<&str> = Vec::new();
    for (i, step) in parsed.manifest.steps.iter().enumerate() {
        if step_ids.contains(&step.id.as_str()) {
            errors.push(ContentError::new(&pack_file, pos_at(&at.steps, i), format!("step `{}` is declared twice", step.id)));
        }
        step_ids.push(&step.id);
    }
    let own_variants: Vec<(String, Pos)> = parsed.manifest.variants.iter().enumerate().map(|(i, v)| (v.id.clone(), pos_at(&at.variants, i))).collect();
    let manifest = match &base {
        Some(b) => layering::manifest(&b.manifest, parsed),
        None => parsed.manifest,
    };

    let mut own_defs: BTreeMap<String, Vec<Def>> = BTreeMap::new();
    let mut pending = Vec::new();
    for (i, file) in manifest.files.iter().enumerate() {
        let path = dir.join(file);
        if !path.is_file() {
            let message = format!("`files` lists \"{file}\", but there is no {}", display(&root, &path));
            errors.push(ContentError::new(&pack_file, pos_at(&at.files, i), message));
            continue;
        }
        let Some((shown, node)) = read_node(&root, &path, &mut errors) else { continue };
        if schema_failed {
            // Every entry would only repeat that its kind is unknown.
            continue;
        }
        load_definitions(&schema, &shown, &node, &mut own_defs, &mut errors, &mut pending);
    }
    let defs = match &base {
        Some(b) => layering::definitions(&b.defs, own_defs),
        None => own_defs,
    };

    let scripts_dir = root.join("scripts").join(&own_id);
    let mut own_scripts = Vec::new();
    for (i, file) in manifest.scripts.iter().enumerate() {
        let path = scripts_dir.join(file);
        let shown = display(&root, &path);
        match std::fs::read_to_string(&path) {
            Ok(source) => own_scripts.push(ScriptSource {
                module: file.trim_end_matches(".lua").replace('/', "."),
                display: shown,
                source,
            }),
            Err(e) => errors.push(ContentError::new(&pack_file, pos_at(&at.scripts, i), format!("script {shown}: cannot read: {e}"))),
        }
    }
    let scripts = match &base {
        Some(b) => layering::scripts(&b.scripts, own_scripts),
        None => own_scripts,
    };

    if !manifest.steps.iter().any(|s| s.id == manifest.start) {
        errors.push(ContentError::new(&pack_file, at.start, format!("start step `{}` is not among the declared steps", manifest.start)));
    }
    for (id, pos) in &own_variants {
        let Some(v) = manifest.variants.iter().find(|v| &v.id == id) else { continue };
        for r in &v.requires {
            if !manifest.variants.iter().any(|o| &o.id == r) {
                errors.push(ContentError::new(&pack_file, *pos, format!("variant `{}` requires unknown variant `{r}`", v.id)));
            }
        }
    }

    let mut script_paths = base.as_ref().map(|b| b.script_refs.clone()).unwrap_or_default();
    for (file, p) in pending {
        match p.target {
            Target::Def { kind, id } => {
                if !defs.get(&kind).is_some_and(|list| list.iter().any(|d| d.id == id)) {
                    errors.push(ContentError::with_entry(&file, p.pos, &p.entry, format!("no {kind} has the id \"{id}\"")));
                }
            }
            Target::Script(path) => script_paths.push((file, p.pos, p.entry, path)),
        }
    }

    if !errors.is_empty() {
        return Err(finish(errors));
    }
    static NEXT_UID: AtomicU64 = AtomicU64::new(1);
    let rules = Ruleset {
        uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
        layers: layering::layers(base.as_ref(), &own_id),
        manifest,
        schema,
        defs,
        scripts,
        content_dir: dir,
        script_refs: script_paths,
    };
    Ok(rules)
}

/// Loads the pack `id` that the pack in `dir` extends, refusing cycles.
fn load_base(dir: &Path, id: &str, pos: Pos, pack_file: &str, below: &mut Vec<PathBuf>) -> Result<Ruleset, ContentErrors> {
    let base = layering::base_dir(dir, id).ok_or_else(|| {
        let message = format!("extends unknown pack \"{id}\": there is no content/{id}/pack.ron beside this pack or in the Orrery root");
        ContentErrors(vec![ContentError::new(pack_file, pos, message)])
    })?;
    if below.len() + 1 >= layering::MAX_LAYERS {
        let message = format!("`extends` goes deeper than {} layers: a pack may be laid over at most {} others", layering::MAX_LAYERS, layering::MAX_LAYERS - 1);
        return Err(ContentErrors(vec![ContentError::new(pack_file, pos, message)]));
    }
    below.push(dir.to_path_buf());
    if let Some(first) = below.iter().position(|d| *d == base) {
        let chain: Vec<String> = below[first..]
            .iter()
            .chain([&base])
            .map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
            .collect();
        return Err(ContentErrors(vec![ContentError::new(pack_file, pos, format!("`extends` makes a cycle: {}", chain.join(" extends ")))]));
    }
    let result = load_layer(&base, below);
    below.pop();
    result
}

/// The `i`th position of a list, or the start of the file if it was not recorded.
fn pos_at(list: &[Pos], i: usize) -> Pos {
    list.get(i).copied().unwrap_or_default()
}

fn finish(mut errors: Vec<ContentError>) -> ContentErrors {
    errors.sort();
    errors.dedup();
    ContentErrors(errors)
}

fn load_definitions(
    schema: &Schema,
    file: &str,
    node: &ron_reader::Node,
    defs: &mut BTreeMap<String, Vec<Def>>,
    errors: &mut Vec<ContentError>,
    pending: &mut Vec<(String, schema::Pending)>,
) {
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
            NodeValue::Str(s) => Some(s.clone()),
            _ => None,
        });
        let Some(id) = id else {
            errors.push(ContentError::new(file, item.pos, format!("{kind}: every entry needs `id: \"...\"`")));
            continue;
        };
        let entry = format!("{kind} \"{id}\"");
        let Some(types) = schema.kinds.get(kind) else {
            let known: Vec<&str> = schema.kinds.keys().map(String::as_str).collect();
            errors.push(ContentError::with_entry(file, item.pos, &entry, format!("unknown kind `{kind}` (schema.ron declares: {})", known.join(", "))));
            continue;
        };
        if defs.get(kind).is_some_and(|list| list.iter().any(|d| d.id == id)) {
            errors.push(ContentError::with_entry(file, item.pos, &entry, "this id is already used by another entry of the same kind".into()));
            continue;
        }
        let mut with_id = types.clone();
        with_id.insert(0, ("id".into(), schema::Type::Text));
        let mut check = Check { file, entry: entry.clone(), errors, pending };
        let value = schema.check_fields(&mut check, item.pos, fields, &with_id, &entry);
        defs.entry(kind.clone()).or_default().push(Def { kind: kind.clone(), id, file: file.to_owned(), pos: item.pos, value });
    }
}
