//! A malformed pack is reported, not half-loaded: every mistake, each with the
//! file, line and column where it is (`file:line:col: entry: message`).

use crate::common::load_broken;

/// The error lines of a broken pack (which must not load).
fn errors(id: &str) -> Vec<String> {
    match load_broken(id) {
        Ok(_) => panic!("{id} should not load"),
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

/// The one error line starting with `at` (`file:line:col`), which must mention `says`.
fn assert_error(lines: &[String], at: &str, says: &str) {
    let found: Vec<&String> = lines.iter().filter(|l| l.starts_with(&format!("{at}: "))).collect();
    assert_eq!(found.len(), 1, "expected one error at {at}, got:\n{}", lines.join("\n"));
    assert!(found[0].contains(says), "the error at {at} should say {says:?}: {}", found[0]);
}

const ITEMS: &str = "content/bad_entries/items.ron";

#[test]
fn unknown_field_points_at_the_field_name() {
    assert_error(&errors("bad_entries"), &format!("{ITEMS}:4:42"), "unknown field `colour`");
}

#[test]
fn wrong_type_points_at_the_value() {
    assert_error(&errors("bad_entries"), &format!("{ITEMS}:5:40"), "expected an integer, found string");
}

#[test]
fn missing_field_points_at_the_entry() {
    assert_error(&errors("bad_entries"), &format!("{ITEMS}:6:5"), "missing field `name`");
}

#[test]
fn duplicate_id_points_at_the_second_entry() {
    assert_error(&errors("bad_entries"), &format!("{ITEMS}:7:5"), "already used");
}

#[test]
fn bad_reference_points_at_the_reference() {
    assert_error(&errors("bad_entries"), &format!("{ITEMS}:8:57"), "no item has the id \"zzz\"");
}

#[test]
fn errors_name_the_entry_they_are_in() {
    let lines = errors("bad_entries");
    assert!(lines.iter().any(|l| l.starts_with(&format!("{ITEMS}:5:40: item \"c\": "))), "{lines:?}");
}

#[test]
fn every_error_of_a_pack_is_reported_not_just_the_first() {
    let lines = errors("bad_entries");
    assert_eq!(lines.len(), 5, "one error per broken entry, and none for the good one:\n{}", lines.join("\n"));
    assert!(!lines.iter().any(|l| l.contains(":3:")), "line 3 is correct: {lines:?}");
}

#[test]
fn syntax_error_points_at_the_unexpected_token() {
    let lines = errors("bad_syntax");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_error(&lines, "content/bad_syntax/items.ron:3:33", "expected ','");
}
