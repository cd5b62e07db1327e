//! The Diagrams tab: the pack's pictures ([`orrery::view::diagram`]) as text.
//!
//! A grid becomes small boxes, 7 columns by 4 rows with their borders shared with
//! their neighbours, so a station of six tiles across fits a 40-column panel: the
//! cell's text and note inside, and on each edge its mark — `═` or `║` for a passage
//! joined to the neighbour's, `*` for one open to nothing. A graph becomes lines: the
//! nodes nobody owns with a short text (a track's spaces) gathered on one line, other
//! unowned nodes one per line, and each owned node indented under them as `● seat N:
//! text`, with the short texts of the nodes it is linked to (where it stands). Lines
//! are not wrapped: the tab scrolls, and a grid wider than the panel is cut at its
//! right edge.

use super::map::seat_colour;
use super::panels::wrap;
use orrery::view::diagram::{Diagram, EdgeMark, GridCell, Node, Shape};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// Columns a cell adds (its left border and its inside).
const CELL_W: usize = 6;
/// Rows a cell adds (its top border and two lines inside).
const CELL_H: usize = 3;
/// A text this short (a space's number, a count) is a position, not a name.
const SHORT: usize = 3;

/// Every diagram, one after the other, for a panel `width` columns wide.
pub fn lines(diagrams: &[Diagram], width: usize, colour: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if diagrams.iter().any(|d| matches!(&d.shape, Shape::Grid { cells } if cells.iter().any(|c| c.edges != [EdgeMark::None; 4]))) {
        let key = "Edges: ═ ║ a passage joined to the next cell's, * one open to nothing.";
        out.extend(wrap(key, width.max(10)).into_iter().map(|l| Line::styled(l, Style::default().add_modifier(Modifier::DIM))));
        out.push(Line::raw(""));
    }
    for d in diagrams {
        let mut title = Style::default().add_modifier(Modifier::BOLD);
        if let (true, Some(seat)) = (colour, d.seat) {
            title = title.fg(seat_colour(seat as u8 - 1));
        }
        out.push(Line::styled(d.title.clone(), title));
        match &d.shape {
            Shape::Grid { cells } => out.extend(grid(cells, colour)),
            Shape::Graph { nodes, links } => out.extend(graph(nodes, links, colour)),
        }
        for line in &d.caption {
            out.extend(wrap(line, width.max(10)).into_iter().map(|l| Line::styled(l, Style::default().add_modifier(Modifier::DIM))));
        }
        out.push(Line::raw(""));
    }
    out
}

fn seat_style(owner: Option<usize>, colour: bool) -> Style {
    match owner {
        Some(s) if colour => Style::default().fg(seat_colour(s as u8 - 1)),
        _ => Style::default(),
    }
}

/// The boxes of a grid, row by row.
fn grid(cells: &[GridCell], colour: bool) -> Vec<Line<'static>> {
    let Some(x0) = cells.iter().map(|c| c.x).min() else { return Vec::new() };
    let (x1, y0, y1) = (cells.iter().map(|c| c.x).max().unwrap_or(x0), cells.iter().map(|c| c.y).min().unwrap_or(0), cells.iter().map(|c| c.y).max().unwrap_or(0));
    let cols = (x1 - x0) as usize + 1;
    let rows = (y1 - y0) as usize + 1;
    let mut canvas = vec![vec![(' ', Style::default()); cols * CELL_W + 1]; rows * CELL_H + 1];
    let put = |canvas: &mut Vec<Vec<(char, Style)>>, col: usize, row: usize, ch: char, style: Style| canvas[row][col] = (ch, style);
    let origin = |c: &GridCell| ((c.x - x0) as usize * CELL_W, (c.y - y0) as usize * CELL_H);
    for c in cells {
        let (left, top) = origin(c);
        let border = seat_style(c.owner, colour);
        for dx in 1..CELL_W {
            put(&mut canvas, left + dx, top, '-', border);
            put(&mut canvas, left + dx, top + CELL_H, '-', border);
        }
        for dy in 1..CELL_H {
            put(&mut canvas, left, top + dy, '|', border);
            put(&mut canvas, left + CELL_W, top + dy, '|', border);
        }
        for (dx, dy) in [(0, 0), (CELL_W, 0), (0, CELL_H), (CELL_W, CELL_H)] {
            put(&mut canvas, left + dx, top + dy, '+', border);
        }
        for (dy, text) in [(1, Some(c.text.as_str())), (2, c.note.as_deref())] {
            for (i, ch) in text.unwrap_or("").chars().take(CELL_W - 1).enumerate() {
                put(&mut canvas, left + 1 + i, top + dy, ch, Style::default());
            }
        }
    }
    // Joined passages first, so that a passage open on one side shows over its wall.
    let open = if colour { Style::default().fg(Color::Red).add_modifier(Modifier::BOLD) } else { Style::default().add_modifier(Modifier::BOLD) };
    for wanted in [EdgeMark::Joined, EdgeMark::Open] {
        for c in cells {
            let (left, top) = origin(c);
            let spots = [(left + CELL_W / 2, top, '║'), (left + CELL_W, top + 1, '═'), (left + CELL_W / 2, top + CELL_H, '║'), (left, top + 1, '═')];
            for (mark, (col, row, joined)) in c.edges.iter().zip(spots) {
                if *mark == wanted {
                    let (ch, style) = if wanted == EdgeMark::Open { ('*', open) } else { (joined, seat_style(c.owner, colour)) };
                    put(&mut canvas, col, row, ch, style);
                }
            }
        }
    }
    canvas.into_iter().map(|row| Line::from(spans(row))).collect()
}

/// Runs of equally styled characters as spans.
fn spans(row: Vec<(char, Style)>) -> Vec<Span<'static>> {
    let mut out: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = Style::default();
    for (ch, s) in row {
        if s != style && !text.is_empty() {
            out.push(Span::styled(std::mem::take(&mut text), style));
        }
        style = s;
        text.push(ch);
    }
    let text = text.trim_end().to_owned();
    if !text.is_empty() {
        out.push(Span::styled(text, style));
    }
    out
}

/// The nodes of a graph as lines (see the module's comment).
fn graph(nodes: &[Node], links: &[(String, String)], colour: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut short: Vec<&str> = Vec::new();
    let flush = |short: &mut Vec<&str>, out: &mut Vec<Line<'static>>| {
        if !short.is_empty() {
            out.push(Line::raw(format!(" {}", short.join(" "))));
            short.clear();
        }
    };
    for n in nodes {
        match n.owner {
            None if n.text.chars().count() <= SHORT => short.push(&n.text),
            None => {
                flush(&mut short, &mut out);
                out.push(Line::raw(format!(" {}", n.text)));
            }
            Some(seat) => {
                flush(&mut short, &mut out);
                let at: Vec<&str> = links
                    .iter()
                    .filter_map(|(a, b)| if *a == n.id { Some(b) } else if *b == n.id { Some(a) } else { None })
                    .filter_map(|id| nodes.iter().find(|m| m.id == *id))
                    .filter(|m| m.owner.is_none() && m.text.chars().count() <= SHORT)
                    .map(|m| m.text.as_str())
                    .collect();
                let place = if at.is_empty() { String::new() } else { format!(" · at {}", at.join(", ")) };
                out.push(Line::from(vec![
                    Span::styled("   ● ".to_owned(), seat_style(Some(seat), colour)),
                    Span::styled(format!("seat {seat}: "), seat_style(Some(seat), colour).add_modifier(Modifier::BOLD)),
                    Span::raw(format!("{}{place}", n.text)),
                ]));
            }
        }
    }
    flush(&mut short, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    fn cell(x: i32, y: i32, t: &str, edges: [EdgeMark; 4]) -> GridCell {
        GridCell { x, y, text: t.into(), note: Some("●○".into()), owner: Some(1), edges }
    }

    #[test]
    fn a_grid_draws_boxes_with_their_passages() {
        use EdgeMark::{Joined, None as No, Open};
        let cells = [cell(0, 0, "St 5", [Open, Joined, No, No]), cell(1, 0, "Wa O3", [No, No, No, Joined])];
        let shown = text(&grid(&cells, false));
        assert_eq!(shown, ["+--*--+-----+", "|St 5 ═Wa O3|", "|●○   |●○   |", "+-----+-----+"]);
    }

    #[test]
    fn a_graph_lists_positions_then_what_stands_on_them() {
        let node = |id: &str, t: &str, owner| Node { id: id.into(), x: 0.0, y: 0.0, text: t.into(), owner, kind: None };
        let nodes = [node("a", "0", None), node("b", "1", None), node("p", "23", Some(2)), node("r", "Water room", None)];
        let links = [("b".to_owned(), "p".to_owned())];
        assert_eq!(text(&graph(&nodes, &links, false)), [" 0 1", "   ● seat 2: 23 · at 1", " Water room"]);
    }
}
