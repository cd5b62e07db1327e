//! Showing a decision to a person and reading their answer from a line of text.
//!
//! Options are numbered from 1 on screen (the kernel counts from 0). Parsing is a
//! pure function of the decision and the line, so it is unit-tested without a
//! terminal; anything unreadable becomes a reason to ask again, never a panic.

use orrery::flow::{option_count, Choice, Decision, DecisionKind};
use std::io::Write;

/// What a line of input asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Answer(Choice),
    Help,
    /// What the pack explains (`g`): everything, or the entries whose name holds the
    /// words after it (`g harbour`).
    Glossary(Option<String>),
    /// Every seat's public facts (`seats`).
    Seats,
    /// The map, as text (`map`).
    Map,
    Quit,
}

/// Writes the prompt, the rule reference and the numbered options.
pub fn show(decision: &Decision, out: &mut dyn Write) -> std::io::Result<()> {
    let rule = decision.rule.as_deref().map(|r| format!("  [{r}]")).unwrap_or_default();
    writeln!(out, "Seat {}: {}{rule}", decision.seat as usize + 1, decision.prompt)?;
    for (i, option) in decision.options.iter().enumerate() {
        writeln!(out, "  {}) {}", i + 1, option.label)?;
    }
    if let Some(pass) = &decision.pass {
        writeln!(out, "  p) {pass}")?;
    }
    writeln!(out, "  ({}; ? help, g glossary, seats, map, q quit)", hint(decision))?;
    Ok(())
}

/// How to answer, in a few words.
fn hint(decision: &Decision) -> String {
    match decision.kind {
        DecisionKind::One if decision.options.is_empty() => "only passing is possible".into(),
        DecisionKind::One => format!("a number from 1 to {}", decision.options.len()),
        DecisionKind::Many { min, max } => {
            let none = if min == 0 { ", or `none`" } else { "" };
            format!("the numbers of {}, separated by spaces{none}", option_count(min, max))
        }
        DecisionKind::Number { min, max } => format!("a whole number from {min} to {max}"),
    }
}

/// The help screen of `?`.
pub fn help(decision: &Decision) -> String {
    let text = decision.help.as_deref().unwrap_or("(the pack gives no help for this decision)");
    match &decision.rule {
        Some(rule) => format!("{text}\nRule: {rule}"),
        None => text.to_owned(),
    }
}

/// Reads one line of input as an answer to `decision`.
pub fn parse(decision: &Decision, line: &str) -> Result<Input, String> {
    let text = line.trim();
    match text {
        "?" | "help" => return Ok(Input::Help),
        "g" | "glossary" => return Ok(Input::Glossary(None)),
        "seats" => return Ok(Input::Seats),
        "map" => return Ok(Input::Map),
        "q" | "quit" => return Ok(Input::Quit),
        "p" | "pass" => {
            return match decision.pass {
                Some(_) => Ok(Input::Answer(Choice::Pass)),
                None => Err("passing is not allowed here".into()),
            }
        }
        "" => return Err(format!("type {}", hint(decision))),
        _ => {}
    }
    if let Some(words) = text.strip_prefix("g ").or_else(|| text.strip_prefix("glossary ")) {
        return Ok(Input::Glossary(Some(words.trim().to_owned())));
    }
    match decision.kind {
        DecisionKind::One => option(decision, text).map(|i| Input::Answer(Choice::Pick(i))),
        DecisionKind::Many { min, max } => {
            let picks = if text == "none" || text == "-" {
                Vec::new()
            } else {
                text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).map(|t| option(decision, t)).collect::<Result<Vec<_>, _>>()?
            };
            if picks.len() < min || picks.len() > max {
                return Err(format!("choose {}, not {}", option_count(min, max), picks.len()));
            }
            Ok(Input::Answer(Choice::PickMany(picks)))
        }
        DecisionKind::Number { min, max } => {
            let n: i64 = text.parse().map_err(|_| format!("`{text}` is not a whole number"))?;
            if n < min || n > max {
                return Err(format!("{n} is not a number from {min} to {max}"));
            }
            Ok(Input::Answer(Choice::Number(n)))
        }
    }
}

/// A 1-based option number on screen as a 0-based index.
fn option(decision: &Decision, text: &str) -> Result<usize, String> {
    let count = decision.options.len();
    match text.parse::<usize>() {
        Ok(n) if (1..=count).contains(&n) => Ok(n - 1),
        Ok(n) => Err(format!("there is no option {n} (options 1 to {count})")),
        Err(_) => Err(format!("`{text}` is not an option number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery::flow::OptionItem;
    use orrery::value::Value;

    fn decision(kind: DecisionKind, pass: bool) -> Decision {
        Decision {
            seat: 0,
            prompt: "Choose".into(),
            rule: Some("R 1".into()),
            help: None,
            kind,
            options: (0..3).map(|i| OptionItem { label: format!("o{i}"), value: Value::Int(i), free: false }).collect(),
            pass: pass.then(|| "skip".to_string()),
            key: None,
            labels: None,
        }
    }

    #[test]
    fn option_numbers_on_screen_start_at_one() {
        let d = decision(DecisionKind::One, false);
        assert_eq!(parse(&d, "1\n"), Ok(Input::Answer(Choice::Pick(0))));
        assert!(parse(&d, "0").is_err());
        assert!(parse(&d, "4").is_err());
        assert!(parse(&d, "x").is_err());
    }

    #[test]
    fn pass_only_where_the_decision_allows_it() {
        assert_eq!(parse(&decision(DecisionKind::One, true), "p"), Ok(Input::Answer(Choice::Pass)));
        assert!(parse(&decision(DecisionKind::One, false), "p").is_err());
    }

    #[test]
    fn many_reads_space_separated_numbers_within_the_count() {
        let d = decision(DecisionKind::Many { min: 0, max: 2 }, false);
        assert_eq!(parse(&d, "3 1"), Ok(Input::Answer(Choice::PickMany(vec![2, 0]))));
        assert_eq!(parse(&d, "none"), Ok(Input::Answer(Choice::PickMany(vec![]))));
        assert_eq!(parse(&d, "1 2 3"), Err("choose up to 2 options, not 3".into()));
        let exactly = decision(DecisionKind::Many { min: 2, max: 2 }, false);
        assert_eq!(parse(&exactly, "1"), Err("choose 2 options, not 1".into()), "never 'between 2 and 2'");
        assert_eq!(parse(&decision(DecisionKind::Number { min: 0, max: 3 }, false), "4"), Err("4 is not a number from 0 to 3".into()));
    }

    #[test]
    fn numbers_must_be_in_range() {
        let d = decision(DecisionKind::Number { min: 0, max: 3 }, false);
        assert_eq!(parse(&d, " 3 "), Ok(Input::Answer(Choice::Number(3))));
        assert!(parse(&d, "4").is_err());
        assert!(parse(&d, "-99999999999999999999").is_err());
    }

    #[test]
    fn help_and_quit_are_always_available() {
        let d = decision(DecisionKind::One, false);
        assert_eq!(parse(&d, "?"), Ok(Input::Help));
        assert_eq!(parse(&d, "q"), Ok(Input::Quit));
        assert_eq!(parse(&d, "g"), Ok(Input::Glossary(None)));
        assert_eq!(parse(&d, "g  Harbour "), Ok(Input::Glossary(Some("Harbour".into()))));
        assert_eq!(parse(&d, "seats"), Ok(Input::Seats));
        assert_eq!(parse(&d, "map"), Ok(Input::Map));
        assert!(help(&d).contains("R 1"));
    }
}
