//! The full-screen terminal UI of `orrery play` (ratatui over crossterm).
//!
//! Every frame is drawn from one seat's [`View`]: the human seat now deciding, or
//! the one that decided last while bots play; a spectator's view when no person
//! plays. Between two different human seats a privacy screen hides everything until
//! the next person presses Enter, so no screen ever shows a seat what another seat
//! knows. How the board and the panels look comes from the pack's presentation data
//! ([`present`]); the UI itself knows no game.
//!
//! Input comes from an [`Events`] source, so tests drive the same loop with
//! scripted keys on ratatui's test backend. Keys become actions in [`decision`].

mod decision;
mod diagrams;
mod map;
pub mod panels;
pub mod present;
pub mod scene;
#[cfg(test)]
mod tests;

pub use map::text_map;

/// The pack's diagrams as plain text lines `width` wide (for the plain prompt).
pub fn diagram_text(pictures: &[orrery::view::diagram::Diagram], width: usize) -> Vec<String> {
    diagrams::lines(pictures, width, false).iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>().trim_end().to_owned()).collect()
}
pub use panels::legend;

use super::play::{outcome_lines, End, Table};
use super::CliError;
use decision::{Action, DecisionUi};
use map::{MapFrame, MapState};
use orrery::board::CellId;
use orrery::flow::Decision;
use orrery::state::Seat;
use orrery::view::View;
use panels::{Ctx, Tab};
use present::Presentation;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use scene::{summaries, Grid};
use std::io;
use std::time::Duration;

/// Where keys come from.
pub trait Events {
    /// The next event, waiting at most `wait` (`None`: until there is one).
    /// `decision` is the decision on screen, for scripted sources.
    fn next(&mut self, decision: Option<&Decision>, wait: Option<Duration>) -> io::Result<Option<Event>>;

    /// Called with every frame drawn (tests record them).
    fn drawn(&mut self, _frame: &ratatui::buffer::Buffer) {}
}

/// The real keyboard.
pub struct Keyboard;

impl Events for Keyboard {
    fn next(&mut self, _decision: Option<&Decision>, wait: Option<Duration>) -> io::Result<Option<Event>> {
        if let Some(wait) = wait {
            if !event::poll(wait)? {
                return Ok(None);
            }
        }
        Ok(Some(event::read()?))
    }
}

/// What the screen shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    /// The game as `seat` sees it (`None`: a spectator); `busy` names a bot at work.
    Game { seat: Option<Seat>, busy: Option<Seat> },
    /// Everything hidden until the person of `seat` takes the keyboard.
    Privacy(Seat),
}

/// The UI's state between frames.
pub struct App {
    present: Presentation,
    grid: Grid,
    map: MapState,
    ui: DecisionUi,
    tab: Tab,
    /// Lines scrolled back from the end of the log.
    log_back: usize,
    /// Lines scrolled down in the other tabs.
    tab_scroll: u16,
    /// The cell a person typed to look at.
    look: Option<CellId>,
    help: bool,
    /// Lines scrolled down in the help box.
    help_scroll: u16,
    colour: bool,
    /// The seat whose view is on screen.
    shown: Option<Seat>,
}

impl App {
    pub fn new(table: &Table, colour: bool) -> App {
        App {
            present: Presentation::new(&table.game.rules),
            grid: Grid::new(&table.game.state.board),
            map: MapState::default(),
            ui: DecisionUi::default(),
            tab: Tab::Log,
            log_back: 0,
            tab_scroll: 0,
            look: None,
            help: false,
            help_scroll: 0,
            colour,
            shown: None,
        }
    }

    fn decision(&self, table: &Table, seat: Option<Seat>) -> Option<Decision> {
        let seat = seat?;
        if !table.is_human(seat) {
            return None;
        }
        table.decision(seat)
    }

    /// Draws one frame.
    pub fn draw(&mut self, frame: &mut Frame, table: &Table, screen: &Screen) {
        let area = frame.area();
        match screen {
            Screen::Privacy(seat) => self.draw_privacy(frame, area, *seat),
            Screen::Game { seat, busy } => {
                let v = table.game.view(*seat);
                if self.grid.place.len() != v.board.len() {
                    self.grid = Grid::new(&v.board);
                }
                let decision = self.decision(table, *seat);
                // A new question brings the log back to its end, where the moves
                // that led to it are.
                if let Some(d) = &decision {
                    if self.ui.sync(d, table.game.state.history.len(), &self.grid, &v.board) {
                        self.log_back = 0;
                    }
                }
                self.draw_game(frame, area, table, &v, decision.as_ref(), *busy);
            }
        }
    }

    fn draw_privacy(&self, frame: &mut Frame, area: Rect, seat: Seat) {
        frame.render_widget(Clear, area);
        let style = if self.colour { Style::default().fg(map::seat_colour(seat)) } else { Style::default() };
        let text = vec![
            Line::styled(format!("Seat {}'s turn", seat as usize + 1), style.add_modifier(Modifier::BOLD)),
            Line::raw(""),
            Line::raw(format!("Pass the keyboard to the player of seat {}.", seat as usize + 1)),
            Line::raw("Everything stays hidden until they press Enter."),
        ];
        let h = 8.min(area.height);
        let w = 56.min(area.width);
        let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
        frame.render_widget(Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(" Privacy ")).wrap(Wrap { trim: true }), r);
    }

    fn draw_game(&mut self, frame: &mut Frame, area: Rect, table: &Table, v: &View, decision: Option<&Decision>, busy: Option<Seat>) {
        let cells = summaries(v, &self.present);
        let facts = table.seat_facts();
        let ctx = Ctx { view: v, present: &self.present, grid: &self.grid, cells: &cells, players: &table.players, facts: &facts, colour: self.colour };
        let rows = Layout::default().direction(Direction::Vertical).constraints([Constraint::Length(1), Constraint::Min(4), Constraint::Length(1)]).split(area);
        // Status line.
        let who = match v.seat {
            Some(s) => format!("you are seat {}", s as usize + 1),
            None => "watching".into(),
        };
        let mut status = vec![Span::styled(who, Style::default().add_modifier(Modifier::BOLD))];
        if let Some(b) = busy {
            status.push(Span::styled(format!(" · seat {} ({}) thinks…", b as usize + 1, table.players.get(b as usize).map_or_else(|| "?".to_owned(), |p| p.name())), Style::default().add_modifier(Modifier::ITALIC)));
        }
        for g in ctx.globals() {
            status.push(Span::raw(format!(" · {g}")));
        }
        status.push(Span::raw(format!(" · {}", table.game.rules.manifest.name)));
        if let Some(e) = &table.save_error {
            status.push(Span::styled(format!(" · autosave failed: {e}"), Style::default().add_modifier(Modifier::BOLD)));
        }
        frame.render_widget(Paragraph::new(Line::from(status)), rows[0]);
        let has_map = !v.board.is_empty();
        let keys = if has_map {
            "↑↓ Enter choose · ? explain · Tab panels · ←→ map · +/- zoom · ^Z undo · ^C quit"
        } else {
            "↑↓ Enter choose · ? explain · Tab panels · PgUp/PgDn log · ^Z undo · ^C quit"
        };
        frame.render_widget(Paragraph::new(Line::styled(keys, Style::default().add_modifier(Modifier::DIM))), rows[2]);
        let main = rows[1];
        let right_w = if main.width >= 100 { main.width * 2 / 5 } else { 34.min(main.width / 2) };
        let cols = Layout::default().direction(Direction::Horizontal).constraints([Constraint::Min(10), Constraint::Length(right_w)]).split(main);
        // Left: map over decision.
        let pane_width = cols[0].width.saturating_sub(2) as usize;
        let pane = match decision {
            Some(d) => panels::decision_pane(&ctx, d, &self.ui, pane_width),
            None => panels::DecisionPane { header: self.waiting_lines(table, v, busy), options: Vec::new(), footer: Vec::new(), highlighted: 0 },
        };
        let want = (pane.header.len() + pane.options.len() + pane.footer.len()) as u16 + 2;
        // A game without a map shows the decision over what the seat is and holds.
        let dec_h = if has_map { want.clamp(5, (main.height * 9 / 20).max(5)) } else { want.clamp(5, (main.height * 3 / 5).max(5)) }.min(main.height.saturating_sub(3));
        let left = if has_map {
            Layout::default().direction(Direction::Vertical).constraints([Constraint::Min(3), Constraint::Length(dec_h)]).split(cols[0])
        } else {
            let parts = Layout::default().direction(Direction::Vertical).constraints([Constraint::Length(dec_h), Constraint::Min(3)]).split(cols[0]);
            // Drawn in the order map, decision: the situation takes the map's place below.
            std::rc::Rc::from([parts[1], parts[0]])
        };
        let focus = self.ui.focus().filter(|_| decision.is_some()).or(self.look);
        let marked = if decision.is_some() { self.ui.marked() } else { Vec::new() };
        if has_map {
            let map_block = Block::default().borders(Borders::ALL).title(match focus {
                Some(c) => format!(" Map · {} ", self.grid.code(c)),
                None => " Map ".into(),
            });
            let inner = map_block.inner(left[0]);
            frame.render_widget(map_block, left[0]);
            map::scroll(&mut self.map, inner, &self.grid, focus);
            let mf = MapFrame { view: v, present: &self.present, grid: &self.grid, cells: &cells, focus, marked: &marked, colour: self.colour };
            mf.draw(frame.buffer_mut(), inner, &self.map);
        } else {
            let block = Block::default().borders(Borders::ALL).title(" You ");
            frame.render_widget(Paragraph::new(ctx.own_details()).block(block).wrap(Wrap { trim: false }), left[0]);
        }
        let title = match decision {
            Some(d) => format!(" Seat {}: your decision ", d.seat as usize + 1),
            None if v.outcome.is_some() => " Game over ".into(),
            None => " Waiting ".into(),
        };
        // The prompt and the typed line always show; the options scroll between them.
        let room = (dec_h.saturating_sub(2) as usize).saturating_sub(pane.header.len() + pane.footer.len()).max(1);
        let first = (pane.highlighted + 1).saturating_sub(room).min(pane.options.len().saturating_sub(room));
        let below = pane.options.len().saturating_sub(first + room);
        // Options out of sight are counted on the pane's lower edge.
        let more = match (first, below) {
            (0, 0) => String::new(),
            (0, b) => format!(" ↓ {b} more "),
            (a, 0) => format!(" ↑ {a} more "),
            (a, b) => format!(" ↑ {a} more · ↓ {b} more "),
        };
        let mut lines = pane.header;
        lines.extend(pane.options.into_iter().skip(first).take(room));
        lines.extend(pane.footer);
        let wrap_waiting = decision.is_none();
        let mut paragraph = Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title).title_bottom(Line::from(more).right_aligned()));
        if wrap_waiting {
            paragraph = paragraph.wrap(Wrap { trim: false });
        }
        frame.render_widget(paragraph, left[1]);
        // Right: seats over tabs.
        let seat_rows = ctx.seat_rows();
        let seats_h = (seat_rows.len() as u16 + 2).min(cols[1].height / 2);
        let right = Layout::default().direction(Direction::Vertical).constraints([Constraint::Length(seats_h), Constraint::Min(3)]).split(cols[1]);
        frame.render_widget(Paragraph::new(seat_rows).block(Block::default().borders(Borders::ALL).title(" Seats ")), right[0]);
        let pictures = table.diagrams();
        let tabs: Vec<Span> = Tab::shown(has_map, !pictures.is_empty())
            .iter()
            .map(|t| if *t == self.tab { Span::styled(format!("[{}]", t.title()), Style::default().add_modifier(Modifier::BOLD)) } else { Span::raw(format!(" {} ", t.title())) })
            .collect();
        let block = Block::default().borders(Borders::ALL).title(Line::from(tabs));
        let inner = block.inner(right[1]);
        frame.render_widget(block, right[1]);
        let body: Vec<Line> = match self.tab {
            Tab::Log => self.log_lines(v, inner),
            Tab::Cell => ctx.cell_details(focus),
            Tab::You => ctx.own_details(),
            Tab::Seats => ctx.seat_details(),
            Tab::Rules => ctx.rules_details(),
            Tab::Diagrams => diagrams::lines(&pictures, inner.width as usize, self.colour),
        };
        // Diagrams keep their lines as drawn (a grid wrapped would fall apart).
        let panel = if self.tab == Tab::Diagrams { Paragraph::new(body) } else { Paragraph::new(body).wrap(Wrap { trim: false }) };
        if self.tab != Tab::Log {
            // Scrolled no further than its last line at the panel's bottom.
            let hidden = panel.line_count(inner.width).saturating_sub(inner.height as usize);
            self.tab_scroll = self.tab_scroll.min(u16::try_from(hidden).unwrap_or(u16::MAX));
        }
        let scroll = if self.tab == Tab::Log { 0 } else { self.tab_scroll };
        frame.render_widget(panel.scroll((scroll, 0)), inner);
        if self.help {
            let lines = panels::help_lines(decision, &self.present, has_map);
            let w = area.width.min(72);
            let h = (lines.len() as u16 + 10).min(area.height);
            let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
            frame.render_widget(Clear, r);
            let block = Block::default().borders(Borders::ALL).title(" Help ").title_bottom(Line::from(" ↑↓ PgUp/PgDn scroll · Esc close ").right_aligned());
            let paragraph = Paragraph::new(lines).wrap(Wrap { trim: true });
            // Scrolled no further than its last line at the box's bottom.
            let hidden = paragraph.line_count(r.width.saturating_sub(2)).saturating_sub(r.height.saturating_sub(2) as usize);
            self.help_scroll = self.help_scroll.min(u16::try_from(hidden).unwrap_or(u16::MAX));
            frame.render_widget(paragraph.block(block).scroll((self.help_scroll, 0)), r);
        }
    }

    /// The end of the log that fits, wrapped, minus what was scrolled back.
    fn log_lines(&mut self, v: &View, area: Rect) -> Vec<Line<'static>> {
        let width = area.width.max(1) as usize;
        let mut wrapped: Vec<String> = Vec::new();
        for line in &v.log {
            // Broken between words, so that no word is split across two lines.
            wrapped.extend(panels::wrap(line, width));
        }
        let h = area.height as usize;
        self.log_back = self.log_back.min(wrapped.len().saturating_sub(h));
        let end = wrapped.len() - self.log_back;
        let start = end.saturating_sub(h);
        wrapped[start..end].iter().map(|s| Line::raw(s.clone())).collect()
    }

    fn waiting_lines(&self, table: &Table, v: &View, busy: Option<Seat>) -> Vec<Line<'static>> {
        if v.outcome.is_some() {
            let mut lines = vec![Line::styled("Game over.", Style::default().add_modifier(Modifier::BOLD))];
            lines.extend(outcome_lines(&table.game, &table.players).into_iter().map(Line::raw));
            lines.push(Line::raw("Press Enter or q to leave."));
            return lines;
        }
        let waiting: Vec<String> = v.waiting.iter().map(|s| format!("seat {}", *s as usize + 1)).collect();
        let mut lines = vec![Line::raw(format!("Waiting for {}.", waiting.join(", ")))];
        // A quiet question hides whom it asks, so the seat thinking is not named.
        if busy.is_some() && table.game.pending().is_some_and(|p| p.quiet) {
            lines.push(Line::raw("Another seat is thinking…"));
        } else if let Some(b) = busy {
            lines.push(Line::raw(format!("Seat {} ({}) is thinking…", b as usize + 1, table.players.get(b as usize).map_or_else(|| "?".to_owned(), |p| p.name()))));
        }
        lines
    }

    /// Applies a key that is not an answer; returns the answer or a request to
    /// stop or undo for the caller.
    fn handle(&mut self, table: &Table, seat: Option<Seat>, key: KeyEvent) -> Action {
        let decision = self.decision(table, seat);
        if self.help {
            match key.code {
                KeyCode::Up => self.help_scroll = self.help_scroll.saturating_sub(1),
                KeyCode::Down => self.help_scroll = self.help_scroll.saturating_add(1),
                KeyCode::PageUp => self.help_scroll = self.help_scroll.saturating_sub(10),
                KeyCode::PageDown => self.help_scroll = self.help_scroll.saturating_add(10),
                _ if matches!(key.code, KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?') | KeyCode::Char('q')) || key.modifiers.contains(KeyModifiers::CONTROL) => {
                    self.help = false;
                }
                _ => {}
            }
            return Action::None;
        }
        let action = self.ui.key(decision.as_ref(), &self.grid, key);
        match action {
            Action::Help => {
                self.help = true;
                self.help_scroll = 0;
            }
            Action::Zoom(d) => {
                self.map.zoom_set = true;
                self.map.zoom = match d {
                    0 => 1 - self.map.zoom.min(1),
                    d if d > 0 => 1,
                    _ => 0,
                };
            }
            Action::Scroll(dx, dy) => {
                self.map.left += dx * 2;
                self.map.top += dy * 2;
                self.look = None;
            }
            Action::Tab(d) => {
                self.tab = self.tab.step(d, !table.game.state.board.is_empty(), !table.diagrams().is_empty());
                self.tab_scroll = 0;
            }
            Action::Log(d) if self.tab == Tab::Log => {
                self.log_back = if d < 0 { self.log_back + (-d) as usize } else { self.log_back.saturating_sub(d as usize) };
            }
            Action::Log(d) => self.tab_scroll = (self.tab_scroll as i32 + d).clamp(0, i32::from(u16::MAX)) as u16,
            Action::Rules => {
                self.tab = Tab::Rules;
                self.tab_scroll = 0;
            }
            Action::Focus(cell) => {
                self.look = Some(cell);
                self.tab = Tab::Cell;
            }
            Action::Answer(_) | Action::Quit | Action::Undo | Action::None => {}
        }
        action
    }
}

/// Whether to use colour: unless `NO_COLOR` is set or the terminal is `dumb`.
pub fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// Runs the game full screen on the real terminal.
pub fn run(table: &mut Table) -> Result<End, CliError> {
    use ratatui::crossterm::{execute, terminal};
    terminal::enable_raw_mode()?;
    execute!(io::stdout(), terminal::EnterAlternateScreen)?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen);
        previous(info);
    }));
    let result = Terminal::new(ratatui::backend::CrosstermBackend::new(io::stdout()))
        .map_err(CliError::from)
        .and_then(|mut t| run_with(&mut t, &mut Keyboard, table, colour_wanted()));
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, ratatui::crossterm::cursor::Show);
    result
}

fn draw<B: Backend>(terminal: &mut Terminal<B>, events: &mut dyn Events, app: &mut App, table: &Table, screen: &Screen) -> Result<(), CliError> {
    let frame = terminal.draw(|f| app.draw(f, table, screen))?;
    events.drawn(frame.buffer);
    Ok(())
}

/// A key press (not a release or repeat report).
fn key_of(event: Option<Event>) -> Option<KeyEvent> {
    match event {
        Some(Event::Key(k)) if k.kind != KeyEventKind::Release => Some(k),
        _ => None,
    }
}

fn is_stop(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('q'))
}

/// The game loop over any backend and event source.
pub fn run_with<B: Backend>(terminal: &mut Terminal<B>, events: &mut dyn Events, table: &mut Table, colour: bool) -> Result<End, CliError> {
    let mut app = App::new(table, colour);
    let humans: Vec<Seat> = (0..table.players.len() as Seat).filter(|&s| table.is_human(s)).collect();
    if humans.len() == 1 {
        app.shown = Some(humans[0]);
    }
    loop {
        if table.game.is_over() {
            let screen = Screen::Game { seat: app.shown, busy: None };
            draw(terminal, events, &mut app, table, &screen)?;
            let Some(k) = key_of(events.next(None, None)?) else { continue };
            match k.code {
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q') => return Ok(End::Over),
                _ if is_stop(&k) => return Ok(End::Over),
                _ => {
                    app.handle(table, None, k);
                }
            }
            continue;
        }
        let waiting = table.game.pending().map(|p| p.waiting_seats()).unwrap_or_default();
        if waiting.is_empty() {
            return Err(orrery::game::GameError::Flow("the game is not over but nothing is pending".into()).into());
        }
        if let Some(&bot) = waiting.iter().find(|s| !table.is_human(**s)) {
            let screen = Screen::Game { seat: app.shown, busy: Some(bot) };
            draw(terminal, events, &mut app, table, &screen)?;
            if let Some(k) = key_of(events.next(None, Some(Duration::ZERO))?) {
                if is_stop(&k) {
                    return Ok(End::Quit);
                }
            }
            table.bot_turn(bot)?;
            continue;
        }
        let seat = waiting[0];
        if let Some((prompt, answer)) = table.forced_turn(seat)? {
            // Shown to the seat it concerns only (another may be at the screen).
            if app.shown == Some(seat) {
                app.ui.message = Some(format!("{prompt} — only one choice: {answer}."));
            }
            continue;
        }
        if app.shown != Some(seat) {
            draw(terminal, events, &mut app, table, &Screen::Privacy(seat))?;
            let Some(k) = key_of(events.next(None, None)?) else { continue };
            if is_stop(&k) {
                return Ok(End::Quit);
            }
            if matches!(k.code, KeyCode::Enter | KeyCode::Char(' ')) {
                app.shown = Some(seat);
                app.ui = DecisionUi::default();
                app.look = None;
                app.log_back = 0;
            }
            continue;
        }
        let screen = Screen::Game { seat: Some(seat), busy: None };
        draw(terminal, events, &mut app, table, &screen)?;
        let decision = table.decision(seat);
        let Some(k) = key_of(events.next(decision.as_ref(), None)?) else { continue };
        match app.handle(table, Some(seat), k) {
            Action::Quit => return Ok(End::Quit),
            Action::Undo => {
                app.ui.message = Some(match table.undo(seat) {
                    Ok(()) => "took back your last choice".into(),
                    Err(why) => format!("cannot take back: {why}"),
                });
                app.ui.key = None;
            }
            Action::Answer(choice) => {
                if let Err(e) = table.act(seat, choice) {
                    app.ui.message = Some(format!("refused: {e}"));
                }
            }
            _ => {}
        }
    }
}

