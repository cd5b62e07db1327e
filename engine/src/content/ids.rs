//! Text a pack shows and ids it names: what is refused, and which ids look alike.
//!
//! Every string of a pack may end up on a terminal (names, descriptions, ids in
//! messages), so no string may hold a control character other than newline and tab
//! (an escape code can clear the screen, fake a prompt or hide lines) nor a
//! bidirectional control (which makes text read in another order than it is
//! stored). An id is stricter: no control character at all, no surrounding spaces,
//! at most [`limits::MAX_ID_BYTES`]. A pack id also names directories, so it is a
//! plain name (`[A-Za-z0-9][A-Za-z0-9_-]*`).
//!
//! Ids that only *look* alike are legal but are a trap for whoever edits the pack,
//! so they get a warning: an id mixing scripts (Latin "gem" with a Cyrillic "е"),
//! one holding an invisible character (a zero-width space), and two ids of one kind
//! whose letters differ only by look-alikes (Latin "a", Cyrillic "а"). The
//! look-alike table here is small and covers the letters that are identical in
//! common fonts (Latin, Greek, Cyrillic, fullwidth forms), not all of Unicode's
//! confusables; ids written in ASCII alone never get a warning.

use super::limits;
use super::ron_reader::{Node, NodeValue, Pos};
use std::collections::HashMap;

/// Why a string of a pack cannot be shown, if it cannot.
pub fn text_problem(text: &str) -> Option<String> {
    let bad = text.chars().find(|&c| (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c))?;
    Some(format!(
        "the text holds {}; a pack's text may not hold control characters (other than newline and tab), which could change what a terminal shows",
        describe(bad)
    ))
}

/// Why `id` cannot be an id, if it cannot.
pub fn id_problem(id: &str) -> Option<String> {
    if let Some(bad) = id.chars().find(|&c| c.is_control() || is_bidi_control(c)) {
        return Some(format!("the id holds {}; ids may not hold control characters", describe(bad)));
    }
    if id.len() > limits::MAX_ID_BYTES {
        return Some(format!("the id has {} bytes, more than the {} an id may have", id.len(), limits::MAX_ID_BYTES));
    }
    if id.trim() != id {
        return Some("the id starts or ends with a space".into());
    }
    None
}

/// Why `id` cannot be a pack's id (it names the pack's directories), if it cannot.
pub fn pack_id_problem(id: &str) -> Option<String> {
    let mut chars = id.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && id.len() <= limits::MAX_ID_BYTES;
    (!plain).then(|| {
        format!(
            "`{}` is not a pack id: a pack id names its directories (content/<id>, scripts/<id>), so it is letters, digits, `_` and `-`, starting with a letter or digit",
            id.escape_debug()
        )
    })
}

/// The first string in `node` that cannot be shown: its position and why.
pub fn first_bad_text(node: &Node) -> Option<(Pos, String)> {
    let here = |s: &str| text_problem(s).map(|why| (node.pos, why));
    match &node.value {
        NodeValue::Str(s) | NodeValue::Ident(s) => here(s),
        NodeValue::Char(c) => here(c.encode_utf8(&mut [0; 4])),
        NodeValue::Some(inner) => first_bad_text(inner),
        NodeValue::List(items) | NodeValue::Tuple { items, .. } => items.iter().find_map(first_bad_text),
        NodeValue::Map(entries) => entries.iter().find_map(|(k, v)| first_bad_text(k).or_else(|| first_bad_text(v))),
        NodeValue::Struct { fields, .. } => fields.iter().find_map(|f| first_bad_text(&f.value)),
        NodeValue::Bool(_) | NodeValue::Int(_) | NodeValue::Float(_) | NodeValue::Unit => None,
    }
}

/// Collects ids by namespace and says which look like another or like nothing safe.
#[derive(Default)]
pub struct Lookalikes {
    /// Per namespace, the first id seen for each skeleton, and where it is.
    seen: HashMap<(String, String), (String, String)>,
}

impl Lookalikes {
    /// Notes `id` of `namespace` (a kind, "step", "variant"), written at `place`;
    /// the warning it deserves, if any.
    pub fn note(&mut self, namespace: &str, id: &str, place: String) -> Option<String> {
        if !id.is_ascii() {
            if let Some(c) = id.chars().find(|&c| is_invisible(c)) {
                return Some(format!("the id holds {}, which is invisible: it looks like the id without it", describe(c)));
            }
            if let Some(scripts) = mixed_scripts(id) {
                return Some(format!("the id mixes {scripts} letters, which can look alike; write it in one script"));
            }
        }
        let key = (namespace.to_owned(), skeleton(id));
        match self.seen.get(&key) {
            Some((other, at)) if other != id => {
                let spelled = [id, other.as_str()].iter().flat_map(|s| s.chars()).filter(|c| !c.is_ascii()).map(|c| format!("U+{:04X}", c as u32)).collect::<Vec<_>>();
                Some(format!(
                    "the id looks like `{other}` ({at}) but is another id (they differ in {}); ids that look alike are easy to mistake",
                    spelled.join(", ")
                ))
            }
            Some(_) => None,
            None => {
                self.seen.insert(key, (id.to_owned(), place));
                None
            }
        }
    }
}

/// `U+001B` with the character's kind, for messages (never the character itself).
fn describe(c: char) -> String {
    let kind = if c == '\u{1b}' {
        "escape character"
    } else if c.is_control() {
        "control character"
    } else if is_bidi_control(c) {
        "bidirectional control"
    } else {
        "character"
    };
    format!("the {kind} U+{:04X}", c as u32)
}

/// Characters that reorder how text around them is shown.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing (or nearly nothing) in most fonts.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180E}'
        | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// The writing system of a letter, coarsely (by Unicode block).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    /// Han, kana and Hangul, which are written together (and with Latin).
    Cjk,
    /// Any other block of 128 characters.
    Other(u32),
}

impl Script {
    fn of(c: char) -> Option<Script> {
        if !c.is_alphabetic() {
            return None; // digits, punctuation and marks go with any script
        }
        Some(match c as u32 {
            0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF | 0xAB30..=0xAB6F => Script::Latin,
            0xFF21..=0xFF3A | 0xFF41..=0xFF5A => Script::Latin,
            0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
            0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
            0x1100..=0x11FF | 0x3040..=0x30FF | 0x3130..=0x318F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F => Script::Cjk,
            n => Script::Other(n >> 7),
        })
    }

    fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Greek => "Greek",
            Script::Cyrillic => "Cyrillic",
            Script::Cjk => "CJK",
            Script::Other(_) => "other",
        }
    }
}

/// "Latin and Cyrillic" when `id` mixes scripts that are not written together.
fn mixed_scripts(id: &str) -> Option<String> {
    let mut scripts: Vec<Script> = id.chars().filter_map(Script::of).collect();
    scripts.sort();
    scripts.dedup();
    let fine = scripts.len() <= 1 || (scripts.len() == 2 && scripts == [Script::Latin, Script::Cjk]);
    (!fine).then(|| scripts.iter().map(|s| s.name()).collect::<Vec<_>>().join(" and "))
}

/// `id` with each look-alike letter replaced by the ASCII letter it looks like and
/// invisible characters removed: two ids with one skeleton look the same.
fn skeleton(id: &str) -> String {
    id.chars().filter(|&c| !is_invisible(c)).map(look_alike).collect()
}

/// The ASCII character `c` is drawn like in common fonts, or `c` itself.
fn look_alike(c: char) -> char {
    if let Some(ascii) = (c as u32).checked_sub(0xFEE0).filter(|_| ('\u{FF01}'..='\u{FF5E}').contains(&c)).and_then(char::from_u32) {
        return ascii; // fullwidth forms
    }
    match c {
        // Cyrillic
        'а' => 'a', 'с' => 'c', 'ԁ' => 'd', 'е' => 'e', 'һ' => 'h', 'і' => 'i', 'ј' => 'j', 'ӏ' => 'l', 'о' => 'o',
        'р' => 'p', 'ԛ' => 'q', 'ѕ' => 's', 'у' => 'y', 'ԝ' => 'w', 'х' => 'x',
        'А' => 'A', 'В' => 'B', 'С' => 'C', 'Е' => 'E', 'Н' => 'H', 'І' => 'I', 'Ј' => 'J', 'К' => 'K', 'М' => 'M',
        'О' => 'O', 'Р' => 'P', 'Ԛ' => 'Q', 'Ѕ' => 'S', 'Т' => 'T', 'Ԝ' => 'W', 'Х' => 'X', 'Ү' => 'Y',
        // Greek
        'α' => 'a', 'ι' => 'i', 'κ' => 'k', 'ν' => 'v', 'ο' => 'o', 'ρ' => 'p', 'υ' => 'u', 'χ' => 'x',
        'Α' => 'A', 'Β' => 'B', 'Ε' => 'E', 'Ζ' => 'Z', 'Η' => 'H', 'Ι' => 'I', 'Κ' => 'K', 'Μ' => 'M', 'Ν' => 'N',
        'Ο' => 'O', 'Ρ' => 'P', 'Τ' => 'T', 'Υ' => 'Y', 'Χ' => 'X',
        // Latin letters drawn like others
        'ı' => 'i', 'ℓ' => 'l', 'ɡ' => 'g',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_codes_and_bidi_controls_are_refused_in_text() {
        assert!(text_problem("Gem\u{1b}[2J").is_some_and(|m| m.contains("U+001B")));
        assert!(text_problem("abc\u{202E}fed").is_some());
        assert!(text_problem("\u{9b}31m").is_some());
        assert!(text_problem("two\nlines\tand a tab, Ñandú").is_none());
    }

    #[test]
    fn ids_hold_no_control_characters_and_pack_ids_are_plain_names() {
        assert!(id_problem("a\nb").is_some());
        assert!(id_problem(" gem").is_some());
        assert!(id_problem("gem").is_none());
        assert!(id_problem(&"x".repeat(limits::MAX_ID_BYTES + 1)).is_some());
        for bad in ["../x", "a/b", "", ".hidden", "a b"] {
            assert!(pack_id_problem(bad).is_some(), "{bad}");
        }
        for ok in ["my-pack", "mini", "toy_2"] {
            assert!(pack_id_problem(ok).is_none(), "{ok}");
        }
    }

    #[test]
    fn look_alike_ids_are_told_apart_from_plain_ones() {
        let mut ids = Lookalikes::default();
        assert_eq!(ids.note("token", "a", "here".into()), None);
        assert!(ids.note("token", "\u{430}", "there".into()).is_some_and(|w| w.contains("looks like `a`")));
        assert_eq!(ids.note("plan", "\u{430}", "there".into()), None, "another kind is another namespace");
        assert!(ids.note("token", "g\u{435}m", "x".into()).is_some_and(|w| w.contains("Latin and Cyrillic")));
        assert!(ids.note("token", "ge\u{200B}m", "x".into()).is_some_and(|w| w.contains("invisible")));
        assert_eq!(ids.note("token", "Ñandú", "x".into()), None);
        assert_eq!(ids.note("token", "звезда", "x".into()), None);
        assert_eq!(ids.note("token", "HP回復", "x".into()), None);
        assert_eq!(ids.note("plan", "\u{435}", "first".into()), None);
        assert!(ids.note("plan", "e", "later".into()).is_some_and(|w| w.contains("U+0435")), "either order is told");
    }
}
