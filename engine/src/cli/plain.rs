//! The plain prompt loop of `orrery play`: lines in, lines out.
//!
//! Used with `--plain` and whenever the terminal is not a terminal (pipes, scripts,
//! tests). Bots answer silently (only public log lines are printed); a human seat
//! sees its own variables, its new private lines, and its decision (see
//! [`super::prompt`]). What is on screen is governed by [`Screen`]. `q` or the end
//! of the input stops the game.

use super::play::{End, Table};
use super::prompt::{self, Input};
use super::screen::{read_line, Screen};
use super::CliError;
use orrery::game::GameError;
use orrery::state::Seat;
use std::io::{BufRead, Write};

pub fn play(table: &mut Table, fresh: bool, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<End, CliError> {
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
        let Some(decision) = table.game.decision_for(seat).cloned() else {
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
                Ok(Input::Help) => writeln!(out, "{}", prompt::help(&decision))?,
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

/// What a human seat sees before deciding: its variables and its new private lines.
fn summary(table: &Table, seat: Seat, screen: &mut Screen, out: &mut dyn Write) -> std::io::Result<()> {
    let v = table.game.view(Some(seat));
    let vars: Vec<String> = v.seat_vars.get(seat as usize).map(|vars| vars.iter().map(|(k, v)| format!("{k} {v}")).collect()).unwrap_or_default();
    writeln!(out, "---- seat {} ----", seat as usize + 1)?;
    if !vars.is_empty() {
        writeln!(out, "  {}", vars.join(", "))?;
    }
    screen.private_lines(&table.game.state, seat, out)
}
