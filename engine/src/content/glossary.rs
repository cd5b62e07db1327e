//! What a pack explains to its players: the definitions they meet and the words of
//! its game, each with an English name, the rulebook's own name where it differs,
//! an explanation and the section that rules it.
//!
//! A pack declares both as presentation data (no rule reads them):
//! - `ui_glossary(id: <definition kind>, label)`: players meet the definitions of this
//!   kind (a hand of cards, a people they play); each needs `name`, `explain` and
//!   `source` fields, `original` being optional.
//! - `ui_term(id, name, original, explain, source)`: a word of the game that is no
//!   definition (a resource, a kind of token, a phase).
//!
//! Front ends show the glossary and explain what a decision's options name;
//! [`warnings`] is what `orrery check` says of a definition players meet without
//! its explanation. Like the rest of `content`, nothing here knows a game.

use super::{ContentError, Def, Ruleset};
use crate::value::Value;

/// One thing explained: a definition or a term.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: String,
    /// The English name players read.
    pub name: String,
    /// The rulebook's name, when it differs from `name`.
    pub original: Option<String>,
    pub explain: Option<String>,
    /// The section of the rules, as the pack cites it.
    pub source: Option<String>,
}

impl Entry {
    fn of(def: &Def) -> Entry {
        let text = |field: &str| def.value.get(field).and_then(Value::as_str).map(str::to_owned);
        let name = text("name").unwrap_or_else(|| def.id.replace('_', " "));
        let original = text("original").filter(|o| *o != name);
        Entry { id: def.id.clone(), name, original, explain: text("explain"), source: text("source") }
    }

    /// `Name (Original)`, or the name alone.
    pub fn title(&self) -> String {
        match &self.original {
            Some(original) => format!("{} ({original})", self.name),
            None => self.name.clone(),
        }
    }

    /// The explanation followed by its section in brackets.
    pub fn text(&self) -> String {
        let explain = self.explain.as_deref().unwrap_or("(no explanation yet)");
        match &self.source {
            Some(source) => format!("{explain} [{source}]"),
            None => explain.to_owned(),
        }
    }
}

/// The entries of one kind of definition, or the pack's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// What the pack calls them ("Event cards"), or "Words of the game".
    pub label: String,
    /// The definition kind (`None` for the terms).
    pub kind: Option<String>,
    pub entries: Vec<Entry>,
}

/// Everything a pack explains, in the order it declares it: its terms first, then
/// each kind of definition.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Glossary {
    pub sections: Vec<Section>,
}

/// The label of the section of terms.
pub const TERMS: &str = "Words of the game";

impl Glossary {
    pub fn new(rules: &Ruleset) -> Glossary {
        let defs = |kind: &str| rules.defs.get(kind).map(Vec::as_slice).unwrap_or_default();
        let mut sections = Vec::new();
        let terms: Vec<Entry> = defs("ui_term").iter().map(Entry::of).collect();
        if !terms.is_empty() {
            sections.push(Section { label: TERMS.to_owned(), kind: None, entries: terms });
        }
        for kind in defs("ui_glossary") {
            let label = kind.value.get("label").and_then(Value::as_str).unwrap_or(&kind.id).to_owned();
            let entries = defs(&kind.id).iter().map(Entry::of).collect();
            sections.push(Section { label, kind: Some(kind.id.clone()), entries });
        }
        Glossary { sections }
    }

    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    /// The entry of the definition `kind` / `id`, if players meet that kind.
    pub fn entry(&self, kind: &str, id: &str) -> Option<&Entry> {
        let section = self.sections.iter().find(|s| s.kind.as_deref() == Some(kind))?;
        section.entries.iter().find(|e| e.id == id)
    }

    /// The entries whose name (or original name) `text` mentions as a whole word or
    /// phrase, each once. Longer names are looked for first and taken out of the text,
    /// so that "Dark Harbour" is one mention and not also one of "Harbour"; terms
    /// come after definitions, as they are the more general.
    pub fn mentioned_in(&self, text: &str) -> Vec<&Entry> {
        let mut candidates: Vec<(&Entry, &str, bool)> = Vec::new();
        for section in &self.sections {
            for e in &section.entries {
                candidates.push((e, &e.name, section.kind.is_none()));
                if let Some(o) = &e.original {
                    candidates.push((e, o, section.kind.is_none()));
                }
            }
        }
        candidates.sort_by_key(|(_, name, term)| (*term, std::cmp::Reverse(name.chars().count())));
        let mut rest = text.to_owned();
        let mut found: Vec<&Entry> = Vec::new();
        for (entry, name, _) in candidates {
            if name.chars().count() < 3 {
                continue;
            }
            let Some(left) = without(&rest, name) else { continue };
            rest = left;
            if !found.iter().any(|f| std::ptr::eq(*f, entry)) {
                found.push(entry);
            }
        }
        found
    }
}

/// `text` with every mention of `name` (no letter or digit glued to either end)
/// blanked out, or `None` when it has none.
fn without(text: &str, name: &str) -> Option<String> {
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (at, _) in text.match_indices(name) {
        if at < last || !boundary(text[..at].chars().next_back()) || !boundary(text[at + name.len()..].chars().next()) {
            continue;
        }
        out.push_str(&text[last..at]);
        out.push('|');
        last = at + name.len();
    }
    if last == 0 {
        return None;
    }
    out.push_str(&text[last..]);
    Some(out)
}

/// A warning for every definition players meet (`ui_glossary` kinds) that lacks
/// `name`, `explain` or `source`, and for every `ui_glossary` kind the pack does not
/// define; each at the definition's own place.
pub fn warnings(rules: &Ruleset) -> Vec<ContentError> {
    let mut out = Vec::new();
    for glossary in rules.defs.get("ui_glossary").map(Vec::as_slice).unwrap_or_default() {
        let Some(defs) = rules.defs.get(&glossary.id) else {
            let message = format!("players meet definitions of kind `{}`, but the pack has none", glossary.id);
            out.push(ContentError::with_entry(&glossary.file, glossary.pos, &format!("ui_glossary \"{}\"", glossary.id), message));
            continue;
        };
        for def in defs {
            let missing: Vec<&str> = ["name", "explain", "source"]
                .into_iter()
                .filter(|field| def.value.get(field).and_then(Value::as_str).is_none_or(|t| t.trim().is_empty()))
                .collect();
            if missing.is_empty() {
                continue;
            }
            let fields = missing.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
            let message = format!(
                "players meet this {} (ui_glossary) but it has no {fields}: give it an English `name`, one to three sentences in `explain` and the rule section in `source`",
                def.kind.replace('_', " ")
            );
            out.push(ContentError::with_entry(&def.file, def.pos, &format!("{} \"{}\"", def.kind, def.id), message));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, name: &str, original: Option<&str>) -> Entry {
        Entry { id: id.into(), name: name.into(), original: original.map(Into::into), explain: Some("x".into()), source: None }
    }

    fn glossary() -> Glossary {
        Glossary {
            sections: vec![
                Section { label: TERMS.into(), kind: None, entries: vec![entry("port", "Harbour", None)] },
                Section {
                    label: "Peoples".into(),
                    kind: Some("people".into()),
                    entries: vec![entry("dark", "Dark Harbour", Some("Puerto Oscuro")), entry("owls", "Owls", Some("Búhos"))],
                },
            ],
        }
    }

    #[test]
    fn names_are_found_as_whole_words_longest_first() {
        let g = glossary();
        let ids = |text: &str| g.mentioned_in(text).iter().map(|e| e.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids("Take Dark Harbour"), ["dark"], "the longer name hides the shorter one inside it");
        assert_eq!(ids("Take Dark Harbour or a Harbour"), ["dark", "port"]);
        assert_eq!(ids("Búhos, then Owls"), ["owls"], "an entry is listed once, by either name");
        assert!(ids("Harbours").is_empty(), "a name glued to more letters is another word");
    }

    #[test]
    fn titles_carry_the_original_name_and_texts_the_section() {
        let mut e = entry("owls", "Owls", Some("Búhos"));
        e.source = Some("R 1.2".into());
        assert_eq!(e.title(), "Owls (Búhos)");
        assert_eq!(e.text(), "x [R 1.2]");
    }
}
