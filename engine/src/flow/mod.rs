//! The flow: a stack of frames, and the decisions a frame waits on.
//!
//! A frame is a step name plus a context value. The game runs the top frame until it
//! either pushes children (they run first), asks a decision (the game stops and waits
//! for [`Choice`]s), or finishes (it is popped). A decision names its seat, a prompt,
//! the rule it applies, and the legal options; a *simultaneous* pending holds several
//! seats' decisions whose answers stay secret until every seat has answered.
//!
//! This module owns the data and the validation of choices; running the frames is
//! [`crate::game::Game`]'s job, because it needs the script host.
//!
//! The flow's size is bounded, so one act cannot create frames or decisions without
//! end: at most [`MAX_FLOW_DEPTH`] frames at once, [`MAX_DECISIONS`] decisions in
//! one pending and [`MAX_OPTIONS`] options in one decision. Real packs stay far
//! below (a dozen frames, eight decisions, a hundred options).

mod window;

pub use window::{Window, WINDOW_STEP};

use crate::state::Seat;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use thiserror::Error;

/// The most frames the flow may hold at once.
pub const MAX_FLOW_DEPTH: usize = 1_000;
/// The most decisions one pending may hold (a simultaneous question of every seat,
/// several keyed questions each).
pub const MAX_DECISIONS: usize = 1_024;
/// The most options one decision may offer (as many as a board may have cells).
pub const MAX_OPTIONS: usize = crate::board::MAX_CELLS;

/// One entry of the flow stack.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    pub step: crate::sym::Sym,
    /// Shared by copies of the state until the step changes it: a copy for a
    /// rollback or a search costs a count, not the context's values.
    pub ctx: std::sync::Arc<Value>,
    /// Whether the step's `enter` has run.
    pub entered: bool,
}

/// The shape of a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Pick exactly one option.
    One,
    /// Pick between `min` and `max` distinct options.
    Many { min: usize, max: usize },
    /// Pick an integer in `min..=max`.
    Number { min: i64, max: i64 },
}

/// A legal option: what a person reads and what the script gets back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionItem {
    /// Empty until made when the decision has a labeller ([`Decision::labels`]) and
    /// the script gave no label: [`crate::game::Game::labelled`] makes it.
    pub label: String,
    pub value: Value,
    /// A free action: it changes nothing that ends the seat's turn and may be
    /// repeated (reorganising, swapping). Bots take only a few in a row
    /// ([`crate::bots::LoopGuard`]), so they cannot loop on them.
    #[serde(default, skip_serializing_if = "is_false")]
    pub free: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A choice a seat must make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub seat: Seat,
    /// A short question ("Choose a piece to move").
    pub prompt: String,
    /// The rule section the decision applies, for help screens ("GE 6.1.2").
    pub rule: Option<String>,
    /// A longer explanation of the decision, if the pack gives one.
    pub help: Option<String>,
    pub kind: DecisionKind,
    pub options: Vec<OptionItem>,
    /// `Some(label)` if the seat may pass.
    pub pass: Option<String>,
    /// In a simultaneous pending where a seat answers several decisions, the name of
    /// this one's answer (`{[seat] = {[key] = value}}`).
    pub key: Option<String>,
    /// The pack function (`"module.function"`) that makes the label of an option the
    /// script gave without one, called as `f(g, value, seat)` only when someone will
    /// read it: bots and simulations choose by index and never pay for the text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<String>,
}

impl Decision {
    /// Whether some option's label is still to be made by the decision's labeller.
    pub fn needs_labels(&self) -> bool {
        self.labels.is_some() && self.options.iter().any(|o| o.label.is_empty())
    }
}

/// What a seat answers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    Pick(usize),
    PickMany(Vec<usize>),
    Number(i64),
    Pass,
}

/// The decisions the game is waiting on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    /// Shared, so that recording one answer of a simultaneous pending (which copies
    /// the pending the act's rollback copy also holds) copies the answers only.
    pub decisions: Arc<Vec<Decision>>,
    /// One slot per decision; filled as seats answer a simultaneous pending.
    pub answers: Vec<Option<Choice>>,
    /// Simultaneous decisions keep answers secret until all are in.
    pub simultaneous: bool,
    /// Index in the flow stack of the frame that asked.
    pub frame: usize,
    /// Who answers each decision: its seat, or the seat controlling it (a seat played
    /// on another's behalf). Empty means every decision's own seat.
    #[serde(default)]
    pub actors: Vec<Seat>,
    /// A quiet pending does not show whom it asks: while it is open, each viewer is
    /// shown every seat but itself as waiting, and itself when it has a decision open
    /// ([`Pending::shown_waiting`]). For the moments when a seat may react with something
    /// it holds in secret: were only the seats asked shown — or, in a simultaneous
    /// question, only those still deciding, when a seat whose only answer is a pass is
    /// answered at once by bots and servers — the list would tell everyone who holds a
    /// card to play. (Omitted when false, so states without one keep their text and hash.)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quiet: bool,
}

impl Pending {
    /// The seat that answers decision `index`.
    pub fn actor(&self, index: usize) -> Seat {
        self.actors.get(index).copied().unwrap_or_else(|| self.decisions[index].seat)
    }

    /// Whether decision `index` still waits for its answer. (A missing slot, which
    /// only a damaged state has, counts as unanswered rather than panicking.)
    pub fn is_open(&self, index: usize) -> bool {
        self.answers.get(index).is_none_or(Option::is_none)
    }

    /// The first unanswered decision `seat` must answer (its own or a controlled
    /// seat's), with its index.
    pub fn open_for(&self, seat: Seat) -> Option<(usize, &Decision)> {
        self.decisions
            .iter()
            .enumerate()
            .find(|(i, _)| self.actor(*i) == seat && self.is_open(*i))
    }

    /// Seats that still have to answer.
    pub fn waiting_seats(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.decisions.len()).filter(|&i| self.is_open(i)).map(|i| self.actor(i)).collect();
        seats.dedup();
        seats
    }

    /// The seats `viewer` (None: a spectator) is shown as waiting in a game of `seats`
    /// seats: [`Self::waiting_seats`], except in a quiet pending (see [`Pending::quiet`]).
    pub fn shown_waiting(&self, viewer: Option<Seat>, seats: usize) -> Vec<Seat> {
        if !self.quiet {
            return self.waiting_seats();
        }
        let asked = viewer.is_some_and(|v| (0..self.decisions.len()).any(|i| self.is_open(i) && self.actor(i) == v));
        (0..seats as Seat).filter(|&s| Some(s) != viewer || asked).collect()
    }
}

/// Why a choice was refused. The state is unchanged whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ChoiceError {
    #[error("the game is over")]
    GameOver,
    #[error("seat {seat} has no decision to make now (waiting on seats {waiting:?})")]
    NotYourTurn { seat: usize, waiting: Vec<usize> },
    #[error("option {index} does not exist: there are {count} options")]
    NoSuchOption { index: usize, count: usize },
    #[error("this decision takes one option, not {0}")]
    WrongShape(&'static str),
    #[error("choose {}, not {got}", option_count(*min, *max))]
    WrongCount { min: usize, max: usize, got: usize },
    #[error("option {0} was chosen twice")]
    Duplicate(usize),
    #[error("{got} is not a number from {min} to {max}")]
    OutOfRange { min: i64, max: i64, got: i64 },
    #[error("passing is not allowed here")]
    CannotPass,
}

/// How many options a `many` decision takes, in words: "2 options", "up to 3
/// options", "1 to 4 options".
pub fn option_count(min: usize, max: usize) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    match (min, max) {
        (a, b) if a == b => format!("{a} option{}", plural(a)),
        (0, b) => format!("up to {b} option{}", plural(b)),
        (a, b) => format!("{a} to {b} options"),
    }
}

impl Decision {
    /// Checks `choice` against this decision and returns the value the script receives.
    pub fn accept(&self, choice: &Choice) -> Result<Value, ChoiceError> {
        match (choice, &self.kind) {
            (Choice::Pass, _) => match self.pass {
                Some(_) => Ok(Value::Nil),
                None => Err(ChoiceError::CannotPass),
            },
            (Choice::Pick(i), DecisionKind::One) => self.option_value(*i),
            (Choice::Pick(i), DecisionKind::Many { min, max }) if *min <= 1 && 1 <= *max => {
                Ok(Value::List(vec![self.option_value(*i)?]))
            }
            (Choice::PickMany(picks), DecisionKind::Many { min, max }) => {
                if picks.len() < *min || picks.len() > *max {
                    return Err(ChoiceError::WrongCount { min: *min, max: *max, got: picks.len() });
                }
                let mut seen = Vec::with_capacity(picks.len());
                let mut values = Vec::with_capacity(picks.len());
                for &i in picks {
                    if seen.contains(&i) {
                        return Err(ChoiceError::Duplicate(i));
                    }
                    seen.push(i);
                    values.push(self.option_value(i)?);
                }
                Ok(Value::List(values))
            }
            (Choice::PickMany(picks), DecisionKind::One) if picks.len() == 1 => self.option_value(picks[0]),
            (Choice::Number(n), DecisionKind::Number { min, max }) => {
                if n < min || n > max {
                    Err(ChoiceError::OutOfRange { min: *min, max: *max, got: *n })
                } else {
                    Ok(Value::Int(*n))
                }
            }
            (Choice::Number(_), _) => Err(ChoiceError::WrongShape("a number")),
            (Choice::Pick(_), _) => Err(ChoiceError::WrongShape("a single option")),
            (Choice::PickMany(_), _) => Err(ChoiceError::WrongShape("several options")),
        }
    }

    fn option_value(&self, index: usize) -> Result<Value, ChoiceError> {
        self.options
            .get(index)
            .map(|o| o.value.clone())
            .ok_or(ChoiceError::NoSuchOption { index, count: self.options.len() })
    }

    /// How many distinct answers this decision has (numbers count each value).
    pub fn answer_count(&self) -> usize {
        let base = match self.kind {
            DecisionKind::One | DecisionKind::Many { .. } => self.options.len(),
            DecisionKind::Number { min, max } => (max - min + 1).max(0) as usize,
        };
        base + usize::from(self.pass.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(kind: DecisionKind, pass: bool) -> Decision {
        Decision {
            seat: 0,
            prompt: "p".into(),
            rule: None,
            help: None,
            kind,
            options: (0..3).map(|i| OptionItem { label: format!("o{i}"), value: Value::Int(i), free: false }).collect(),
            pass: pass.then(|| "pass".to_string()),
            key: None,
            labels: None,
        }
    }

    #[test]
    fn one_of_accepts_an_index_in_range_only() {
        let d = decision(DecisionKind::One, false);
        assert_eq!(d.accept(&Choice::Pick(2)), Ok(Value::Int(2)));
        assert_eq!(d.accept(&Choice::Pick(3)), Err(ChoiceError::NoSuchOption { index: 3, count: 3 }));
        assert_eq!(d.accept(&Choice::Pass), Err(ChoiceError::CannotPass));
    }

    #[test]
    fn many_checks_count_and_duplicates() {
        let d = decision(DecisionKind::Many { min: 2, max: 2 }, false);
        assert!(d.accept(&Choice::PickMany(vec![0, 2])).is_ok());
        assert_eq!(d.accept(&Choice::PickMany(vec![0])), Err(ChoiceError::WrongCount { min: 2, max: 2, got: 1 }));
        assert_eq!(d.accept(&Choice::PickMany(vec![1, 1])), Err(ChoiceError::Duplicate(1)));
    }

    #[test]
    fn number_checks_range() {
        let d = decision(DecisionKind::Number { min: 0, max: 4 }, true);
        assert_eq!(d.accept(&Choice::Number(4)), Ok(Value::Int(4)));
        assert!(d.accept(&Choice::Number(5)).is_err());
        assert_eq!(d.accept(&Choice::Pass), Ok(Value::Nil));
        assert_eq!(d.answer_count(), 6);
    }
}
