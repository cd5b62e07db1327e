//! The reference as Markdown, which reads as plain text too: what `orrery api`
//! prints.

use super::{methods, CONTRACTS, GLOBALS, LEFT_OUT, LIBRARIES, TYPES};
use crate::state::MAX_STATE_BYTES;
use crate::script::{ACT_BUDGET, INSTRUCTION_BUDGET, MEMORY_LIMIT};
use std::fmt::Write as _;

/// The whole reference.
pub fn markdown() -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "# Orrery scripting API\n");
    let _ = writeln!(
        w,
        "Pack scripts are Luau modules (`scripts/<pack>/*.lua`, listed in pack.ron). The kernel calls them \
         with `g`, the game handle, whose methods below are the only way to read or change a game. Seats are \
         numbered from 1; entity and cell ids are opaque numbers; every list comes back in a defined order. \
         Types are written in Luau syntax, `integer` meaning a whole number. `orrery api --defs` writes these \
         types for editors.\n"
    );

    let _ = writeln!(w, "## Sandbox\n");
    let libraries: Vec<String> = LIBRARIES
        .iter()
        .map(|(name, note)| if note.is_empty() { format!("`{name}`") } else { format!("`{name}` ({note})") })
        .collect();
    let _ = writeln!(w, "- Libraries: {}; each is read-only.", libraries.join(", "));
    let _ = writeln!(w, "- Base functions: {}.", super::BASE.iter().map(|b| format!("`{b}`")).collect::<Vec<_>>().join(", "));
    for g in GLOBALS {
        let _ = writeln!(w, "- `{}`: `{}`. {}", g.name, g.ty, g.doc);
    }
    let _ = writeln!(w, "- {LEFT_OUT}");
    let _ = writeln!(
        w,
        "- Limits: {} MiB of memory for the scripts; {} million steps per call and {} million per act \
         (calls, loop turns, and the work `g` methods do: cells searched, links and entities looked at, \
         values converted), a count and never a clock, so a game replays the same on any machine; and \
         {} MiB for everything stored in the game state (variables, entities, log lines, frame contexts, \
         decisions).\n",
        MEMORY_LIMIT / (1024 * 1024),
        INSTRUCTION_BUDGET as f64 / 1e6,
        ACT_BUDGET as f64 / 1e6,
        MAX_STATE_BYTES / (1024 * 1024)
    );

    for (title, text) in CONTRACTS {
        let _ = writeln!(w, "## {title}\n\n{text}\n");
    }

    let _ = writeln!(w, "## Types\n");
    for t in TYPES {
        let _ = writeln!(w, "- `{}` = `{}`\n  {}", t.name, t.ty, t.doc);
    }
    let _ = writeln!(w);

    let _ = writeln!(w, "## The game handle `g`\n");
    let mut current = "";
    for (title, m) in methods() {
        if title != current {
            let gap = if current.is_empty() { "" } else { "\n" };
            let _ = writeln!(w, "{gap}### {title}\n");
            current = title;
        }
        let _ = writeln!(w, "- `{}`\n  {}", signature(m.name, m.params, m.returns), m.doc);
    }
    out
}

/// `g:name(params) -> returns`, without the arrow when it returns nothing.
fn signature(name: &str, params: &str, returns: &str) -> String {
    if returns == "()" {
        format!("g:{name}({params})")
    } else {
        format!("g:{name}({params}) -> {returns}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_lists_every_method_and_type() {
        let text = markdown();
        for (_, m) in methods() {
            assert!(text.contains(&format!("`g:{}(", m.name)), "g:{} is missing", m.name);
        }
        for t in TYPES {
            assert!(text.contains(&format!("- `{}` = ", t.name)), "type {} is missing", t.name);
        }
    }
}
