//! The plain prompt loop of `orrery play`: lines in, lines out.
//!
//! Used with `--plain` and whenever the terminal is not a terminal (pipes, scripts,
//! tests). Bots answer silently (only public log lines are printed); a human seat
//! sees its own statistics, its new private lines, and its decision (see
//! [`super::prompt`]). What is on screen is governed by [`Screen`]. `q` or the end
//! of the input stops the game.

use super::explain::{self, GlossaryLine};
use super::play::{End, Table};
use super::printable::Printable;
use super::prompt::{self, Input};
use super::screen::{read_line, Screen};
use super::tui::present::{Presentation, Scope};
use super::tui;
use super::CliError;
use orrery::game::GameError;
use orrery::state::Seat;
use orrery::sym::Sym;
use std::io::{BufRead, Write};

pub fn play(table: &mut Table, fresh: bool, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<End, CliError> {
    // Everything printed here may quote a script's text: no escape code gets through.
    let out = &mut Printable::new(out);
    let humans = table.players.iter().filter(|p| p.is_human()).count();
    let mut screen = Screen::new(&table.game.state, humans, fresh);
    screen.public_lines(&table.game.state, out)?;
    while !table.game.is_over() {
        let Some(pending) = table.game.pending() else {
            return Err(GameError::Flow("the game is not over but nothing is pending".into()).into());
        };
        let waiting = pending.waiting_seats();
        let is_bot = |s: &Seat| table.players.get(*s as usize).is_none_or(|p| !p.is_human());
        let Some(seat) = waiting.iter().find(|s| is_bot(s)).or(waiting.first()).copied() else {
            return Err(GameError::Flow("a decision is pending but no seat is waiting".into()).into());
        };
        if table.bot_turn(seat)? {
            screen.public_lines(&table.game.state, out)?;
            continue;
        }
        if let Some((prompt, answer)) = table.forced_turn(seat)? {
            // With several people at one screen, what a seat was dealt stays its own.
            if humans > 1 {
                writeln!(out, "  Seat {} had a single choice, made for it.", seat as usize + 1)?;
            } else {
                writeln!(out, "  {prompt} — only one choice: {answer}.")?;
            }
            screen.public_lines(&table.game.state, out)?;
            if humans == 1 {
                screen.private_lines(&table.game.state, seat, out)?;
            }
            continue;
        }
        let Some(decision) = table.decision(seat) else {
            return Err(GameError::Flow(format!("seat {} is waiting without a decision", seat as usize + 1)).into());
        };
        if !screen.hand_over(seat, input, out)? {
            return Ok(End::Quit);
        }
        summary(table, seat, &mut screen, out)?;
        prompt::show(&decision, out)?;
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = read_line(input)? else { return Ok(End::Quit) };
            match prompt::parse(&decision, &line) {
                Ok(Input::Help) => {
                    // This decision and what its options name first, then what every
                    // player should know.
                    writeln!(out, "{}", prompt::help(&decision))?;
                    let present = Presentation::new(&table.game.rules);
                    for line in explain::mentioned(&present.glossary, &decision) {
                        writeln!(out, "{line}")?;
                    }
                    for (title, text) in &present.texts {
                        writeln!(out, "{title}: {text}")?;
                    }
                    if !present.glossary.is_empty() {
                        writeln!(out, "(g lists every word of the game and what it means, g <word> only that one; seats shows every seat's public facts; map draws the map or the game's pictures)")?;
                    }
                }
                Ok(Input::Glossary(words)) => {
                    // `g harbour`: only the entries whose name holds the words, any case.
                    let wanted = words.map(|w| w.to_lowercase());
                    let mut shown = 0;
                    for line in explain::glossary_lines(&Presentation::new(&table.game.rules).glossary) {
                        match line {
                            GlossaryLine::Heading(label) if wanted.is_none() => writeln!(out, "== {label} ==")?,
                            GlossaryLine::Heading(_) => {}
                            GlossaryLine::Entry { title, text } => {
                                if wanted.as_ref().is_none_or(|w| title.to_lowercase().contains(w.as_str())) {
                                    writeln!(out, "{title}: {text}")?;
                                    shown += 1;
                                }
                            }
                        }
                    }
                    if shown == 0 {
                        writeln!(out, "no entry of the glossary is called so (g alone lists them all)")?;
                    }
                }
                Ok(Input::Seats) => {
                    for (s, facts) in table.seat_facts().iter().enumerate() {
                        let mut parts: Vec<String> = facts.iter().map(|(label, value)| format!("{label}: {value}")).collect();
                        parts.extend(public_stats(table, s as Seat));
                        writeln!(out, "  seat {}{}: {}", s + 1, if s as Seat == seat { " (you)" } else { "" }, parts.join(" · "))?;
                    }
                }
                Ok(Input::Map) => {
                    let present = Presentation::new(&table.game.rules);
                    let view = table.game.view(Some(seat));
                    let map = tui::text_map(&view, &present, 100);
                    // A game without a board may draw its pictures (stations, tracks…).
                    let pictures = tui::diagram_text(&table.diagrams(), 100);
                    if map.is_empty() && pictures.is_empty() {
                        writeln!(out, "This game has no map.")?;
                    }
                    if !map.is_empty() {
                        for line in map.iter().chain(&tui::legend(&present)) {
                            writeln!(out, "{line}")?;
                        }
                    }
                    for line in &pictures {
                        writeln!(out, "{line}")?;
                    }
                }
                Ok(Input::Quit) => return Ok(End::Quit),
                Ok(Input::Answer(choice)) => match table.act(seat, choice) {
                    Ok(()) => break,
                    Err(e) => writeln!(out, "refused: {e}")?,
                },
                Err(reason) => writeln!(out, "{reason}")?,
            }
        }
        screen.public_lines(&table.game.state, out)?;
        screen.private_lines(&table.game.state, seat, out)?;
    }
    Ok(End::Over)
}

/// What a human seat sees before deciding: its statistics, as the pack presents
/// them (its raw variables only when the pack presents none), and its new private
/// lines. Other seats' internals are never printed.
fn summary(table: &Table, seat: Seat, screen: &mut Screen, out: &mut dyn Write) -> std::io::Result<()> {
    let v = table.game.view(Some(seat));
    let own = v.seat_vars.get(seat as usize);
    let present = Presentation::new(&table.game.rules);
    let own_facts = table.seat_facts().into_iter().nth(seat as usize).unwrap_or_default();
    let mut facts: Vec<String> = own_facts.into_iter().map(|(label, value)| format!("{label}: {value}")).collect();
    facts.extend(if present.stats.is_empty() {
        own.map(|vars| vars.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<String>>()).unwrap_or_default()
    } else {
        present
            .stats
            .iter()
            .filter(|s| matches!(s.scope, Scope::Seat | Scope::Own))
            .filter_map(|s| present.stat_value(s, own.and_then(|vars| vars.get(Sym::new(&s.var)))).map(|value| format!("{}: {value}", s.label)))
            .collect::<Vec<String>>()
    });
    writeln!(out, "---- seat {} ----", seat as usize + 1)?;
    if !facts.is_empty() {
        writeln!(out, "  {}", facts.join(" · "))?;
    }
    screen.private_lines(&table.game.state, seat, out)
}

/// The statistics of `seat` that every player sees, as the pack presents them.
fn public_stats(table: &Table, seat: Seat) -> Vec<String> {
    let v = table.game.view(None);
    let vars = v.seat_vars.get(seat as usize);
    let present = Presentation::new(&table.game.rules);
    present
        .stats
        .iter()
        .filter(|s| s.scope == Scope::Seat)
        .filter_map(|s| present.stat_value(s, vars.and_then(|vars| vars.get(Sym::new(&s.var)))).map(|value| format!("{}: {value}", s.label)))
        .collect()
}
