//! What the map shows, computed from a seat's view: coordinates people can type,
//! and a summary of each cell (who holds it, how much, whose pieces are there).
//!
//! Coordinates: hex boards are laid out in rows (pointy-top hexes, odd rows shifted
//! half a hex right), rows lettered from the top (`A`, `B`, …, `AA`) and hexes
//! numbered from the left, so a cell reads `C7`. People may also type the axial
//! coordinates a pack prints (`2,-1`). Graph boards are shown as rows of ten.

use super::present::{Layer, Presentation};
use orrery::board::codes::{code, parse_code, Layout};
use orrery::board::{Board, CellId};
use orrery::state::{Location, Seat};
use orrery::view::{EntityView, View};
use std::collections::HashMap;

/// Where each cell sits on the drawn map.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    pub rows: i32,
    pub cols: i32,
    /// Per cell: (row, column, shifted half a hex right).
    pub place: Vec<(i32, i32, bool)>,
    pub at: HashMap<(i32, i32), CellId>,
    /// Axial coordinates per cell, on hex boards.
    pub axial: Vec<Option<(i32, i32)>>,
}

impl Grid {
    pub fn new(board: &Board) -> Grid {
        // The kernel lays the board out, so that the map names cells as the options
        // and the log do.
        let layout = Layout::new(board);
        let mut grid = Grid {
            axial: board.cells().iter().map(|c| c.hex.map(|h| (h.x, h.y))).collect(),
            rows: layout.rows,
            cols: layout.cols,
            place: layout.place,
            ..Grid::default()
        };
        for (id, p) in grid.place.iter().enumerate() {
            grid.at.insert((p.0, p.1), id as CellId);
        }
        grid
    }

    /// The cell's code (`C7`).
    pub fn code(&self, cell: CellId) -> String {
        match self.place.get(cell as usize) {
            Some(&(r, c, _)) => code(r, c),
            None => "?".into(),
        }
    }

    /// Reads `C7`, `c7`, `2,-1` or `(2,-1)` as a cell.
    pub fn parse(&self, text: &str) -> Option<CellId> {
        let t = text.trim();
        if t.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return self.at.get(&parse_code(t)?).copied();
        }
        let inner = t.trim_start_matches('(').trim_end_matches(')');
        let (q, r) = inner.split_once(',')?;
        let (q, r): (i32, i32) = (q.trim().parse().ok()?, r.trim().parse().ok()?);
        self.axial.iter().position(|a| *a == Some((q, r))).map(|i| i as CellId)
    }

    /// Cells a text refers to: the codes (`E15`, upper-case letters then digits, a word of
    /// its own) and axial pairs `q,r` written in it, else cell names.
    pub fn mentioned(&self, text: &str, board: &Board) -> Vec<CellId> {
        let mut found: Vec<CellId> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()) && w.chars().take_while(char::is_ascii_alphabetic).all(|c| c.is_ascii_uppercase()))
            .filter_map(|w| self.at.get(&parse_code(w)?).copied())
            .collect();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start_ok = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-');
            if start_ok && (bytes[i].is_ascii_digit() || (bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))) {
                if let Some((pair, len)) = axial_pair(&text[i..]) {
                    if let Some(cell) = self.axial.iter().position(|a| *a == Some(pair)) {
                        found.push(cell as CellId);
                    }
                    i += len;
                    continue;
                }
            }
            i += 1;
        }
        if found.is_empty() {
            for (id, cell) in board.cells().iter().enumerate() {
                if let Some(name) = &cell.name {
                    if name.len() > 2 && contains_word(text, name) {
                        found.push(id as CellId);
                    }
                }
            }
            // A name shared by several cells (one per side of a tile) tells nothing.
            if found.len() > 1 {
                let names: Vec<_> = found.iter().map(|&c| board.cell(c).and_then(|x| x.name.clone())).collect();
                if names.windows(2).all(|w| w[0] == w[1]) {
                    found.clear();
                }
            }
        }
        found.dedup();
        found
    }
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// `q,r` at the start of `text` (integers, optional spaces after the comma).
fn axial_pair(text: &str) -> Option<((i32, i32), usize)> {
    let num = |s: &str| -> Option<(i32, usize)> {
        let len = s.char_indices().take_while(|(i, c)| c.is_ascii_digit() || (*i == 0 && *c == '-')).count();
        s[..len].parse().ok().map(|n| (n, len))
    };
    let (q, a) = num(text)?;
    let rest = text[a..].strip_prefix(',')?;
    let spaces = rest.len() - rest.trim_start().len();
    let (r, b) = num(&rest[spaces..])?;
    let end = a + 1 + spaces + b;
    if text[end..].chars().next().is_some_and(|c| c.is_ascii_digit() || c == ',') {
        return None;
    }
    Some(((q, r), end))
}

/// What one cell shows on the map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellSummary {
    /// The seat holding the cell, and the total weight of its holding pieces.
    pub holder: Option<Seat>,
    pub weight: i64,
    /// Units per owner (`None`: unowned), in seat order.
    pub units: Vec<(Option<Seat>, u32)>,
    /// The glyph of the first feature piece on the cell.
    pub feature: Option<char>,
    /// The glyph of a link ending here.
    pub link: Option<char>,
}

impl CellSummary {
    pub fn unit_count(&self) -> u32 {
        self.units.iter().map(|u| u.1).sum()
    }

    /// The one owner of the units here, if there is exactly one.
    pub fn unit_owner(&self) -> Option<Option<Seat>> {
        match self.units.as_slice() {
            [(owner, _)] => Some(*owner),
            _ => None,
        }
    }
}

/// Per-cell summaries of a view.
pub fn summaries(view: &View, p: &Presentation) -> Vec<CellSummary> {
    let board = &view.board;
    let mut cells = vec![CellSummary::default(); board.len()];
    let mut feature_rank = vec![usize::MAX; board.len()];
    for e in &view.entities {
        let Location::Cell(c) = e.at else { continue };
        let Some(summary) = cells.get_mut(c as usize) else { continue };
        let Some(style) = p.piece(e.kind.as_str(), e.owner.is_some()) else { continue };
        match style.layer {
            Layer::Holding => {
                summary.holder = summary.holder.or(e.owner);
                summary.weight += style.weight;
            }
            Layer::Unit => match summary.units.iter_mut().find(|u| u.0 == e.owner) {
                Some(u) => u.1 += 1,
                None => {
                    summary.units.push((e.owner, 1));
                    summary.units.sort();
                }
            },
            Layer::Feature => {
                let rank = p.priority(e.kind.as_str());
                if summary.feature.is_none() || rank < feature_rank[c as usize] {
                    summary.feature = Some(style.glyph);
                    feature_rank[c as usize] = rank;
                }
            }
            Layer::Hidden => {}
        }
    }
    for link in board.links() {
        let glyph = match p.links.get(&link.kind) {
            Some(style) => Some(style.glyph),
            None if !p.declared => link.kind.chars().next(),
            None => None,
        };
        for end in [link.a, link.b] {
            if let Some(c) = cells.get_mut(end as usize) {
                c.link = c.link.or(glyph);
            }
        }
    }
    cells
}

/// The entities directly on a location, in drawing order.
pub fn entities_at<'a>(view: &'a View, at: Location) -> Vec<&'a EntityView> {
    let mut list: Vec<&EntityView> = view.entities.iter().filter(|e| e.at == at).collect();
    list.sort_by_key(|e| e.order);
    list
}
