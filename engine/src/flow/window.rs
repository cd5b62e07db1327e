//! Reaction windows: every eligible seat, in a given order, may respond or pass.
//!
//! A window is a kernel step ([`WINDOW_STEP`]) whose context names two script
//! functions: `offer(g, data, seat)` returns a decision for that seat or nil (not
//! eligible), and `respond(g, data, seat, value)` applies a response and returns true
//! to close the window early. Seats are asked one at a time in the listed order, so a
//! response can change what later seats are offered.

use crate::state::Seat;
use crate::value::{Key, Value};

/// The reserved step name of reaction windows.
pub const WINDOW_STEP: &str = "kernel.window";

/// A window's context, read from and written back to its frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    pub seats: Vec<Seat>,
    pub next: usize,
    pub offer: String,
    pub respond: String,
    pub data: Value,
    pub closed: bool,
    /// The decisions it asks are quiet ([`crate::flow::Pending::quiet`]): nobody is
    /// shown which seat is asked.
    pub quiet: bool,
}

impl Window {
    pub fn from_value(ctx: &Value) -> Option<Window> {
        let seats = match ctx.get("seats")? {
            Value::List(items) => items.iter().map(|v| v.as_int().map(|s| (s - 1) as Seat)).collect::<Option<Vec<_>>>()?,
            _ => return None,
        };
        Some(Window {
            seats,
            next: ctx.get("next").and_then(Value::as_int).unwrap_or(0) as usize,
            offer: ctx.get("offer")?.as_str()?.to_owned(),
            respond: ctx.get("respond")?.as_str()?.to_owned(),
            data: ctx.get("data").cloned().unwrap_or(Value::Nil),
            closed: ctx.get("closed").is_some_and(Value::is_truthy),
            quiet: ctx.get("quiet").is_some_and(Value::is_truthy),
        })
    }

    pub fn to_value(&self) -> Value {
        let mut fields = vec![
            (Key::Str("seats".into()), Value::List(self.seats.iter().map(|&s| Value::Int(s as i64 + 1)).collect())),
            (Key::Str("next".into()), Value::Int(self.next as i64)),
            (Key::Str("offer".into()), Value::Str(self.offer.clone())),
            (Key::Str("respond".into()), Value::Str(self.respond.clone())),
            (Key::Str("data".into()), self.data.clone()),
            (Key::Str("closed".into()), Value::Bool(self.closed)),
        ];
        // Only when set, so that the frames of windows without it keep their text.
        if self.quiet {
            fields.push((Key::Str("quiet".into()), Value::Bool(true)));
        }
        Value::map(fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_context_round_trips() {
        let w = Window {
            seats: vec![2, 0],
            next: 1,
            offer: "m.offer".into(),
            respond: "m.respond".into(),
            data: Value::Int(5),
            closed: false,
            quiet: false,
        };
        assert_eq!(Window::from_value(&w.to_value()), Some(w.clone()));
        let quiet = Window { quiet: true, ..w };
        assert_eq!(Window::from_value(&quiet.to_value()), Some(quiet));
    }
}
