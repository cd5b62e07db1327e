//! Script errors that name the script file, the line, and the hook that ran.

use thiserror::Error;

/// A failure inside a pack's Lua code (or a misuse of the kernel API by it).
#[derive(Debug, Clone, PartialEq, Error)]
#[error("{}{message} (while running {hook})", location.as_ref().map(|l| format!("{l}: ")).unwrap_or_default())]
pub struct ScriptError {
    /// `scripts/<pack>/<file>.lua:<line>`, when known.
    pub location: Option<String>,
    /// The step or hook that was running (`step movement_turn.run`).
    pub hook: String,
    pub message: String,
}

/// A problem found while loading a pack's scripts, with what it belongs to (so a
/// checker can point at the place in the content that names it).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LoadError {
    /// A module that breaks the lint, does not compile, or fails at its top level.
    #[error("{error}")]
    Module { module: String, error: ScriptError },
    /// A step whose handler (named in `pack.ron`) is missing or not a step table.
    #[error("{error}")]
    Step { step: String, error: ScriptError },
}

impl LoadError {
    pub fn error(&self) -> &ScriptError {
        match self {
            LoadError::Module { error, .. } | LoadError::Step { error, .. } => error,
        }
    }

    pub fn into_error(self) -> ScriptError {
        match self {
            LoadError::Module { error, .. } | LoadError::Step { error, .. } => error,
        }
    }
}

impl ScriptError {
    pub fn plain(hook: &str, message: String) -> ScriptError {
        ScriptError { location: None, hook: hook.to_owned(), message }
    }

    /// Converts an mlua error, pulling the innermost script location out of the
    /// message or the traceback.
    pub fn from_lua(hook: &str, error: mlua::Error) -> ScriptError {
        let (message, traceback) = flatten(&error);
        // The traceback is for finding the location, not for the message. An error
        // raised inside a library function (`table.insert` on a frozen table) has no
        // position of its own; the traceback names the script line that called it.
        let (message, inline_traceback) = match message.split_once("\nstack traceback:") {
            Some((message, rest)) => (message.to_owned(), Some(rest.to_owned())),
            None => (message, None),
        };
        // An error value that is a table or function reaches us as Lua's default
        // text for it, "table: 0x…": keep the type, not the address, so the same
        // failure reads the same on every run.
        let mut message = without_addresses(&message);
        let mut location = find_location(&message);
        if let Some(loc) = &location {
            // Drop the "file:line: " prefix Lua put in front of the message.
            if let Some(rest) = message.strip_prefix(loc.as_str()) {
                message = rest.trim_start_matches(':').trim().to_owned();
            }
        }
        if location.is_none() {
            location = traceback.as_deref().and_then(find_location).or_else(|| inline_traceback.as_deref().and_then(find_location));
        }
        if message == READONLY {
            // Luau cannot say which table; say which tables are frozen, and why.
            message = format!(
                "{READONLY}: scripts keep no state between calls, so globals, the tables a module keeps (its table and module-level locals), metatables in use and definitions are frozen once loaded; keep game data in the game (g:set, g:set_global, entity props, ctx)"
            );
        }
        ScriptError { location, hook: hook.to_owned(), message }
    }

    /// Whether the script was stopped by the instruction budget, the memory limit or
    /// the state's size limit.
    pub fn hit_limit(&self) -> bool {
        [super::limits::RUNAWAY, super::limits::OUT_OF_MEMORY, crate::state::STATE_FULL].iter().any(|l| self.message.starts_with(l))
    }
}

/// Luau's message for a write to a frozen table.
const READONLY: &str = "attempt to modify a readonly table";

/// `text` without the memory addresses Lua prints after a value's type
/// (`table: 0x000055a85ec711f0`).
fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(": 0x") {
        let digits = rest[at + 4..].bytes().take_while(u8::is_ascii_hexdigit).count();
        out.push_str(&rest[..at]);
        if digits < 8 {
            out.push_str(": 0x");
        }
        rest = &rest[at + 4 + if digits < 8 { 0 } else { digits }..];
    }
    out.push_str(rest);
    out
}

/// The innermost message and the first traceback of a possibly nested error.
fn flatten(error: &mlua::Error) -> (String, Option<String>) {
    match error {
        mlua::Error::CallbackError { traceback, cause } => {
            let (message, inner) = flatten(cause);
            (message, inner.or_else(|| Some(traceback.clone())))
        }
        mlua::Error::RuntimeError(m) | mlua::Error::SyntaxError { message: m, .. } => (m.clone(), None),
        mlua::Error::WithContext { context, cause } => {
            let (message, tb) = flatten(cause);
            (format!("{context}: {message}"), tb)
        }
        other => (other.to_string(), None),
    }
}

/// Finds the first `something.lua:<digits>` in `text`.
fn find_location(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut search = 0;
    while let Some(found) = text[search..].find(".lua:") {
        let end_ext = search + found + ".lua:".len();
        let digits = bytes[end_ext..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let start = text[..search + found]
                .rfind(|c: char| c.is_whitespace() || c == '[' || c == '"' || c == '\'')
                .map(|i| i + 1)
                .unwrap_or(0);
            return Some(text[start..end_ext + digits].to_owned());
        }
        search = end_ext;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_script_location() {
        assert_eq!(
            find_location("scripts/demo/main.lua:12: attempt to index nil"),
            Some("scripts/demo/main.lua:12".into())
        );
        assert_eq!(find_location("stack:\n  [C] x\n  scripts/a/b.lua:7 function f"), Some("scripts/a/b.lua:7".into()));
        assert_eq!(find_location("no location here"), None);
    }

    #[test]
    fn addresses_are_left_out_of_messages() {
        assert_eq!(without_addresses("table: 0x000055a85ec711f0"), "table");
        assert_eq!(without_addresses("bad: function: 0x55a8 and GameHandle: 0x00007fe064092dc0!"), "bad: function: 0x55a8 and GameHandle!");
    }
}
