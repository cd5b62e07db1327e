//! What the front ends say about a pack's words: the glossary entries a decision
//! names (shown under its help), and the whole glossary as lines (the terminal's
//! Rules tab, `g` in the plain prompt). The entries come from the pack
//! ([`orrery::content::glossary`]); this only lays them out.

use orrery::content::glossary::{Entry, Glossary};
use orrery::flow::Decision;

/// At most this many entries are explained under a decision's help; the rest are
/// counted, and the Rules tab holds them all.
///
/// Enough for every option of a typical choice (a draft of eight cards, a hand of
/// seven) with a few words of the prompt beside them, as a player choosing among
/// options needs every one of them explained, not most. The help box scrolls, so
/// the only cost of more is that the keys and the legend after them move further
/// down; past a dozen (a choice among all of a deck) the list stops being read and
/// the Rules tab serves better.
pub const MENTIONED_SHOWN: usize = 12;

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

#[cfg(test)]
mod tests {
    use super::*;
    use orrery::content::glossary::Section;
    use orrery::flow::{DecisionKind, OptionItem};
    use orrery::value::Value;

    fn entry(name: &str) -> Entry {
        Entry { id: name.to_lowercase(), name: name.to_owned(), original: None, explain: Some(format!("What {name} does.")), source: None }
    }

    fn choice_among(labels: &[String]) -> Decision {
        Decision {
            seat: 0,
            prompt: "Choose one".into(),
            rule: None,
            help: None,
            kind: DecisionKind::One,
            options: labels.iter().map(|l| OptionItem { label: l.clone(), value: Value::Nil, free: false }).collect(),
            pass: None,
            key: None,
            labels: None,
        }
    }

    #[test]
    fn every_one_of_eight_options_is_explained() {
        let names: Vec<String> = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"].map(String::from).to_vec();
        let glossary = Glossary { sections: vec![Section { label: "Cards".into(), kind: Some("card".into()), entries: names.iter().map(|n| entry(n)).collect() }] };
        let lines = mentioned(&glossary, &choice_among(&names));
        assert_eq!(lines.len(), 8, "{lines:#?}");
        assert!(lines.iter().all(|l| !l.contains("more in the glossary")), "{lines:#?}");
    }

    #[test]
    fn a_choice_among_a_whole_deck_counts_the_rest() {
        let names: Vec<String> = (0..20).map(|i| format!("Card{i:02}")).collect();
        let glossary = Glossary { sections: vec![Section { label: "Cards".into(), kind: Some("card".into()), entries: names.iter().map(|n| entry(n)).collect() }] };
        let lines = mentioned(&glossary, &choice_among(&names));
        assert_eq!(lines.len(), MENTIONED_SHOWN + 1);
        assert_eq!(lines.last().map(String::as_str), Some("… and 8 more in the glossary."));
    }
}
