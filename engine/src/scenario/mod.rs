//! Scenario files: a position in a pack, some choices, and checks on the result.
//!
//! A scenario is tooling input (RON read with serde, not pack content). Set-up and
//! assertions are different steps: `Run` and `setup` may change the game, every
//! check only looks, and a check that fails says which step and why.
//!
//! ```ron
//! Scenario(
//!     name: "a short description",
//!     pack: "pack-id",            // or a path to a pack directory
//!     seats: 4, seed: 1, variants: [],
//!     setup: r#"g:reset_flow() g:push("step", {})"#,   // optional Lua, run once first
//!     steps: [
//!         // Playing
//!         Act(seat: 1, pick: "label"),      // the option labelled so, else the only one containing it ("#2": the 2nd)
//!         Act(seat: 1, picks: ["A", "B"]),  // a `many` decision
//!         Act(seat: 2, number: 3),
//!         Act(seat: 2, pass: true),
//!         Advance(until: "g:global('round') == 1", max: 500),  // answer every decision with its first answer until true
//!         Run(lua: "g:set(1, 'x', 3)"),      // set-up code in the middle of a scenario
//!         // Checking (never changes the game)
//!         Refused(seat: 1, pick: "label"),  // an offered option the engine refuses, leaving the state unchanged
//!         Expect(lua: "g:get(1, 'x') == 3", says: "seat 1 has 3 x"),
//!         Options(seat: 1, has: ["Move"], lacks: ["Build"]),  // the seat's open decision offers / does not offer
//!         Log(seat: 2, has: "reveals", lacks: "secret"),     // the log seat 2 was shown (seat: None: the public log)
//!         View(seat: 2, lua: "g:face(e) == '?'"),             // what seat 2 sees: unknown faces read "?"
//!         Waiting(seats: [2, 3]),                             // exactly these seats have an answer to give
//!         Outcome(ranking: [2, 1], scores: [10, 7]),          // the game is over with this result
//!     ],
//! )
//! ```
//!
//! `setup`, `Run` and the `lua` of checks are chunks of statements, or one
//! expression; a check's chunk of several lines ends with an explicit `return`.
//!
//! A `Refused` step must prove the engine refused: it fails when no decision is
//! pending for the seat, when the label is not offered or matches several options.
//! To check that an option is *not* offered, use `Options(lacks: ...)`.
//!
//! Old forms keep running, with a warning: an `Expect` whose code changes the game
//! still changes it (as it always did), and is reported as set-up that belongs in a
//! `Run` step.
//!
//! [`run`] plays one scenario and returns its warnings, or why it failed. Seats are
//! 1-based, as in the rulebooks and in Lua.

mod steps;

pub use steps::run;

use serde::Deserialize;

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

/// One step of a scenario. `Act` and `Refused` spell out the same answer fields
/// because RON cannot read a `#[serde(flatten)]`ed struct inside an enum variant;
/// the runner gathers them into one answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Answers the seat's open decision.
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
    /// Answers every open decision with its first legal answer until `until` is true.
    Advance {
        until: String,
        #[serde(default = "default_advance")]
        max: usize,
    },
    /// Runs set-up code.
    Run { lua: String },
    /// An offered answer the engine must refuse, leaving the state unchanged.
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
    /// A Lua expression that must be `true`.
    Expect {
        lua: String,
        #[serde(default)]
        says: Option<String>,
    },
    /// Labels the seat's open decision offers (`has`: some label contains each) and
    /// does not (`lacks`: no label contains any).
    Options {
        seat: usize,
        #[serde(default)]
        has: Vec<String>,
        #[serde(default)]
        lacks: Vec<String>,
    },
    /// Text the log shown to `seat` (`None`: the public log) contains, and does not.
    Log {
        #[serde(default)]
        seat: Option<usize>,
        #[serde(default)]
        has: Vec<String>,
        #[serde(default)]
        lacks: Vec<String>,
    },
    /// A Lua expression that must be `true` on what `seat` sees.
    View {
        seat: usize,
        lua: String,
        #[serde(default)]
        says: Option<String>,
    },
    /// Exactly these seats (1-based, any order) have an answer to give now.
    Waiting { seats: Vec<usize> },
    /// The game is over, with this ranking (seats, first place first) and scores.
    Outcome {
        #[serde(default)]
        ranking: Option<Vec<usize>>,
        #[serde(default)]
        scores: Option<Vec<i64>>,
    },
}

fn default_advance() -> usize {
    1000
}

/// Parses a scenario file's text.
pub fn parse(text: &str) -> Result<Scenario, String> {
    // `says: "..."` and `setup: r#"..."#` read naturally without `Some(...)`.
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| e.to_string())
}
