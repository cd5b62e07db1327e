//! `orrery play`: a game at the terminal with human and bot seats.
//!
//! With no arguments it starts the default pack for four seats, you against three
//! ISMCTS bots. On a terminal the game runs in a full-screen UI ([`super::tui`]);
//! with `--plain`, or when input or output is not a terminal, it runs the plain
//! prompt loop ([`super::plain`]). Both drive a [`Table`]: the game, who plays each
//! seat, the bots, undo and autosaves, over the kernel's front-end contract
//! (`pending`, `act`, `view`) only.

use super::saves::{self, Autosave};
use super::seats::{self, Bots, Player};
use orrery::bots::Budget;
use super::{pack, plain, tui, CliError};
use orrery::flow::{Choice, Decision};
use orrery::game::{Game, GameError};
use orrery::replay;
use orrery::state::{GameState, Seat};
use orrery::value::Value;
use orrery::view::diagram::{Diagram, Shape};
use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pack id or path (default: $ORRERY_PACK, else the first pack under <root>/content).
    #[arg(long)]
    pub pack: Option<String>,
    /// Who plays each seat, comma-separated: human, ismcts, heuristic or random;
    /// an ismcts seat may add its strength, `ismcts:quick` or `ismcts:strong` (a
    /// quarter or four times the think budget). Default: human,ismcts,ismcts,ismcts;
    /// for a loaded game, the players it was saved with, else human then ismcts.
    #[arg(long, value_name = "KINDS")]
    pub seats: Option<String>,
    /// Game seed (default: from the clock, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A variant to play with (repeatable).
    #[arg(long = "variant", value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Write the game here when it ends or is interrupted.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub load: Option<PathBuf>,
    /// Continue the latest autosave of a game that has not ended.
    #[arg(long = "continue", id = "resume")]
    pub resume: bool,
    /// Time an ismcts or heuristic bot may think per decision, in milliseconds (0: no clock).
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub think_ms: u64,
    /// Iteration budget of an ismcts bot per decision.
    #[arg(long, value_name = "N")]
    pub iterations: Option<usize>,
    /// The plain line-by-line prompt instead of the full-screen UI.
    #[arg(long)]
    pub plain: bool,
}

const DEFAULT_SEATS: &str = "human,ismcts,ismcts,ismcts";
/// Autosave every this many acts when the pack names no round variable.
const AUTOSAVE_EVERY: usize = 50;

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Over,
    Quit,
}

/// A game being played: who plays it, the bots, undo snapshots and autosaves.
pub struct Table {
    pub game: Game,
    pub players: Vec<Player>,
    bots: Bots,
    autosave: Option<Autosave>,
    /// The global variable that counts rounds (pack presentation data), if any.
    round: Option<String>,
    acts_since_save: usize,
    /// States before each of the last human acts, newest last.
    undo: Vec<(Seat, GameState)>,
    /// Why the last autosave failed, if it did.
    pub save_error: Option<String>,
    /// The last decision shown, as the game holds it and with its labels made: the
    /// full-screen UI asks for it every frame, and labels cost script calls.
    /// Forgotten whenever the game changes (`after_act`, `undo`): labels read the
    /// game, so an equal decision after a free action that leaves the options as
    /// they were (a swap of two hidden faces) must be labelled again.
    shown: RefCell<Option<(Decision, Decision)>>,
    /// Every seat's public facts (the pack's `summary`), with the number of choices
    /// and log lines they were made for: made again only when the game moved.
    facts: RefCell<Option<((usize, usize), Vec<Vec<(String, String)>>)>>,
    /// The pack's diagrams, made again only when the game moved (as `facts`).
    diagrams: RefCell<Option<((usize, usize), Vec<Diagram>)>>,
}

/// The pack's diagrams for front ends; a failing function shows its error as one
/// diagram's caption, so that the game goes on (as a failing summary does).
pub fn diagrams_or_error(game: &Game) -> Vec<Diagram> {
    game.diagrams().unwrap_or_else(|e| {
        vec![Diagram { title: "diagrams failed".into(), seat: None, caption: vec![e.to_string()], shape: Shape::Graph { nodes: Vec::new(), links: Vec::new() } }]
    })
}

impl Table {
    pub fn new(game: Game, players: Vec<Player>, budget: Budget, autosave: Option<Autosave>) -> Table {
        let bots = Bots::new(&players, budget, game.state.setup.seed);
        let round = tui::present::round_variable(&game.rules);
        Table { game, players, bots, autosave, round, acts_since_save: 0, undo: Vec::new(), save_error: None, shown: RefCell::new(None), facts: RefCell::new(None), diagrams: RefCell::new(None) }
    }

    /// The decision `seat` must answer now, labelled for a person to read. If the
    /// pack's labeller fails, each label it should have made shows the option's
    /// value and the error, so that the game can go on and the author sees why.
    pub fn decision(&self, seat: Seat) -> Option<Decision> {
        let raw = self.game.decision_for(seat)?;
        if let Some((held, shown)) = &*self.shown.borrow() {
            if held == raw {
                return Some(shown.clone());
            }
        }
        let shown = labelled_or_plain(&self.game, raw);
        *self.shown.borrow_mut() = Some((raw.clone(), shown.clone()));
        Some(shown)
    }

    /// Whether labels are held for the decision last shown (for tests of the cache).
    #[cfg(test)]
    pub fn holds_labels(&self) -> bool {
        self.shown.borrow().is_some()
    }

    /// Every seat's public facts as the pack summarises them (seat 1 first); a
    /// failing summary shows its error as the one fact, so that the game goes on.
    pub fn seat_facts(&self) -> Vec<Vec<(String, String)>> {
        let moment = (self.game.state.history.len(), self.game.state.log.len());
        if let Some((at, facts)) = &*self.facts.borrow() {
            if *at == moment {
                return facts.clone();
            }
        }
        let seats = self.game.state.seat_count();
        let facts = self.game.seat_summaries().unwrap_or_else(|e| vec![vec![("summary failed".into(), e.to_string())]; seats]);
        *self.facts.borrow_mut() = Some((moment, facts.clone()));
        facts
    }

    /// The pack's diagrams (`diagrams` in pack.ron); a failing function shows its
    /// error as one diagram's caption, so that the game goes on.
    pub fn diagrams(&self) -> Vec<Diagram> {
        let moment = (self.game.state.history.len(), self.game.state.log.len());
        if let Some((at, diagrams)) = &*self.diagrams.borrow() {
            if *at == moment {
                return diagrams.clone();
            }
        }
        let diagrams = diagrams_or_error(&self.game);
        *self.diagrams.borrow_mut() = Some((moment, diagrams.clone()));
        diagrams
    }

    /// Whether `seat` is played by a person.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.players.get(seat as usize).is_some_and(|p| p.is_human())
    }

    /// Lets the bot of `seat` act; false if a person plays it.
    pub fn bot_turn(&mut self, seat: Seat) -> Result<bool, CliError> {
        let Some(choice) = self.bots.answer(&self.game, seat) else { return Ok(false) };
        let before = self.round_value();
        self.game.act(seat, choice)?;
        self.undo.clear();
        self.after_act(before);
        Ok(true)
    }

    /// Answers `seat`'s decision for its person when the rules leave exactly one
    /// answer (nothing to decide, so nothing to ask), and says what was done:
    /// `(prompt, answer)` as the seat would have read them. `None` when the seat is
    /// a bot's or has a real choice.
    pub fn forced_turn(&mut self, seat: Seat) -> Result<Option<(String, String)>, GameError> {
        if !self.is_human(seat) {
            return Ok(None);
        }
        let Some(decision) = self.decision(seat).filter(orrery::bots::is_forced) else { return Ok(None) };
        let Some(choice) = orrery::bots::candidates(&decision, 1).into_iter().next() else { return Ok(None) };
        let answer = match &choice {
            Choice::Pick(i) => decision.options.get(*i).map_or_else(String::new, |o| o.label.clone()),
            Choice::PickMany(list) => list.iter().filter_map(|i| decision.options.get(*i)).map(|o| o.label.as_str()).collect::<Vec<_>>().join(", "),
            Choice::Number(n) => n.to_string(),
            Choice::Pass => decision.pass.clone().unwrap_or_else(|| "pass".into()),
        };
        self.act(seat, choice)?;
        Ok(Some((decision.prompt, answer)))
    }

    /// A person's answer for `seat`; refused answers leave everything unchanged.
    pub fn act(&mut self, seat: Seat, choice: Choice) -> Result<(), GameError> {
        let snapshot = self.game.state.clone();
        let before = self.round_value();
        self.game.act(seat, choice)?;
        if self.undo.last().is_some_and(|(s, _)| *s != seat) {
            self.undo.clear();
        }
        self.undo.push((seat, snapshot));
        self.after_act(before);
        Ok(())
    }

    /// Takes back `seat`'s last choice, if nothing has happened since that the seat
    /// could not take back: another seat acting, a random draw, or something hidden
    /// shown to it.
    pub fn undo(&mut self, seat: Seat) -> Result<(), String> {
        let Some((by, snapshot)) = self.undo.last() else {
            return Err("nothing to take back since another seat acted".into());
        };
        if *by != seat {
            return Err("the last choice was not yours".into());
        }
        undoable(snapshot, &self.game.state, seat)?;
        let (_, snapshot) = self.undo.pop().expect("checked above");
        self.game.state = snapshot;
        *self.shown.get_mut() = None;
        Ok(())
    }

    fn round_value(&self) -> Option<Value> {
        self.round.as_ref().and_then(|r| self.game.state.globals.get(orrery::sym::Sym::new(r)).cloned())
    }

    /// Autosaves when a round ended (or every few acts). A failed autosave must not
    /// end the game: it is remembered for the screen and the next one may work.
    fn after_act(&mut self, round_before: Option<Value>) {
        *self.shown.get_mut() = None;
        self.acts_since_save += 1;
        let due = match &self.round {
            Some(_) => self.round_value() != round_before,
            None => self.acts_since_save >= AUTOSAVE_EVERY,
        };
        if due || self.game.is_over() {
            self.save_error = self.save_now().err().map(|e| e.to_string());
        }
    }

    /// Writes the autosave now (at the end of a round, or when the person quits).
    pub fn save_now(&mut self) -> Result<(), CliError> {
        self.acts_since_save = 0;
        if let Some(a) = &self.autosave {
            a.write(&self.game)?;
        }
        Ok(())
    }

    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(|a| a.path.as_path())
    }
}

/// `raw` labelled for a person to read. If the pack's labeller fails, each label it
/// should have made shows the option's value and the error, so that the game can go
/// on and the author sees why.
pub fn labelled_or_plain(game: &Game, raw: &Decision) -> Decision {
    game.labelled(raw).unwrap_or_else(|e| {
        let mut plain = raw.clone();
        for o in plain.options.iter_mut().filter(|o| o.label.is_empty()) {
            o.label = format!("{} (no label: {e})", o.value);
        }
        plain
    })
}

/// Whether going back from `now` to `before` is fair for `seat` (see [`Table::undo`]).
pub fn undoable(before: &GameState, now: &GameState, seat: Seat) -> Result<(), String> {
    if now.history.len() < before.history.len() || now.history.iter().skip(before.history.len()).any(|a| a.seat != seat) {
        return Err("another seat has acted since".into());
    }
    if now.rng != before.rng {
        return Err("something random has been drawn since".into());
    }
    let revealed = before.entities.iter().zip(&now.entities).any(|(b, n)| {
        (now.knows_face(Some(seat), n) && !before.knows_face(Some(seat), b)) || (now.has_seen_face(seat, n) && !before.has_seen_face(seat, b))
    });
    let told = now.log.iter().skip(before.log.len()).any(|l| l.to.is_some() && now.sees_log(Some(seat), l));
    if revealed || told {
        return Err("something hidden has been shown to you since".into());
    }
    Ok(())
}

pub fn run(root: &Path, args: &Args, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let full_screen = interactive && !args.plain;
    let (game, players, fresh) = start(root, args, out)?;
    let budget = Budget::from_args(args.think_ms, args.iterations);
    let autosave = interactive.then(|| Autosave::new(&saves::dir(), &game, &players));
    let mut table = Table::new(game, players, budget, autosave);
    let result = if full_screen { tui::run(&mut table) } else { plain::play(&mut table, fresh, input, out) };
    if let Some(path) = &args.save {
        replay::write(&table.game, path)?;
        writeln!(out, "saved to {}", path.display())?;
    }
    match result? {
        End::Over => outcome(&table, out)?,
        End::Quit => {
            table.save_now()?;
            writeln!(out, "stopped after {} choices", table.game.state.history.len())?;
            if let Some(path) = table.autosave_path() {
                writeln!(out, "autosaved to {} (continue with `orrery play --continue`)", path.display())?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Creates or loads the game and decides who plays each seat.
fn start(root: &Path, args: &Args, out: &mut dyn Write) -> Result<(Game, Vec<Player>, bool), CliError> {
    let load = match (&args.load, args.resume) {
        (Some(path), _) => Some(path.clone()),
        (None, true) => Some(saves::latest(&saves::dir())?),
        (None, false) => None,
    };
    if let Some(path) = load {
        let save = replay::read(&path)?;
        if let Some(p) = &args.pack {
            if *p != save.setup.pack {
                return Err(CliError::Usage(format!("{} is a game of {}, not {p}", path.display(), save.setup.pack)));
            }
        }
        let rules = pack::load(root, &save.setup.pack)?;
        let n = save.setup.seats;
        let players = match args.seats.clone().or_else(|| saves::players_of(&path)) {
            Some(spec) => seats::parse(&spec)?,
            None => (0..n).map(|i| if i == 0 { Player::Human } else { Player::Bot(orrery::bots::BotKind::Ismcts, seats::Strength::Normal) }).collect(),
        };
        if players.len() != n {
            return Err(CliError::Usage(format!("the save has {n} seats, --seats names {}", players.len())));
        }
        let seed = shown_seed(save.setup.seed, &players);
        writeln!(out, "loaded {} ({}, {n} seats, {seed}, {} choices made)", path.display(), save.setup.pack, save.history.len())?;
        return Ok((replay::resume(rules, save)?, players, false));
    }
    let pack = match &args.pack {
        Some(p) => p.clone(),
        None => default_pack(root)?,
    };
    let players = seats::parse(args.seats.as_deref().unwrap_or(DEFAULT_SEATS))?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let rules = pack::load(root, &pack)?;
    // A seed the person chose is theirs to see; one drawn here is hidden like the rest.
    let shown = if args.seed.is_some() { format!("seed {seed}") } else { shown_seed(seed, &players) };
    writeln!(out, "{} {}: {} seats ({}), {shown}", rules.manifest.name, rules.manifest.version, players.len(), seats::spec(&players).replace(',', ", "))?;
    let game = Game::new(rules, players.len(), seed, args.variants.clone())?;
    Ok((game, players, true))
}

/// `$ORRERY_PACK`, else the first pack (by id) under `<root>/content`.
pub fn default_pack(root: &Path) -> Result<String, CliError> {
    if let Ok(p) = std::env::var("ORRERY_PACK") {
        return Ok(p);
    }
    orrery::content::discover(root)
        .first()
        .and_then(|d| d.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| CliError::Usage(format!("no packs under {}; give --pack", root.join("content").display())))
}

/// A seed no one can guess: the seed decides every hidden draw of the game (a second
/// game with the same seed shows every face the first one hides), so it must not
/// follow from the clock. The standard library seeds `RandomState` from the system.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(std::process::id() as u64);
    hasher.finish()
}

/// How the start of a game names its seed: in full when only bots play, hidden when
/// a person does (knowing it would show them the whole hidden setup). The seed is
/// shown when the game ends ([`outcome_lines`]).
fn shown_seed(seed: u64, players: &[Player]) -> String {
    if players.iter().any(|p| p.is_human()) {
        "seed hidden until the game ends".to_owned()
    } else {
        format!("seed {seed}")
    }
}

/// The final ranking, one line per seat: its score and, so that the score says what
/// it counts, the seat's public facts as the pack summarises them.
pub fn outcome_lines(game: &Game, players: &[Player]) -> Vec<String> {
    let Some(outcome) = &game.state.outcome else { return Vec::new() };
    let summaries = game.seat_summaries().unwrap_or_default();
    outcome
        .ranking
        .iter()
        .enumerate()
        .map(|(place, &seat)| {
            let kind = players.get(seat as usize).map_or_else(|| "?".to_owned(), |p| p.name());
            let score = outcome.scores.get(seat as usize).copied().unwrap_or_default();
            let facts: Vec<String> = summaries.get(seat as usize).into_iter().flatten().map(|(label, value)| format!("{label}: {value}")).collect();
            let facts = if facts.is_empty() { String::new() } else { format!(" ({})", facts.join(", ")) };
            format!("  {}. seat {} ({kind}): score {score}{facts}", place + 1, seat as usize + 1)
        })
        .chain([format!("  (seed {})", game.state.setup.seed)])
        .collect()
}

fn outcome(table: &Table, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "Game over.")?;
    for line in outcome_lines(&table.game, &table.players) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
