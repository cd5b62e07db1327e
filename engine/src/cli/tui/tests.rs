//! Tests of the terminal UI on ratatui's test backend: rendered screens of the base
//! pack and of the toy fixture pack, whole games driven by scripted keys, the
//! privacy screen between human seats, undo, and saves.

use super::*;
use super::scene::{entities_at, CellSummary};
use orrery::state::Location;
use orrery::sym::Sym;
use crate::cli::pack;
use crate::cli::play::{default_pack, Table};
use crate::cli::saves::{self, Autosave};
use crate::cli::seats;
use orrery::bots::Budget;
use orrery::content::Ruleset;
use orrery::flow::{Choice, DecisionKind};
use orrery::game::Game;
use orrery::replay;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEventState;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The default pack (the base game), loaded once.
fn base() -> Arc<Ruleset> {
    static RULES: OnceLock<Arc<Ruleset>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            let id = default_pack(&repo()).expect("a default pack");
            pack::load(&repo(), &id).unwrap_or_else(|e| panic!("the default pack does not load: {e}"))
        })
        .clone()
}

fn toy() -> Arc<Ruleset> {
    static RULES: OnceLock<Arc<Ruleset>> = OnceLock::new();
    RULES.get_or_init(|| pack::load(&repo().join("tests/fixtures"), "toy").unwrap_or_else(|e| panic!("the toy pack does not load: {e}"))).clone()
}

fn table(rules: Arc<Ruleset>, players: &str, seed: u64) -> Table {
    let players = seats::parse(players).expect("seat list");
    let game = Game::new(rules, players.len(), seed, vec![]).expect("game starts");
    Table::new(game, players, Budget::iterations(8), None)
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol())).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn render(app: &mut App, table: &Table, screen: &Screen, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal.draw(|f| app.draw(f, table, screen)).expect("draws");
    text(terminal.backend().buffer())
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent { code, modifiers: KeyModifiers::NONE, kind: KeyEventKind::Press, state: KeyEventState::NONE }
}

/// Plays by keys: numbers typed for `many` decisions, Enter otherwise, with the
/// help box, tabs, zoom and the arrows pressed now and then. Records every frame.
struct Script {
    queue: VecDeque<KeyEvent>,
    presses: usize,
    limit: usize,
    frames: Vec<String>,
    keep_frames: bool,
}

impl Script {
    fn new(limit: usize, keep_frames: bool) -> Script {
        Script { queue: VecDeque::new(), presses: 0, limit, frames: Vec::new(), keep_frames }
    }

    fn plan(&mut self, decision: Option<&Decision>) {
        let Some(d) = decision else {
            self.queue.push_back(key(KeyCode::Enter));
            return;
        };
        if self.presses % 11 == 5 {
            self.queue.extend([key(KeyCode::Char('?')), key(KeyCode::Esc), key(KeyCode::Tab), key(KeyCode::Char('+')), key(KeyCode::Down), key(KeyCode::Up)]);
        }
        let typed = match d.kind {
            DecisionKind::Many { min, max } => {
                let k = min.max(1).min(max);
                (1..=k).map(|i| i.to_string()).collect::<Vec<_>>().join(" ")
            }
            DecisionKind::Number { min, max } if max - min >= 40 => min.to_string(),
            _ => String::new(),
        };
        self.queue.extend(typed.chars().map(|c| key(KeyCode::Char(c))));
        self.queue.push_back(key(KeyCode::Enter));
    }
}

impl Events for Script {
    fn next(&mut self, decision: Option<&Decision>, wait: Option<Duration>) -> io::Result<Option<Event>> {
        if wait.is_some() {
            return Ok(None);
        }
        self.presses += 1;
        if self.presses > self.limit {
            return Ok(Some(Event::Key(KeyEvent { modifiers: KeyModifiers::CONTROL, ..key(KeyCode::Char('c')) })));
        }
        if self.queue.is_empty() {
            self.plan(decision);
        }
        Ok(self.queue.pop_front().map(Event::Key))
    }

    fn drawn(&mut self, frame: &Buffer) {
        if self.keep_frames {
            self.frames.push(text(frame));
        }
    }
}

#[test]
fn base_game_screen_fits_80x24_with_map_seats_log_and_decision() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines.len(), 24);
    assert!(lines[0].starts_with("you are seat 1"), "{screen}");
    assert!(lines[1].contains(" Map") && lines[1].contains(" Seats "), "{screen}");
    assert!(screen.contains("●1 you") && screen.contains("●2 random") && screen.contains("●4 random"), "{screen}");
    assert!(screen.contains("[Log]"), "{screen}");
    let prompt = &table.game.decision_for(0).expect("seat 1 decides first").prompt;
    let start: String = prompt.chars().take(20).collect();
    assert!(screen.contains(&start), "the decision is shown: {start}\n{screen}");
    assert!(screen.contains(" 1) "), "options are numbered: {screen}");
    assert!(lines[3].starts_with("│ A "), "rows are lettered: {screen}");
    // Numbered like a ruler at two characters a hex: whole numbers, every fifth.
    assert!(lines[2].starts_with("│   1 · · · 5 · · · · 10  · · · 15"), "hexes are numbered: {screen}");
    assert!(lines[23].contains("? explain"), "{screen}");
}

/// At any width, each number over the map stands over the hexes it names (two
/// characters a hex at zoom 0, the first after the border and the row letters).
#[test]
fn map_header_numbers_stand_over_their_hexes_at_any_width() {
    let table = table(base(), "human,random,random,random", 7);
    for width in [80, 100, 140, 200] {
        let mut app = App::new(&table, false);
        let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, width, 30);
        // The map panel's part of the line: up to its right border.
        let line: Vec<char> = screen.lines().nth(2).expect("a header").chars().collect();
        let end = line.iter().skip(1).position(|&c| c == '│').map_or(line.len(), |p| p + 1);
        let header = &line[..end];
        let mut numbers = Vec::new();
        let mut i = 0;
        while i < header.len() {
            if header[i].is_ascii_digit() {
                let start = i;
                while i < header.len() && header[i].is_ascii_digit() {
                    i += 1;
                }
                let n: usize = header[start..i].iter().collect::<String>().parse().expect("a number");
                assert_eq!(start, 2 * n + 2, "hex {n} is numbered at column {start} of {width}: {}", header.iter().collect::<String>());
                numbers.push(n);
            }
            i += 1;
        }
        assert!(numbers.starts_with(&[1, 5, 10]), "{numbers:?} at width {width}");
        assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    }
}

/// Every hex drawn at zoom 0 shows what the scene says about its cell.
#[test]
fn map_cells_show_terrain_holders_and_units_where_their_coordinates_say() {
    let table = table(base(), "human,random,random,random", 11);
    let mut app = App::new(&table, false);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 120, 50);
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let v = table.game.view(Some(0));
    let cells = summaries(&v, &app.present);
    assert_eq!(app.map.zoom, 0, "a 4-seat board does not fit zoom 1 at 120x50");
    let mut checked = 0;
    for (id, &(r, c, odd)) in app.grid.place.iter().enumerate() {
        let (x, y) = (1 + 3 + (c - app.map.left) * 2 + i32::from(odd), 2 + 1 + (r - app.map.top));
        let Some(&shown) = lines.get(y as usize).and_then(|l| l.get(x as usize)) else { continue };
        let s = &cells[id];
        let terrain = app.present.terrain(&v.board.cells()[id].terrain).glyph;
        let expected = match (s.unit_count(), s.units.len()) {
            (0, _) => match (s.holder, s.feature, s.link) {
                (None, Some(f), _) => f,
                (None, None, Some(l)) => l,
                _ => terrain,
            },
            (_, 1) => char::from_digit(s.unit_count().min(9), 10).unwrap_or('+'),
            _ => '*',
        };
        assert_eq!(shown, expected, "cell {} ({id}) at column {x}, line {y}:\n{screen}", app.grid.code(id as CellId));
        checked += 1;
    }
    assert!(checked > 100, "most of the board is visible ({checked} cells)");
    let units: u32 = cells.iter().map(CellSummary::unit_count).sum();
    assert!(units > 0, "the seats' starting pieces are on the map");
}

#[test]
fn zoom_one_draws_hex_outlines_with_three_characters_inside() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    app.map = MapState { zoom: 1, zoom_set: true, ..MapState::default() };
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.contains("/ \\ / \\") || screen.contains("\\ / \\ /"), "{screen}");
    assert!(screen.contains("|"), "{screen}");
}

#[test]
fn privacy_screen_shows_nothing_of_the_game() {
    let table = table(base(), "human,human,random,random", 7);
    let mut app = App::new(&table, true);
    let screen = render(&mut app, &table, &Screen::Privacy(1), 80, 24);
    assert!(screen.contains("Seat 2's turn") && screen.contains("press Enter"), "{screen}");
    assert!(!screen.contains('●') && !screen.contains("Map") && !screen.contains("Log"), "{screen}");
    for d in table.game.pending().expect("pending").decisions.iter() {
        assert!(!screen.contains(&d.prompt), "{screen}");
    }
}

#[test]
fn toy_pack_screen_uses_the_plain_fallbacks() {
    let table = table(toy(), "human,random", 5);
    let mut app = App::new(&table, false);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.starts_with("you are seat 1 · Toy Meadow"), "{screen}");
    assert!(screen.contains("Choose your plan for this round") && screen.contains("[TOY 2.1]"), "{screen}");
    assert!(screen.contains(" 1) Dash"), "{screen}");
    assert!(screen.contains("●1 you") && screen.contains("●2 random"), "{screen}");
}

#[test]
fn help_box_explains_the_decision_and_cites_the_rule() {
    let table = table(toy(), "human,random", 5);
    let mut app = App::new(&table, false);
    assert_eq!(app.handle(&table, Some(0), key(KeyCode::Char('?'))), Action::Help);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.contains(" Help ") && screen.contains("Rule: TOY 2.1") && screen.contains("Dash moves 3"), "{screen}");
    app.handle(&table, Some(0), key(KeyCode::Esc));
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(!screen.contains(" Help "), "{screen}");
}

/// What the first decision offers is explained under the decision's help,
/// and the box scrolls to the end of what it holds.
#[test]
fn help_box_explains_what_the_options_name_and_scrolls() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    let decision = app.decision(&table, Some(0)).expect("seat 1 decides first");
    let offered: Vec<_> = decision.options.iter().filter_map(|o| app.present.glossary.mentioned_in(&o.label).first().map(|e| e.title())).collect();
    assert_eq!(offered.len(), decision.options.len(), "every option names what the pack explains: {:?}", decision.options);
    assert_eq!(app.handle(&table, Some(0), key(KeyCode::Char('?'))), Action::Help);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 100, 60);
    for people in &offered {
        assert!(screen.contains(&format!("{people}:")), "{people} is explained:\n{screen}");
    }
    let top = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    for _ in 0..200 {
        app.handle(&table, Some(0), key(KeyCode::Down));
    }
    let bottom = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert_ne!(top, bottom, "the box scrolls");
    let last = panels::help_lines(Some(&decision), &app.present, true).last().map(ToString::to_string).expect("help lines");
    let rows: Vec<&str> = bottom.lines().collect();
    let box_bottom = rows.iter().rposition(|l| l.contains("Esc close")).expect("the box's lower edge");
    assert!(rows[box_bottom - 1].contains(last.split_whitespace().last().unwrap_or_default()), "scrolled to its last line at the bottom, no further:\n{bottom}");
    assert!(app.help, "arrows scroll the box and do not close it");
}

/// The Rules tab holds how to win and the glossary; `g` opens it; the You tab
/// explains what the seat holds.
#[test]
fn rules_tab_lists_the_glossary_and_you_tab_explains_what_you_hold() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    for c in "g".chars() {
        app.handle(&table, Some(0), key(KeyCode::Char(c)));
    }
    assert_eq!(app.handle(&table, Some(0), key(KeyCode::Enter)), Action::Rules);
    assert_eq!(app.tab, Tab::Rules);
    let v = table.game.view(Some(0));
    let cells = summaries(&v, &app.present);
    let facts = table.seat_facts();
    let ctx = Ctx { view: &v, present: &app.present, grid: &app.grid, cells: &cells, players: &table.players, facts: &facts, colour: false };
    let rules: Vec<String> = ctx.rules_details().iter().map(ToString::to_string).collect();
    assert!(rules[0].starts_with("How to win: "), "{rules:?}");
    for section in &app.present.glossary.sections {
        assert!(rules.contains(&section.label), "section {} is listed", section.label);
        for e in &section.entries {
            // Terms are listed by their English name alone, definitions with their original.
            let title = if section.kind.is_some() { e.title() } else { e.name.clone() };
            assert!(rules.iter().any(|l| l.starts_with(&format!("{title}: "))), "{title} is listed");
        }
    }
    let you: Vec<String> = ctx.own_details().iter().map(ToString::to_string).collect();
    // Each face the seat holds in a zone the pack names by a definition kind.
    let mut held = 0;
    for zone in app.present.zones.iter().filter(|z| z.owner_only && !z.count) {
        let Some(kind) = &zone.names else { continue };
        for e in entities_at(&v, Location::Zone { zone: Sym::new(&zone.zone), seat: Some(0) }) {
            let face = e.face.expect("the owner sees its faces");
            let entry = app.present.glossary.entry(kind, face.as_str()).expect("what the seat holds is explained");
            assert!(you.iter().any(|l| l.starts_with(&format!("{}: ", entry.title())) && l.contains(entry.explain.as_deref().unwrap_or("?"))), "{you:?}");
            held += 1;
        }
    }
    assert!(held >= 2, "seat 1 holds named things at the start: {you:?}");
}

#[test]
fn a_typed_coordinate_shows_that_cell() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    let cell = app.grid.place.iter().position(|p| p.0 == 3).expect("a fourth row") as CellId;
    let code = app.grid.code(cell);
    for c in code.chars() {
        app.handle(&table, Some(0), key(KeyCode::Char(c)));
    }
    assert_eq!(app.handle(&table, Some(0), key(KeyCode::Enter)), Action::Focus(cell));
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.contains(&format!("Map · {code}")), "{screen}");
    assert!(screen.contains("[Cell]") && screen.contains(&format!("{code} ")), "{screen}");
}

/// No tab depends on what the seat may not know: with every such secret (others'
/// cards, tokens it does not see, others' private values and decisions) overwritten
/// by a marker, every tab draws exactly the same screen.
#[test]
fn no_panel_shows_what_the_seat_may_not_know() {
    let mut table = table(base(), "human,random,random,random", 21);
    while table.game.state.history.len() < 120 && !table.game.is_over() {
        let seat = table.game.pending().expect("pending").waiting_seats()[0];
        let d = table.game.decision_for(seat).expect("decision").clone();
        let choice = orrery::bots::random_choice(&d, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(table.game.state.history.len() as u64));
        table.game.act(seat, choice).expect("legal");
    }
    // Every tab, and the Cell tab looking at each cell that holds pieces.
    let mut cells: Vec<_> = table.game.state.entities.iter().filter_map(|e| if let orrery::state::Location::Cell(c) = e.at { Some(c) } else { None }).collect();
    cells.sort_unstable();
    cells.dedup();
    let draw_all = |table: &Table| {
        let mut app = App::new(table, false);
        let mut screens = String::new();
        for _ in Tab::ALL {
            screens.push_str(&render(&mut app, table, &Screen::Game { seat: Some(0), busy: None }, 200, 60));
            app.tab = app.tab.step(1, true, false);
        }
        app.tab = Tab::Cell;
        for &cell in &cells {
            app.look = Some(cell);
            screens.push_str(&render(&mut app, table, &Screen::Game { seat: Some(0), busy: None }, 200, 60));
        }
        screens
    };
    let real = draw_all(&table);
    let secrets = table.game.rules.manifest.secrets.clone();
    table.game.state = orrery::sim::contracts::with_secrets_marked(&table.game.state, &secrets, Some(0));
    let marked = draw_all(&table);
    assert!(!marked.contains("orrery-secret"), "a tab shows one of seat 1's secrets");
    assert_eq!(real, marked, "a tab changes when only what seat 1 may not know changes");
    assert!(table.game.state.entities.iter().any(|e| e.face.as_str().contains("orrery-secret")), "some secrets were marked");
}

#[test]
fn a_whole_game_is_played_through_the_ui_by_keys() {
    let mut table = table(base(), "human,random,random,random", 3);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    let mut script = Script::new(20_000, false);
    let end = run_with(&mut terminal, &mut script, &mut table, true).expect("the game runs");
    assert_eq!(end, End::Over);
    assert!(table.game.is_over());
    let last = text(terminal.backend().buffer());
    assert!(last.contains("Game over.") && last.contains("1. seat"), "{last}");
    assert!(table.game.state.history.iter().filter(|a| a.seat == 0).count() > 20, "seat 1 played by keys");
}

#[test]
fn hot_seat_puts_a_privacy_screen_between_two_human_seats() {
    let mut table = table(toy(), "human,human", 5);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    let mut script = Script::new(5_000, true);
    assert_eq!(run_with(&mut terminal, &mut script, &mut table, false).expect("runs"), End::Over);
    let mut last_seat: Option<char> = None;
    let mut privacy_since = false;
    let mut handovers = 0;
    for frame in &script.frames {
        if frame.contains("Pass the keyboard") {
            privacy_since = true;
            continue;
        }
        let Some(i) = frame.find("you are seat ") else { continue };
        let seat = frame[i + 13..].chars().next();
        if last_seat.is_some() && seat != last_seat {
            assert!(privacy_since, "seat changed from {last_seat:?} to {seat:?} without a privacy screen:\n{frame}");
            handovers += 1;
        }
        last_seat = seat;
        privacy_since = false;
    }
    assert!(handovers >= 4, "the seats took turns ({handovers} handovers)");
}

#[test]
fn undo_takes_back_own_choices_until_another_seat_acts() {
    let mut table = table(toy(), "human,human", 5);
    let before = table.game.state.clone();
    table.act(0, Choice::Pick(0)).expect("legal");
    assert_ne!(table.game.state, before);
    table.undo(0).expect("nothing happened since");
    assert_eq!(table.game.state, before, "undo restores the state exactly");
    assert!(table.undo(0).is_err(), "nothing left to take back");
    table.act(0, Choice::Pick(1)).expect("legal");
    table.act(1, Choice::Pick(1)).expect("legal");
    let err = table.undo(0).expect_err("seat 2 acted since");
    assert!(err.contains("not yours") || err.contains("another seat"), "{err}");
    let mut bots = self::table(toy(), "human,random", 5);
    bots.act(0, Choice::Pick(0)).expect("legal");
    assert!(bots.bot_turn(1).expect("bot acts"));
    assert!(bots.undo(0).is_err(), "a bot acted since");
}

#[test]
fn undo_is_refused_once_something_hidden_was_shown() {
    let mut before = table(toy(), "human,human", 5).game.state;
    let mut after = before.clone();
    let hidden = after.entities.iter().position(|e| !before.knows_face(Some(0), e)).expect("a hidden face");
    after.entities[hidden].known_by = after.entities[hidden].known_by.with(0);
    after.entities[hidden].seen_by = after.entities[hidden].seen_by.with(0);
    assert!(crate::cli::play::undoable(&before, &after, 0).is_err());
    before.log("private".into(), None);
    let mut told = before.clone();
    told.log("you peek".into(), Some(orrery::state::SeatMask::one(0)));
    assert!(crate::cli::play::undoable(&before, &told, 0).is_err());
    assert!(crate::cli::play::undoable(&before, &before.clone(), 0).is_ok());
}

/// A game saved half-way, loaded and given the same remaining choices ends exactly
/// as the unbroken game; bots without a clock make the same choices after a load.
#[test]
fn a_saved_game_continues_to_the_same_end() {
    let mut whole = table(base(), "random,random,random,random", 17);
    while !whole.game.is_over() {
        let seat = whole.game.pending().expect("pending").waiting_seats()[0];
        assert!(whole.bot_turn(seat).expect("bots play"));
    }
    let history = whole.game.state.history.clone();
    let mut half = table(base(), "random,random,random,random", 17);
    let cut = history.len() / 2;
    for act in history.iter().take(cut) {
        half.game.act(act.seat, act.choice.clone()).expect("replays");
    }
    let path = std::env::temp_dir().join(format!("orrery-tui-half-{}.ron", std::process::id()));
    replay::write(&half.game, &path).expect("saves");
    let loaded = replay::resume(base(), replay::read(&path).expect("reads")).expect("resumes");
    let mut resumed = Table::new(loaded, seats::parse("random,random,random,random").unwrap(), Budget::iterations(8), None);
    while !resumed.game.is_over() {
        let seat = resumed.game.pending().expect("pending").waiting_seats()[0];
        assert!(resumed.bot_turn(seat).expect("bots play"));
    }
    let _ = std::fs::remove_file(&path);
    assert_eq!(replay::state_hash(&resumed.game.state), replay::state_hash(&whole.game.state));
    assert_eq!(resumed.game.state.outcome, whole.game.state.outcome);
}

#[test]
fn autosaves_at_round_ends_and_continue_finds_the_latest_unfinished_game() {
    let dir = std::env::temp_dir().join(format!("orrery-autosave-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let table_for = |seed: u64| {
        let players = seats::parse("random,random").unwrap();
        let game = Game::new(toy(), 2, seed, vec![]).expect("starts");
        let autosave = Autosave::new(&dir, &game, &players);
        Table::new(game, players, Budget::iterations(8), Some(autosave))
    };
    let bot_act = |table: &mut Table| {
        let seat = table.game.pending().expect("pending").waiting_seats()[0];
        table.bot_turn(seat).expect("bots play");
    };
    // Game 9 is left after a few acts (as quitting does, saving it); game 10 is then
    // played to its end, so its autosave is the newer one.
    let mut stopped = table_for(9);
    assert!(saves::latest(&dir).is_err(), "nothing saved before the first round ends");
    for _ in 0..3 {
        bot_act(&mut stopped);
    }
    stopped.save_now().expect("saves");
    assert!(!stopped.game.is_over());
    let mut finished = table_for(10);
    while !finished.game.is_over() {
        bot_act(&mut finished);
    }
    let newest = finished.autosave_path().expect("autosaves").to_path_buf();
    assert!(replay::read(&newest).expect("a valid save").state.outcome.is_some(), "the finished game's autosave is kept");
    let latest = saves::latest(&dir).expect("an unfinished game");
    assert_eq!(latest, stopped.autosave_path().expect("autosaves"), "--continue skips the finished game");
    assert_eq!(saves::players_of(&latest).as_deref(), Some("random,random"));
    while !stopped.game.is_over() {
        bot_act(&mut stopped);
    }
    let err = saves::latest(&dir).expect_err("every game has ended");
    assert!(err.to_string().contains("no unfinished game"), "{err}");
    std::fs::write(&latest, "SaveFile(format: 1, pack_ver").expect("write");
    let err = replay::read(&latest).expect_err("a corrupt save is an error");
    assert!(err.to_string().contains("not a valid save"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- snapshots ------------------------------------------------------------------
//
// Whole rendered screens compared with the files in `tests/snapshots/tui/`, so any change
// to what a player sees shows up in review. After a deliberate change, regenerate
// them with `ORRERY_BLESS=1 cargo test --bin orrery snapshot` and read the diff.

fn assert_snapshot(name: &str, screen: &str) {
    let ids = internal_ids(screen);
    assert!(ids.is_empty(), "screen {name} shows internal ids {ids:?}:\n{screen}");
    let path = repo().join("tests/snapshots/tui").join(format!("{name}.txt"));
    let screen: String = screen.lines().map(|l| format!("{}\n", l.trim_end())).collect();
    if std::env::var_os("ORRERY_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("snapshot dir");
        std::fs::write(&path, &screen).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no snapshot {} (ORRERY_BLESS=1 writes it):\n{screen}", path.display()));
    if expected != screen {
        let first = expected.lines().zip(screen.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!("screen {name} differs from {} from line {}:\n--- expected\n{expected}\n--- drawn\n{screen}", path.display(), first + 1);
    }
}

/// The base game's first screen for seat 1, each side tab in turn, at 80x24.
#[test]
fn snapshot_base_game_map_and_panels() {
    let table = table(base(), "human,heuristic,ismcts,random", 7);
    let mut app = App::new(&table, false);
    for tab in Tab::ALL {
        app.tab = tab;
        let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
        assert_snapshot(&format!("base-80x24-{}", tab.title().to_lowercase()), &screen);
    }
}

/// The whole board at zoom 1 on a large terminal.
#[test]
fn snapshot_base_game_hex_outlines() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    app.map = MapState { zoom: 1, zoom_set: true, ..MapState::default() };
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 160, 60);
    assert_snapshot("base-160x60-zoom1", &screen);
}

#[test]
fn snapshot_privacy_screen() {
    let table = table(base(), "human,human,random,random", 7);
    let mut app = App::new(&table, false);
    assert_snapshot("privacy-80x24", &render(&mut app, &table, &Screen::Privacy(1), 80, 24));
}

#[test]
fn snapshot_help_box() {
    let table = table(base(), "human,random,random,random", 7);
    let mut app = App::new(&table, false);
    app.handle(&table, Some(0), key(KeyCode::Char('?')));
    assert_snapshot("base-80x24-help", &render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24));
}

/// Lets the bots of an all-bot table play until `reached` holds (at most `limit`
/// acts); the screen then shows the game as seat 1 sees it.
fn play_until(table: &mut Table, limit: usize, reached: &dyn Fn(&Game) -> bool) {
    for _ in 0..limit {
        if reached(&table.game) || table.game.is_over() {
            break;
        }
        let waiting = table.game.pending().expect("a running game waits").waiting_seats();
        table.bot_turn(waiting[0]).expect("the bot acts");
    }
    assert!(reached(&table.game), "the moment came within {limit} acts (over: {})", table.game.is_over());
}

/// What on a rendered screen looks like an internal id rather than words: a
/// snake_case identifier or a raw table.
fn internal_ids(screen: &str) -> Vec<String> {
    let mut found: Vec<String> = screen
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()) && w.split('_').filter(|p| !p.is_empty()).count() > 1)
        .map(str::to_owned)
        .collect();
    found.extend(["table: 0x", "{}", "= {"].into_iter().filter(|raw| screen.contains(raw)).map(str::to_owned));
    found
}

#[test]
fn internal_ids_are_found_and_words_are_not() {
    assert_eq!(internal_ids("Seat 1 takes extra_token_round_1 and {}"), ["extra_token_round_1", "{}"]);
    assert!(internal_ids("E15 Arcturus · Destiny points: 3 · ^Z undo · half-way").is_empty());
}

/// Every pack listed in `tests/snapshots/tui/moments.txt`, at 100x30 and 80x24: the
/// first screen, the help box, a battle's result in the log and the end of the first
/// round, as seat 1 sees each; and none of them shows an internal id.
#[test]
fn snapshot_every_pack_at_two_sizes() {
    let list = std::fs::read_to_string(repo().join("tests/snapshots/tui/moments.txt")).expect("the moments file");
    let round_two = |g: &Game| g.state.globals.get(Sym::new("round")).and_then(orrery::value::Value::as_int).is_some_and(|r| r >= 2);
    let mut packs = 0;
    for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [id, seed, battle] = fields[..] else { panic!("a moments line is `pack | seed | battle`: {line}") };
        let rules = pack::load(&repo(), id).unwrap_or_else(|e| panic!("{id} does not load: {e}"));
        let seed: u64 = seed.parse().expect("a seed");
        let battle_fought = |g: &Game| g.state.log.iter().any(|l| l.text.starts_with(battle));
        for (w, h) in [(100, 30), (80, 24)] {
            let first = table(rules.clone(), "human,random,random,random", seed);
            let mut app = App::new(&first, false);
            let you = Screen::Game { seat: Some(0), busy: None };
            assert_snapshot(&format!("{id}-{w}x{h}-start"), &render(&mut app, &first, &you, w, h));
            app.handle(&first, Some(0), key(KeyCode::Char('?')));
            assert_snapshot(&format!("{id}-{w}x{h}-help"), &render(&mut app, &first, &you, w, h));
            for (moment, reached) in [("battle", &battle_fought as &dyn Fn(&Game) -> bool), ("round-end", &round_two)] {
                let mut bots = table(rules.clone(), "random,random,random,random", seed);
                play_until(&mut bots, 5_000, reached);
                let mut app = App::new(&bots, false);
                assert_snapshot(&format!("{id}-{w}x{h}-{moment}"), &render(&mut app, &bots, &you, w, h));
            }
        }
        packs += 1;
    }
    assert!(packs >= 2, "every playable pack has its moments listed");
}

/// The Diagrams tab of every pack listed in `tests/snapshots/tui/diagrams.txt` at 100x30,
/// from its top and scrolled two pages down, after bots played a while; tabbing reaches
/// it, and a pack that draws nothing has no such tab.
#[test]
fn snapshot_diagrams_tab() {
    let list = std::fs::read_to_string(repo().join("tests/snapshots/tui/diagrams.txt")).expect("the diagrams file");
    let mut packs = 0;
    for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [id, seed, acts] = fields[..] else { panic!("a diagrams line is `pack | seed | acts`: {line}") };
        let rules = pack::load(&repo(), id).unwrap_or_else(|e| panic!("{id} does not load: {e}"));
        let mut bots = table(rules, "random,random,random", seed.parse().expect("a seed"));
        let acts: usize = acts.parse().expect("a number of acts");
        play_until(&mut bots, acts, &|g: &Game| g.state.history.len() >= acts);
        let mut app = App::new(&bots, false);
        let you = Screen::Game { seat: Some(0), busy: None };
        while app.tab != Tab::Diagrams {
            app.handle(&bots, Some(0), key(KeyCode::Tab));
            assert_ne!(app.tab, Tab::Log, "{id}: tabbing never reaches the Diagrams tab");
        }
        assert_snapshot(&format!("{id}-100x30-diagrams"), &render(&mut app, &bots, &you, 100, 30));
        app.tab_scroll = 40;
        assert_snapshot(&format!("{id}-100x30-diagrams-scrolled"), &render(&mut app, &bots, &you, 100, 30));
        packs += 1;
    }
    assert!(packs >= 1, "a pack with diagrams is listed");
    assert!(!Tab::shown(true, false).contains(&Tab::Diagrams), "no diagrams, no tab");
}

/// A listed number decision shows the values alone, so the number a person reads is
/// the number to type (a list position beside it was taken for one).
#[test]
fn a_number_decision_lists_values_that_are_typed_as_shown() {
    use super::decision::DecisionUi;
    use orrery::flow::Decision;
    let table = table(toy(), "human,random", 3);
    let v = table.game.view(Some(0));
    let present = Presentation::new(&table.game.rules);
    let grid = Grid::new(&v.board);
    let cells = scene::summaries(&v, &present);
    let ctx = panels::Ctx { view: &v, present: &present, grid: &grid, cells: &cells, players: &table.players, facts: &[], colour: false };
    let decision = Decision {
        seat: 0,
        prompt: "How many?".into(),
        rule: None,
        help: None,
        kind: DecisionKind::Number { min: 0, max: 3 },
        options: Vec::new(),
        pass: None,
        key: None,
        labels: None,
    };
    let mut ui = DecisionUi::default();
    ui.sync(&decision, 0, &grid, &v.board);
    let pane = panels::decision_pane(&ctx, &decision, &ui, 40);
    let lines: Vec<String> = pane.options.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>().trim().to_owned()).collect();
    assert_eq!(lines, [">  0", "1", "2", "3"].map(str::to_owned), "the highlight, then the values alone: {lines:?}");
    for c in "3\n".chars() {
        let code = if c == '\n' { KeyCode::Enter } else { KeyCode::Char(c) };
        let action = ui.key(Some(&decision), &grid, key(code));
        if code == KeyCode::Enter {
            assert_eq!(action, decision::Action::Answer(Choice::Number(3)));
        }
    }
}

/// At 80×24 a long option list scrolls: the options out of sight are counted on the
/// pane's edge, and a highlighted option too long for its line is shown whole below.
#[test]
fn options_out_of_sight_are_counted_and_a_cut_option_is_shown_whole() {
    let mut table = table(base(), "human,random,random,random", 7);
    // Play on (seat 1 takes its first option) until seat 1 faces a long menu.
    loop {
        let seat = table.game.pending().expect("pending").waiting_seats()[0];
        if table.bot_turn(seat).expect("bots play") {
            continue;
        }
        let decision = table.decision(seat).expect("a decision");
        if decision.kind == DecisionKind::One && decision.options.len() > 6 {
            break;
        }
        let first = match decision.kind {
            DecisionKind::One if decision.options.is_empty() => Choice::Pass,
            DecisionKind::One => Choice::Pick(0),
            DecisionKind::Many { min, .. } => Choice::PickMany((0..min).collect()),
            DecisionKind::Number { min, .. } => Choice::Number(min),
        };
        table.act(seat, first).expect("legal");
    }
    let mut app = App::new(&table, false);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.contains("↓") && screen.contains(" more "), "hidden options are counted: {screen}");
    // Walk the highlight down the list on a narrow screen: wherever a line is cut,
    // its whole text shows.
    let decision = table.decision(0).expect("seat 1 decides");
    let mut shown_whole = 0;
    for i in 0..decision.options.len() {
        let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 56, 24);
        let label = &decision.options[i].label;
        let highlighted = screen.lines().find(|l| l.contains(&format!("│>{:>2}) ", i + 1))).expect("the highlighted line");
        if highlighted.contains('…') {
            let words: Vec<&str> = label.split_whitespace().collect();
            let last = words.last().expect("a label has words");
            assert!(screen.lines().filter(|l| !l.contains(&format!("{:>2}) ", i + 1))).any(|l| l.contains(last)), "{label} is read whole: {screen}");
            shown_whole += 1;
        }
        app.handle(&mut table, Some(0), key(KeyCode::Down));
    }
    assert!(shown_whole > 0, "some label is too long for a narrow screen: {:?}", decision.options);
}

/// Lines are broken between words, never inside one, unless a word is longer than
/// a whole line (the log pane used to cut every line at its width: "du|ring").
#[test]
fn wrapping_breaks_between_words() {
    let lines = panels::wrap("Seat 3 declares war on seat 2 during its movement. -- GE 7.1", 32);
    assert_eq!(lines, ["Seat 3 declares war on seat 2", "during its movement. -- GE 7.1"]);
    assert!(lines.iter().all(|l| l.chars().count() <= 32));
    assert_eq!(panels::wrap("a abcdefghijklmnopqrstuvwxyz b", 10), ["a", "abcdefghij", "klmnopqrst", "uvwxyz b"]);
}

/// A game without a map gets no map panel: the decision has the column, and neither
/// the help nor the key line speaks of cells, hexes or zoom.
#[test]
fn a_game_without_a_map_gives_its_room_to_the_decision() {
    // The first real pack whose games have no board and ask seat 1 at once (seed 3),
    // found rather than named.
    let rules = orrery::content::discover(&repo())
        .into_iter()
        .filter_map(|dir| pack::load(&repo(), &dir.file_name()?.to_string_lossy()).ok())
        .find(|rules| Game::new(rules.clone(), 4, 3, vec![]).is_ok_and(|g| g.state.board.is_empty() && g.decision_for(0).is_some()))
        .expect("a pack without a map");
    let table = table(rules, "human,random,random,random", 3);
    let mut app = App::new(&table, false);
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(!screen.contains(" Map "), "{screen}");
    // The pack's presentation names the seats' facts: no raw variable name shows.
    let seats: String = screen.lines().skip(1).take(5).map(|l| l.split("││").nth(1).unwrap_or_default()).collect();
    for (name, _) in table.game.state.seats[0].iter() {
        assert!(name.as_str().len() <= 3 || !seats.contains(&format!("{} ", name.as_str())), "{name} shown raw: {screen}");
    }
    assert!(screen.lines().nth(1).is_some_and(|l| l.contains("your decision")), "the decision starts at the top: {screen}");
    assert!(!screen.contains("zoom"), "{screen}");
    app.handle(&table, Some(0), key(KeyCode::Char('?')));
    let screen = render(&mut app, &table, &Screen::Game { seat: Some(0), busy: None }, 80, 24);
    assert!(screen.contains(" Help ") && !screen.contains("C7") && !screen.contains("hexes"), "{screen}");
}

/// A person is not asked what has one answer: the table answers it and says what,
/// and leaves every real choice to the person.
#[test]
fn a_decision_with_one_answer_is_made_for_the_person() {
    // The toy's `tired` variant leaves one plan (TOY 2.1).
    let players = seats::parse("human,random").expect("seat list");
    let game = Game::new(toy(), 2, 5, vec!["tired".into()]).expect("game starts");
    let mut table = Table::new(game, players, Budget::iterations(8), None);
    let seat = table.game.pending().expect("pending").waiting_seats()[0];
    assert_eq!(seat, 0, "the person's plan is asked first");
    let (prompt, answer) = table.forced_turn(0).expect("acts").expect("one answer: made for the person");
    assert_eq!((prompt.as_str(), answer.as_str()), ("Choose your plan for this round", "Rest"));
    assert_eq!(table.game.state.history.len(), 1, "answered once");
    // A real choice is left alone.
    let mut table = self::table(toy(), "human,random", 5);
    assert!(table.forced_turn(0).expect("nothing to do").is_none());
    assert!(table.game.state.history.is_empty());
}

#[test]
fn labels_are_made_again_after_every_change_of_the_game() {
    // Labels read the game: kept across an act (or an undo), they could describe
    // a game that is no longer there when the next decision equals the last one.
    let mut table = table(toy(), "human,human", 1);
    let seat = table.game.pending().and_then(|p| p.waiting_seats().first().copied()).expect("a seat waits");
    let shown = table.decision(seat).expect("a decision");
    assert!(table.holds_labels(), "the labelled decision is kept while the game does not change");
    let choice = orrery::bots::candidates(&shown, 1).into_iter().next().expect("an answer");
    table.act(seat, choice).expect("legal");
    assert!(!table.holds_labels(), "an act forgets the labels");
    if let Some(next) = table.game.pending().and_then(|p| p.waiting_seats().first().copied()) {
        table.decision(next).expect("a decision");
        assert!(table.holds_labels());
        if table.undo(seat).is_ok() {
            assert!(!table.holds_labels(), "an undo forgets the labels");
        }
    }
}

/// A log scrolled back with PgUp comes back to its end when the seat's next question
/// comes: the moves that led to it are there.
#[test]
fn a_new_question_brings_the_log_back_to_its_end() {
    let mut table = table(base(), "human,random,random,random", 5);
    let mut app = App::new(&table, false);
    let screen = Screen::Game { seat: Some(0), busy: None };
    while table.game.decision_for(0).is_none() || table.game.state.log.len() < 30 {
        let seat = table.game.pending().expect("pending").waiting_seats()[0];
        let d = table.game.decision_for(seat).expect("decision").clone();
        let choice = orrery::bots::random_choice(&d, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(table.game.state.history.len() as u64));
        table.game.act(seat, choice).expect("legal");
    }
    app.tab = Tab::Log;
    render(&mut app, &table, &screen, 100, 30);
    app.handle(&table, Some(0), key(KeyCode::PageUp));
    render(&mut app, &table, &screen, 100, 30);
    assert!(app.log_back > 0, "PgUp scrolls the log back");
    let asked = table.game.state.history.len();
    loop {
        let seat = table.game.pending().expect("pending").waiting_seats()[0];
        let d = table.game.decision_for(seat).expect("decision").clone();
        table.game.act(seat, orrery::bots::random_choice(&d, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7))).expect("legal");
        if table.game.decision_for(0).is_some() && table.game.state.history.len() > asked {
            break;
        }
    }
    render(&mut app, &table, &screen, 100, 30);
    assert_eq!(app.log_back, 0, "the next question shows the end of the log");
}
