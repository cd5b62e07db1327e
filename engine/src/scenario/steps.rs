//! Playing a scenario's steps: answers, set-up code, and checks that only look.

use super::{Scenario, Step};
use crate::bots::candidates;
use crate::content::Ruleset;
use crate::flow::{Choice, Decision};
use crate::game::Game;
use crate::replay::state_hash;
use crate::state::Seat;
use crate::value::Value;
use crate::view::as_seen_by;
use std::sync::Arc;

/// The answer part shared by `Act` and `Refused`.
struct Answer<'a> {
    seat: usize,
    pick: &'a Option<String>,
    picks: &'a Option<Vec<String>>,
    number: Option<i64>,
    pass: bool,
}

/// Plays `scenario` on `rules`. `Ok` holds its warnings (old forms that still
/// work); `Err` says which step failed and why.
pub fn run(rules: Arc<Ruleset>, scenario: &Scenario) -> Result<Vec<String>, String> {
    let mut game = Game::new(rules, scenario.seats, scenario.seed, scenario.variants.clone()).map_err(|e| format!("cannot start: {e}"))?;
    if let Some(code) = &scenario.setup {
        run_code(&mut game, "setup", code).map_err(|e| format!("setup: {e}"))?;
    }
    let mut warnings = Vec::new();
    for (i, step) in scenario.steps.iter().enumerate() {
        let n = i + 1;
        match step {
            Step::Act { seat, pick, picks, number, pass } => {
                let answer = Answer { seat: *seat, pick, picks, number: *number, pass: *pass };
                let (seat, choice) = choice(&game, &answer).map_err(|e| format!("step {n} (Act): {e}"))?;
                game.act(seat, choice).map_err(|e| format!("step {n} (Act seat {}): refused: {e}", answer.seat))?;
            }
            Step::Advance { until, max } => advance(&mut game, n, until, *max)?,
            Step::Run { lua } => run_code(&mut game, &format!("run {n}"), lua).map_err(|e| format!("step {n} (Run): {e}"))?,
            Step::Refused { seat, pick, picks, number, pass } => {
                let answer = Answer { seat: *seat, pick, picks, number: *number, pass: *pass };
                refused(&game, &answer).map_err(|e| format!("step {n} (Refused seat {seat}): {e}"))?;
            }
            Step::Expect { lua, says } => {
                let what = says.as_deref().unwrap_or(lua);
                let mut probe = game.clone();
                check(&mut probe, &format!("expect {n}"), lua).map_err(|e| format!("step {n}: expected {what}: {e}"))?;
                if probe.state != game.state {
                    // Older scenarios set positions up inside `Expect`; that still works.
                    warnings.push(format!("step {n} (Expect): its code changed the game; put set-up in a `Run(lua: ...)` step (deprecated)"));
                    game = probe;
                }
            }
            Step::Options { seat, has, lacks } => options(&game, *seat, has, lacks).map_err(|e| format!("step {n} (Options seat {seat}): {e}"))?,
            Step::Log { seat, has, lacks } => log(&game, *seat, has, lacks).map_err(|e| format!("step {n} (Log): {e}"))?,
            Step::View { seat, lua, says } => {
                let what = says.as_deref().unwrap_or(lua);
                let seat = seat_index(&game, *seat).map_err(|e| format!("step {n} (View): {e}"))?;
                let mut seen = Game::from_state(game.rules.clone(), as_seen_by(&game.state, &game.rules.manifest.secrets, seat));
                check(&mut seen, &format!("view {n}"), lua).map_err(|e| format!("step {n}: seat {} should see {what}: {e}", seat + 1))?;
            }
            Step::Waiting { seats } => waiting(&game, seats).map_err(|e| format!("step {n} (Waiting): {e}"))?,
            Step::Outcome { ranking, scores } => outcome(&game, ranking.as_deref(), scores.as_deref()).map_err(|e| format!("step {n} (Outcome): {e}"))?,
        }
    }
    Ok(warnings)
}

/// Runs set-up code; a trailing newline keeps `Game::eval` from reading a one-line
/// chunk as an expression (it prefixes one-line snippets with `return`).
fn run_code(game: &mut Game, name: &str, code: &str) -> Result<(), String> {
    game.eval(name, &format!("{code}\n")).map(|_| ()).map_err(|e| e.to_string())
}

/// Evaluates a check, which must give `true`.
fn check(game: &mut Game, name: &str, lua: &str) -> Result<(), String> {
    match game.eval(name, lua) {
        Ok(Value::Bool(true)) => Ok(()),
        Ok(other) => Err(format!("got {other} ({lua})")),
        Err(e) => Err(e.to_string()),
    }
}

fn advance(game: &mut Game, n: usize, until: &str, max: usize) -> Result<(), String> {
    for _ in 0..=max {
        let mut probe = game.clone();
        match probe.eval(&format!("advance {n}"), until) {
            Ok(Value::Bool(true)) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(format!("step {n} (Advance): {e}")),
        }
        let Some(pending) = game.pending() else { return Err(format!("step {n} (Advance): the game ended before `{until}`")) };
        let seat = pending.waiting_seats()[0];
        let decision = game.decision_for(seat).ok_or_else(|| format!("step {n} (Advance): seat {} waits without a decision", seat + 1))?;
        let first = candidates(decision, 1).remove(0);
        game.act(seat, first).map_err(|e| format!("step {n} (Advance): the first answer to \"{}\" was refused: {e}", decision_prompt(game, seat)))?;
    }
    Err(format!("step {n} (Advance): `{until}` still false after {max} answers"))
}

fn decision_prompt(game: &Game, seat: Seat) -> String {
    game.decision_for(seat).map(|d| d.prompt.clone()).unwrap_or_default()
}

/// The answer must name an offered option, and the engine must refuse it without
/// changing anything.
fn refused(game: &Game, answer: &Answer<'_>) -> Result<(), String> {
    let seat = seat_index(game, answer.seat)?;
    open_decision(game, seat)?;
    let (seat, choice) = choice(game, answer)?;
    let mut probe = game.clone();
    let hash = state_hash(&game.state);
    if probe.act(seat, choice).is_ok() {
        return Err("the answer was accepted".into());
    }
    let after = state_hash(&probe.state);
    if after != hash || probe.state != game.state {
        return Err(format!("refused, but the state changed ({hash} -> {after})"));
    }
    Ok(())
}

fn options(game: &Game, seat: usize, has: &[String], lacks: &[String]) -> Result<(), String> {
    let decision = open_decision(game, seat_index(game, seat)?)?;
    let labels = || decision.options.iter().map(|o| format!("\"{}\"", o.label)).collect::<Vec<_>>().join(", ");
    for text in has {
        if !decision.options.iter().any(|o| o.label.contains(text.as_str())) {
            return Err(format!("\"{}\" offers no option \"{text}\" (options: {})", decision.prompt, labels()));
        }
    }
    for text in lacks {
        if let Some(o) = decision.options.iter().find(|o| o.label.contains(text.as_str())) {
            return Err(format!("\"{}\" offers \"{}\", which it should not", decision.prompt, o.label));
        }
    }
    Ok(())
}

fn log(game: &Game, seat: Option<usize>, has: &[String], lacks: &[String]) -> Result<(), String> {
    let viewer = seat.map(|s| seat_index(game, s)).transpose()?;
    let lines = game.view(viewer).log;
    let who = viewer.map_or("the public log".to_owned(), |s| format!("the log of seat {}", s + 1));
    for text in has {
        if !lines.iter().any(|l| l.contains(text.as_str())) {
            return Err(format!("{who} has no line containing \"{text}\""));
        }
    }
    for text in lacks {
        if let Some(line) = lines.iter().find(|l| l.contains(text.as_str())) {
            return Err(format!("{who} has \"{line}\", which contains \"{text}\""));
        }
    }
    Ok(())
}

fn waiting(game: &Game, expected: &[usize]) -> Result<(), String> {
    let mut got: Vec<usize> = game.pending().map(|p| p.waiting_seats().iter().map(|&s| s as usize + 1).collect()).unwrap_or_default();
    let mut expected = expected.to_vec();
    got.sort_unstable();
    expected.sort_unstable();
    if got == expected {
        Ok(())
    } else {
        Err(format!("waiting on seats {got:?}, expected {expected:?}"))
    }
}

fn outcome(game: &Game, ranking: Option<&[usize]>, scores: Option<&[i64]>) -> Result<(), String> {
    let Some(outcome) = &game.state.outcome else { return Err("the game is not over".into()) };
    if let Some(expected) = ranking {
        let got: Vec<usize> = outcome.ranking.iter().map(|&s| s as usize + 1).collect();
        if got != expected {
            return Err(format!("ranking {got:?}, expected {expected:?}"));
        }
    }
    if let Some(expected) = scores {
        if outcome.scores != expected {
            return Err(format!("scores {:?}, expected {expected:?}", outcome.scores));
        }
    }
    Ok(())
}

/// A 1-based seat number as the kernel's seat.
fn seat_index(game: &Game, seat: usize) -> Result<Seat, String> {
    if seat == 0 || seat > game.state.seat_count() {
        return Err(format!("seat {seat} does not exist (seats are 1..{})", game.state.seat_count()));
    }
    Ok((seat - 1) as Seat)
}

/// The decision `seat` must answer now, labelled as a player reads it.
fn open_decision(game: &Game, seat: Seat) -> Result<Decision, String> {
    let shown = game.shown_decision(seat).map_err(|e| format!("the labels of seat {}'s decision: {e}", seat + 1))?;
    shown.ok_or_else(|| {
        let waiting: Vec<String> = game.pending().map(|p| p.waiting_seats().iter().map(|s| (s + 1).to_string()).collect()).unwrap_or_default();
        format!("seat {} has no decision to make (waiting on seats: {})", seat + 1, waiting.join(", "))
    })
}

/// Turns an answer into a kernel choice against the seat's open decision.
fn choice(game: &Game, answer: &Answer<'_>) -> Result<(Seat, Choice), String> {
    let seat = seat_index(game, answer.seat)?;
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
    let decision = open_decision(game, seat)?;
    if let Some(label) = answer.pick {
        return Ok((seat, Choice::Pick(find(&decision, label)?)));
    }
    let labels = answer.picks.as_deref().unwrap_or_default();
    Ok((seat, Choice::PickMany(labels.iter().map(|l| find(&decision, l)).collect::<Result<_, _>>()?)))
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
