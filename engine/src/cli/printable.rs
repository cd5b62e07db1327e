//! Output that a terminal cannot be made to obey.
//!
//! Scripts from a stranger's pack write the log lines, prompts and option labels that
//! the plain prompt prints; an escape code among them (`ESC ]0;…`, a C1 control, a
//! bidi override) would be run by the player's terminal. [`Printable`] writes every
//! control character except newline and tab as `\u{..}`, so the text is shown, never
//! obeyed. (The full-screen UI needs no such wrapper: ratatui drops control
//! characters when it draws.)

use std::io::{self, Write};

/// A writer that escapes control characters on their way to `inner`.
pub struct Printable<'a> {
    inner: &'a mut dyn Write,
}

impl<'a> Printable<'a> {
    pub fn new(inner: &'a mut dyn Write) -> Printable<'a> {
        Printable { inner }
    }
}

/// Whether a terminal might act on `c` rather than show it.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl Write for Printable<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Formatted output arrives in whole `str` pieces; anything else is passed on
        // as it is, up to the first byte that is not text.
        let text = match std::str::from_utf8(buf) {
            Ok(text) => text,
            Err(e) if e.valid_up_to() > 0 => return self.write(&buf[..e.valid_up_to()]),
            Err(_) => return self.inner.write(buf),
        };
        if !text.chars().any(is_unsafe) {
            return self.inner.write(buf);
        }
        let escaped: String = text.chars().map(|c| if is_unsafe(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect();
        self.inner.write_all(escaped.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_codes_are_shown_not_obeyed() {
        let mut out = Vec::new();
        write!(Printable::new(&mut out), "Seat 1 \u{1b}]0;owned\u{7} moves\u{9b}2J\u{202e}\n\tnext").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "Seat 1 \\u{1b}]0;owned\\u{7} moves\\u{9b}2J\\u{202e}\n\tnext");
    }

    #[test]
    fn plain_text_passes_unchanged() {
        let mut out = Vec::new();
        write!(Printable::new(&mut out), "Mántidos à (2,4)\n").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "Mántidos à (2,4)\n");
    }
}
