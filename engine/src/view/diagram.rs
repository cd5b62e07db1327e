//! Diagrams: pictures a pack draws of public facts that are not on the kernel's board.
//!
//! A pack whose pieces form shapes of their own (square tiles laid per seat, small
//! graphs of spaces, a circular track) keeps them in entities and props, which no
//! front end can draw without knowing the game. Instead the pack's `diagrams`
//! function (`pack.ron`, called by [`crate::game::Game::diagrams`]) describes them in
//! one of two generic shapes, and every front end draws those shapes:
//!
//! - [`Shape::Grid`]: square cells at integer `(x, y)` (x grows east, y south), each
//!   with a text, an optional note, an optional owning seat, and a mark on each of
//!   its four edges ([`EdgeMark`]: nothing, a passage open to the outside, or one
//!   joined to the neighbour's).
//! - [`Shape::Graph`]: nodes at `(x, y)` in an abstract unit space the front end
//!   scales to fit, each with a text, an optional owning seat and kind, and lines
//!   between nodes.
//!
//! The key decision is that the kernel only checks and carries the pack's
//! description: what a picture means is the pack's, how it looks is the front end's.
//! What a script returns is untrusted like all script output, so [`read`] checks
//! every field's type, refuses unknown fields and shapes, and caps the number of
//! diagrams, cells, nodes, lines and the length of every text, with an error naming
//! what is wrong; it never panics. Seats are 1-based here, as scripts and pages
//! count them.

use crate::value::{Key, Value};
use serde::{Deserialize, Serialize};

/// Diagrams one call may return.
pub const MAX_DIAGRAMS: usize = 64;
/// Cells of a grid, or nodes of a graph.
pub const MAX_ITEMS: usize = 400;
/// Lines between the nodes of a graph.
pub const MAX_LINKS: usize = 2_000;
/// Caption lines of a diagram.
pub const MAX_CAPTION: usize = 12;
/// Characters of any one text (a title, a caption line, a cell's or a node's text).
pub const MAX_TEXT: usize = 200;
/// How far from 0 a grid cell's coordinates may be.
pub const MAX_GRID_COORD: i64 = 1_000;

/// One picture: a titled grid or graph, perhaps one seat's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagram {
    pub title: String,
    /// The seat (from 1) the diagram belongs to, for grouping and colour.
    pub seat: Option<usize>,
    /// Lines said under the picture.
    pub caption: Vec<String>,
    #[serde(flatten)]
    pub shape: Shape,
}

/// What a diagram draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum Shape {
    Grid { cells: Vec<GridCell> },
    Graph { nodes: Vec<Node>, links: Vec<(String, String)> },
}

/// A square cell of a grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridCell {
    pub x: i32,
    pub y: i32,
    pub text: String,
    /// A second, shorter line (counters, marks).
    pub note: Option<String>,
    /// The seat (from 1) whose colour the cell wears.
    pub owner: Option<usize>,
    /// The marks on the north, east, south and west edges, in that order.
    pub edges: [EdgeMark; 4],
}

/// What an edge of a grid cell shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeMark {
    /// A plain edge.
    #[default]
    None,
    /// A passage that leads nowhere (to empty space or a wall).
    Open,
    /// A passage joined to the neighbouring cell's.
    Joined,
}

/// A node of a graph.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub id: String,
    pub x: f64,
    pub y: f64,
    pub text: String,
    /// The seat (from 1) whose colour the node wears.
    pub owner: Option<usize>,
    /// A pack word for what the node is, which a front end may show or style by.
    pub kind: Option<String>,
}

/// Reads a diagrams function's result: a list of diagram tables (an empty table is
/// none). `seats` bounds the seats named. The error says what is wrong and where.
pub fn read(list: &Value, seats: usize) -> Result<Vec<Diagram>, String> {
    let items = list_of(list, "the diagrams")?;
    if items.len() > MAX_DIAGRAMS {
        return Err(format!("{} diagrams, more than the {MAX_DIAGRAMS} allowed", items.len()));
    }
    items.iter().enumerate().map(|(i, d)| diagram(d, seats).map_err(|why| format!("diagram {}: {why}", i + 1))).collect()
}

fn diagram(v: &Value, seats: usize) -> Result<Diagram, String> {
    let shape = text(v, "shape")?.ok_or("it has no `shape` (\"grid\" or \"graph\")")?;
    let allowed: &[&str] = match shape.as_str() {
        "grid" => &["title", "seat", "caption", "shape", "cells"],
        "graph" => &["title", "seat", "caption", "shape", "nodes", "edges"],
        other => return Err(format!("unknown shape {other:?} (\"grid\" or \"graph\")")),
    };
    only(v, allowed)?;
    let title = text(v, "title")?.ok_or("it has no text `title`")?;
    let at = |why: String| format!("{title:?}: {why}");
    let seat = seat_field(v, "seat", seats).map_err(at)?;
    let caption = match v.get("caption") {
        None | Some(Value::Nil) => Vec::new(),
        Some(Value::Str(s)) => vec![checked(s.clone(), "caption").map_err(at)?],
        Some(other) => {
            let lines = list_of(other, "`caption`").map_err(at)?;
            if lines.len() > MAX_CAPTION {
                return Err(at(format!("{} caption lines, more than {MAX_CAPTION}", lines.len())));
            }
            lines.iter().map(|l| l.as_str().ok_or_else(|| at(format!("a caption line is not a text: {l}"))).and_then(|s| checked(s.to_owned(), "caption").map_err(at))).collect::<Result<_, _>>()?
        }
    };
    let shape = if shape == "grid" { grid(v, seats) } else { graph(v, seats) }.map_err(at)?;
    Ok(Diagram { title, seat, caption, shape })
}

fn grid(v: &Value, seats: usize) -> Result<Shape, String> {
    let items = list_of(v.get("cells").unwrap_or(&Value::Nil), "`cells`")?;
    if items.len() > MAX_ITEMS {
        return Err(format!("{} cells, more than the {MAX_ITEMS} allowed", items.len()));
    }
    let mut cells: Vec<GridCell> = Vec::with_capacity(items.len());
    for (i, c) in items.iter().enumerate() {
        let at = |why: String| format!("cell {}: {why}", i + 1);
        only(c, &["x", "y", "text", "note", "owner", "edges"]).map_err(at)?;
        let coord = |name: &str| match c.get(name).and_then(Value::as_int) {
            Some(n) if n.abs() <= MAX_GRID_COORD => Ok(n as i32),
            Some(n) => Err(at(format!("`{name}` {n} is further than {MAX_GRID_COORD} from 0"))),
            None => Err(at(format!("`{name}` must be a whole number, not {}", c.get(name).unwrap_or(&Value::Nil)))),
        };
        let (x, y) = (coord("x")?, coord("y")?);
        if cells.iter().any(|o| o.x == x && o.y == y) {
            return Err(at(format!("a second cell at ({x}, {y})")));
        }
        let mut edges = [EdgeMark::None; 4];
        match c.get("edges") {
            None | Some(Value::Nil) => {}
            Some(e @ Value::Map(_)) => {
                only(e, &["n", "e", "s", "w"]).map_err(|why| at(format!("`edges`: {why}")))?;
                for (k, side) in ["n", "e", "s", "w"].into_iter().enumerate() {
                    edges[k] = match e.get(side) {
                        None | Some(Value::Nil) => EdgeMark::None,
                        Some(Value::Str(s)) if s == "none" => EdgeMark::None,
                        Some(Value::Str(s)) if s == "open" => EdgeMark::Open,
                        Some(Value::Str(s)) if s == "joined" => EdgeMark::Joined,
                        Some(other) => return Err(at(format!("edge `{side}` must be \"open\", \"joined\" or \"none\", not {other}"))),
                    };
                }
            }
            Some(other) => return Err(at(format!("`edges` must be a table {{ n, e, s, w }}, not {other}"))),
        }
        cells.push(GridCell {
            x,
            y,
            text: text(c, "text").map_err(at)?.unwrap_or_default(),
            note: text(c, "note").map_err(at)?,
            owner: seat_field(c, "owner", seats).map_err(at)?,
            edges,
        });
    }
    Ok(Shape::Grid { cells })
}

fn graph(v: &Value, seats: usize) -> Result<Shape, String> {
    let items = list_of(v.get("nodes").unwrap_or(&Value::Nil), "`nodes`")?;
    if items.len() > MAX_ITEMS {
        return Err(format!("{} nodes, more than the {MAX_ITEMS} allowed", items.len()));
    }
    let mut nodes: Vec<Node> = Vec::with_capacity(items.len());
    for (i, n) in items.iter().enumerate() {
        let at = |why: String| format!("node {}: {why}", i + 1);
        only(n, &["id", "x", "y", "text", "owner", "kind"]).map_err(at)?;
        let id = id_of(n.get("id")).ok_or_else(|| at(format!("`id` must be a text or a whole number, not {}", n.get("id").unwrap_or(&Value::Nil))))?;
        if nodes.iter().any(|o| o.id == id) {
            return Err(at(format!("a second node with id {id:?}")));
        }
        let number = |name: &str| match n.get(name) {
            Some(Value::Int(k)) => Ok(*k as f64),
            Some(Value::Num(f)) if f.is_finite() => Ok(*f),
            other => Err(at(format!("`{name}` must be a finite number, not {}", other.unwrap_or(&Value::Nil)))),
        };
        nodes.push(Node {
            x: number("x")?,
            y: number("y")?,
            text: text(n, "text").map_err(at)?.unwrap_or_default(),
            owner: seat_field(n, "owner", seats).map_err(at)?,
            kind: text(n, "kind").map_err(at)?,
            id,
        });
    }
    let lines = list_of(v.get("edges").unwrap_or(&Value::Nil), "`edges`")?;
    if lines.len() > MAX_LINKS {
        return Err(format!("{} edges, more than the {MAX_LINKS} allowed", lines.len()));
    }
    let mut links = Vec::with_capacity(lines.len());
    for (i, l) in lines.iter().enumerate() {
        let at = |why: String| format!("edge {}: {why}", i + 1);
        only(l, &["a", "b"]).map_err(at)?;
        let end = |name: &str| {
            let id = id_of(l.get(name)).ok_or_else(|| at(format!("`{name}` must be a node id")))?;
            if nodes.iter().any(|n| n.id == id) {
                Ok(id)
            } else {
                Err(at(format!("`{name}` names no node: {id:?}")))
            }
        };
        links.push((end("a")?, end("b")?));
    }
    Ok(Shape::Graph { nodes, links })
}

/// The items of a list (an empty table reads as an empty list; nil as none).
fn list_of<'a>(v: &'a Value, what: &str) -> Result<&'a [Value], String> {
    match v {
        Value::List(items) => Ok(items),
        Value::Map(entries) if entries.is_empty() => Ok(&[]),
        Value::Nil => Ok(&[]),
        other => Err(format!("{what} must be a list, not {other}")),
    }
}

/// Refuses a field not in `allowed` (a misspelt field would otherwise vanish).
fn only(v: &Value, allowed: &[&str]) -> Result<(), String> {
    let Value::Map(entries) = v else { return Err(format!("expected a table, found {v}")) };
    for (k, _) in entries {
        match k {
            Key::Str(s) if allowed.contains(&s.as_str()) => {}
            other => return Err(format!("unknown field {} (fields: {})", key_text(other), allowed.join(", "))),
        }
    }
    Ok(())
}

fn key_text(k: &Key) -> String {
    match k {
        Key::Int(i) => format!("[{i}]"),
        Key::Str(s) => format!("`{s}`"),
    }
}

/// An optional text field, checked for length.
fn text(v: &Value, name: &str) -> Result<Option<String>, String> {
    match v.get(name) {
        None | Some(Value::Nil) => Ok(None),
        Some(Value::Str(s)) => checked(s.clone(), name).map(Some),
        Some(n @ (Value::Int(_) | Value::Num(_))) => Ok(Some(n.to_string())),
        Some(other) => Err(format!("`{name}` must be a text, not {other}")),
    }
}

fn checked(s: String, name: &str) -> Result<String, String> {
    if s.chars().count() > MAX_TEXT {
        return Err(format!("`{name}` is longer than {MAX_TEXT} characters"));
    }
    if s.chars().any(char::is_control) {
        return Err(format!("`{name}` holds a control character: {s:?}"));
    }
    Ok(s)
}

/// An optional seat (1 to `seats`).
fn seat_field(v: &Value, name: &str, seats: usize) -> Result<Option<usize>, String> {
    match v.get(name) {
        None | Some(Value::Nil) => Ok(None),
        Some(s) => match s.as_int() {
            Some(n) if n >= 1 && n as usize <= seats => Ok(Some(n as usize)),
            _ => Err(format!("`{name}` must be a seat from 1 to {seats}, not {s}")),
        },
    }
}

fn id_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::Str(s) if !s.is_empty() && s.len() <= MAX_TEXT => Some(s.clone()),
        Value::Int(i) => Some(i.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }
    fn m(entries: Vec<(&str, Value)>) -> Value {
        Value::map(entries.into_iter().map(|(k, v)| (Key::Str(k.into()), v)).collect())
    }

    #[test]
    fn a_grid_cell_reads_its_edges() {
        let cell = m(vec![("x", Value::Int(1)), ("y", Value::Int(-1)), ("text", s("A")), ("edges", m(vec![("n", s("open")), ("e", s("joined"))]))]);
        let d = m(vec![("title", s("T")), ("shape", s("grid")), ("seat", Value::Int(2)), ("cells", Value::List(vec![cell]))]);
        let read = read(&Value::List(vec![d]), 2).expect("reads");
        let Shape::Grid { cells } = &read[0].shape else { panic!("a grid") };
        assert_eq!(cells[0].edges, [EdgeMark::Open, EdgeMark::Joined, EdgeMark::None, EdgeMark::None]);
        assert_eq!(read[0].seat, Some(2));
    }

    #[test]
    fn a_graph_edge_must_name_a_node() {
        let node = m(vec![("id", s("a")), ("x", Value::Num(0.5)), ("y", Value::Int(0))]);
        let edge = m(vec![("a", s("a")), ("b", s("zz"))]);
        let d = m(vec![("title", s("T")), ("shape", s("graph")), ("nodes", Value::List(vec![node])), ("edges", Value::List(vec![edge]))]);
        let e = read(&Value::List(vec![d]), 2).expect_err("refused");
        assert!(e.contains("edge 1: `b` names no node: \"zz\""), "{e}");
    }

    #[test]
    fn unknown_shapes_fields_and_seats_are_refused() {
        let cases = [
            (m(vec![("title", s("T")), ("shape", s("pie"))]), "unknown shape \"pie\""),
            (m(vec![("title", s("T")), ("shape", s("grid")), ("colour", s("red"))]), "unknown field `colour`"),
            (m(vec![("title", s("T")), ("shape", s("grid")), ("seat", Value::Int(5))]), "a seat from 1 to 2"),
            (m(vec![("shape", s("grid"))]), "no text `title`"),
        ];
        for (d, why) in cases {
            let e = read(&Value::List(vec![d]), 2).expect_err("refused");
            assert!(e.contains(why), "{e}");
        }
    }
}
