//! Reading what a pack says about one seat of a finished game.
//!
//! The pack's `report` function (named in `pack.ron`, called by
//! [`Game::report`](crate::game::Game::report)) returns, per seat, a table
//!
//! ```lua
//! { groups = { <axis> = <label>, ... }, sources = { <name> = <number>, ... }, rounds = <n> }
//! ```
//!
//! or `nil` for a seat the report should leave out (a seat nobody plays). `groups`
//! sorts seats along axes the pack chooses (which faction, which opening); `sources`
//! splits the final score by where it came from; `rounds`, optional, is how long the
//! game lasted in the pack's own unit. The kernel gives none of these names a meaning:
//! they are only tallied. The shape is checked strictly, as content is: an unknown
//! field or a wrong type is an error that names it, never a value silently dropped.

use crate::value::{Key, Value};
use std::collections::BTreeMap;

/// One seat's groups and score sources.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatReport {
    /// Axis → label (`"faction" → "north"`).
    pub groups: BTreeMap<String, String>,
    /// Source → points (`"end bonus" → 12`).
    pub sources: BTreeMap<String, f64>,
    /// How many rounds the game lasted, if the pack counts them.
    pub rounds: Option<i64>,
}

const FIELDS: &str = "groups, sources, rounds";

impl SeatReport {
    /// Reads one seat's value; `Ok(None)` when the pack left the seat out (`nil`).
    /// The error says which part of the value is wrong.
    pub fn from_value(value: &Value) -> Result<Option<SeatReport>, String> {
        let entries = match value {
            Value::Nil => return Ok(None),
            Value::Map(entries) => entries,
            other => return Err(format!("expected a table ({FIELDS}) or nil, got {}", describe(other))),
        };
        let mut report = SeatReport::default();
        for (key, v) in entries {
            match key_text(key).as_str() {
                "groups" => {
                    for (axis, label) in map_entries(v, "groups")? {
                        let label = match label {
                            Value::Str(s) => s.clone(),
                            Value::Int(i) => i.to_string(),
                            other => return Err(format!("groups.{axis} must be a string label, got {}", describe(other))),
                        };
                        report.groups.insert(axis, label);
                    }
                }
                "sources" => {
                    for (name, n) in map_entries(v, "sources")? {
                        let n = match n {
                            Value::Int(i) => *i as f64,
                            Value::Num(x) if x.is_finite() => *x,
                            other => return Err(format!("sources.{name} must be a number, got {}", describe(other))),
                        };
                        report.sources.insert(name, n);
                    }
                }
                "rounds" => match v {
                    Value::Int(i) => report.rounds = Some(*i),
                    Value::Nil => {}
                    other => return Err(format!("rounds must be a whole number, got {}", describe(other))),
                },
                other => return Err(format!("unknown field `{other}` (expected {FIELDS})")),
            }
        }
        Ok(Some(report))
    }

    /// The sum of the score sources.
    pub fn source_total(&self) -> f64 {
        self.sources.values().sum()
    }
}

fn key_text(key: &Key) -> String {
    match key {
        Key::Str(s) => s.to_string(),
        Key::Int(i) => i.to_string(),
    }
}

/// The entries of a table keyed by names; an empty Lua table arrives as an empty map.
fn map_entries<'a>(value: &'a Value, field: &str) -> Result<Vec<(String, &'a Value)>, String> {
    match value {
        Value::Map(entries) => Ok(entries.iter().map(|(k, v)| (key_text(k), v)).collect()),
        Value::List(items) if items.is_empty() => Ok(Vec::new()),
        other => Err(format!("{field} must be a table of names, got {}", describe(other))),
    }
}

fn describe(value: &Value) -> String {
    match value {
        Value::Nil => "nil".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Int(i) => format!("the number {i}"),
        Value::Num(x) => format!("the number {x}"),
        Value::Str(s) => format!("the string {s:?}"),
        Value::List(_) => "a list".into(),
        Value::Map(_) => "a table".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(entries: Vec<(&str, Value)>) -> Value {
        Value::map(entries.into_iter().map(|(k, v)| (Key::Str(k.into()), v)).collect())
    }

    #[test]
    fn reads_groups_sources_and_rounds() {
        let v = map(vec![
            ("groups", map(vec![("side", Value::Str("north".into())), ("size", Value::Int(3))])),
            ("sources", map(vec![("a", Value::Int(4)), ("b", Value::Num(1.5))])),
            ("rounds", Value::Int(7)),
        ]);
        let r = SeatReport::from_value(&v).unwrap().unwrap();
        assert_eq!(r.groups["side"], "north");
        assert_eq!(r.groups["size"], "3");
        assert_eq!(r.source_total(), 5.5);
        assert_eq!(r.rounds, Some(7));
    }

    #[test]
    fn nil_leaves_the_seat_out_and_empty_tables_are_empty() {
        assert_eq!(SeatReport::from_value(&Value::Nil), Ok(None));
        let v = map(vec![("groups", Value::List(vec![])), ("sources", map(vec![]))]);
        assert_eq!(SeatReport::from_value(&v), Ok(Some(SeatReport::default())));
    }

    #[test]
    fn wrong_shapes_are_named() {
        let unknown = SeatReport::from_value(&map(vec![("group", map(vec![]))])).unwrap_err();
        assert!(unknown.contains("unknown field `group`"), "{unknown}");
        let label = SeatReport::from_value(&map(vec![("groups", map(vec![("side", Value::Bool(true))]))])).unwrap_err();
        assert!(label.contains("groups.side"), "{label}");
        let number = SeatReport::from_value(&map(vec![("sources", map(vec![("a", Value::Str("x".into()))]))])).unwrap_err();
        assert!(number.contains("sources.a must be a number"), "{number}");
        assert!(SeatReport::from_value(&Value::Int(3)).unwrap_err().contains("expected a table"));
    }
}
