//! Names of cells a person can read off a drawn map and type back: a row letter and
//! a column number (`C7`).
//!
//! A hex board is drawn in offset rows, each odd row shifted half a hex right, rows
//! lettered from the top and columns numbered from the left of the board's extent; a
//! board without hex coordinates (a graph) is drawn in rows of ten. The layout is
//! the kernel's, so that a map, an option and a log line name a cell alike, whoever
//! draws them.

use super::{Board, CellId};

/// Where each cell of a board is drawn, and its code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Per cell: (row, column, shifted half a hex right), from (0, 0).
    pub place: Vec<(i32, i32, bool)>,
    pub rows: i32,
    pub cols: i32,
}

impl Layout {
    pub fn new(board: &Board) -> Layout {
        let cells = board.cells();
        let place: Vec<(i32, i32, bool)> = if !cells.is_empty() && cells.iter().all(|c| c.hex.is_some()) {
            let offset: Vec<(i32, i32, bool)> = cells
                .iter()
                .filter_map(|c| c.hex)
                .map(|h| {
                    let odd = h.y.rem_euclid(2) == 1;
                    (h.y, h.x + (h.y - i32::from(odd)) / 2, odd)
                })
                .collect();
            let rmin = offset.iter().map(|o| o.0).min().unwrap_or(0);
            let cmin = offset.iter().map(|o| o.1).min().unwrap_or(0);
            offset.iter().map(|&(r, c, odd)| (r - rmin, c - cmin, odd)).collect()
        } else {
            (0..cells.len() as i32).map(|i| (i / 10, i % 10, false)).collect()
        };
        let rows = place.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        let cols = place.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        Layout { place, rows, cols }
    }

    /// The cell's code (`C7`), or `None` for a cell the board does not have.
    pub fn code(&self, cell: CellId) -> Option<String> {
        self.place.get(cell as usize).map(|&(r, c, _)| code(r, c))
    }
}

/// The code of the cell drawn at `row`, `col` (both from 0): `code(2, 6)` is `C7`.
pub fn code(row: i32, col: i32) -> String {
    format!("{}{}", row_name(row), col + 1)
}

/// `0 -> A`, `25 -> Z`, `26 -> AA`.
pub fn row_name(mut row: i32) -> String {
    let mut out = Vec::new();
    loop {
        out.push((b'A' + (row % 26) as u8) as char);
        row = row / 26 - 1;
        if row < 0 {
            break;
        }
    }
    out.iter().rev().collect()
}

/// The row of a row name, either case (`c -> 2`, `AA -> 26`).
pub fn row_index(letters: &str) -> Option<i32> {
    let mut n: i32 = 0;
    for c in letters.chars() {
        let d = c.to_ascii_uppercase();
        if !d.is_ascii_uppercase() {
            return None;
        }
        n = n.checked_mul(26)?.checked_add((d as u8 - b'A') as i32 + 1)?;
    }
    Some(n - 1)
}

/// A code (`C7`, `aa12`) as (row, column), both from 0: one or two letters then a
/// number from 1.
pub fn parse_code(text: &str) -> Option<(i32, i32)> {
    let letters = text.chars().take_while(char::is_ascii_alphabetic).count();
    let digits = &text[letters..];
    if !(1..=2).contains(&letters) || digits.is_empty() || digits.len() > 4 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let col: i32 = digits.parse().ok()?;
    (col >= 1).then_some((row_index(&text[..letters])?, col - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Hex, HexBoard, Region};

    #[test]
    fn rows_are_lettered_and_read_back() {
        for (row, name) in [(0, "A"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA")] {
            assert_eq!(row_name(row), name);
            assert_eq!(row_index(name), Some(row));
            assert_eq!(row_index(&name.to_lowercase()), Some(row));
        }
        assert_eq!(parse_code("C7"), Some((2, 6)));
        assert_eq!(parse_code("ab12"), Some((27, 11)));
        for not_a_code in ["7", "C", "C0", "ABC1", "C7x", "C-1", ""] {
            assert_eq!(parse_code(not_a_code), None, "{not_a_code}");
        }
    }

    #[test]
    fn a_hex_board_is_laid_in_offset_rows_from_its_top_left() {
        let mut hex = HexBoard::new();
        let region = Region { label: "one".into(), tile: "t".into(), side: "a".into(), rotation: 0, center: Some(Hex::new(0, 0)) };
        hex.place_tile(region, &[], 1, "open").expect("a tile");
        let layout = Layout::new(&Board::Hex(hex));
        // Cells in (r, q) order; rows A and C are odd, shifted half a hex right.
        let codes: Vec<String> = (0..7).map(|c| layout.code(c).expect("a cell")).collect();
        assert_eq!(codes, ["A1", "A2", "B1", "B2", "B3", "C1", "C2"]);
        assert_eq!((layout.rows, layout.cols), (3, 3));
        assert_eq!(layout.code(7), None);
    }
}
