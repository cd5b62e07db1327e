//! What the front ends say about a pack's words: the glossary entries a decision
//! names (shown under its help), and the whole glossary as lines (the terminal's
//! Rules tab, `g` in the plain prompt). The entries come from the pack
//! ([`orrery::content::glossary`]); this only lays them out.

use orrery::content::glossary::{Entry, Glossary};
use orrery::flow::Decision;

/// At most this many entries are explained under a decision's help; the rest are
/// counted, and the Rules tab holds them all.
pub const MENTIONED_SHOWN: usize = 6;

/// The entries the decision's prompt or options name, as `Title: explanation
/// [section]` lines, followed by a count of those left out.
pub fn mentioned(glossary: &Glossary, decision: &Decision) -> Vec<String> {
    let mut text = decision.prompt.clone();
    for option in &decision.options {
        text.push('\n');
        text.push_str(&option.label);
    }
    let entries = glossary.mentioned_in(&text);
    let mut lines: Vec<String> = entries.iter().take(MENTIONED_SHOWN).map(|e| line(e)).collect();
    if entries.len() > MENTIONED_SHOWN {
        lines.push(format!("… and {} more in the glossary.", entries.len() - MENTIONED_SHOWN));
    }
    lines
}

/// `Title: explanation [section]`.
pub fn line(entry: &Entry) -> String {
    format!("{}: {}", entry.title(), entry.text())
}

/// One line of the whole glossary: a section heading or an entry.
#[derive(Clone, Debug, PartialEq)]
pub enum GlossaryLine {
    Heading(String),
    Entry { title: String, text: String },
}

/// The whole glossary, section by section. A definition's title carries the
/// rulebook's name beside the English one; a word of the game's does not, as a
/// newcomer reads a long list of them and the original adds only noise there.
pub fn glossary_lines(glossary: &Glossary) -> Vec<GlossaryLine> {
    let mut lines = Vec::new();
    for section in &glossary.sections {
        lines.push(GlossaryLine::Heading(section.label.clone()));
        for e in &section.entries {
            let title = if section.kind.is_some() { e.title() } else { e.name.clone() };
            lines.push(GlossaryLine::Entry { title, text: e.text() });
        }
    }
    lines
}
