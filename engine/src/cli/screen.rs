//! What the terminal may show, and to whom: log lines and the privacy screen.
//!
//! Several people may share one terminal, so the table keeps, for the log, one
//! cursor for public lines (printed as soon as they happen, whoever is looking)
//! and one cursor per seat for lines addressed to that seat, which are printed only
//! while that seat is at the screen. Between two different human seats a privacy
//! screen clears the terminal (when it is one) and waits for the next person, so
//! nobody reads another seat's private lines or options. Whether a seat may read a
//! line is [`GameState::sees_log`], the filter views use too.

use orrery::state::{GameState, Seat};
use std::io::{BufRead, IsTerminal, Write};

pub struct Screen {
    /// Index in the log of the next public line to print.
    public: usize,
    /// Per seat, index in the log of the next private line to consider.
    private: Vec<usize>,
    /// The human seat now at the screen.
    current: Option<Seat>,
    /// Whether a privacy screen is needed between human seats.
    shared: bool,
}

impl Screen {
    /// A screen for `state`; `from_start` shows the log from its first line,
    /// otherwise (a loaded game) only what happens from now on.
    pub fn new(state: &GameState, humans: usize, from_start: bool) -> Screen {
        let start = if from_start { 0 } else { state.log.len() };
        Screen { public: start, private: vec![start; state.seat_count()], current: None, shared: humans > 1 }
    }

    /// Prints the public lines added since the last call.
    pub fn public_lines(&mut self, state: &GameState, out: &mut dyn Write) -> std::io::Result<()> {
        for entry in state.log.iter().skip(self.public) {
            // Public lines only: each seat's private lines wait for it (below).
            if state.sees_log(None, entry) {
                writeln!(out, "  {}", entry.text)?;
            }
        }
        self.public = state.log.len();
        Ok(())
    }

    /// Prints the lines addressed to `seat` (and not public) added since last time.
    pub fn private_lines(&mut self, state: &GameState, seat: Seat, out: &mut dyn Write) -> std::io::Result<()> {
        let Some(cursor) = self.private.get_mut(seat as usize) else { return Ok(()) };
        for entry in state.log.iter().skip(*cursor) {
            if entry.to.is_some() && state.sees_log(Some(seat), entry) {
                writeln!(out, "  (private) {}", entry.text)?;
            }
        }
        *cursor = state.log.len();
        Ok(())
    }

    /// Hands the terminal to `seat`. Returns false if the input ended.
    pub fn hand_over(&mut self, seat: Seat, input: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<bool> {
        if self.current == Some(seat) {
            return Ok(true);
        }
        self.current = Some(seat);
        if !self.shared {
            return Ok(true);
        }
        if std::io::stdout().is_terminal() {
            // Straight to the terminal: `out` escapes every control character (see
            // `Printable`), and this one is ours, not a script's.
            out.flush()?;
            let mut terminal = std::io::stdout();
            write!(terminal, "\x1b[2J\x1b[3J\x1b[H")?;
            terminal.flush()?;
        }
        write!(out, "\n==== Pass to seat {} and press Enter ====", seat as usize + 1)?;
        out.flush()?;
        let answered = read_line(input)?.is_some();
        if !std::io::stdin().is_terminal() {
            // No terminal echoed the Enter: end the line here, or the seat's screen
            // would start on it.
            writeln!(out)?;
        }
        Ok(answered)
    }
}

/// Reads one line (lossily decoded); `None` at the end of the input.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}
