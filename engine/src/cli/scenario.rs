//! Scenario files: a position in a pack, some choices, and checks on the result.
//!
//! A scenario is tooling input (RON read with serde, not pack content):
//!
//! ```ron
//! Scenario(
//!     name: "a short description",
//!     pack: "pack-id",            // or a path to a pack directory
//!     seats: 4, seed: 1, variants: [],
//!     setup: Some(r#"g:reset_flow() g:push("step", {})"#),   // optional Lua, run once
//!     steps: [
//!         Act(seat: 1, pick: "label"),      // the option labelled so, else the only one containing it ("#2": the 2nd)
//!         Act(seat: 1, picks: ["A", "B"]),  // a `many` decision
//!         Act(seat: 2, number: 3),
//!         Act(seat: 2, pass: true),
//!         Refused(seat: 1, pick: "label"),  // must be refused, leaving the state hash unchanged
//!         Expect(lua: "g:get(1, 'x') == 3", says: "seat 1 has 3 x"),
//!     ],
//! )
//! ```
//!
//! `setup` is a chunk of statements; `Expect(lua: ...)` is one expression, or a
//! several-line chunk that ends with an explicit `return`.
//!
//! [`run`] plays one scenario and returns why it failed, if it did. Seats are
//! 1-based, as in the rulebooks and in Lua.

use orrery::content::Ruleset;
use orrery::flow::{Choice, Decision};
use orrery::game::Game;
use orrery::replay::state_hash;
use orrery::state::Seat;
use orrery::value::Value;
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    pub pack: String,
    pub seats: usize,
    pub seed: u64,
    #[serde(default)]
    pub variants: Vec<String>,
    #[serde(default)]
    pub setup: Option<String>,
    pub steps: Vec<Step>,
}

/// One step of a scenario.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    Act {
        seat: usize,
        #[serde(default)]
        pick: Option<String>,
        #[serde(default)]
        picks: Option<Vec<String>>,
        #[serde(default)]
        number: Option<i64>,
        #[serde(default)]
        pass: bool,
    },
    Refused {
        seat: usize,
        #[serde(default)]
        pick: Option<String>,
        #[serde(default)]
        picks: Option<Vec<String>>,
        #[serde(default)]
        number: Option<i64>,
        #[serde(default)]
        pass: bool,
    },
    Expect {
        lua: String,
        #[serde(default)]
        says: Option<String>,
    },
}

/// The answer part shared by `Act` and `Refused`.
struct Answer<'a> {
    seat: usize,
    pick: &'a Option<String>,
    picks: &'a Option<Vec<String>>,
    number: Option<i64>,
    pass: bool,
}

/// Parses a scenario file's text.
pub fn parse(text: &str) -> Result<Scenario, String> {
    // `says: "..."` and `setup: r#"..."#` read naturally without `Some(...)`.
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| e.to_string())
}

/// Plays `scenario` on `rules`; `Err` says which step failed and why.
pub fn run(rules: Arc<Ruleset>, scenario: &Scenario) -> Result<(), String> {
    let mut game = Game::new(rules, scenario.seats, scenario.seed, scenario.variants.clone()).map_err(|e| format!("cannot start: {e}"))?;
    if let Some(code) = &scenario.setup {
        // A trailing newline keeps `Game::eval` from reading a one-line set-up as
        // an expression (it prefixes one-line snippets with `return`).
        game.eval("setup", &format!("{code}\n")).map_err(|e| format!("setup: {e}"))?;
    }
    for (i, step) in scenario.steps.iter().enumerate() {
        let n = i + 1;
        match step {
            Step::Act { seat, pick, picks, number, pass } => {
                let answer = Answer { seat: *seat, pick, picks, number: *number, pass: *pass };
                let (seat, choice) = choice(&game, &answer).map_err(|e| format!("step {n} (Act): {e}"))?;
                game.act(seat, choice).map_err(|e| format!("step {n} (Act seat {}): refused: {e}", answer.seat))?;
            }
            Step::Refused { seat, pick, picks, number, pass } => {
                let answer = Answer { seat: *seat, pick, picks, number: *number, pass: *pass };
                let (before, hash) = (game.state.clone(), state_hash(&game.state));
                // An option that is not offered at all is refused by construction.
                if let Ok((seat, choice)) = choice(&game, &answer) {
                    if game.act(seat, choice).is_ok() {
                        return Err(format!("step {n} (Refused seat {}): the act was accepted", answer.seat));
                    }
                    let after = state_hash(&game.state);
                    if after != hash || game.state != before {
                        return Err(format!("step {n} (Refused seat {}): refused, but the state changed ({hash} -> {after})", answer.seat));
                    }
                }
            }
            Step::Expect { lua, says } => {
                let what = says.as_deref().unwrap_or(lua);
                match game.eval(&format!("expect {n}"), lua) {
                    Ok(Value::Bool(true)) => {}
                    Ok(other) => return Err(format!("step {n}: expected {what} ({lua}), got {other}")),
                    Err(e) => return Err(format!("step {n}: {what}: {e}")),
                }
            }
        }
    }
    Ok(())
}

/// Turns an answer into a kernel choice against the seat's open decision.
fn choice(game: &Game, answer: &Answer<'_>) -> Result<(Seat, Choice), String> {
    if answer.seat == 0 || answer.seat > game.state.seat_count() {
        return Err(format!("seat {} does not exist (seats are 1..{})", answer.seat, game.state.seat_count()));
    }
    let seat = (answer.seat - 1) as Seat;
    let given = [answer.pick.is_some(), answer.picks.is_some(), answer.number.is_some(), answer.pass].iter().filter(|&&b| b).count();
    if given != 1 {
        return Err("give exactly one of pick, picks, number or pass".into());
    }
    if answer.pass {
        return Ok((seat, Choice::Pass));
    }
    if let Some(n) = answer.number {
        return Ok((seat, Choice::Number(n)));
    }
    let Some(decision) = game.decision_for(seat) else {
        let waiting: Vec<String> = game.pending().map(|p| p.waiting_seats().iter().map(|s| (s + 1).to_string()).collect()).unwrap_or_default();
        return Err(format!("seat {} has no decision to make (waiting on seats: {})", answer.seat, waiting.join(", ")));
    };
    if let Some(label) = answer.pick {
        return Ok((seat, Choice::Pick(find(decision, label)?)));
    }
    let labels = answer.picks.as_deref().unwrap_or_default();
    Ok((seat, Choice::PickMany(labels.iter().map(|l| find(decision, l)).collect::<Result<_, _>>()?)))
}

/// The option whose label is `text`, else the only one whose label contains it;
/// `#N` names the N-th option (1-based), for labels that depend on a random board.
fn find(decision: &Decision, text: &str) -> Result<usize, String> {
    if let Some(n) = text.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
        return if n >= 1 && n <= decision.options.len() {
            Ok(n - 1)
        } else {
            Err(format!("\"{}\" has {} options, not #{n}", decision.prompt, decision.options.len()))
        };
    }
    if let Some(i) = decision.options.iter().position(|o| o.label == text) {
        return Ok(i);
    }
    let containing: Vec<usize> = (0..decision.options.len()).filter(|&i| decision.options[i].label.contains(text)).collect();
    let labels = || decision.options.iter().map(|o| format!("\"{}\"", o.label)).collect::<Vec<_>>().join(", ");
    match containing.as_slice() {
        [i] => Ok(*i),
        [] => Err(format!("\"{}\" offers no option \"{text}\" (options: {})", decision.prompt, labels())),
        many => Err(format!(
            "\"{text}\" is ambiguous in \"{}\": {}",
            decision.prompt,
            many.iter().map(|&i| format!("\"{}\"", decision.options[i].label)).collect::<Vec<_>>().join(", ")
        )),
    }
}
