//! The loaded, validated, immutable form of a pack: a [`Ruleset`].

use super::ron_reader::Pos;
use super::schema::Schema;
use crate::sym::Sym;
use crate::value::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// A named option set of a pack (`classic`, `two_player_puppet`…).
#[derive(Clone, Debug, PartialEq)]
pub struct VariantDef {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Variants in the same group exclude each other.
    pub group: Option<String>,
    /// Player counts the variant allows, if it restricts them.
    pub players: Option<(usize, usize)>,
    /// Variants that must also be chosen.
    pub requires: Vec<String>,
    /// Seats the variant adds that no player sits in (played on players' behalf).
    pub extra_seats: usize,
}

/// A step of the flow and the script table that runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct StepDef {
    pub id: String,
    /// `module.table`: the Lua table with `enter`/`run`/`resolve` functions.
    pub handler: String,
    pub source: Option<String>,
}

/// `pack.ron`.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    pub id: String,
    pub name: String,
    pub version: String,
    pub players: (usize, usize),
    pub extends: Option<String>,
    pub variants: Vec<VariantDef>,
    pub files: Vec<String>,
    pub scripts: Vec<String>,
    /// The first step of every game.
    pub start: String,
    pub steps: Vec<StepDef>,
    /// `module.function` evaluating a position for a seat, used by bots.
    pub evaluate: Option<String>,
    /// `module.function` describing a finished game for balance reports: per seat,
    /// the groups it belongs to and where its score came from.
    pub report: Option<String>,
    /// `module.function` giving the public facts of a seat that front ends show
    /// beside it (its population, what it has on the board...): `f(g, seat)` returns
    /// a list of `{ label, value }`; see [`crate::game::Game::seat_summary`].
    pub summary: Option<String>,
    /// `module.function` drawing public pictures front ends show (a seat's tiles, a
    /// track, a small graph): `f(g)` returns a list of diagrams; see
    /// [`crate::game::Game::diagrams`] and [`crate::view::diagram`].
    pub diagrams: Option<String>,
    /// What the pack keeps secret beyond hidden faces.
    pub secrets: Secrets,
}

/// Values a pack keeps secret beyond hidden faces (`pack.ron`'s `secrets`): seat
/// variables that only their own seat sees, and entity props that only the seats
/// knowing the entity see (see `state::knowledge`). Views leave them out for every
/// other seat; a bot's sample holds each one's `sample` value in their place.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Secrets {
    pub seat_vars: Vec<Secret>,
    pub props: Vec<Secret>,
}

/// One secret name and what a bot's sample holds in its place (`Nil`: unset).
#[derive(Clone, Debug, PartialEq)]
pub struct Secret {
    pub name: Sym,
    pub sample: Value,
}

impl Secrets {
    pub fn is_empty(&self) -> bool {
        self.seat_vars.is_empty() && self.props.is_empty()
    }

    /// Whether `name` is a private seat variable.
    pub fn is_seat_var(&self, name: Sym) -> bool {
        self.seat_vars.iter().any(|s| s.name == name)
    }

    /// Whether `name` is a private prop.
    pub fn is_prop(&self, name: Sym) -> bool {
        self.props.iter().any(|s| s.name == name)
    }

    /// `base`'s secrets and `layer`'s (a layer may add secrets, never make one public).
    pub fn union(base: &Secrets, layer: &Secrets) -> Secrets {
        let merge = |a: &[Secret], b: &[Secret]| {
            let mut out = a.to_vec();
            let mut at: HashMap<Sym, usize> = HashMap::new();
            for (i, s) in out.iter().enumerate() {
                at.entry(s.name).or_insert(i);
            }
            for s in b {
                match at.get(&s.name) {
                    Some(&i) => out[i] = s.clone(),
                    None => {
                        at.insert(s.name, out.len());
                        out.push(s.clone());
                    }
                }
            }
            out
        };
        Secrets { seat_vars: merge(&base.seat_vars, &layer.seat_vars), props: merge(&base.props, &layer.props) }
    }
}

/// One validated definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: String,
    pub id: String,
    pub file: String,
    pub pos: Pos,
    /// The entry as a map of its fields.
    pub value: Value,
}

/// A Lua source file of the pack.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptSource {
    /// Module name (`movement` for `movement.lua`).
    pub module: String,
    /// Path shown in errors (`scripts/<pack>/movement.lua`).
    pub display: String,
    pub source: String,
}

/// An immutable pack, shared by every game that plays it.
#[derive(Debug)]
pub struct Ruleset {
    /// Distinguishes rulesets in per-thread caches.
    pub uid: u64,
    /// Pack ids from the bottom layer to this pack (just this pack's id when it
    /// extends none).
    pub layers: Vec<String>,
    pub manifest: Manifest,
    pub schema: Schema,
    /// Definitions by kind, in file order.
    pub defs: BTreeMap<String, Vec<Def>>,
    pub scripts: Vec<ScriptSource>,
    pub content_dir: PathBuf,
    /// Script paths named in definitions (`file`, position, entry, path), checked
    /// once the scripts are loaded.
    pub script_refs: Vec<(String, super::Pos, String, String)>,
    /// Problems that do not stop the pack from loading (ids that look alike), each
    /// at its place; `orrery check` shows them.
    pub warnings: Vec<super::ContentError>,
    /// Bytes of all the files read for the pack, over every layer (see
    /// [`super::limits::MAX_PACK_BYTES`]).
    pub bytes: u64,
    pub(super) index: Index,
    /// The scripts' lint findings, syntax errors and bytecode, worked out by the
    /// first script VM made for this pack and reused by every later one (on any
    /// thread): compiling and linting a large pack costs more than a hundred
    /// decisions of play.
    pub(crate) checked_scripts: std::sync::OnceLock<crate::script::CheckedScripts>,
}

/// Where each definition, step and variant is, by id, so that a lookup costs the same
/// for a pack of ten entries or of a hundred thousand.
#[derive(Debug, Default)]
pub(super) struct Index {
    defs: HashMap<String, HashMap<String, usize>>,
    steps: HashMap<String, usize>,
    variants: HashMap<String, usize>,
}

impl Index {
    /// The index of `manifest`'s steps and variants and of `defs` (the first of an id
    /// wins, as a scan would find it).
    pub(super) fn build(manifest: &Manifest, defs: &BTreeMap<String, Vec<Def>>) -> Index {
        fn positions<'a>(ids: impl Iterator<Item = &'a str>) -> HashMap<String, usize> {
            let mut out = HashMap::new();
            for (i, id) in ids.enumerate() {
                out.entry(id.to_owned()).or_insert(i);
            }
            out
        }
        Index {
            defs: defs.iter().map(|(kind, list)| (kind.clone(), positions(list.iter().map(|d| d.id.as_str())))).collect(),
            steps: positions(manifest.steps.iter().map(|s| s.id.as_str())),
            variants: positions(manifest.variants.iter().map(|v| v.id.as_str())),
        }
    }
}

impl Ruleset {
    pub fn def(&self, kind: &str, id: &str) -> Option<&Def> {
        let i = *self.index.defs.get(kind)?.get(id)?;
        self.defs.get(kind)?.get(i)
    }

    pub fn variant(&self, id: &str) -> Option<&VariantDef> {
        self.manifest.variants.get(*self.index.variants.get(id)?)
    }

    pub fn step(&self, id: &str) -> Option<&StepDef> {
        self.manifest.steps.get(*self.index.steps.get(id)?)
    }
}
