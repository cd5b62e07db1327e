//! Presentation data a pack may declare for the terminal UI, and the fallbacks.
//!
//! The UI knows no game: how a terrain, a piece, a statistic or a zone looks comes
//! from definitions of these kinds, if the pack's schema declares them (all fields
//! but the first are optional to the UI; the schema decides what is required):
//!
//! - `ui_terrain(id: <terrain>, glyph, colour, label)`: a board terrain.
//! - `ui_piece(id: <entity kind>, glyph, label, layer, weight, stack, names, items)`:
//!   `layer` is `holding` (pieces that hold a cell for their owner; `weight` adds up
//!   to the figure shown, e.g. a population), `unit` (movable pieces, counted per
//!   owner), `feature` (markers and tokens on cells) or `hidden` (never on the map);
//!   `stack: true` marks containers whose contents the owner sees (others see only
//!   how many); `names` is a definition kind whose `name` field names the faces;
//!   `items` is the label in the plural where adding an "s" is wrong ("sheep").
//! - `ui_stat(id: <variable>, label, scope, short, set, unset, names)`: `scope` is
//!   `seat` (everyone's, in the seats table), `own` (only the viewer's), `pair` (the
//!   viewer and each other seat), or `global`; `short` is a template for the seats
//!   table (`"{}dp"`); `set`/`unset` name true and missing values; `roman: true`
//!   shows a number as the rules write levels (`IV`).
//! - `ui_zone(id: <zone>, label, owner_only, show, names, item, items)`: a zone
//!   listed in the "You" panel: the viewer's own zone if `owner_only`, else the
//!   shared one; `show` is `faces` or `count`; `item`/`items` name one and several
//!   of its contents where they are counted ("card", "cards"; default "piece").
//! - `ui_link(id: <link kind>, glyph, label)`.
//! - `ui_round(id: <global variable>, label)`: the round counter; the game
//!   autosaves whenever it changes.
//! - `ui_text(id, title, text)`: a short paragraph every player should know (how to
//!   win, how a round goes), shown first in the help box, in declaration order.
//! - `ui_glossary` and `ui_term`: what the pack explains ([`Glossary`]), shown in
//!   the Rules tab, under a decision's help and beside what the viewer holds.
//!
//! Without any of them the UI draws terrains by their first letter and pieces by
//! the first letter of their kind, and lists every variable.

use orrery::content::glossary::Glossary;
use orrery::content::Ruleset;
use orrery::value::Value;
use ratatui::style::Color;
use std::collections::BTreeMap;
use std::str::FromStr;

#[derive(Clone, Debug)]
pub struct TerrainStyle {
    pub glyph: char,
    pub colour: Option<Color>,
    pub label: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Holding,
    Unit,
    Feature,
    Hidden,
}

#[derive(Clone, Debug)]
pub struct PieceStyle {
    pub kind: String,
    pub glyph: char,
    pub label: String,
    pub layer: Layer,
    pub weight: i64,
    pub stack: bool,
    pub names: Option<String>,
    /// The pack's plural of `label`, where it gives one.
    pub items: Option<String>,
}

impl PieceStyle {
    /// Several of this piece in words, as the legend speaks of them.
    pub fn plural(&self) -> String {
        self.items.clone().unwrap_or_else(|| plural_of(&self.label))
    }
}

/// A label in the plural when the pack gives none: an "s" added, except to a word
/// that already ends in one ("glass") or to an acronym ("ABC"), where the added
/// "s" reads as a typo; those are left as written.
pub fn plural_of(label: &str) -> String {
    let last_word = label.rsplit(' ').next().unwrap_or(label);
    let acronym = last_word.chars().any(char::is_alphabetic) && !last_word.chars().any(char::is_lowercase);
    if label.ends_with(['s', 'S']) || acronym {
        label.to_owned()
    } else {
        format!("{label}s")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Seat,
    Own,
    Pair,
    Global,
}

#[derive(Clone, Debug)]
pub struct Stat {
    pub var: String,
    pub label: String,
    pub scope: Scope,
    pub short: Option<String>,
    pub set: Option<String>,
    pub unset: Option<String>,
    pub names: Option<String>,
    /// Shown in Roman numerals, as the rules write levels (`IV`).
    pub roman: bool,
}

#[derive(Clone, Debug)]
pub struct ZoneStyle {
    pub zone: String,
    pub label: String,
    pub owner_only: bool,
    pub count: bool,
    pub names: Option<String>,
    /// What one item of the zone is called, and several ("card", "cards").
    pub item: (String, String),
}

impl ZoneStyle {
    /// `n` items in words: "1 card", "6 cards".
    pub fn counted(&self, n: usize) -> String {
        format!("{n} {}", if n == 1 { &self.item.0 } else { &self.item.1 })
    }
}

#[derive(Clone, Debug)]
pub struct LinkStyle {
    pub glyph: char,
    pub label: String,
}

/// Everything the UI knows about drawing one pack.
#[derive(Clone, Debug, Default)]
pub struct Presentation {
    pub terrains: BTreeMap<String, TerrainStyle>,
    /// In declaration order, which is also drawing priority.
    pub pieces: Vec<PieceStyle>,
    pub stats: Vec<Stat>,
    pub zones: Vec<ZoneStyle>,
    pub links: BTreeMap<String, LinkStyle>,
    pub round: Option<(String, String)>,
    /// `(title, text)` of the pack's `ui_text` paragraphs, in declaration order.
    pub texts: Vec<(String, String)>,
    /// What the pack explains: its terms and the definitions players meet.
    pub glossary: Glossary,
    /// Whether the pack declared any presentation at all.
    pub declared: bool,
    /// `(kind, id) -> name` of every definition with a `name` field.
    names: BTreeMap<(String, String), String>,
    /// `id -> name` of every definition, of any kind, with a `name` field, and of
    /// every record with an `id` and a `name` listed in a definition's field; the
    /// first one in file order wins.
    names_by_id: BTreeMap<String, String>,
}

fn text(v: &Value, field: &str) -> Option<String> {
    v.get(field).and_then(Value::as_str).map(str::to_owned)
}

fn glyph(v: &Value, fallback: &str) -> char {
    text(v, "glyph").and_then(|g| g.chars().next()).or_else(|| fallback.chars().next()).unwrap_or('?')
}

/// A colour by name (`red`, `light_blue`, `dark_gray`, `#ff8800`...).
pub fn colour(name: &str) -> Option<Color> {
    Color::from_str(&name.replace('_', "-")).ok()
}

/// The global variable the pack names as its round counter.
pub fn round_variable(rules: &Ruleset) -> Option<String> {
    rules.defs.get("ui_round")?.first().map(|d| d.id.clone())
}

impl Presentation {
    pub fn new(rules: &Ruleset) -> Presentation {
        let mut p = Presentation::default();
        let defs = |kind: &str| rules.defs.get(kind).map(Vec::as_slice).unwrap_or_default();
        for d in defs("ui_terrain") {
            let style = TerrainStyle {
                glyph: glyph(&d.value, &d.id),
                colour: text(&d.value, "colour").and_then(|c| colour(&c)),
                label: text(&d.value, "label").unwrap_or_else(|| d.id.replace('_', " ")),
            };
            p.terrains.insert(d.id.clone(), style);
        }
        for d in defs("ui_piece") {
            let layer = match text(&d.value, "layer").as_deref() {
                Some("holding") => Layer::Holding,
                Some("feature") => Layer::Feature,
                Some("hidden") => Layer::Hidden,
                _ => Layer::Unit,
            };
            p.pieces.push(PieceStyle {
                kind: d.id.clone(),
                glyph: glyph(&d.value, &d.id),
                label: text(&d.value, "label").unwrap_or_else(|| d.id.replace('_', " ")),
                layer,
                weight: d.value.get("weight").and_then(Value::as_int).unwrap_or(1),
                stack: d.value.get("stack").is_some_and(Value::is_truthy),
                names: text(&d.value, "names"),
                items: text(&d.value, "items"),
            });
        }
        for d in defs("ui_stat") {
            let scope = match text(&d.value, "scope").as_deref() {
                Some("own") => Scope::Own,
                Some("pair") => Scope::Pair,
                Some("global") => Scope::Global,
                _ => Scope::Seat,
            };
            p.stats.push(Stat {
                var: d.id.clone(),
                label: text(&d.value, "label").unwrap_or_else(|| d.id.clone()),
                scope,
                short: text(&d.value, "short"),
                set: text(&d.value, "set"),
                unset: text(&d.value, "unset"),
                names: text(&d.value, "names"),
                roman: d.value.get("roman").is_some_and(Value::is_truthy),
            });
        }
        for d in defs("ui_zone") {
            p.zones.push(ZoneStyle {
                zone: d.id.clone(),
                label: text(&d.value, "label").unwrap_or_else(|| d.id.replace('_', " ")),
                owner_only: d.value.get("owner_only").is_some_and(Value::is_truthy),
                count: text(&d.value, "show").as_deref() == Some("count"),
                names: text(&d.value, "names"),
                item: (text(&d.value, "item").unwrap_or_else(|| "piece".into()), text(&d.value, "items").unwrap_or_else(|| "pieces".into())),
            });
        }
        for d in defs("ui_link") {
            p.links.insert(
                d.id.clone(),
                LinkStyle { glyph: glyph(&d.value, &d.id), label: text(&d.value, "label").unwrap_or_else(|| d.id.replace('_', " ")) },
            );
        }
        p.texts = defs("ui_text").iter().filter_map(|d| Some((text(&d.value, "title")?, text(&d.value, "text")?))).collect();
        if let Some(d) = defs("ui_round").first() {
            p.round = Some((d.id.clone(), text(&d.value, "label").unwrap_or_else(|| "Round".into())));
        }
        p.glossary = Glossary::new(rules);
        p.declared = rules.defs.keys().any(|k| k.starts_with("ui_"));
        for (kind, list) in &rules.defs {
            for d in list {
                if let Some(name) = text(&d.value, "name") {
                    p.names.insert((kind.clone(), d.id.clone()), name.clone());
                    p.names_by_id.entry(d.id.clone()).or_insert(name);
                }
            }
        }
        for d in rules.defs.values().flatten() {
            for (id, name) in listed_records(&d.value) {
                p.names_by_id.entry(id).or_insert(name);
            }
        }
        p
    }

    pub fn terrain(&self, terrain: &str) -> TerrainStyle {
        self.terrains.get(terrain).cloned().unwrap_or_else(|| TerrainStyle {
            glyph: terrain.chars().next().unwrap_or(' '),
            colour: None,
            label: terrain.replace('_', " "),
        })
    }

    /// How pieces of `kind` are drawn; `None` for kinds a declaring pack left out.
    pub fn piece(&self, kind: &str, owned: bool) -> Option<PieceStyle> {
        if let Some(p) = self.pieces.iter().find(|p| p.kind == kind) {
            return Some(p.clone());
        }
        if self.declared && !self.pieces.is_empty() {
            return None;
        }
        Some(PieceStyle {
            kind: kind.to_owned(),
            glyph: kind.chars().next().unwrap_or('?'),
            label: kind.replace('_', " "),
            layer: if owned { Layer::Unit } else { Layer::Feature },
            weight: 1,
            stack: false,
            names: None,
            items: None,
        })
    }

    /// Drawing priority of a piece kind (declaration order; undeclared last).
    pub fn priority(&self, kind: &str) -> usize {
        self.pieces.iter().position(|p| p.kind == kind).unwrap_or(usize::MAX)
    }

    /// The display name of definition `id` of `kind`, else the id made readable.
    pub fn name(&self, kind: Option<&str>, id: &str) -> String {
        kind.and_then(|k| self.names.get(&(k.to_owned(), id.to_owned())).cloned()).unwrap_or_else(|| id.replace('_', " "))
    }

    /// The display name of face `id` of a piece or card whose faces `kind` names.
    /// A face is often a thing the pack defines elsewhere, under another kind or
    /// inside another definition's list (a card of a deck, a part of a tile), so
    /// any name given to that id serves before the id is shown made readable.
    pub fn face_name(&self, kind: Option<&str>, id: &str) -> String {
        let own_kind = kind.and_then(|k| self.names.get(&(k.to_owned(), id.to_owned())));
        own_kind.or_else(|| self.names_by_id.get(id)).cloned().unwrap_or_else(|| readable(id))
    }

    /// A value as a person reads it.
    pub fn show(&self, value: &Value, names: Option<&str>) -> String {
        match value {
            Value::Nil => "-".into(),
            Value::Bool(true) => "yes".into(),
            Value::Bool(false) => "no".into(),
            Value::Int(i) => i.to_string(),
            Value::Num(n) => format!("{n}"),
            Value::Str(s) => self.name(names, s),
            Value::List(items) => items.iter().map(|v| self.show(v, names)).collect::<Vec<_>>().join(", "),
            Value::Map(entries) => entries
                .iter()
                .map(|(k, v)| {
                    let k = match k {
                        orrery::value::Key::Int(i) => i.to_string(),
                        orrery::value::Key::Str(s) => self.name(names, s),
                    };
                    match v {
                        Value::Bool(true) => k,
                        _ => format!("{k} {}", self.show(v, None)),
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// A statistic's value as shown (its `set`/`unset` words for flags).
    pub fn stat_value(&self, stat: &Stat, value: Option<&Value>) -> Option<String> {
        match value {
            None | Some(Value::Nil) | Some(Value::Bool(false)) => stat.unset.clone(),
            Some(Value::Bool(true)) => Some(stat.set.clone().unwrap_or_else(|| "yes".into())),
            Some(v) => Some(match (&stat.set, v) {
                (Some(word), Value::Bool(_)) => word.clone(),
                (_, Value::Int(n)) if stat.roman => roman(*n),
                _ => self.show(v, stat.names.as_deref()),
            }),
        }
    }
}

/// `(id, name)` of each record with both, in the lists among a definition's fields.
fn listed_records(def: &Value) -> Vec<(String, String)> {
    let Value::Map(fields) = def else { return Vec::new() };
    let records = fields.iter().filter_map(|(_, v)| match v {
        Value::List(items) => Some(items),
        _ => None,
    });
    records.flatten().filter_map(|r| Some((text(r, "id")?, text(r, "name")?))).collect()
}

/// An id as a name: underscores as spaces, the first letter upper-case.
pub fn readable(id: &str) -> String {
    let spaced = id.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// `n` in Roman numerals for 1..=3999, else in digits.
pub fn roman(n: i64) -> String {
    if !(1..=3999).contains(&n) {
        return n.to_string();
    }
    let mut left = n;
    let mut out = String::new();
    for (value, symbol) in [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")] {
        while left >= value {
            out.push_str(symbol);
            left -= value;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{listed_records, plural_of, readable};
    use orrery::value::{Key, Value};

    #[test]
    fn an_id_without_a_name_reads_as_words_starting_upper_case() {
        assert_eq!(readable("old_harbour"), "Old harbour");
        assert_eq!(readable(""), "");
    }

    #[test]
    fn records_listed_in_a_definition_give_their_names() {
        let key = |k: &str| Key::Str(k.into());
        let record = |id: &str, name: &str| Value::Map(vec![(key("id"), Value::Str(id.into())), (key("name"), Value::Str(name.into()))]);
        let def = Value::Map(vec![(key("parts"), Value::List(vec![record("old_harbour", "Old Harbour")])), (key("size"), Value::Int(2))]);
        assert_eq!(listed_records(&def), [("old_harbour".to_owned(), "Old Harbour".to_owned())]);
    }

    #[test]
    fn a_plural_adds_no_s_to_a_word_ending_in_s_or_to_an_acronym() {
        let shown: Vec<String> = ["tower", "war engine", "glass", "ABC", "big ABC", "Tower"].into_iter().map(plural_of).collect();
        assert_eq!(shown, ["towers", "war engines", "glass", "ABC", "big ABC", "Towers"]);
    }

    #[test]
    fn roman_numerals_as_levels_are_written() {
        let shown: Vec<String> = [1, 2, 4, 5, 6, 9, 14, 0, -3].into_iter().map(super::roman).collect();
        assert_eq!(shown, ["I", "II", "IV", "V", "VI", "IX", "XIV", "0", "-3"]);
    }
}
