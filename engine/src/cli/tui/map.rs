//! Drawing the board: hexes in rows, with row letters and hex numbers around them.
//!
//! Two zooms. Zoom 0 gives each hex one character (odd rows shifted by one), which
//! fits a whole 4-seat board in about 45×22. Zoom 1 draws real hex outlines with
//! three characters inside: the terrain (in the holder's colour when held), the
//! holding figure (or a feature or link glyph), and the number of units (on the
//! owner's colour). Regions have their own background colour; the cell in focus is
//! reversed and the cells the current options refer to are underlined. The view
//! scrolls to keep the focus visible.

use super::present::Presentation;
use super::scene::{CellSummary, Grid};
use orrery::board::codes::row_name;
use orrery::board::CellId;
use orrery::state::Seat;
use orrery::view::View;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Colours of seats 1, 2, ...
pub const SEAT_COLOURS: [Color; 8] = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Magenta, Color::Cyan, Color::LightRed, Color::LightBlue];
const REGION_BACKGROUNDS: [Color; 8] = [
    Color::Indexed(236),
    Color::Indexed(17),
    Color::Indexed(22),
    Color::Indexed(52),
    Color::Indexed(53),
    Color::Indexed(23),
    Color::Indexed(58),
    Color::Indexed(238),
];

pub fn seat_colour(seat: Seat) -> Color {
    SEAT_COLOURS[seat as usize % SEAT_COLOURS.len()]
}

/// Zoom and scroll position, kept between frames.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapState {
    pub zoom: u8,
    pub top: i32,
    pub left: i32,
    /// Whether the zoom was chosen by the person (else it is fitted to the board).
    pub zoom_set: bool,
}

/// Everything one frame of the map needs.
pub struct MapFrame<'a> {
    pub view: &'a View,
    pub present: &'a Presentation,
    pub grid: &'a Grid,
    pub cells: &'a [CellSummary],
    pub focus: Option<CellId>,
    pub marked: &'a [CellId],
    pub colour: bool,
}

const LEFT_MARGIN: u16 = 3;

fn pitch(zoom: u8) -> (i32, i32) {
    if zoom == 0 {
        (2, 1)
    } else {
        (4, 2)
    }
}

/// How many rows and hexes per row fit in `area` at `zoom`.
pub fn capacity(area: Rect, zoom: u8) -> (i32, i32) {
    let (w, h) = pitch(zoom);
    let rows = (area.height as i32 - 1 - i32::from(zoom == 1)) / h;
    let cols = (area.width as i32 - LEFT_MARGIN as i32 - 1 - 2 * i32::from(zoom == 1)) / w;
    (rows.max(1), cols.max(1))
}

/// Keeps `focus` in view and the scroll within the board.
pub fn scroll(state: &mut MapState, area: Rect, grid: &Grid, focus: Option<CellId>) {
    if !state.zoom_set {
        let (rows, cols) = capacity(area, 1);
        state.zoom = u8::from(rows >= grid.rows && cols >= grid.cols);
    }
    let (rows, cols) = capacity(area, state.zoom);
    if let Some(&(r, c, _)) = focus.and_then(|f| grid.place.get(f as usize)) {
        if r < state.top || r >= state.top + rows {
            state.top = r - rows / 2;
        }
        if c < state.left || c >= state.left + cols {
            state.left = c - cols / 2;
        }
    }
    state.top = state.top.clamp(0, (grid.rows - rows).max(0));
    state.left = state.left.clamp(0, (grid.cols - cols).max(0));
}

fn digit(n: i64) -> char {
    match n {
        i64::MIN..=0 => ' ',
        1..=9 => (b'0' + n as u8) as char,
        _ => '+',
    }
}

impl MapFrame<'_> {
    fn fg(&self, colour: Option<Color>) -> Style {
        match (self.colour, colour) {
            (true, Some(c)) => Style::default().fg(c),
            _ => Style::default(),
        }
    }

    fn base(&self, cell: CellId) -> Style {
        let region = self.view.board.cell(cell).map_or(0, |c| c.region as usize);
        let mut style = Style::default();
        if self.colour {
            style = style.bg(REGION_BACKGROUNDS[region % REGION_BACKGROUNDS.len()]);
        }
        if self.focus == Some(cell) {
            style = style.add_modifier(Modifier::REVERSED);
        } else if self.marked.contains(&cell) {
            style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        }
        style
    }

    /// The terrain glyph, in the holder's colour when held.
    fn terrain(&self, cell: CellId) -> (char, Style) {
        let board_cell = self.view.board.cell(cell);
        let style = self.present.terrain(board_cell.map_or("", |c| c.terrain.as_str()));
        let summary = &self.cells[cell as usize];
        match summary.holder {
            Some(seat) => (style.glyph, self.fg(Some(seat_colour(seat))).add_modifier(Modifier::BOLD)),
            None => (style.glyph, self.fg(style.colour)),
        }
    }

    /// The units figure: a count on the owner's colour.
    fn units(&self, cell: CellId) -> Option<(char, Style)> {
        let summary = &self.cells[cell as usize];
        let n = summary.unit_count();
        if n == 0 {
            return None;
        }
        let glyph = if summary.units.len() > 1 { '*' } else { digit(n as i64) };
        let style = match (self.colour, summary.unit_owner()) {
            (true, Some(Some(seat))) => Style::default().bg(seat_colour(seat)).fg(Color::Black),
            (true, _) => Style::default().bg(Color::White).fg(Color::Black),
            (false, _) => Style::default().add_modifier(Modifier::REVERSED),
        };
        Some((glyph, style.add_modifier(Modifier::BOLD)))
    }

    fn second(&self, cell: CellId) -> (char, Style) {
        let summary = &self.cells[cell as usize];
        if let Some(seat) = summary.holder {
            return (digit(summary.weight), self.fg(Some(seat_colour(seat))).add_modifier(Modifier::BOLD));
        }
        if let Some(f) = summary.feature {
            return (f, self.fg(Some(Color::White)));
        }
        if let Some(l) = summary.link {
            return (l, self.fg(Some(Color::LightMagenta)));
        }
        (' ', Style::default())
    }

    pub fn draw(&self, buf: &mut Buffer, area: Rect, state: &MapState) {
        if area.width <= LEFT_MARGIN + 2 || area.height < 2 {
            return;
        }
        let (pw, ph) = pitch(state.zoom);
        let (rows, cols) = capacity(area, state.zoom);
        let label = self.fg(Some(Color::DarkGray));
        let x0 = area.x + LEFT_MARGIN;
        let y0 = area.y + 1 + u16::from(state.zoom == 1);
        let right = area.x + area.width;
        let bottom = area.y + area.height;
        // Hex numbers along the top (at the positions of unshifted rows), whole, as the
        // cell names read (`E15`). At zoom 0 a hex is two characters wide, too narrow
        // for every number: like a ruler, the first shown and every fifth are written
        // and the others are dots, and a number never runs into the next mark.
        let mut free_from = x0;
        for c in state.left..(state.left + cols).min(self.grid.cols) {
            let n = c + 1;
            let x = x0 + ((c - state.left) * pw) as u16 + if state.zoom == 1 { 1 } else { 0 };
            let text = if state.zoom == 1 || n % 5 == 0 || c == state.left { n.to_string() } else { "·".to_string() };
            let width = text.chars().count() as u16;
            if x >= free_from && x + width <= right {
                buf.set_string(x, area.y, &text, label);
                // A gap after a number, so that `10` and the next mark do not touch.
                free_from = x + width + 1;
            }
        }
        for r in state.top..(state.top + rows).min(self.grid.rows) {
            let y = y0 + ((r - state.top) * ph) as u16;
            if y >= bottom {
                break;
            }
            buf.set_string(area.x, y, format!("{:>2}", row_name(r)), label);
        }
        for (cell, &(r, c, odd)) in self.grid.place.iter().enumerate() {
            if r < state.top || r >= state.top + rows || c < state.left || c >= state.left + cols {
                continue;
            }
            let cell = cell as CellId;
            let x = x0 as i32 + (c - state.left) * pw + if odd { pw / 2 } else { 0 };
            let y = y0 as i32 + (r - state.top) * ph;
            if state.zoom == 0 {
                let (glyph, style) = match self.units(cell) {
                    Some(u) => u,
                    None => {
                        let s = &self.cells[cell as usize];
                        match (s.holder, s.feature, s.link) {
                            (None, Some(f), _) => (f, self.fg(Some(Color::White))),
                            (None, None, Some(l)) => (l, self.fg(Some(Color::LightMagenta))),
                            _ => self.terrain(cell),
                        }
                    }
                };
                put(buf, x, y, right, bottom, glyph, self.base(cell).patch(style));
            } else {
                let border = label;
                put(buf, x, y, right, bottom, '|', border);
                put(buf, x + 4, y, right, bottom, '|', border);
                put(buf, x + 1, y - 1, right, bottom, '/', border);
                put(buf, x + 3, y - 1, right, bottom, '\\', border);
                put(buf, x + 1, y + 1, right, bottom, '\\', border);
                put(buf, x + 3, y + 1, right, bottom, '/', border);
                let base = self.base(cell);
                let (g1, s1) = self.terrain(cell);
                let (g2, s2) = self.second(cell);
                let (g3, s3) = self.units(cell).unwrap_or((' ', Style::default()));
                put(buf, x + 1, y, right, bottom, g1, base.patch(s1));
                put(buf, x + 2, y, right, bottom, g2, base.patch(s2));
                put(buf, x + 3, y, right, bottom, g3, base.patch(s3));
            }
        }
    }
}

fn put(buf: &mut Buffer, x: i32, y: i32, right: u16, bottom: u16, glyph: char, style: Style) {
    if x < 0 || y < 0 || x >= right as i32 || y >= bottom as i32 {
        return;
    }
    if let Some(cell) = buf.cell_mut((x as u16, y as u16)) {
        cell.set_char(glyph);
        cell.set_style(style);
    }
}

/// The map as `seat` sees it, as lines of text `width` wide (zoom 0, no colour), for
/// the plain prompt's `map`; no lines for a game without a map.
pub fn text_map(view: &View, present: &Presentation, width: u16) -> Vec<String> {
    if view.board.is_empty() {
        return Vec::new();
    }
    let grid = Grid::new(&view.board);
    let cells = super::scene::summaries(view, present);
    let area = Rect::new(0, 0, width, u16::try_from(grid.rows).unwrap_or(u16::MAX).saturating_add(1));
    let mut state = MapState { zoom: 0, zoom_set: true, ..MapState::default() };
    scroll(&mut state, area, &grid, None);
    let mut buf = Buffer::empty(area);
    MapFrame { view, present, grid: &grid, cells: &cells, focus: None, marked: &[], colour: false }.draw(&mut buf, area, &state);
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol())).collect::<String>().trim_end().to_owned())
        .collect()
}
