//! Content packs: discovery, loading and validation.
//!
//! A pack is `content/<id>/` (RON: `pack.ron`, `schema.ron`, definition files) plus
//! `scripts/<id>/` (Lua). Loading parses every file with positions, validates each
//! definition against the kinds the pack's own schema declares (unknown fields, wrong
//! types, missing fields, duplicate ids, dangling references), and reports *every*
//! error as `file:line:col: kind "id": message`. A pack that loads is an immutable
//! [`Ruleset`]; nothing here knows what game a pack describes.
//!
//! A pack may come from a stranger: it reads only its own files ([`files`]), within
//! the limits of [`limits`], holds no text that could act on a terminal ([`ids`]), and
//! loads in time linear in its size.

mod definitions;
mod files;
pub mod glossary;
mod ids;
mod layering;
pub mod limits;
mod manifest;
mod reader;
pub mod ron_reader;
mod ruleset;
pub mod schema;
mod scripts;

pub use ron_reader::Pos;
pub use scripts::{listed_scripts, module_name};
pub use ruleset::{Def, Manifest, Ruleset, ScriptSource, Secret, Secrets, StepDef, VariantDef};

use definitions::Definitions;
use files::{FileError, PackFiles, Place};
use ids::Lookalikes;
use schema::Schema;
use std::collections::{HashMap, HashSet};
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

/// Reads and parses the RON file `name` of the pack's content directory. A file that
/// cannot be read is an error at `listed` (where `pack.ron` names it) or, for the
/// pack's own `pack.ron` and `schema.ron`, at the start of the file; a string no
/// terminal may show is refused here, so no later message repeats it.
fn read_node(files: &mut PackFiles, name: &str, listed: Option<(&str, Pos)>, errors: &mut Vec<ContentError>) -> Option<(String, ron_reader::Node)> {
    let shown = files.shown(Place::Content, name);
    let text = match files.read(Place::Content, name, limits::MAX_PACK_BYTES, "pack file") {
        Ok(t) => t,
        Err(e) => {
            errors.push(match (listed, e) {
                (Some((pack_file, pos)), FileError::Missing(_)) => {
                    ContentError::new(pack_file, pos, format!("`files` lists \"{name}\", but there is no {shown}"))
                }
                (Some((pack_file, pos)), e) => ContentError::new(pack_file, pos, format!("`files` lists \"{name}\": {e}")),
                (None, e) => ContentError::new(&shown, Pos::default(), format!("cannot read the file: {e}")),
            });
            return None;
        }
    };
    let node = match ron_reader::parse(&text) {
        Ok(node) => node,
        Err(e) => {
            errors.push(ContentError::new(&shown, e.pos, e.message));
            return None;
        }
    };
    if let Some((pos, why)) = ids::first_bad_text(&node) {
        errors.push(ContentError::new(&shown, pos, why));
        return None;
    }
    Some((shown, node))
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
    let mut files = PackFiles::new(&root, &dir, 0);
    let pack_file = files.shown(Place::Content, "pack.ron");
    let mut errors = Vec::new();

    let parsed = match read_node(&mut files, "pack.ron", None, &mut errors) {
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
    files.bytes += base.as_ref().map_or(0, |b| b.bytes);
    let errors_before_schema = errors.len();
    let own_schema = match (&base, files.exists(Place::Content, "schema.ron")) {
        // A layer may leave the schema entirely to its base.
        (Some(_), false) => Some(Schema::default()),
        _ => read_node(&mut files, "schema.ron", None, &mut errors).map(|(file, node)| {
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
        (Some(b), Some(own)) => layering::schema(&b.schema, own, &files.shown(Place::Content, "schema.ron"), &mut errors),
        (_, own) => own.unwrap_or_default(),
    };
    let schema_failed = errors.len() > errors_before_schema;
    let Some(parsed) = parsed else { return Err(finish(errors)) };
    let own_id = parsed.manifest.id.clone();
    files.set_id(&own_id);
    let at = parsed.at.clone();
    let mut warnings = base.as_ref().map(|b| b.warnings.clone()).unwrap_or_default();
    let mut lookalikes = Lookalikes::default();
    if let Some(b) = &base {
        // The base's ids, so that a layer's id looking like one of them is told.
        let shown = |file: &str, pos: Pos| format!("{file}:{}:{}", pos.line, pos.col);
        for def in b.defs.values().flatten() {
            lookalikes.note(&def.kind, &def.id, shown(&def.file, def.pos));
        }
        for s in &b.manifest.steps {
            lookalikes.note("step", &s.id, "a base pack's pack.ron".into());
        }
        for v in &b.manifest.variants {
            lookalikes.note("variant", &v.id, "a base pack's pack.ron".into());
        }
    }
    // Checked on this layer's own manifest: a base's were checked when it loaded,
    // and merging by id would hide a step declared twice.
    let mut step_ids: HashSet<&str> = HashSet::new();
    for (i, step) in parsed.manifest.steps.iter().enumerate() {
        let pos = pos_at(&at.steps, i);
        if !step_ids.insert(&step.id) {
            errors.push(ContentError::new(&pack_file, pos, format!("step `{}` is declared twice", step.id)));
        } else if let Some(w) = lookalikes.note("step", &step.id, format!("{pack_file}:{}:{}", pos.line, pos.col)) {
            warnings.push(ContentError::with_entry(&pack_file, pos, &format!("step \"{}\"", step.id), w));
        }
    }
    let own_variants: Vec<(String, Pos)> = parsed.manifest.variants.iter().enumerate().map(|(i, v)| (v.id.clone(), pos_at(&at.variants, i))).collect();
    for (id, pos) in &own_variants {
        if let Some(w) = lookalikes.note("variant", id, format!("{pack_file}:{}:{}", pos.line, pos.col)) {
            warnings.push(ContentError::with_entry(&pack_file, *pos, &format!("variant \"{id}\""), w));
        }
    }
    let manifest = match &base {
        Some(b) => layering::manifest(&b.manifest, parsed),
        None => parsed.manifest,
    };

    let base_count = base.as_ref().map_or(0, |b| b.defs.values().map(Vec::len).sum());
    let mut own = Definitions::new(base_count);
    let mut listed: HashSet<&str> = HashSet::new();
    for (i, file) in manifest.files.iter().enumerate() {
        let pos = pos_at(&at.files, i);
        if i == limits::MAX_FILES {
            errors.push(ContentError::new(&pack_file, pos, format!("`files` lists more than {} files (content::limits::MAX_FILES)", limits::MAX_FILES)));
            break;
        }
        if !listed.insert(file) {
            errors.push(ContentError::new(&pack_file, pos, format!("`files` lists \"{file}\" twice")));
            continue;
        }
        let Some((shown, node)) = read_node(&mut files, file, Some((&pack_file, pos)), &mut errors) else { continue };
        if schema_failed {
            // Every entry would only repeat that its kind is unknown.
            continue;
        }
        own.read(&schema, &shown, &node, &mut errors, &mut lookalikes, &mut warnings);
    }
    let defs = match &base {
        Some(b) => layering::definitions(&b.defs, own.defs),
        None => own.defs,
    };

    let own_scripts = scripts::read(&mut files, &manifest.scripts, &at.scripts, &pack_file, &mut errors);
    let scripts = match &base {
        Some(b) => layering::scripts(&b.scripts, own_scripts),
        None => own_scripts,
    };

    if !manifest.steps.iter().any(|s| s.id == manifest.start) {
        errors.push(ContentError::new(&pack_file, at.start, format!("start step `{}` is not among the declared steps", manifest.start)));
    }
    let mut variants: HashMap<&str, &VariantDef> = HashMap::new();
    for v in &manifest.variants {
        variants.entry(&v.id).or_insert(v);
    }
    for (id, pos) in &own_variants {
        let Some(v) = variants.get(id.as_str()) else { continue };
        for r in &v.requires {
            if !variants.contains_key(r.as_str()) {
                errors.push(ContentError::new(&pack_file, *pos, format!("variant `{}` requires unknown variant `{r}`", v.id)));
            }
        }
    }

    let mut script_refs = base.as_ref().map(|b| b.script_refs.clone()).unwrap_or_default();
    script_refs.extend(definitions::resolve(&defs, own.pending, &mut errors));

    if !errors.is_empty() {
        return Err(finish(errors));
    }
    static NEXT_UID: AtomicU64 = AtomicU64::new(1);
    let index = ruleset::Index::build(&manifest, &defs);
    let rules = Ruleset {
        uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
        layers: layering::layers(base.as_ref(), &own_id),
        manifest,
        schema,
        defs,
        scripts,
        content_dir: dir,
        script_refs,
        warnings,
        bytes: files.bytes,
        index,
        checked_scripts: Default::default(),
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

/// The errors in file order, at most [`limits::MAX_ERRORS`] of them (then a line
/// saying that more were found).
fn finish(mut errors: Vec<ContentError>) -> ContentErrors {
    errors.sort();
    errors.dedup();
    if errors.len() >= limits::MAX_ERRORS {
        errors.truncate(limits::MAX_ERRORS);
        let last = &errors[errors.len() - 1];
        let message = format!("more errors follow; only the first {} are listed (content::limits::MAX_ERRORS)", limits::MAX_ERRORS);
        errors.push(ContentError::new(&last.file.clone(), last.pos, message));
    }
    ContentErrors(errors)
}
