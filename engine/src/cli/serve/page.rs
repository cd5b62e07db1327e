//! What a seat's game page shows, as JSON for the web client: built from the seat's
//! view only (the kernel's redacted copy, which the contracts check holds no secret
//! of the viewer's), with the same words, cell codes and panels as the terminal UI.
//!
//! The client draws it and sends back choices; it is never sent a state, a seed or
//! another seat's decision. Labels of the seat's own options are made by the pack's
//! labeller, as for the terminal.

use crate::cli::explain;
use crate::cli::play::{diagrams_or_error, labelled_or_plain, outcome_lines};
use crate::cli::seats::Player;
use crate::cli::svg::PALETTE;
use crate::cli::tui::panels::{legend, Ctx};
use crate::cli::tui::present::{Presentation, Scope};
use crate::cli::tui::scene::{entities_at, summaries, Grid};
use orrery::flow::{Decision, DecisionKind};
use orrery::game::Game;
use orrery::state::{Location, Seat};
use orrery::sym::Sym;
use orrery::view::diagram::Diagram;
use ratatui::style::Color;
use ratatui::text::Line;
use serde::Serialize;

/// How many of the newest log lines a page carries.
const LOG_LINES: usize = 300;

#[derive(Debug, Serialize)]
pub struct Page {
    pub pack: String,
    pub name: String,
    /// The viewer's seat, from 1; `None` for a spectator.
    pub you: Option<usize>,
    /// Choices made so far: the client sends it back with a choice, so that a
    /// choice made on an old page is refused rather than applied to a new position.
    pub choices: usize,
    pub seats: Vec<SeatPanel>,
    pub globals: Vec<String>,
    /// The viewer's own facts, zones and what they hold (the terminal's You tab).
    pub own: Vec<String>,
    pub rules: Vec<String>,
    pub legend: Vec<String>,
    pub board: Option<BoardPage>,
    /// The public zones of every seat and of the table (hands show only a count).
    pub zones: Vec<ZonePage>,
    /// The pack's pictures of public facts (a seat's tiles, a track): grids and graphs
    /// the client draws as SVG; empty for a pack that draws none.
    pub diagrams: Vec<Diagram>,
    pub log: Vec<String>,
    pub decision: Option<DecisionPage>,
    /// Seats (from 1) the game waits on.
    pub waiting: Vec<usize>,
    pub undo: bool,
    /// The final ranking, one line per seat, once the game is over.
    pub outcome: Option<Vec<String>>,
}

#[derive(Debug, Serialize)]
pub struct SeatPanel {
    pub seat: usize,
    pub who: String,
    pub colour: &'static str,
    pub waiting: bool,
    pub facts: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct BoardPage {
    /// Hex rows (odd rows shifted half a hex right) or, for graph boards, rows of ten.
    pub hex: bool,
    pub rows: i32,
    pub cols: i32,
    pub cells: Vec<CellPage>,
    /// Pairs of cell ids joined by an extra link (a pack-defined kind), with its label.
    pub links: Vec<(u32, u32, String)>,
}

#[derive(Debug, Serialize)]
pub struct CellPage {
    pub id: u32,
    pub code: String,
    pub row: i32,
    pub col: i32,
    pub shift: bool,
    pub name: Option<String>,
    pub terrain: String,
    pub glyph: String,
    pub fill: Option<String>,
    /// The tile or area the cell belongs to, for drawing borders between them.
    pub region: u16,
    /// The seat holding the cell (from 1), by the pack's holding pieces.
    pub holder: Option<usize>,
    /// Units here: (owner seat from 1, 0 for nobody's; count).
    pub units: Vec<(usize, u32)>,
    pub feature: Option<String>,
    /// Everything the viewer knows about the cell (the terminal's Cell tab).
    pub details: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct ZonePage {
    pub label: String,
    /// The seat the zone belongs to (from 1), if any.
    pub seat: Option<usize>,
    pub items: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct DecisionPage {
    pub prompt: String,
    pub rule: Option<String>,
    pub help: Vec<String>,
    /// `one`, `many` or `number`.
    pub kind: &'static str,
    pub min: i64,
    pub max: i64,
    pub options: Vec<OptionPage>,
    pub pass: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct OptionPage {
    pub index: usize,
    pub label: String,
    /// Cells the option names, so that clicking a cell can pick it.
    pub cells: Vec<u32>,
}

/// The page of `seat` (`None`: a spectator); `with_rules: false` leaves out the
/// rules and the map key, which do not change during a game.
pub fn build(game: &Game, players: &[Player], present: &Presentation, seat: Option<Seat>, undo: bool, with_rules: bool) -> Page {
    let view = game.view(seat);
    let grid = Grid::new(&view.board);
    let cells = summaries(&view, present);
    let facts = game.seat_summaries().unwrap_or_else(|e| vec![vec![("summary failed".into(), e.to_string())]; view.seat_vars.len()]);
    let ctx = Ctx { view: &view, present, grid: &grid, cells: &cells, players, facts: &facts, colour: false };
    let decision = seat.and_then(|s| game.decision_for(s)).map(|raw| decision_page(&labelled_or_plain(game, raw), present, &grid, &view.board));
    let seats = (0..view.seat_vars.len() as Seat)
        .map(|s| SeatPanel {
            seat: s as usize + 1,
            who: if seat == Some(s) { "you".into() } else { players.get(s as usize).map_or_else(|| "?".to_owned(), |p| p.name()).into() },
            colour: seat_colour(s),
            waiting: view.waiting.contains(&s),
            facts: public_facts(&view, present, facts.get(s as usize).map_or(&[], Vec::as_slice), s),
        })
        .collect();
    let board = (!view.board.is_empty()).then(|| BoardPage {
        hex: view.board.cells().first().is_some_and(|c| c.hex.is_some()),
        rows: grid.rows,
        cols: grid.cols,
        cells: view
            .board
            .cells()
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let id = i as u32;
                let (row, col, shift) = grid.place.get(i).copied().unwrap_or((0, 0, false));
                let style = present.terrain(&c.terrain);
                let summary = &cells[i];
                CellPage {
                    id,
                    code: grid.code(id as _),
                    row,
                    col,
                    shift,
                    name: c.name.clone(),
                    terrain: style.label.clone(),
                    glyph: style.glyph.to_string(),
                    fill: style.colour.map(css),
                    region: c.region,
                    holder: summary.holder.map(|s| s as usize + 1),
                    units: summary.units.iter().map(|(o, n)| (o.map_or(0, |s| s as usize + 1), *n)).collect(),
                    feature: summary.feature.map(|g| g.to_string()),
                    details: text(ctx.cell_details(Some(id as _))),
                }
            })
            .collect(),
        links: view
            .board
            .links()
            .iter()
            .map(|l| (l.a as u32, l.b as u32, present.links.get(&l.kind).map_or_else(|| l.kind.replace('_', " "), |s| s.label.clone())))
            .collect(),
    });
    let log_start = view.log.len().saturating_sub(LOG_LINES);
    Page {
        pack: game.rules.manifest.id.clone(),
        name: game.rules.manifest.name.clone(),
        you: seat.map(|s| s as usize + 1),
        choices: game.state.history.len(),
        seats,
        globals: ctx.globals(),
        own: text(ctx.own_details()),
        rules: if with_rules { text(ctx.rules_details()) } else { Vec::new() },
        legend: if view.board.is_empty() || !with_rules { Vec::new() } else { legend(present) },
        board,
        zones: zones(&view, present),
        diagrams: diagrams_or_error(game),
        log: view.log[log_start..].to_vec(),
        decision,
        waiting: view.waiting.iter().map(|s| *s as usize + 1).collect(),
        undo,
        outcome: game.state.outcome.as_ref().map(|_| outcome_lines(game, players)),
    }
}

fn decision_page(d: &Decision, present: &Presentation, grid: &Grid, board: &orrery::board::Board) -> DecisionPage {
    let (kind, min, max) = match d.kind {
        DecisionKind::One => ("one", 1, 1),
        DecisionKind::Many { min, max } => ("many", min as i64, max as i64),
        DecisionKind::Number { min, max } => ("number", min, max),
    };
    let mut help = vec![d.help.clone().unwrap_or_else(|| "(the rules give no more explanation for this decision)".into())];
    help.extend(explain::mentioned(&present.glossary, d));
    DecisionPage {
        prompt: d.prompt.clone(),
        rule: d.rule.clone(),
        help,
        kind,
        min,
        max,
        options: d
            .options
            .iter()
            .enumerate()
            .map(|(index, o)| OptionPage { index, label: o.label.clone(), cells: grid.mentioned(&o.label, board).into_iter().map(|c| c as u32).collect() })
            .collect(),
        pass: d.pass.clone(),
    }
}

/// What everyone sees of seat `s`: the pack's summary, then the statistics the pack
/// shows for every seat that the summary has not already given.
fn public_facts(view: &orrery::view::View, present: &Presentation, summary: &[(String, String)], s: Seat) -> Vec<String> {
    let mut lines: Vec<String> = summary.iter().map(|(label, value)| format!("{label}: {value}")).collect();
    for stat in present.stats.iter().filter(|stat| stat.scope == Scope::Seat) {
        if summary.iter().any(|(label, _)| *label == stat.label) {
            continue;
        }
        let value = view.seat_vars.get(s as usize).and_then(|vars| vars.get(Sym::new(&stat.var)));
        if let Some(v) = present.stat_value(stat, value) {
            lines.push(format!("{}: {v}", stat.label));
        }
    }
    lines
}

/// Every zone the pack presents, for each seat (a zone kept per seat) or the table:
/// faces the viewer does not know show as `?`, and a counted zone shows its size.
fn zones(view: &orrery::view::View, present: &Presentation) -> Vec<ZonePage> {
    let mut out = Vec::new();
    let seats = view.seat_vars.len() as Seat;
    for zone in &present.zones {
        let owners: Vec<Option<Seat>> = if zone.owner_only { (0..seats).map(Some).collect() } else { vec![None] };
        for owner in owners {
            let list = entities_at(view, Location::Zone { zone: Sym::new(&zone.zone), seat: owner });
            let known: Vec<String> = list.iter().filter_map(|e| e.face).map(|f| present.face_name(zone.names.as_deref(), f.as_str())).collect();
            let unseen = list.len() - known.len();
            let others = owner.is_some() && owner != view.seat;
            let items = if zone.count || (others && known.is_empty()) {
                vec![zone.counted(list.len())]
            } else if others {
                // Another seat's zone: the faces this seat knows, and how many it does not.
                let mut items = known;
                if unseen > 0 {
                    items.push(format!("{} unseen", zone.counted(unseen)));
                }
                items
            } else {
                list.iter().map(|e| e.face.map_or_else(|| "?".into(), |f| present.face_name(zone.names.as_deref(), f.as_str()))).collect()
            };
            out.push(ZonePage { label: zone.label.clone(), seat: owner.map(|s| s as usize + 1), items });
        }
    }
    out
}

/// The seat's colour on the page (a colour-blind-safe palette).
pub fn seat_colour(seat: Seat) -> &'static str {
    PALETTE[seat as usize % PALETTE.len()]
}

fn text(lines: Vec<Line<'static>>) -> Vec<String> {
    lines.into_iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
}

/// A terminal colour as CSS.
fn css(c: Color) -> String {
    let named = |n: &str| n.to_owned();
    match c {
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Black => named("#000000"),
        Color::Red => named("#b22222"),
        Color::Green => named("#2e8b57"),
        Color::Yellow => named("#c8a400"),
        Color::Blue => named("#1e56c8"),
        Color::Magenta => named("#a0409c"),
        Color::Cyan => named("#1f9fae"),
        Color::Gray => named("#a8a8a8"),
        Color::DarkGray => named("#5a5a5a"),
        Color::LightRed => named("#f07070"),
        Color::LightGreen => named("#7ccf7c"),
        Color::LightYellow => named("#f0e070"),
        Color::LightBlue => named("#7aa7f0"),
        Color::LightMagenta => named("#e08ce0"),
        Color::LightCyan => named("#8ce0e8"),
        Color::White => named("#f4f4f4"),
        Color::Indexed(i) => xterm(i),
        Color::Reset => named("#cccccc"),
    }
}

/// The standard xterm 256-colour palette.
fn xterm(i: u8) -> String {
    match i {
        0..=15 => ["#000000", "#800000", "#008000", "#808000", "#000080", "#800080", "#008080", "#c0c0c0", "#808080", "#ff0000", "#00ff00", "#ffff00", "#0000ff", "#ff00ff", "#00ffff", "#ffffff"][i as usize].into(),
        16..=231 => {
            let n = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            format!("#{:02x}{:02x}{:02x}", level(n / 36), level(n / 6 % 6), level(n % 6))
        }
        232..=255 => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}
