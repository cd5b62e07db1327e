//! The text panels: the status line, the seats table, the tabs (log, cell, you,
//! seats), the decision pane, the help box and the privacy screen.
//!
//! Every panel is built from one seat's [`View`] (or a spectator's), so a panel
//! can only show what that seat knows: other seats' hidden faces are `None` there,
//! and other seats' stacks are shown by their height alone.

use super::decision::{hint, DecisionUi, Item};
use super::map::seat_colour;
use super::present::{Layer, PieceStyle, Presentation, Scope};
use super::scene::{entities_at, CellSummary, Grid};
use crate::cli::explain::{self, GlossaryLine};
use crate::cli::seats::Player;
use orrery::content::glossary::Entry;
use orrery::board::CellId;
use orrery::flow::{Decision, DecisionKind};
use orrery::state::{Location, Seat};
use orrery::sym::Sym;
use orrery::view::{EntityView, View};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The tabs of the info panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Log,
    Cell,
    You,
    Seats,
    /// How to win, how a round goes, and the pack's glossary.
    Rules,
    /// The pack's pictures (`diagrams`), shown only for a pack that draws some.
    Diagrams,
}

impl Tab {
    pub const ALL: [Tab; 5] = [Tab::Log, Tab::Cell, Tab::You, Tab::Seats, Tab::Rules];

    pub fn title(self) -> &'static str {
        match self {
            Tab::Log => "Log",
            Tab::Cell => "Cell",
            Tab::You => "You",
            Tab::Seats => "Seats",
            Tab::Rules => "Rules",
            Tab::Diagrams => "Diagrams",
        }
    }

    /// The tabs a game shows: a game without a map has no cells to look at.
    /// The tabs on screen: the Cell tab with a map, the Diagrams tab (after Seats)
    /// when the pack draws some.
    pub fn shown(has_map: bool, has_diagrams: bool) -> Vec<Tab> {
        let mut tabs: Vec<Tab> = Tab::ALL.into_iter().filter(|t| has_map || *t != Tab::Cell).collect();
        if has_diagrams {
            let at = tabs.iter().position(|t| *t == Tab::Seats).map_or(tabs.len(), |i| i + 1);
            tabs.insert(at, Tab::Diagrams);
        }
        tabs
    }

    pub fn step(self, by: i8, has_map: bool, has_diagrams: bool) -> Tab {
        let tabs = Tab::shown(has_map, has_diagrams);
        let i = tabs.iter().position(|t| *t == self).unwrap_or(0) as i8;
        tabs[(i + by).rem_euclid(tabs.len() as i8) as usize]
    }
}

/// What every panel needs for one frame.
pub struct Ctx<'a> {
    pub view: &'a View,
    pub present: &'a Presentation,
    pub grid: &'a Grid,
    pub cells: &'a [CellSummary],
    pub players: &'a [Player],
    /// Each seat's public facts as the pack summarises them (seat 1 first).
    pub facts: &'a [Vec<(String, String)>],
    pub colour: bool,
}

impl<'a> Ctx<'a> {
    fn fg(&self, c: Color) -> Style {
        if self.colour {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }

    fn seat_span(&self, seat: Seat) -> Span<'static> {
        Span::styled(format!("●{}", seat as usize + 1), self.fg(seat_colour(seat)).add_modifier(Modifier::BOLD))
    }

    fn who(&self, seat: Seat) -> String {
        if self.view.seat == Some(seat) {
            "you".into()
        } else {
            self.players.get(seat as usize).map_or_else(|| "?".to_owned(), |p| p.name()).into()
        }
    }

    fn var(&self, seat: Seat, name: &str) -> Option<&orrery::value::Value> {
        self.view.seat_vars.get(seat as usize)?.get(Sym::new(name))
    }

    fn pair_var(&self, a: Seat, b: Seat, name: &str) -> Option<&orrery::value::Value> {
        let n = self.view.seat_vars.len();
        let (lo, hi) = if a < b { (a as usize, b as usize) } else { (b as usize, a as usize) };
        if lo == hi || hi >= n {
            return None;
        }
        self.view.pairs.get(lo * (2 * n - lo - 1) / 2 + (hi - lo - 1))?.get(Sym::new(name))
    }

    /// The global statistics, as `Label value` pieces.
    pub fn globals(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some((var, label)) = &self.present.round {
            if let Some(v) = self.view.globals.get(Sym::new(var)) {
                out.push(format!("{label} {}", self.present.show(v, None)));
            }
        }
        for stat in self.present.stats.iter().filter(|s| s.scope == Scope::Global) {
            if let Some(v) = self.present.stat_value(stat, self.view.globals.get(Sym::new(&stat.var))) {
                out.push(format!("{}: {v}", stat.label));
            }
        }
        out
    }

    /// One line per seat: colour, who, the short statistics, and the pair ones.
    pub fn seat_rows(&self) -> Vec<Line<'static>> {
        let seats = self.view.seat_vars.len() as Seat;
        (0..seats)
            .map(|s| {
                let width = (0..seats).map(|x| self.who(x).chars().count()).max().unwrap_or(3) + 2;
                let mut spans = vec![self.seat_span(s), Span::raw(format!(" {:<width$}", self.who(s)))];
                if self.view.waiting.contains(&s) {
                    spans[1] = Span::styled(format!(" {:<width$}", format!("{}…", self.who(s))), Style::default().add_modifier(Modifier::BOLD));
                }
                let mut parts = Vec::new();
                for stat in &self.present.stats {
                    let value = match stat.scope {
                        Scope::Seat => self.var(s, &stat.var),
                        Scope::Pair => match self.view.seat {
                            Some(me) if me != s => self.pair_var(me, s, &stat.var),
                            _ => continue,
                        },
                        _ => continue,
                    };
                    let Some(template) = &stat.short else { continue };
                    if let Some(v) = self.present.stat_value(stat, value) {
                        parts.push(template.replace("{}", &v));
                    }
                }
                // A pack that presents no statistics shows the viewer its own raw
                // variables, and nobody another seat's internals.
                if self.present.stats.is_empty() && self.view.seat == Some(s) {
                    if let Some(vars) = self.view.seat_vars.get(s as usize) {
                        parts.extend(vars.iter().take(4).map(|(k, v)| format!("{k} {}", self.present.show(v, None))));
                    }
                }
                spans.push(Span::raw(parts.join(" ")));
                Line::from(spans)
            })
            .collect()
    }

    /// Every statistic of every seat, labelled (the Seats tab).
    pub fn seat_details(&self) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for s in 0..self.view.seat_vars.len() as Seat {
            lines.push(Line::from(vec![self.seat_span(s), Span::styled(format!(" seat {} ({})", s as usize + 1, self.who(s)), Style::default().add_modifier(Modifier::BOLD))]));
            // The pack's summary first (what the variables do not say), then the variables.
            let mut parts: Vec<String> = self.facts.get(s as usize).into_iter().flatten().map(|(label, value)| format!("{label}: {value}")).collect();
            for stat in &self.present.stats {
                let value = match stat.scope {
                    Scope::Seat => self.var(s, &stat.var),
                    Scope::Own if self.view.seat == Some(s) => self.var(s, &stat.var),
                    Scope::Pair => match self.view.seat {
                        Some(me) if me != s => self.pair_var(me, s, &stat.var),
                        _ => continue,
                    },
                    _ => continue,
                };
                if let Some(v) = self.present.stat_value(stat, value) {
                    parts.push(format!("{}: {v}", stat.label));
                }
            }
            if self.present.stats.is_empty() && self.view.seat == Some(s) {
                if let Some(vars) = self.view.seat_vars.get(s as usize) {
                    parts.extend(vars.iter().map(|(k, v)| format!("{k}: {}", self.present.show(v, None))));
                }
            }
            lines.push(Line::raw(format!("  {}", parts.join(" · "))));
        }
        lines
    }

    /// The viewer's own statistics and zones (the You tab).
    pub fn own_details(&self) -> Vec<Line<'static>> {
        let Some(me) = self.view.seat else { return vec![Line::raw("You are watching: nothing private to show.")] };
        let mut lines = vec![Line::from(vec![self.seat_span(me), Span::styled(format!(" seat {}", me as usize + 1), Style::default().add_modifier(Modifier::BOLD))])];
        lines.extend(self.facts.get(me as usize).into_iter().flatten().map(|(label, value)| Line::raw(format!("{label}: {value}"))));
        for stat in self.present.stats.iter().filter(|s| matches!(s.scope, Scope::Own | Scope::Seat)) {
            if let Some(v) = self.present.stat_value(stat, self.var(me, &stat.var)) {
                lines.push(Line::raw(format!("{}: {v}", stat.label)));
            }
        }
        for zone in &self.present.zones {
            let at = Location::Zone { zone: Sym::new(&zone.zone), seat: zone.owner_only.then_some(me) };
            let list = entities_at(self.view, at);
            let text = if zone.count {
                list.len().to_string()
            } else if list.is_empty() {
                "none".into()
            } else {
                list.iter()
                    .map(|e| match e.face {
                        Some(f) => self.present.face_name(zone.names.as_deref(), f.as_str()),
                        None => "?".into(),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            lines.push(Line::raw(format!("{}: {text}", zone.label)));
        }
        if self.present.stats.is_empty() && self.present.zones.is_empty() {
            if let Some(vars) = self.view.seat_vars.get(me as usize) {
                lines.extend(vars.iter().map(|(k, v)| Line::raw(format!("{k}: {}", self.present.show(v, None)))));
            }
        }
        // Then what each named thing the viewer has does, as the pack explains it.
        let explained = self.held_entries(me);
        if !explained.is_empty() {
            lines.push(Line::raw(""));
            lines.extend(explained.into_iter().map(|e| entry_line(&e.title(), &e.text())));
        }
        lines
    }

    /// The glossary entries of what the viewer is and holds: statistics and zones
    /// the pack names by a definition kind, each entry once, in panel order.
    fn held_entries(&self, me: Seat) -> Vec<&'a Entry> {
        let glossary = &self.present.glossary;
        let mut found: Vec<&Entry> = Vec::new();
        let mut add = |kind: &str, id: &str| {
            if let Some(e) = glossary.entry(kind, id) {
                if !found.iter().any(|f| std::ptr::eq(*f, e)) {
                    found.push(e);
                }
            }
        };
        for stat in self.present.stats.iter().filter(|s| matches!(s.scope, Scope::Own | Scope::Seat)) {
            if let (Some(kind), Some(id)) = (&stat.names, self.var(me, &stat.var).and_then(|v| v.as_str())) {
                add(kind, id);
            }
        }
        for zone in self.present.zones.iter().filter(|z| !z.count) {
            let Some(kind) = &zone.names else { continue };
            let at = Location::Zone { zone: Sym::new(&zone.zone), seat: zone.owner_only.then_some(me) };
            for e in entities_at(self.view, at) {
                if let Some(face) = e.face {
                    add(kind, face.as_str());
                }
            }
        }
        found
    }

    /// The Rules tab: how to win and how a round goes, then the pack's glossary.
    pub fn rules_details(&self) -> Vec<Line<'static>> {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        for (title, text) in &self.present.texts {
            lines.push(entry_line(title, text));
        }
        if !self.view.board.is_empty() {
            lines.extend(legend(self.present).into_iter().map(Line::raw));
        }
        for line in explain::glossary_lines(&self.present.glossary) {
            match line {
                GlossaryLine::Heading(label) => {
                    lines.push(Line::raw(""));
                    lines.push(Line::styled(label, bold.add_modifier(Modifier::UNDERLINED)));
                }
                GlossaryLine::Entry { title, text } => lines.push(entry_line(&title, &text)),
            }
        }
        if lines.is_empty() {
            lines.push(Line::raw("This pack explains no words of its game."));
        }
        lines
    }

    /// Everything the viewer knows about one cell (the Cell tab).
    pub fn cell_details(&self, cell: Option<CellId>) -> Vec<Line<'static>> {
        let Some(cell) = cell else {
            return vec![Line::raw("Highlight an option that names a cell, or type a coordinate such as C7 and Enter.")];
        };
        let Some(c) = self.view.board.cell(cell) else { return Vec::new() };
        let terrain = self.present.terrain(&c.terrain);
        let region = self.view.board.region_of(cell).map(|r| r.label.clone()).unwrap_or_default();
        let mut head = format!("{} ", self.grid.code(cell));
        if let Some(name) = &c.name {
            head.push_str(&format!("{name} · "));
        }
        head.push_str(&terrain.label);
        if !region.is_empty() {
            head.push_str(&format!(" · {region}"));
        }
        let mut lines = vec![Line::styled(head, Style::default().add_modifier(Modifier::BOLD))];
        let summary = &self.cells[cell as usize];
        let mut here = entities_at(self.view, Location::Cell(cell));
        here.sort_by_key(|e| (e.owner.map_or(u8::MAX, |o| o), self.present.priority(e.kind.as_str()), e.order));
        let mut owners: Vec<Option<Seat>> = here.iter().map(|e| e.owner).collect();
        owners.dedup();
        for owner in owners {
            let mine: Vec<&EntityView> = here.iter().copied().filter(|e| e.owner == owner).collect();
            let mut parts = Vec::new();
            let mut i = 0;
            while i < mine.len() {
                let e = mine[i];
                let style = self.present.piece(e.kind.as_str(), e.owner.is_some());
                if style.as_ref().is_some_and(|s| s.stack) {
                    parts.push(self.stack(e));
                    i += 1;
                    continue;
                }
                let same = mine[i..].iter().take_while(|x| x.kind == e.kind && x.face == e.face).count();
                let label = style.as_ref().map_or_else(|| e.kind.as_str().replace('_', " "), |s| s.label.clone());
                let face = match e.face {
                    Some(f) if f != e.kind => format!(": {}", self.present.face_name(style.as_ref().and_then(|s| s.names.as_deref()), f.as_str())),
                    Some(_) => String::new(),
                    None => ": ?".into(),
                };
                parts.push(if same > 1 { format!("{label}{face} ×{same}") } else { format!("{label}{face}") });
                i += same;
            }
            let mut spans = match owner {
                Some(s) => vec![self.seat_span(s), Span::raw(" ")],
                None => Vec::new(),
            };
            if owner.is_some() && summary.holder == owner && summary.weight > 0 {
                let holding = self.present.pieces.iter().any(|p| p.layer == Layer::Holding);
                if holding {
                    spans.push(Span::styled(format!("holds ({}) ", summary.weight), Style::default().add_modifier(Modifier::BOLD)));
                }
            }
            spans.push(Span::raw(parts.join(", ")));
            lines.push(Line::from(spans));
        }
        for link in self.view.board.links() {
            let other = if link.a == cell {
                link.b
            } else if link.b == cell {
                link.a
            } else {
                continue;
            };
            let label = self.present.links.get(&link.kind).map_or_else(|| link.kind.replace('_', " "), |l| l.label.clone());
            lines.push(Line::raw(format!("{label} to {}", self.grid.code(other))));
        }
        lines
    }

    /// A stack: its contents for whoever knows them, else only its height.
    fn stack(&self, e: &EntityView) -> String {
        let style = self.present.piece(e.kind.as_str(), e.owner.is_some());
        let label = style.as_ref().map_or_else(|| e.kind.to_string(), |s| s.label.clone());
        let name = match e.face {
            Some(f) if f != e.kind => format!("{label} {}", f.as_str()),
            Some(_) => label,
            None => format!("{label} ?"),
        };
        let inside = entities_at(self.view, Location::In(e.id));
        let own = self.view.seat.is_some() && e.owner == self.view.seat;
        if !own || inside.iter().any(|x| x.face.is_none()) {
            return format!("{name} (height {})", inside.len());
        }
        let faces: Vec<&str> = inside.iter().filter_map(|x| x.face.map(|f| f.as_str())).collect();
        let numbers: Option<Vec<i64>> = faces.iter().map(|f| f.parse::<i64>().ok()).collect();
        match numbers {
            Some(ns) if !ns.is_empty() => format!("{name} [{}] = {}", faces.join("+"), ns.iter().sum::<i64>()),
            _ => format!("{name} [{}]", faces.join(", ")),
        }
    }
}

/// The decision pane in three parts: the prompt (wrapped), one line per option
/// (cut to `width`, cell codes first), and the typed line with a hint or message.
/// Also returns the index of the highlighted option.
pub struct DecisionPane {
    pub header: Vec<Line<'static>>,
    pub options: Vec<Line<'static>>,
    pub footer: Vec<Line<'static>>,
    pub highlighted: usize,
}

/// `text` in lines of at most `width` characters (at least 8), broken between words;
/// a word longer than a line is broken where the line ends.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut line = String::new();
    let mut count = 0;
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        // A word longer than a line fills lines of its own.
        while word.len() > width {
            if count > 0 {
                out.push(std::mem::take(&mut line));
                count = 0;
            }
            out.push(word.drain(..width).collect());
        }
        if count > 0 && count + 1 + word.len() > width {
            out.push(std::mem::take(&mut line));
            count = 0;
        }
        if count > 0 {
            line.push(' ');
            count += 1;
        }
        count += word.len();
        line.extend(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

fn cut(text: String, width: usize) -> String {
    if text.chars().count() <= width {
        return text;
    }
    let mut t: String = text.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// The cells an option names as a `[C7] ` prefix, or nothing when there are none or
/// the label already starts with the first and names the others: the pack wrote
/// where it is, and saying it twice ("[C7] C7 Harbour") only pushes the rest of the
/// label out of the line.
fn cell_prefix(codes: &[String], label: &str) -> String {
    let Some(first) = codes.first() else { return String::new() };
    let starts_with_first = label.strip_prefix(first.as_str()).is_some_and(|rest| !rest.starts_with(char::is_alphanumeric));
    if starts_with_first && codes[1..].iter().all(|c| label.contains(c.as_str())) {
        return String::new();
    }
    format!("[{}] ", codes.join(","))
}

pub fn decision_pane(ctx: &Ctx, decision: &Decision, ui: &DecisionUi, width: usize) -> DecisionPane {
    let rule = decision.rule.as_ref().map(|r| format!(" [{r}]")).unwrap_or_default();
    let mut header: Vec<Line> = wrap(&format!("{}{rule}", decision.prompt), width)
        .into_iter()
        .take(2)
        .map(|l| Line::styled(l, Style::default().add_modifier(Modifier::BOLD)))
        .collect();
    if header.is_empty() {
        header.push(Line::raw(""));
    }
    let mut options = Vec::new();
    // The highlighted option's whole text, when its line is too narrow for it.
    let mut whole = None;
    for (i, item) in ui.items.iter().enumerate() {
        let chosen = i == ui.highlight;
        let text = match item {
            Item::Option(o) => {
                let label = decision.options.get(*o).map_or("", |x| x.label.as_str());
                let cells: Vec<String> = ui.refs.get(*o).map(|r| r.iter().take(2).map(|c| ctx.grid.code(*c)).collect()).unwrap_or_default();
                let at = cell_prefix(&cells, label);
                let check = match decision.kind {
                    DecisionKind::Many { .. } if ui.checked.get(*o).copied().unwrap_or(false) => "[x] ",
                    DecisionKind::Many { .. } => "[ ] ",
                    _ => "",
                };
                format!("{:>2}) {check}{at}{label}", o + 1)
            }
            // Only the value: a list position beside it would be taken for the
            // number to type, and typing the value is what answers.
            Item::Number(n) => format!("{n:>3}"),
            Item::Pass => format!(" p) {}", decision.pass.clone().unwrap_or_default()),
        };
        let style = if chosen { Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD) } else { Style::default() };
        if chosen && text.chars().count() > width.saturating_sub(1) {
            whole = Some(text.trim_start().to_owned());
        }
        options.push(Line::from(vec![Span::raw(if chosen { ">" } else { " " }), Span::styled(cut(text, width.saturating_sub(1)), style)]));
    }
    let mut footer =
        vec![Line::from(vec![Span::styled("> ", ctx.fg(Color::Yellow)), Span::raw(ui.buffer.clone()), Span::styled("_", Style::default().add_modifier(Modifier::SLOW_BLINK))])];
    match (&ui.message, whole) {
        // A cut option is read whole under the list (up to three lines) until a
        // message takes the place.
        (None, Some(text)) => footer.extend(wrap(&text, width).into_iter().take(3).map(|l| Line::styled(l, ctx.fg(Color::Cyan)))),
        (message, _) => {
            let note = message.clone().unwrap_or_else(|| format!("{}; ? explains", hint(decision)));
            footer.push(Line::styled(cut(note, width), ctx.fg(Color::Cyan)));
        }
    }
    DecisionPane { header, options, footer, highlighted: ui.highlight }
}

/// The map legend: terrain glyphs, then what the figures mean.
pub fn legend(present: &Presentation) -> Vec<String> {
    let mut terrains: Vec<String> = present.terrains.values().map(|t| format!("{} {}", t.glyph, t.label)).collect();
    terrains.extend(present.pieces.iter().filter(|p| p.layer == Layer::Feature).map(|p| format!("{} {}", p.glyph, p.label)));
    terrains.extend(present.links.values().map(|l| format!("{} {}", l.glyph, l.label)));
    // A pack may draw a piece and a link with the same glyph and label (a marker
    // that is also a link): say it once.
    let mut seen = std::collections::BTreeSet::new();
    terrains.retain(|t| seen.insert(t.clone()));
    let mut out = Vec::new();
    if !terrains.is_empty() {
        out.push(format!("Map: {}", terrains.join(", ")));
    }
    // Piece labels are singular ("tower"): the legend speaks of them in the plural.
    let holding: Vec<String> = present.pieces.iter().filter(|p| p.layer == Layer::Holding).map(PieceStyle::plural).collect();
    let units: Vec<String> = present.pieces.iter().filter(|p| p.layer == Layer::Unit).map(PieceStyle::plural).collect();
    let mut figures = String::from("A held cell is drawn in its holder's colour");
    if !holding.is_empty() {
        figures.push_str(&format!(" (zoomed in, with the total of its {})", holding.join(" and ")));
    }
    figures.push_str(&format!(
        "; a digit on a seat's colour counts its {} there, * marks several seats. Rows are letters, hexes numbers: type C7.",
        if units.is_empty() { "pieces".to_owned() } else { units.join(" and ") }
    ));
    out.push(figures);
    out
}

/// The help box: the decision's explanation and rule, what every player should know
/// (the pack's `ui_text`), the keys, and (for a game with a map) the map's legend. A game without a map is not told about cells and zoom.
/// `Title: text`, the title in bold.
fn entry_line(title: &str, text: &str) -> Line<'static> {
    Line::from(vec![Span::styled(format!("{title}: "), Style::default().add_modifier(Modifier::BOLD)), Span::raw(text.to_owned())])
}

pub fn help_lines(decision: Option<&Decision>, present: &Presentation, has_map: bool) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(d) = decision {
        lines.push(Line::styled(d.prompt.clone(), Style::default().add_modifier(Modifier::BOLD)));
        lines.push(Line::raw(d.help.clone().unwrap_or_else(|| "(the rules give no more explanation for this decision)".into())));
        if let Some(rule) = &d.rule {
            lines.push(Line::raw(format!("Rule: {rule}")));
        }
        lines.push(Line::raw(format!("How: {}.", hint(d))));
        lines.push(Line::raw(""));
        // What the options name (a card, a people...), as the pack explains it.
        let named = explain::mentioned(&present.glossary, d);
        if !named.is_empty() {
            lines.extend(named.into_iter().map(Line::raw));
            lines.push(Line::raw(""));
        }
    }
    // Then what every player should know (how to win, how a round goes).
    for (title, text) in &present.texts {
        lines.push(entry_line(title, text));
    }
    if !present.texts.is_empty() {
        lines.push(Line::raw(""));
    }
    let (typing, panels) = if has_map {
        ("type a number, p (pass), or a cell (C7) and Enter", "Tab panels · PgUp/PgDn log · ←→ ⇧↑↓ scroll map · +/- zoom")
    } else {
        ("type a number or p (pass) and Enter", "Tab panels · PgUp/PgDn log")
    };
    for keys in [
        "↑↓ highlight · Enter choose · Space check (several)",
        typing,
        panels,
        "g and Enter: the Rules tab (how to win, what every word means)",
        "Ctrl-Z or `undo` take back · Ctrl-C or `quit` stop (autosaved)",
        "Esc closes this box",
    ] {
        lines.push(Line::raw(keys));
    }
    if has_map {
        lines.push(Line::raw(""));
        lines.extend(legend(present).into_iter().map(Line::raw));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(label: &str, items: Option<&str>) -> PieceStyle {
        PieceStyle {
            kind: label.to_lowercase().replace(' ', "_"),
            glyph: label.chars().next().unwrap_or('?'),
            label: label.to_owned(),
            layer: Layer::Unit,
            weight: 1,
            stack: false,
            names: None,
            items: items.map(str::to_owned),
        }
    }

    #[test]
    fn an_option_whose_label_starts_with_its_cell_is_not_prefixed_again() {
        let codes = |cs: &[&str]| cs.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
        assert_eq!(cell_prefix(&codes(&["D3"]), "D3 Harbour"), "");
        assert_eq!(cell_prefix(&codes(&["D3", "E4"]), "D3 Harbour to E4"), "");
        assert_eq!(cell_prefix(&codes(&["D3"]), "Harbour"), "[D3] ");
        assert_eq!(cell_prefix(&codes(&["D3"]), "D31 Harbour"), "[D3] ");
        assert_eq!(cell_prefix(&codes(&["D3", "E4"]), "D3 Harbour"), "[D3,E4] ");
        assert_eq!(cell_prefix(&[], "D3 Harbour"), "");
    }

    #[test]
    fn the_legend_uses_the_packs_plural_and_adds_no_s_to_an_acronym() {
        let mut present = Presentation::default();
        present.pieces = vec![unit("tower", None), unit("sheep", Some("sheep")), unit("ABC", None), unit("glass", None)];
        let figures = legend(&present).join("\n");
        assert!(figures.contains("counts its towers and sheep and ABC and glass there"), "{figures}");
    }
}
